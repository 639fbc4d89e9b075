"""The lobby, tables, moves, records, replays, results and chat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import (
    ChatMessage,
    GameEntry,
    GameRecord,
    Hint,
    InvitesMade,
    MovePlayed,
    ReplayStep,
    SeatTaken,
    StepEvent,
    TableChanged,
    TableCreated,
    TableResult,
    TableSummary,
    TableView,
)
from mozaika.server.api import moveroute
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.schemas import (
    ERRORS,
    SEQUENCE_NUMBER,
    BotSeat,
    ChatLine,
    Join,
    NewTable,
    SpectatorsSetting,
    TableId,
    UndoRequest,
)
from mozaika.server.middleware import client_address
from mozaika.server.players.accounts import Caller
from mozaika.server.tables import Outcome, SeatRequest, TableRequest, game_catalogue
from mozaika.server.tables.gamelog import fields_of_moves

router = APIRouter(prefix="/api", tags=["tables"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])
CallerDep = Annotated[Caller, Depends(current_caller)]


async def publish(request: Request, change: Callable[..., Outcome], *arguments: Any) -> dict[str, Any]:
    """Make a change (in a worker thread: it waits on the database), then set going what follows it;
    the caller's answer."""
    return await services(request).publisher.publish(await run_in_threadpool(change, *arguments))


@router.get(
    "/games",
    response_model=list[GameEntry],
    response_model_exclude_unset=True,
    summary="The games a table can be created for, with their options",
)
async def games() -> list[dict[str, Any]]:
    return game_catalogue()


@router.get(
    "/tables",
    response_model=list[TableSummary],
    response_model_exclude_unset=True,
    summary="The lobby: open and running tables, or the caller's own",
)
async def lobby(
    request: Request,
    caller: CallerDep,
    status: Annotated[
        Literal["open", "running", "playing", "finished", "cancelled", "aborted"] | None,
        Query(description="``playing``: the public games in progress anyone may watch, with their spectators."),
    ] = None,
    mine: Annotated[bool, Query(description="Only the caller's tables, those where it is their turn first.")] = False,
) -> list[dict[str, Any]]:
    service = services(request)
    summaries = await run_in_threadpool(service.tables.views.lobby, caller, status, mine)
    if status == "playing":
        counts = await service.spectators.counts(summary["id"] for summary in summaries)
        for summary in summaries:
            summary["spectators"] = counts[summary["id"]]
    return summaries


@router.post(
    "/tables",
    status_code=201,
    response_model=TableCreated,
    response_model_exclude_unset=True,
    summary="Create a table (the creator takes a seat)",
)
async def create(body: NewTable, request: Request, caller: CallerDep) -> dict[str, Any]:
    plan = TableRequest(
        game=body.game,
        players=body.players,
        options=dict(body.options),
        seats=[SeatRequest(seat.kind, seat.level) for seat in body.seats] if body.seats is not None else None,
        rated=body.rated,
        undo=body.undo,
        clock=body.clock,
        autostart=body.autostart,
    )
    service = services(request)
    if caller.signed_in:
        limiter = service.limiter
        await limiter.check("table_per_address", client_address(request))
        await limiter.check("table_per_player", str(caller.player_id))
    return await publish(request, service.tables.seating.create, caller, plan)


@router.get(
    "/tables/{table_id}",
    response_model=TableView,
    response_model_exclude_unset=True,
    summary="A table: seats, position, and the caller's legal moves",
)
async def table(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tables.views.view, table_id, caller)


@router.post(
    "/tables/{table_id}/join",
    response_model=SeatTaken,
    response_model_exclude_unset=True,
    summary="Take an open seat, or the seat of an invite link",
)
async def join(table_id: TableId, body: Join, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.join, table_id, caller, body.seat, body.invite)


@router.post(
    "/tables/{table_id}/invites",
    response_model=InvitesMade,
    response_model_exclude_unset=True,
    summary="New invite links for the invited seats (the creator; old links stop)",
)
async def new_invites(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.new_invites, table_id, caller)


@router.post(
    "/tables/{table_id}/bots",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Seat a bot in an open or invited seat (the creator, before the start)",
)
async def seat_bot(table_id: TableId, body: BotSeat, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.seat_bot, table_id, caller, body.seat, body.level)


@router.post(
    "/tables/{table_id}/spectators",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Open an invite-only table to spectators, or close it again (the creator)",
)
async def spectators(table_id: TableId, body: SpectatorsSetting, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.open_to_spectators, table_id, caller, body.open)


