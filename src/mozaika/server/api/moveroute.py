"""The move's route and its lane: ``POST /api/tables/{id}/moves``, sent on every turn of every game.

The route is written once (:func:`play_move`). FastAPI documents it (its body, its answer) and
answers through it every request the lane does not take. A well-formed move, the request that
decides how many games a server can hold, is answered with less work on the event loop: the
application's own middlewares check it as they check every request (the request's id and the
access log, the security headers, the host, the origin, the body's size), and then, in place of
FastAPI's exception layers, router and dependencies, its body is checked by the route's own
model, and the caller is identified and the move played together (on the event loop, or in one
trip to a worker thread where the database may wait: see :func:`play_move`). What a client sees
is the same either way: the answer is written by the route's answer model, errors are answered
by the application's own handlers, and a request with anything unusual (a query string, a table
id or a body the model refuses, a body that is not JSON, no declared length) goes to FastAPI,
which reports it exactly as for any other route.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request, Response
from pydantic import TypeAdapter, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mozaika.server.answers import MovePlayed
from mozaika.server.api.identity import renew_session_cookie, seat_token, services
from mozaika.server.api.schemas import TABLE_ID, MoveSubmission, TableId
from mozaika.server.errors import ApiError
from mozaika.server.middleware import session_token
from mozaika.server.players.accounts import Caller
from mozaika.server.services import Services
from mozaika.server.storage.database import database_unavailable
from mozaika.server.tables import Outcome

MOVES_PATH = re.compile("/api/tables/(" + TABLE_ID.strip("^$") + ")/moves")
"""The route's address, with a table id of the route's own shape (any other goes to FastAPI)."""
_SUBMISSION = TypeAdapter(MoveSubmission)
_ANSWER = TypeAdapter(MovePlayed)
_MOVE = "mozaika.move"
"""Where the lane leaves the checked submission in the request's scope, for its endpoint."""


async def play(table_id: TableId, body: MoveSubmission, request: Request) -> Response:
    # FastAPI's way to the move, once it has checked a request the lane left to it (no docstring:
    # it would become the route's documented description). The route is declared in api/tables.py.
    return await play_move(request, body)


class MoveLane:
    """Answers well-formed moves through the application's middlewares and nothing else of FastAPI.

    ``api_error`` and ``unexpected`` are the application's handlers of its own errors and of
    anything else raised, so that a refused move is answered exactly as FastAPI would answer it.
    """

    def __init__(
        self,
        app: FastAPI,
        body_limit: int,
        api_error: Callable[[Request, ApiError], Awaitable[Response]],
        unexpected: Callable[[Request, Exception], Awaitable[Response]],
    ) -> None:
        self.app = app
        self.body_limit = body_limit
        self.api_error = api_error
        self.unexpected = unexpected
        chain: ASGIApp = self._endpoint
        for middleware_class, arguments, options in reversed(app.user_middleware):
            chain = middleware_class(chain, *arguments, **options)
        self._chain = chain

    async def __call__(self, scope: Scope, receive: Receive, send: Send, fallback: ASGIApp) -> None:
        """Answer the request to the move's address, or hand it to ``fallback`` (FastAPI) with its body."""
        table_id = self._table_of(scope)
        if table_id is None:
            await fallback(scope, receive, send)
            return
        body, last = await _read_body(receive)
        submission = _well_formed(body) if last is None else None
        replay = _replaying(body, last, receive)
        if submission is None:
            await fallback(scope, replay, send)
            return
        scope["app"] = self.app
        scope["path_params"] = {"table_id": table_id}
        scope[_MOVE] = submission
        await self._chain(scope, replay, send)

    def _table_of(self, scope: Scope) -> str | None:
        """The table the request is a move to, when FastAPI would take the request as it is."""
        if scope.get("query_string") or scope.get("root_path"):
            return None
        found = MOVES_PATH.fullmatch(scope["path"])
        if found is None:
            return None
        media = length = None
        for name, value in scope["headers"]:
            if name == b"content-type":
                media = value
            elif name == b"content-length":
                length = value
        if media is None or media.split(b";")[0].strip().lower() != b"application/json":
            return None
        # A body too large (or of no declared length) is the body limit's to refuse, not read here.
        if length is None or not length.isdigit() or int(length) > self.body_limit:
            return None
        return found.group(1)

    async def _endpoint(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        try:
            response = await play_move(request, scope[_MOVE])
        except ApiError as error:
            response = await self.api_error(request, error)
        except Exception as error:
            # As FastAPI's outermost layer does: the application's answer, then the error for the server's log;
            # a database that did not answer is answered (503) and logged in a line, as FastAPI's handler does.
            await (await self.unexpected(request, error))(scope, receive, send)
            if database_unavailable(error):
                return
            raise
        await response(scope, receive, send)


async def _read_body(receive: Receive) -> tuple[bytes, Message | None]:
    """The request's body, and the message that ended the reading early (a disconnect), if any."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), message
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), None


def _replaying(body: bytes, last: Message | None, receive: Receive) -> Receive:
    """``receive`` as if nothing had been read from it yet."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": last is not None}]
    if last is not None:
        pending.append(last)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay


def _well_formed(body: bytes) -> MoveSubmission | None:
    """The move in a request's body, when FastAPI would take it as it is; None for anything it
    might question (FastAPI's handler then answers it).

    Read and checked in one pass. Where this reading is stricter than FastAPI's (a byte order
    mark, text after the object), the request goes to FastAPI, which answers it as it would.
    """
    try:
        return _SUBMISSION.validate_json(body)
    except ValidationError:
        return None


async def play_move(request: Request, submission: MoveSubmission) -> Response:
    """The move's one handler, for the lane and FastAPI alike: who calls, their move, the answer."""
    service = services(request)
    table_id: str = request.path_params["table_id"]
    arrived = time.perf_counter()  # as the documented handler times it: the wait for a worker thread counts
    identity = session_token(request), seat_token(request)
    if service.db.writes_locally_now():
        # On SQLite with its writer free, the move is played here: a move's transaction is a
        # fraction of a millisecond of work that waits on no network, and the trip to a worker
        # thread and back (two wakeups across threads) cost more than the move itself.
        caller, outcome = _identified_play(service, *identity, table_id, submission)
    else:
        caller, outcome = await run_in_threadpool(_identified_play, service, *identity, table_id, submission)
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
