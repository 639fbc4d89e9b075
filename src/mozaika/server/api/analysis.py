"""The analysis board: set up a position, edit it, play through it, ask the expert (docs/server.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import AnalysisBest, AnalysisPosition
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.schemas import ERRORS, Body
from mozaika.server.errors import BadRequestError
from mozaika.server.middleware import client_address
from mozaika.server.players.accounts import Caller

router = APIRouter(
    prefix="/api/analysis", tags=["analysis"], responses=ERRORS, dependencies=[Depends(known_query_parameters)]
)
Line = Annotated[str, Field(min_length=1, max_length=1000, description="A position line (docs/notation.md).")]


class Start(Body):
    """Exactly one of: a position line; a record (a pasted one, or a finished table's), with the step; a new game."""

    line: Line | None = None
    record: dict[str, Any] | None = Field(default=None, description="A game record (docs/records.md).")
    table: str | None = Field(default=None, max_length=16, description="A finished table, for its record.")
    step: int | None = Field(default=None, ge=0, le=100_000, description="After this many steps of the record.")
    game: str | None = Field(default=None, max_length=32, examples=["azul"])
    players: int = Field(default=2, ge=2, le=4)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=8)


class Play(Body):
    line: Line
    move: str = Field(min_length=1, max_length=200, examples=["2B3"])


class Edit(Body):
    game: str = Field(max_length=32, examples=["azul"])
    players: int = Field(ge=2, le=4)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=8)
    parts: dict[str, Any] = Field(
        max_length=24, description="The parts of mozaika.notation.positions.build (docs/notation.md)."
    )


class Ask(Body):
    line: Line


@router.post(
    "/start",
    response_model=AnalysisPosition,
    response_model_exclude_unset=True,
    summary="A position to analyse: from a line, a record, a finished table, or a new game",
)
async def start(body: Start, request: Request, caller: Annotated[Caller, Depends(current_caller)]) -> dict[str, Any]:
    await _count(request)
    analysis = services(request).analysis
    given = [name for name in ("line", "record", "table", "game") if getattr(body, name) is not None]
    if len(given) != 1:
        raise BadRequestError("give exactly one of line, record, table or game")
    if body.line is not None:
        return await run_in_threadpool(analysis.from_line, body.line)
    if body.record is not None:
        return await run_in_threadpool(analysis.from_record, body.record, body.step)
    if body.table is not None:
        return await run_in_threadpool(analysis.from_table, body.table, body.step, caller)
    assert body.game is not None
    return await run_in_threadpool(analysis.new, body.game, body.players, body.options)


@router.post(
    "/play",
    response_model=AnalysisPosition,
    response_model_exclude_unset=True,
    summary="The position after a move (the next fill, if any, decided by the line's seed)",
)
async def play(body: Play, request: Request) -> dict[str, Any]:
    await _count(request)
    return await run_in_threadpool(services(request).analysis.play, body.line, body.move)


@router.post(
    "/edit",
    response_model=AnalysisPosition,
    response_model_exclude_unset=True,
    summary="An edited position, checked and completed by the position builder",
)
async def edit(body: Edit, request: Request) -> dict[str, Any]:
    await _count(request)
    return await run_in_threadpool(services(request).analysis.build, body.game, body.players, body.options, body.parts)


@router.post(
    "/best",
    response_model=AnalysisBest,
    response_model_exclude_unset=True,
    summary="The expert's best moves, with their values and each side's expected points",
)
async def best(body: Ask, request: Request) -> dict[str, Any]:
    service = services(request)
    address = client_address(request)
    await service.limiter.check("analysis_per_address", address)
    return await service.analysis.best(body.line, address)


async def _count(request: Request) -> None:
    """The board's steps are open to anyone and read positions: counted by address."""
    await services(request).limiter.check("analysis_board_per_address", client_address(request))
