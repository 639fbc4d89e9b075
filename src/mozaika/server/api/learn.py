"""The tutorials: each game's lessons, for the ``/learn/<game>`` page (docs/learn.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from starlette.concurrency import run_in_threadpool

from mozaika.server.analysis.lessons import tutorial_view
from mozaika.server.answers import TutorialView
from mozaika.server.api.identity import known_query_parameters
from mozaika.server.api.schemas import ERRORS

router = APIRouter(
    prefix="/api/learn", tags=["learn"], responses=ERRORS, dependencies=[Depends(known_query_parameters)]
)
Game = Annotated[str, Path(max_length=32, description="The game's id.", examples=["azul"])]


@router.get(
    "/{game}",
    response_model=TutorialView,
    response_model_exclude_unset=True,
    summary="A game's tutorial: its lessons, each a position, a text and the moves to make, with the engine's results",
)
async def tutorial(game: Game) -> dict[str, Any]:
    return await run_in_threadpool(tutorial_view, game)
