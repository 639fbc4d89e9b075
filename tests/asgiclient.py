"""The server tests' client: Starlette's TestClient, each HTTP request run whole in one call to the app.

Starlette's client streams every response back as it comes: the request, the response's start and each
piece of its body cross between the test's thread and the app's event loop one by one, eight hand-offs
a request, about half the CPU of a small request.  Mozaika's server streams no response (no streaming
body, no server-sent events), so here a request runs in one hand-off and its response comes back whole,
with the same status, headers, body and exceptions.  WebSockets go through Starlette's own session.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import unquote

import anyio
import httpx
from starlette.testclient import TestClient as StreamingTestClient
from starlette.types import ASGIApp, Message

DEFAULT_PORTS = {"http": 80, "https": 443}


class TestClient(StreamingTestClient):
    """Starlette's TestClient (same arguments, same answers), with :class:`WholeResponses` for HTTP."""

    def __init__(self, app: ASGIApp, *args: Any, **options: Any) -> None:
        super().__init__(app, *args, **options)
        self._transport = WholeResponses(
            self,
            streaming=self._transport,
            raise_server_exceptions=options.get("raise_server_exceptions", True),
            root_path=options.get("root_path", ""),
            peer=options.get("client", ("testclient", 50000)),
        )


class WholeResponses(httpx.BaseTransport):
    """Runs each HTTP request through the app in one call on the client's event loop; WebSockets are
    handed to ``streaming`` (Starlette's transport)."""

    def __init__(
        self,
        client: StreamingTestClient,
        *,
        streaming: httpx.BaseTransport,
        raise_server_exceptions: bool,
        root_path: str,
        peer: tuple[str, int],
    ) -> None:
        self.client = client
        self.streaming = streaming
        self.raise_server_exceptions = raise_server_exceptions
        self.root_path = root_path
        self.peer = peer
        self._portal: object = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        if url.scheme in {"ws", "wss"}:
            return self.streaming.handle_request(request)
        headers = [] if "host" in request.headers else [(b"host", url.netloc)]
        headers += [(key.lower().encode(), value.encode()) for key, value in request.headers.multi_items()]
        scope: dict[str, Any] = {
            "type": "http",
            "http_version": "1.1",
            "method": request.method,
            "path": unquote(url.path),
            "raw_path": url.raw_path.split(b"?", 1)[0],
            "root_path": self.root_path,
            "scheme": url.scheme,
            "query_string": url.query,
            "headers": headers,
            "client": self.peer,
            "server": [url.raw_host.decode("ascii"), url.port or DEFAULT_PORTS[url.scheme]],
            "extensions": {"http.response.debug": {}},
            "state": self.client.app_state.copy(),
        }
        body = request.read()
        with self.client._portal_factory() as portal:
            if portal is not self._portal:
                self._portal, self._loop = portal, portal.call(asyncio.get_running_loop)
            # Straight onto the portal's loop: the portal's own call crosses twice, to start a task and to wait for it.
            answer = asyncio.run_coroutine_threadsafe(self._run(scope, body), self._loop).result()
        status, response_headers, content, debug = answer
        response = httpx.Response(
            status,
            headers=response_headers,
            content=b"" if request.method == "HEAD" else content,
            request=request,
        )
        if debug is not None:
            response.extensions["http.response.debug"] = debug
        return response

    async def _run(
        self, scope: dict[str, Any], body: bytes
    ) -> tuple[int, list[tuple[str, str]], bytes, dict[str, Any] | None]:
        started: dict[str, Any] = {}
        pieces: list[bytes] = []
        debug: dict[str, Any] | None = None
        complete = anyio.Event()
        request_sent = False

        async def receive() -> Message:
            nonlocal request_sent
            if not request_sent:
                request_sent = True
                return {"type": "http.request", "body": body}
            await complete.wait()  # as a client would: it goes once the whole response is in
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            nonlocal debug
            if message["type"] == "http.response.start":
                assert not started, 'Received multiple "http.response.start" messages.'
                started["status"] = message["status"]
                started["headers"] = [(key.decode(), value.decode()) for key, value in message.get("headers", [])]
            elif message["type"] == "http.response.body":
                assert started, 'Received "http.response.body" without "http.response.start".'
                assert not complete.is_set(), 'Received "http.response.body" after the response completed.'
                pieces.append(bytes(message.get("body", b"")))
                if not message.get("more_body", False):
                    complete.set()
            elif message["type"] == "http.response.debug":
                debug = message["info"]

        try:
            await self.client.app(scope, receive, send)
        except Exception:
            if self.raise_server_exceptions:
                raise
        finally:
            complete.set()
        if not started:
            if self.raise_server_exceptions:
                raise AssertionError("TestClient did not receive any response.")
            return 500, [], b"", debug
        return started["status"], started["headers"], b"".join(pieces), debug

    def close(self) -> None:
        self.streaming.close()
