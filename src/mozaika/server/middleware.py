"""What every request passes through before a handler: the body's size, the caller's origin, and
the security headers of every answer."""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mozaika.server.errors import TooManyRequestsError
from mozaika.server.players.credentials import token_hash
from mozaika.server.ratelimit import RateLimiter

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The browser client has no inline script or style and talks only to its own server."""
API_DOCUMENTATION = ("/docs", "/redoc")
"""The interactive API documentation loads its script from a CDN and starts it inline: a CSP of its own."""
DOCUMENTATION_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'"
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CLOSE_REFUSED = 4400
_REMEMBERED = 64
SESSION_COOKIE = "mozaika_session"


def session_token(connection: HTTPConnection) -> str | None:
    """The session a request names: its bearer token, or else its session cookie."""
    authorization = connection.headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return connection.cookies.get(SESSION_COOKIE) or None


def client_address(connection: HTTPConnection) -> str:
    """The caller's address, as the rate limits count it: the connection's, or, behind a proxy
    trusted with ``mozaika serve --proxy-ip``, the one the proxy names in ``X-Forwarded-For``
    (uvicorn reads it; no other forwarding header is believed)."""
    return connection.client.host if connection.client is not None else "unknown"


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str) -> None:
    response = JSONResponse({"error": {"code": code, "message": message}}, status_code=status)
    await response(scope, receive, send)


class BodyLimit:
    """Refuses a request body larger than ``limit`` bytes with 413, before any handler reads it.

    A body sent without ``Content-Length`` (chunked) is read here up to the limit and
    handed on whole, so that an oversized one is refused as 413 like any other.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > self.limit:
                await self._too_large(scope, receive, send)
            else:
                await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.limit:
                await self._too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        handed_on = False

        async def replay() -> Message:
            nonlocal handed_on
            if handed_on:
                return await receive()
            handed_on = True
            return whole

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        await _refuse(scope, receive, send, 413, "too_large", f"the request body is larger than {self.limit} bytes")


class SameOrigin:
    """Refuses what another site's page asks a browser to do with its user's cookie.

    A browser names the page's origin in ``Origin`` on every WebSocket handshake and on
    every state-changing request; it must be this server itself (the host the request
    was sent to) or one of ``allowed``.  Clients other than browsers send no ``Origin``
    and are not affected.  A state-changing request's body, when it has a type, must be
    JSON: a form cannot be sent across sites without being refused.
    """

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {origin.rstrip("/").lower() for origin in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or (kind == "http" and scope["method"] not in STATE_CHANGING):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not self._allowed(origin, headers.get("host", ""), scope.get("scheme", "http")):
            message = f"requests from the page of {origin[:100]} are not accepted: this server's own pages only"
            if kind == "websocket":
                await _refuse_socket(receive, send, message)
            else:
                await _refuse(scope, receive, send, 403, "forbidden", message)
            return
        media = headers.get("content-type")
        if kind == "http" and media is not None and media.split(";")[0].strip().lower() != "application/json":
            message = f"a request's body is JSON (Content-Type: application/json), not {media[:60]}"
            await _refuse(scope, receive, send, 415, "unsupported_media_type", message)
            return
        await self.app(scope, receive, send)

    def _allowed(self, origin: str, host: str, scheme: str) -> bool:
        origin = origin.rstrip("/").lower()
        if origin in self.allowed:
            return True
        parts = urlsplit(origin)
        own_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        return parts.scheme == own_scheme and bool(host) and parts.netloc == host.lower()


class KnownHost:
    """Refuses a request addressed to a host name the server does not go by (DNS rebinding).

    A page on ``evil.example`` whose name is made to resolve to 127.0.0.1 can send requests
    to a server on a laptop as if they were same-origin; they carry ``Host: evil.example``.
    IP addresses and ``localhost`` are always accepted, and the names of ``hosts``.
    """

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.hosts = {"localhost", *(host.lower() for host in hosts)}
        self._answers: dict[str, bool] = {}
        """Each ``Host`` header's answer, worked out once (a server is sent a few names; a flood of
        other names is not remembered past ``_REMEMBERED``)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = Headers(scope=scope).get("host", "")
            known = self._answers.get(host)
            if known is None:
                known = self._known(host)
                if len(self._answers) < _REMEMBERED:
                    self._answers[host] = known
            if not known:
                message = (
                    f"this server does not answer to the name {host[:100]!r}; "
                    "its operator can add the name with mozaika serve --allowed-host"
                )
                if scope["type"] == "websocket":
                    await _refuse_socket(receive, send, message)
                else:
                    await _refuse(scope, receive, send, 421, "unknown_host", message)
                return
        await self.app(scope, receive, send)

    def _known(self, host: str) -> bool:
        name = urlsplit(f"//{host}").hostname
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name in self.hosts
        return True


async def _refuse_socket(receive: Receive, send: Send, message: str) -> None:
    """Accepts the handshake only to say why the connection ends (as every refused connection does)."""
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    error = {"type": "error", "error": {"code": "forbidden", "message": message}}
    await send({"type": "websocket.send", "text": json.dumps(error)})
    await send({"type": "websocket.close", "code": CLOSE_REFUSED, "reason": "forbidden origin"})


class SecurityHeaders:
    """Adds the security headers to every HTTP answer: a strict Content-Security-Policy, no framing,
    no content sniffing, and no referrer (addresses can hold invite tokens)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        documentation = scope["path"].startswith(API_DOCUMENTATION)
        headers = _DOCUMENTATION_HEADERS if documentation else _SECURITY_HEADERS

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                set_headers(message, headers)
            await send(message)

        await self.app(scope, receive, with_headers)


def _security_headers(policy: str) -> list[tuple[bytes, bytes]]:
    return [
        (b"content-security-policy", policy.encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    ]


_SECURITY_HEADERS = _security_headers(CONTENT_SECURITY_POLICY)
_DOCUMENTATION_HEADERS = _security_headers(DOCUMENTATION_POLICY)


def set_headers(message: Message, headers: list[tuple[bytes, bytes]]) -> None:
    """Sets ``headers`` (lower-case names) on an answer's start, in place of any of the same names.

    Every answer passes here: plain lists, where Starlette's ``MutableHeaders`` would look for
    each name in turn.
    """
    names = {name for name, _ in headers}
    kept = [(name, value) for name, value in message.get("headers", ()) if name.lower() not in names]
    message["headers"] = kept + headers


PLAY_ROUTES = re.compile(r"^/api/tables/[^/]+/(moves|undo)$")
"""A game's own moves: each quotes the table's sequence number, so a flood of them is refused as stale."""


class WriteLimit:
    """Every state-changing API request counts towards the writes of its session and of its address
    (``RateLimits.write_per_session``, ``write_per_address``), besides any limit of its own: no route that
    writes, publishes a lobby event or sends a letter can be called as fast as a script can send.

    The session is told apart by a hash of its token, without a database look-up (a request whose token
    is made up is counted by it, and by its address as well).  A game's moves and undos are not counted.
    """

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in STATE_CHANGING
            or not scope["path"].startswith("/api/")
            or PLAY_ROUTES.match(scope["path"])
        ):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        keys = [f"address:{client_address(request)}"]
        token = session_token(request)
        try:
            await self.limiter.check("write_per_address", keys[0])
            if token is not None:
                await self.limiter.check("write_per_session", "session:" + token_hash(token)[:24])
        except TooManyRequestsError as error:
            headers = {"Retry-After": str(error.retry_after)}
            response = JSONResponse(error.body(), status_code=error.status, headers=headers)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
