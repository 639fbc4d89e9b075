"""The newcomer's way in: each game's tutorial (docs/learn.md), and what an invite link shows before signing in."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from starlette.concurrency import run_in_threadpool

from mozaika.server.analysis.lessons import tutorial_view
from mozaika.server.answers import InviteLinkView, TutorialView
from mozaika.server.api.identity import known_query_parameters, services
from mozaika.server.api.schemas import ERRORS
from mozaika.server.tables.invitations import invitation

router = APIRouter(prefix="/api", tags=["learn"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])
Game = Annotated[str, Path(max_length=32, description="The game's id.", examples=["azul"])]
TableId = Annotated[str, Path(max_length=16, description="The table's id, as in its invite link.")]


@router.get(
    "/learn/{game}",
    response_model=TutorialView,
    response_model_exclude_unset=True,
    summary="A game's tutorial: its lessons, each a position, a text and the moves to make, with the engine's results",
)
async def tutorial(game: Game) -> dict[str, Any]:
    return await run_in_threadpool(tutorial_view, game)


@router.get(
    "/tables/{table_id}/invitation",
    response_model=InviteLinkView,
    response_model_exclude_unset=True,
    summary="What an invite link shows before signing in: who invites, to which game",
)
async def table_invitation(table_id: TableId, request: Request) -> dict[str, Any]:
    service = services(request)
    return await run_in_threadpool(invitation, service.tables.store, service.settings, table_id)
