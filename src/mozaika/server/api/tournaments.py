"""Swiss tournaments: the list, a tournament's page, joining, leaving, starting, and its live channel."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, WebSocket
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import TournamentList, TournamentOfTable, TournamentPage
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.live import _refuse, forward
from mozaika.server.api.schemas import ERRORS, TABLE_ID, NewTournament, TableId
from mozaika.server.errors import ApiError, BadRequestError, InvalidRequestError
from mozaika.server.middleware import client_address
from mozaika.server.players.accounts import Caller
from mozaika.server.tournaments.service import Progress, TournamentRequest
from mozaika.server.tournaments.watch import channel

router = APIRouter(
    prefix="/api", tags=["tournaments"], responses=ERRORS, dependencies=[Depends(known_query_parameters)]
)
live_router = APIRouter()
CallerDep = Annotated[Caller, Depends(current_caller)]
TournamentId = Annotated[str, Path(pattern=TABLE_ID, description="The tournament's id.")]


@router.get(
    "/tournaments", response_model=TournamentList, summary="Tournaments: upcoming, running, the latest finished"
)
async def tournaments(request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tournaments.listing, caller)


@router.post(
    "/tournaments",
    status_code=201,
    response_model=TournamentPage,
    summary="Create a Swiss tournament (accounts only); its creator is its first player",
)
async def create(body: NewTournament, request: Request, caller: CallerDep) -> dict[str, Any]:
    wanted = TournamentRequest(
        name=body.name, game=body.game, players=body.players, options=dict(body.options), clock=body.clock,
        rounds=body.rounds, rated=body.rated, starts_at=body.starts_at,
    )  # fmt: skip
    return await run_in_threadpool(services(request).tournaments.create, caller, wanted)


@router.get(
    "/tournaments/{tournament_id}",
    response_model=TournamentPage,
    summary="A tournament: its status, every round's tables, the standings with points and tie-breaks",
)
async def tournament(tournament_id: TournamentId, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tournaments.page, tournament_id, caller)


@router.post("/tournaments/{tournament_id}/join", response_model=TournamentPage, summary="Join before the start")
async def join(tournament_id: TournamentId, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await _change(request, caller, services(request).tournaments.join, tournament_id)


@router.post(
    "/tournaments/{tournament_id}/leave",
    response_model=TournamentPage,
    summary="Leave: before the start, off the list; while it runs, never paired again",
)
async def leave(tournament_id: TournamentId, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await _change(request, caller, services(request).tournaments.leave, tournament_id)


@router.post(
    "/tournaments/{tournament_id}/start",
    response_model=TournamentPage,
    summary="Start now (the creator): round 1 is paired and its tables begin",
)
async def start(tournament_id: TournamentId, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await _change(request, caller, services(request).tournaments.start, tournament_id)


@router.get(
    "/tables/{table_id}/tournament",
    response_model=TournamentOfTable,
    summary="The tournament a table was arranged for, and its round (404 for any other table)",
)
async def tournament_of_table(table_id: TableId, request: Request) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tournaments.of_table, table_id)


async def _change(request: Request, caller: Caller, change: Any, tournament_id: str) -> dict[str, Any]:
    service = services(request)
    progress: Progress = await run_in_threadpool(change, caller, tournament_id)
    await service.tournament_watch.publish(progress)
    return await run_in_threadpool(service.tournaments.page, tournament_id, caller)


@live_router.websocket("/api/tournaments/{tournament_id}/live")
async def tournament_live(websocket: WebSocket, tournament_id: str) -> None:
    """A ``tournament`` event whenever the tournament changes: a player joins or leaves, a table ends,
    a round is paired (with its tables), the tournament starts or ends."""
    service = services(websocket)
    valid = re.fullmatch(TABLE_ID, tournament_id) is not None
    # Subscribed before the client sees the connection open: no event published after that is missed.
    queue = service.hub.watch(channel(tournament_id)) if valid else None
    try:
        await websocket.accept()
        if queue is None:
            raise InvalidRequestError("path.tournament_id: a tournament's id is 1-16 letters, digits, '_' or '-'")
        if websocket.query_params:
            raise BadRequestError("this endpoint takes no query parameters")
        await run_in_threadpool(service.tournaments.event_of, tournament_id)
        with service.admission.admitted(client_address(websocket)):
            await forward(websocket, queue)
    except ApiError as error:  # a bad address, an unknown tournament, one live connection too many
        await _refuse(websocket, error)
    finally:
        if queue is not None:
            service.hub.unwatch(channel(tournament_id), queue)


router.routes.extend(live_router.routes)
