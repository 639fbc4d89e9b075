"""Live play over WebSockets: one connection per watcher of a table, and one for the lobby.

A table's connection first sends where the table stands (``hello``, or the entries
missed since ``?since=N``), then every change as it happens.  Each ``step`` event
continues the last one the client saw; when one is missing (a dropped event, two
moves broadcast out of order) the connection reads the log and sends the gap, so a
client never misses an entry and never sees one twice.

Clients send JSON messages: ``{"type": "chat", "text": "…"}`` and ``{"type": "ping"}``
(moves and undos are requests: ``POST /api/tables/{id}/moves`` and ``/undo``).  A refused
message is answered with ``{"type": "error", "error": {"code", "message"}}`` and changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketState

from mozaika.server.api.identity import identify, services
from mozaika.server.api.presence import at_table, enter_lobby
from mozaika.server.api.schemas import SEQUENCE_NUMBER, TABLE_ID, ChatLine
from mozaika.server.errors import (
    ApiError,
    BadRequestError,
    ForbiddenError,
    InvalidRequestError,
    TooLargeError,
    TooManyRequestsError,
)
from mozaika.server.live.admission import CLOSE_TOO_MANY
from mozaika.server.live.hub import LOBBY, Delivery, encode
from mozaika.server.middleware import CLOSE_REFUSED, client_address
from mozaika.server.players.accounts import Caller
from mozaika.server.services import Services
from mozaika.server.tables.watchers import CLOSED_MESSAGE

router = APIRouter()


@router.websocket("/api/tables/{table_id}/live")
async def table_live(websocket: WebSocket, table_id: str) -> None:
    service = services(websocket)
    await websocket.accept()
    try:
        since = _since(websocket, table_id)
        caller = await identify(websocket)
        anonymous = caller.player_id is None and caller.seat_token is None
        with service.admission.admitted(client_address(websocket), table_id, anonymous=anonymous):
            queue = service.hub.watch(table_id)
            async with at_table(websocket, caller.player_id, table_id):  # online before its own hello says so
                await _watch_table(websocket, service, table_id, caller, since, queue)
    except ApiError as error:
        await _refuse(websocket, error)


async def _watch_table(
    websocket: WebSocket,
    service: Services,
    table_id: str,
    caller: Caller,
    since: int | None,
    queue: asyncio.Queue[Delivery],
) -> None:
    view: dict[str, Any] = {}
    try:
        if since is None:
            view = await run_in_threadpool(service.tables.views.view, table_id, caller)
            await websocket.send_json({"type": "hello", "table": view})
            service.presence.heard(table_id, [seat["online"] for seat in view["seats"]])
            last = int(view["seq"])
        else:
            missed = await run_in_threadpool(service.tables.history.entries_since, table_id, since, caller)
            await websocket.send_json(missed)
            service.presence.heard(table_id, missed["online"])
            last = int(missed["seq"])
    except ApiError as error:
        service.hub.unwatch(table_id, queue)
        await _refuse(websocket, error)
        return
    if since is None:
        spectator = view["you"] is None
    else:
        spectator = not await run_in_threadpool(service.tables.views.seated, table_id, caller)
    try:
        if spectator:  # counted at once, so the finally below always takes it back
            await service.spectators.enter(table_id)
        # One of the table's people watches on when its creator closes it to spectators; anyone else is let go.
        belongs = not spectator or await run_in_threadpool(service.tables.views.belongs, table_id, caller)
        connection = _TableConnection(websocket, service, table_id, caller, last, belongs=belongs)
        await connection.run(queue)
    finally:
        service.hub.unwatch(table_id, queue)
        if spectator:
            await service.spectators.leave(table_id)


@router.websocket("/api/lobby/live")
async def lobby_live(websocket: WebSocket) -> None:
    """Every table's seat and status changes, as ``table`` events with the table's summary, and the counts
    of who waits to be paired; to a signed-in player also their own ``paired`` events (server/pairing/live.py)."""
    service = services(websocket)
    caller = await _lobby_caller(websocket)
    try:
        with service.admission.admitted(client_address(websocket)):
            await _watch_lobby(websocket, service, caller)
    except ApiError as error:  # refused admission, before the connection was accepted
        if websocket.application_state == WebSocketState.CONNECTING:
            await websocket.accept()
        await _refuse(websocket, error)


async def _watch_lobby(websocket: WebSocket, service: Services, caller: Caller) -> None:
    queue = service.hub.watch(LOBBY)
    # The player's own events (a pairing) and their request kept alive, from before the client sees the
    # connection open: nothing published after that is missed.
    await service.pairing.enter(caller, queue)
    leave = await enter_lobby(websocket, caller.player_id)
    try:
        await websocket.accept()
        await forward(websocket, queue)
    finally:
        service.hub.unwatch(LOBBY, queue)
        await service.pairing.leave(caller, queue)
        await leave()


async def forward(websocket: WebSocket, queue: asyncio.Queue[Delivery]) -> None:
    """Send the watcher every event of its queue until it goes; what it sends is read and ignored."""
    try:
        receiver = asyncio.create_task(_drain(websocket))
        while not receiver.done():
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                await websocket.send_text(getter.result()[1])
                queue.task_done()  # a restart waits until each watcher was sent its notice
            else:
                getter.cancel()
    except WebSocketDisconnect:
        pass


async def _lobby_caller(websocket: WebSocket) -> Caller:
    """Who watches the lobby: anyone may, so an ended session watches as nobody in particular."""
    try:
        return await identify(websocket)
    except ApiError:
        return Caller()


async def _drain(websocket: WebSocket) -> None:
    """Reads and ignores what a lobby watcher sends, until it goes."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


