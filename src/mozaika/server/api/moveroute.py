"""The move's route: ``POST /api/tables/{id}/moves``, the request every turn of every game sends.

FastAPI documents it (its body, its answer) and answers every request the short way below
does not take. A well-formed move, the one that matters for how many games a server can
hold, is answered with less work on the event loop: its body is checked by the same model,
and the caller is identified and the move played in one trip to a worker thread, where
FastAPI's dependencies would make two. What a client sees is the same either way: the
answer is validated and written by the documented answer model, errors come from the same
services, and a request with anything unusual (a query string, a table id or a body the
model refuses, a body that is not JSON) goes to FastAPI's handler, which reports it exactly
as for any other route.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import MovePlayed
from mozaika.server.api.identity import renew_session_cookie, seat_token, services, session_token
from mozaika.server.api.schemas import TABLE_ID, MoveSubmission
from mozaika.server.players.accounts import Caller
from mozaika.server.services import Services
from mozaika.server.tables import Outcome

_TABLE_ID = re.compile(TABLE_ID)
_SUBMISSION = TypeAdapter(MoveSubmission)
_ANSWER = TypeAdapter(MovePlayed)


class MoveRoute(APIRoute):
    """The move's route: FastAPI's own, with a shorter way for a well-formed move."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        documented = super().get_route_handler()

        async def handle(request: Request) -> Response:
            submission = await _well_formed(request)
            if submission is None:
                return await documented(request)
            return await _play(request, submission)

        return handle


async def _well_formed(request: Request) -> MoveSubmission | None:
    """The request's move, when FastAPI would take the request as it is; None for anything it
    would question (FastAPI's handler then answers it)."""
    media = request.headers.get("content-type")
    if (
        request.scope.get("query_string")
        or media is None
        or media.split(";")[0].strip().lower() != "application/json"
        or not _TABLE_ID.fullmatch(request.path_params.get("table_id", ""))
    ):
        return None
    body = await request.body()
    try:
        fields = json.loads(body)
    except (ValueError, RecursionError):
        return None
    try:
        # As FastAPI validates a body (objects' attributes read as fields).
        return _SUBMISSION.validate_python(fields, from_attributes=True)
    except ValidationError:
        return None


async def _play(request: Request, submission: MoveSubmission) -> Response:
    service = services(request)
    table_id: str = request.path_params["table_id"]
    arrived = time.perf_counter()  # as the documented handler times it: the wait for a worker thread counts
    caller, outcome = await run_in_threadpool(
        _identified_play, service, session_token(request), seat_token(request), table_id, submission
    )
    played = await service.publisher.publish(outcome)
    service.metrics.played("player", time.perf_counter() - arrived)
    answer = _ANSWER.dump_json(_ANSWER.validate_python(played), exclude_unset=True)
    response = Response(answer, media_type="application/json")
    renew_session_cookie(request, response, caller)  # as the caller's dependency does
    return response


def _identified_play(
    service: Services, token: str | None, seat: str | None, table_id: str, submission: MoveSubmission
) -> tuple[Caller, Outcome]:
    """Who is calling, then their move: one trip to a worker thread for both."""
    caller = service.accounts.caller(token, seat)
    outcome = service.tables.moves.play(table_id, caller, submission.move, submission.seq, view=submission.view)
    return caller, outcome
