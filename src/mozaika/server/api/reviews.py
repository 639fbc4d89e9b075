"""Game reviews: the expert's view of every decision of a finished game (docs/server.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import ReviewView
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.schemas import ERRORS
from mozaika.server.players.accounts import Caller

router = APIRouter(prefix="/api", tags=["reviews"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])
TableId = Annotated[str, Path(max_length=16, description="The table's id, as in its invite link.")]


@router.get(
    "/tables/{table_id}/review",
    response_model=ReviewView,
    response_model_exclude_unset=True,
    summary="A finished game's review: its status, progress and, once done, the review",
)
async def review(
    table_id: TableId, request: Request, caller: Annotated[Caller, Depends(current_caller)]
) -> dict[str, Any]:
    service = services(request)
    await run_in_threadpool(service.tables.views.check_watch, table_id, caller)
    return await run_in_threadpool(service.reviews.view, table_id)


@router.post(
    "/tables/{table_id}/review",
    status_code=202,
    response_model=ReviewView,
    response_model_exclude_unset=True,
    summary="Ask for a finished game's review (made in the background; a failed one is made again)",
)
async def request_review(
    table_id: TableId, request: Request, caller: Annotated[Caller, Depends(current_caller)]
) -> dict[str, Any]:
    service = services(request)
    await run_in_threadpool(service.tables.views.check_watch, table_id, caller)
    return await service.reviewer.request(table_id)
