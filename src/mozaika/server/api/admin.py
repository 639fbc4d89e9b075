"""The administrators' routes (``/api/admin/…``, 403 to everyone else) and the players' report of a chat line."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from mozaika.server.admin.moderation import Moderation
from mozaika.server.answers.admin import (
    AuditRecord,
    BanDone,
    ChatLineRemoved,
    ChatLineReported,
    ModeratedPlayer,
    ReportedLine,
    TableClosed,
)
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.schemas import ERRORS, Body, TableId
from mozaika.server.api.text import PlainText
from mozaika.server.players.accounts import Caller

router = APIRouter(prefix="/api", responses=ERRORS, dependencies=[Depends(known_query_parameters)])
CallerDep = Annotated[Caller, Depends(current_caller)]
PlayerId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The player's id, as the search shows it.")]
MessageId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The chat line's id.")]


class Muting(Body):
    muted: bool


class Banning(Body):
    banned: bool


class Report(Body):
    reason: PlainText = Field(default="", max_length=200, description="Why, in a few words (optional).")


def moderation(request: Request) -> Moderation:
    return Moderation(services(request).tables)


@router.get("/admin/players", tags=["administration"], response_model=list[ModeratedPlayer], summary="Find players")
async def find_players(
    request: Request,
    caller: CallerDep,
    q: Annotated[str, Query(max_length=64, description="Part of a username or a name; empty: the newest.")] = "",
) -> list[dict[str, Any]]:
    return await run_in_threadpool(moderation(request).find_players, caller, q)


@router.post(
    "/admin/players/{player_id}/mute",
    tags=["administration"],
    response_model=ModeratedPlayer,
    summary="Mute or unmute a player",
)
async def mute(player_id: PlayerId, body: Muting, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(moderation(request).set_muted, caller, player_id, body.muted)


@router.post(
    "/admin/players/{player_id}/ban",
    tags=["administration"],
    response_model=BanDone,
    summary="Ban a player (their sessions end, bots take their seats) or lift a ban",
)
async def ban(player_id: PlayerId, body: Banning, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)
    player, outcomes = await run_in_threadpool(moderation(request).set_banned, caller, player_id, body.banned)
    for outcome in outcomes:
        await service.publisher.publish(outcome)
    return {"player": player, "tables": [outcome.data["table"] for outcome in outcomes]}


@router.post(
    "/admin/tables/{table_id}/close",
    tags=["administration"],
    response_model=TableClosed,
    summary="Close a table waiting for players, or abandon a running game (cancelled, no result)",
)
async def close_table(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    outcome = await run_in_threadpool(moderation(request).close_table, caller, table_id)
    return await services(request).publisher.publish(outcome)


@router.delete(
    "/admin/chat/{message_id}", tags=["administration"], response_model=ChatLineRemoved, summary="Remove a chat line"
)
async def remove_line(message_id: MessageId, request: Request, caller: CallerDep) -> dict[str, Any]:
    outcome = await run_in_threadpool(moderation(request).remove_line, caller, message_id)
    return await services(request).publisher.publish(outcome)


@router.get("/admin/reports", tags=["administration"], response_model=list[ReportedLine], summary="Reported chat lines")
async def reports(request: Request, caller: CallerDep) -> list[dict[str, Any]]:
    return await run_in_threadpool(moderation(request).reports, caller)


@router.get(
    "/admin/audit", tags=["administration"], response_model=list[AuditRecord], summary="The administrators' actions"
)
async def audit_log(request: Request, caller: CallerDep) -> list[dict[str, Any]]:
    return await run_in_threadpool(moderation(request).audit_log, caller)


@router.post(
    "/tables/{table_id}/chat/{message_id}/report",
    tags=["tables"],
    status_code=201,
    response_model=ChatLineReported,
    summary="Report a chat line to the administrators",
)
async def report(
    table_id: TableId, message_id: MessageId, body: Report, request: Request, caller: CallerDep
) -> dict[str, Any]:
    service = services(request)
    if caller.signed_in:
        await service.limiter.check("chat_per_player", str(caller.player_id))
    return await run_in_threadpool(moderation(request).report, caller, table_id, message_id, body.reason)