def _since(websocket: WebSocket, table_id: str) -> int | None:
    """The handshake's ``?since=N``, checked as strictly as an HTTP request's query (the only parameter taken)."""
    if not re.fullmatch(TABLE_ID, table_id):
        raise InvalidRequestError("path.table_id: a table's id is 1-16 letters, digits, '_' or '-'")
    unknown = sorted(set(websocket.query_params) - {"since"})
    if unknown:
        raise BadRequestError(f"unknown query parameter {unknown[0]!r}; this endpoint takes: since")
    since = websocket.query_params.get("since")
    if since is None:
        return None
    if not re.fullmatch(SEQUENCE_NUMBER, since):
        raise InvalidRequestError(f"query.since: a sequence number is a whole number from 0, not {since[:20]!r}")
    return int(since)


async def _refuse(websocket: WebSocket, error: ApiError) -> None:
    code = CLOSE_TOO_MANY if isinstance(error, TooManyRequestsError) else CLOSE_REFUSED
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "error", **error.body()})
        await websocket.close(code=code, reason=error.message[:120])


class _TableConnection:
    def __init__(
        self, websocket: WebSocket, service: Services, table_id: str, caller: Caller, last: int, *, belongs: bool
    ) -> None:
        self.websocket = websocket
        self.service = service
        self.table_id = table_id
        self.caller = caller
        self.last = last
        self.belongs = belongs
        """The caller is one of the table's people, who may watch it even when it is closed to spectators."""
        self._sending = asyncio.Lock()

    async def run(self, queue: asyncio.Queue[Delivery]) -> None:
        forward = asyncio.create_task(self._forward(queue))
        try:
            await self._receive()
        except WebSocketDisconnect:
            pass
        finally:
            forward.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await forward

    async def _send(self, message: dict[str, Any], text: str | None = None) -> None:
        async with self._sending:
            await self.websocket.send_text(text if text is not None else encode(message))

    async def _forward(self, queue: asyncio.Queue[Delivery]) -> None:
        while True:
            event, text = await queue.get()
            try:
                await self._forward_one(event, text)
            finally:
                queue.task_done()  # a restart waits until each watcher was sent its notice

    async def _forward_one(self, event: dict[str, Any], text: str) -> None:
        if event["type"] == "table" and not self.belongs:
            summary = event["summary"]
            if summary["invite_only"] and not summary["spectators_open"]:  # closed to spectators: let go
                async with self._sending:
                    await _refuse(self.websocket, ForbiddenError(CLOSED_MESSAGE))
                return
        if event["type"] != "step":
            await self._send(event, text)
            return
        if event["seq"] <= self.last:
            return
        entries = event["entries"]
        if not entries or entries[0]["seq"] != self.last + 1:
            event = await run_in_threadpool(self.service.tables.history.entries_since, self.table_id, self.last)
            text = encode(event)
        self.last = int(event["seq"])
        await self._send(event, text)

    async def _receive(self) -> None:
        limit = self.service.settings.limits.websocket_message_bytes
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            text = message.get("text")
            try:
                if text is None:
                    raise BadRequestError("messages are JSON text, not binary frames")
                if len(text.encode()) > limit:
                    raise TooLargeError(f"a message is at most {limit} bytes")
                await self._handle(_parse(text))
            except ApiError as error:
                await self._send({"type": "error", **error.body()})

    async def _handle(self, message: dict[str, Any]) -> None:
        kind = message.pop("type", None)
        try:
            if kind == "ping":
                await self._send({"type": "pong"})
                return
            if kind == "chat":
                line = ChatLine.model_validate(message)
                if self.caller.signed_in:
                    await self.service.limiter.check("chat_per_player", str(self.caller.player_id))
                outcome = await run_in_threadpool(self.service.tables.chat.say, self.table_id, self.caller, line.text)
            elif kind in ("move", "undo"):
                raise BadRequestError(
                    f"a {kind} is sent as a request, POST /api/tables/{self.table_id}/{kind}"
                    f"{'s' if kind == 'move' else ''}: this connection takes chat and ping"
                )
            else:
                raise BadRequestError(f"unknown message type {kind!r}: send chat or ping")
        except ValidationError as error:
            raise InvalidRequestError(f"malformed {kind} message: {_first_problem(error)}") from None
        await self.service.publisher.publish(outcome)


def _parse(text: str) -> dict[str, Any]:
    try:
        message = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadRequestError(f"a message must be JSON: {error}") from None
    except RecursionError:
        raise BadRequestError("a message must be JSON, nested at most a few levels deep") from None
    if not isinstance(message, dict):
        raise BadRequestError("a message must be a JSON object with a 'type'")
    return message


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"]) or "message"
    return f"{where}: {problem['msg']}"
