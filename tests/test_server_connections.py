"""The connections the server bounds itself (``server/ops/connections.py``): per address, and slow headers.

A real uvicorn, on loopback, serving a small application with the server's own protocols: the
guard lives in the protocols, below any application.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
import uvicorn
import websockets.sync.client

from mozaika.server.ops.connections import ConnectionGuard, guarded_protocols, raise_open_files_limit


async def small_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Answers every request with 200 ``ok`` and accepts every WebSocket (echoing what it is sent)."""
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})
    elif scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": message.get("text") or ""})
    elif scope["type"] == "lifespan":
        while (message := await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


@contextmanager
def guarded_server(guard: ConnectionGuard) -> Iterator[int]:
    """uvicorn with the guarded protocols on a free loopback port, in a thread; yields the port."""
    http, websocket = guarded_protocols(guard)
    config = uvicorn.Config(small_app, host="127.0.0.1", port=0, http=http, ws=websocket, log_level="warning")
    server = uvicorn.Server(config)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[listening])), daemon=True)
    thread.start()
    try:
        while not server.started:
            threading.Event().wait(0.01)
        yield listening.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)


def request(port: int) -> tuple[socket.socket, bytes]:
    """A kept-alive connection that sent one whole request, and the start of the answer it got."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    connection.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
    answer = b""
    while chunk := connection.recv(4096):  # until the body ("ok", or the refusal's JSON) has come whole
        answer += chunk
        if answer.endswith((b"ok", b"}}")):
            break
    return connection, answer


def closed(connection: socket.socket) -> bool:
    """Whether the server closed the connection (a reset counts: it closed before reading what was sent)."""
    try:
        return connection.recv(4096) == b""
    except ConnectionResetError:
        return True


def test_one_address_holds_only_so_many_connections_websockets_included() -> None:
    guard = ConnectionGuard(per_address=3, header_seconds=60)
    with guarded_server(guard) as port, ExitStack() as held:
        first, answer = request(port)
        held.callback(first.close)
        assert answer.startswith(b"HTTP/1.1 200")
        live = [held.enter_context(websockets.sync.client.connect(f"ws://127.0.0.1:{port}/live")) for _ in range(2)]
        live[0].send("still here")
        assert live[0].recv(timeout=30) == "still here"
        assert guard.open["127.0.0.1"] == 3
        refused, answer = request(port)
        held.callback(refused.close)
        assert answer.startswith(b"HTTP/1.1 429") and b"too many open connections" in answer
        assert b'"rate_limited"' in answer and guard.refused == 1
        assert closed(refused)
        live[1].close()  # a WebSocket that closes gives its place back
        again, answer = request(port)
        held.callback(again.close)
        assert answer.startswith(b"HTTP/1.1 200")


def test_a_trusted_proxy_s_connections_are_not_counted() -> None:
    guard = ConnectionGuard(per_address=1, header_seconds=60, trusted=["127.0.0.0/8"])
    with guarded_server(guard) as port:
        held = [request(port) for _ in range(4)]
        assert all(answer.startswith(b"HTTP/1.1 200") for _, answer in held)
        assert not guard.open
        for connection, _ in held:
            connection.close()


def test_headers_that_never_finish_are_closed_and_whole_ones_are_answered() -> None:
    guard = ConnectionGuard(per_address=10, header_seconds=0.5)
    with guarded_server(guard) as port:
        slow = socket.create_connection(("127.0.0.1", port), timeout=30)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")  # and never the rest
        silent = socket.create_connection(("127.0.0.1", port), timeout=30)  # sends nothing at all
        assert closed(slow) and closed(silent)
        assert guard.timed_out == 2 and not guard.open
        # A kept-alive connection is timed afresh for each request it begins.
        whole, answer = request(port)
        assert answer.startswith(b"HTTP/1.1 200")
        whole.sendall(b"GET / HTTP/1.1\r\nHost: local")
        assert closed(whole)
        for connection in (slow, silent, whole):
            connection.close()


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="resource limits are POSIX")
def test_the_soft_limit_of_open_files_is_raised_to_the_hard_limit() -> None:
    import resource

    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, before[1]), before[1]))
        soft, hard = raise_open_files_limit()
        assert (soft, hard) == before[1:] * 2 == resource.getrlimit(resource.RLIMIT_NOFILE)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)