@router.post(
    "/tables/{table_id}/leave",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Leave before the start (the creator's leaving cancels the table)",
)
async def leave(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.leave, table_id, caller)


@router.post(
    "/tables/{table_id}/start",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Start the game (the creator, once every seat is filled)",
)
async def start(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.start, table_id, caller)


@router.post(
    "/tables/{table_id}/abandon",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Leave a running game: a bot takes the seat",
)
async def abandon(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.seating.abandon, table_id, caller)


@router.post(
    "/tables/{table_id}/return",
    response_model=SeatTaken,
    response_model_exclude_unset=True,
    summary="Take your seat back from the bot after your time ran out (friendly tables)",
)
async def take_back(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.timeouts.take_back, table_id, caller)


# The move's route: one handler (api/moveroute.py) for every request to it, whether FastAPI or
# the move's lane, which answers a well-formed move past FastAPI, takes it.
router.add_api_route(
    "/tables/{table_id}/moves",
    moveroute.play,
    methods=["POST"],
    response_model=MovePlayed,
    response_model_exclude_unset=True,
    summary="Play a move, quoting the sequence number it was chosen at",
)


@router.post(
    "/tables/{table_id}/undo",
    response_model=MovePlayed,
    response_model_exclude_unset=True,
    summary="Take back your last move (and the bots' replies since, where all others are bots)",
)
async def undo(table_id: TableId, body: UndoRequest, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.moves.undo, table_id, caller, body.seq)


@router.get(
    "/tables/{table_id}/hint",
    response_model=Hint,
    response_model_exclude_unset=True,
    summary="The best moves for the caller on turn (friendly tables)",
)
async def hint(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)
    wanted = await run_in_threadpool(service.tables.moves.hint_request, table_id, caller)
    await service.limiter.check("hint_per_player", caller.key)
    moves = await service.hints.moves(wanted)
    fields = fields_of_moves(wanted.game, wanted.options, [str(found["move"]) for found in moves])
    return {"table": wanted.table_id, "seat": wanted.seat, "seq": wanted.seq, "moves": moves, "move_fields": fields}


@router.get(
    "/tables/{table_id}/log",
    response_model=StepEvent,
    response_model_exclude_unset=True,
    summary="The log entries after a sequence number, and the position now",
)
async def log(
    table_id: TableId,
    request: Request,
    caller: CallerDep,
    since: Annotated[
        str,
        Query(pattern=SEQUENCE_NUMBER, description="A sequence number: 0, 1, 2, ... (no sign, point or zeros before)"),
    ] = "0",
) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tables.history.entries_since, table_id, int(since), caller)


@router.get(
    "/tables/{table_id}/record",
    response_model=GameRecord,
    response_model_exclude_unset=True,
    summary="The game record of a finished game (docs/records.md)",
)
async def record(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    found = await run_in_threadpool(services(request).tables.history.record, table_id, caller)
    return found.to_dict()


@router.get(
    "/tables/{table_id}/replay/{step}",
    response_model=ReplayStep,
    response_model_exclude_unset=True,
    summary="A finished game's position after a given step",
)
async def replay(
    table_id: TableId, step: Annotated[int, Path(ge=0, le=100_000)], request: Request, caller: CallerDep
) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tables.history.replay_step, table_id, step, caller)


@router.get(
    "/tables/{table_id}/result",
    response_model=TableResult,
    response_model_exclude_unset=True,
    summary="Final scores, their sources, statistics and rating changes",
)
async def result(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).tables.history.result, table_id, caller)


@router.get(
    "/tables/{table_id}/chat",
    response_model=list[ChatMessage],
    response_model_exclude_unset=True,
    summary="The table's chat, oldest first",
)
async def chat(table_id: TableId, request: Request, caller: CallerDep) -> list[dict[str, Any]]:
    return await run_in_threadpool(services(request).tables.chat.lines, table_id, caller)


@router.post(
    "/tables/{table_id}/chat",
    status_code=201,
    response_model=ChatMessage,
    response_model_exclude_unset=True,
    summary="Say something at the table (plain text)",
)
async def say(
    table_id: TableId, body: ChatLine, request: Request, caller: CallerDep, response: Response
) -> dict[str, Any]:
    service = services(request)
    if caller.signed_in:
        await service.limiter.check("chat_per_player", str(caller.player_id))
    return await publish(request, service.tables.chat.say, table_id, caller, body.text)
