"""Quick pairing: ask to be seated with people for a game, see where the request stands, take it back."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import PairingQueues, PairingState
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.schemas import ERRORS, Body
from mozaika.server.api.text import PlainText
from mozaika.server.pairing import Wish
from mozaika.server.players.accounts import Caller
from mozaika.server.tables.access import signed_in

router = APIRouter(prefix="/api", tags=["pairing"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])
CallerDep = Annotated[Caller, Depends(current_caller)]


class PairingAsk(Body):
    game: PlainText = Field(max_length=32, examples=["azul"])
    players: int = Field(ge=2, le=4, strict=True)
    options: dict[PlainText, PlainText | int | bool] = Field(
        default_factory=dict, max_length=8, examples=[{"wall": "coloured"}]
    )
    clock: str | None = Field(
        default=None,
        max_length=16,
        examples=["normal"],
        description="As a new table's: none (friendly only), fast, normal, slow, minutes+seconds, 12h, 24h, 72h. "
        "Default: none, or normal when rated.",
    )
    rated: bool = Field(default=False, strict=True, description="Rated games are for accounts only.")


@router.post(
    "/pairing",
    response_model=PairingState,
    response_model_exclude_unset=True,
    summary="Ask to be paired with people for a game: waiting, or paired at once with the table and seat",
)
async def ask(body: PairingAsk, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)
    await service.limiter.check("pairing_per_player", str(signed_in(caller)))
    wish = Wish(body.game, body.players, dict(body.options), body.clock, body.rated)
    answered = await run_in_threadpool(service.pairing.requests.ask, caller, wish)
    await service.pairing.announce(answered.pairings)
    return answered.state


@router.get(
    "/pairing",
    response_model=PairingState,
    response_model_exclude_unset=True,
    summary="Where the caller's request stands (looking keeps a waiting request alive)",
)
async def look(request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).pairing.requests.look, caller)


@router.delete(
    "/pairing",
    response_model=PairingState,
    response_model_exclude_unset=True,
    summary="Take the caller's request back (a request already paired names its table)",
)
async def cancel(request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).pairing.requests.cancel, caller)


@router.get(
    "/pairing/queues",
    response_model=PairingQueues,
    summary="How many wait for what: every queue with someone waiting, the fullest first",
)
async def queues(request: Request) -> dict[str, Any]:
    return {"queues": await run_in_threadpool(services(request).pairing.requests.queues)}
