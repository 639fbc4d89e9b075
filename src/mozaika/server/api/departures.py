"""Handing an away player's seat to the stand-in, and aborting a game by agreement (resigning is
``POST /api/tables/{id}/abandon``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import Field

from mozaika.server.answers import TableChanged
from mozaika.server.api.identity import known_query_parameters, services
from mozaika.server.api.schemas import ERRORS, Body, TableId
from mozaika.server.api.tables import CallerDep, publish

router = APIRouter(prefix="/api", tags=["tables"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])


class HandOver(Body):
    seat: int = Field(ge=0, le=3, strict=True, description="The seat of the player who is away.")


@router.post(
    "/tables/{table_id}/hand-over",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Hand the seat of a player away for 5 minutes to the stand-in (untimed friendly games)",
)
async def hand_over(table_id: TableId, body: HandOver, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.departures.hand_over, table_id, caller, body.seat)


@router.post(
    "/tables/{table_id}/abort",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Propose to abort the game, or agree to the other player's proposal (friendly 2-player games, first round)",
)
async def abort(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.departures.abort, table_id, caller)


@router.post(
    "/tables/{table_id}/abort/decline",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    summary="Decline the proposal to abort the game (or withdraw your own)",
)
async def decline_abort(table_id: TableId, request: Request, caller: CallerDep) -> dict[str, Any]:
    tables = services(request).tables
    return await publish(request, tables.departures.decline, table_id, caller)
