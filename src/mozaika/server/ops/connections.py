"""Connections the server itself bounds: how many one address holds open, and how long its headers may take.

Every connection holds a file descriptor until it closes, and a process has a limited number
of them: one client that opens hundreds of connections, or sends each request's headers a
byte at a time and never finishes them (slowloris), would otherwise leave none for anyone
else, and every player's requests would fail.  Nothing in front of the server is assumed
(``mozaika serve --host 0.0.0.0`` on a laptop has no proxy), so uvicorn's protocols are
wrapped here:

- an address may hold ``Limits.connections_per_address`` connections at once (HTTP and the
  WebSockets they became); one more is answered ``429`` and closed at once.  A trusted proxy
  (``--proxy-ip``) carries many clients, so its connections are not counted: behind it, the
  per-address caps of live connections (``api/live.py``) and nginx's ``limit_conn`` count the
  clients themselves;
- a request whose headers are not complete within ``Limits.header_seconds`` of the
  connection opening (or of the request beginning, on a kept-alive connection) is closed.

The soft limit of open files is raised to the hard limit as the server starts
(:func:`raise_open_files_limit`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import Counter
from collections.abc import Iterable
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from mozaika.server.jsontext import json_text

log = logging.getLogger("mozaika.server")

LOW_OPEN_FILES = 8_192
"""A hard limit of open files below this is worth a warning: each connection takes one."""


class ConnectionGuard:
    """The connections this process holds open, by the address they come from."""

    def __init__(self, per_address: int, header_seconds: float, trusted: Iterable[str] = ()) -> None:
        self.per_address = per_address
        self.header_seconds = header_seconds
        self.trusted = [ipaddress.ip_network(proxy, strict=False) for proxy in trusted]
        self.open: Counter[str] = Counter()
        self._address_of: dict[int, str] = {}
        """Each counted transport's address, by the transport's id (the HTTP protocol counts it; the
        WebSocket protocol it turns into releases it)."""
        self.refused = 0
        self.timed_out = 0

    def admit(self, transport: Any, address: str | None) -> bool:
        """Count a new connection, unless its address holds as many as it may (then False)."""
        if address is None or self._is_trusted(address):
            return True
        if self.open[address] >= self.per_address:
            self.refused += 1
            return False
        self.open[address] += 1
        self._address_of[id(transport)] = address
        return True

    def release(self, transport: Any) -> None:
        """The connection closed (called once by whichever protocol held it last; again, it does nothing)."""
        address = self._address_of.pop(id(transport), None)
        if address is None:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def _is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)


def _refusal(per_address: int) -> bytes:
    body = json_text(
        {
            "error": {
                "code": "rate_limited",
                "message": f"too many open connections from your address: at most {per_address} at once",
                "details": {"retry_after": 5},
            }
        }
    ).encode()
    head = (
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 5\r\n"
        f"connection: close\r\ncontent-length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


def guarded_protocols(guard: ConnectionGuard) -> tuple[type[HttpToolsProtocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocols (for ``Config(http=..., ws=...)``), counting and timing
    their connections with ``guard``."""
    assert isinstance(AutoWebSocketsProtocol, type), "uvicorn[standard] installs a WebSocket library"
    websocket: Any = AutoWebSocketsProtocol

    class GuardedWebSocket(websocket):  # type: ignore[misc]
        transport: asyncio.Transport

        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.transport)
            super().connection_lost(exc)

    class GuardedHttp(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not guard.admit(transport, self.client[0] if self.client else None):
                transport.write(_refusal(guard.per_address))
                transport.close()
                return
            self._arm()

        def on_message_begin(self) -> None:
            self._arm()
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            guard.release(self.transport)
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(guard.header_seconds, self._headers_too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            guard.timed_out += 1
            log.info("closed a connection from %s: no complete headers within %g s", self.client, guard.header_seconds)
            self.transport.close()

    return GuardedHttp, GuardedWebSocket


def raise_open_files_limit() -> tuple[int, int]:
    """Raise this process's soft limit of open files to its hard limit; the limits after (soft, hard)."""
    try:
        import resource
    except ImportError:  # not on this platform (Windows): nothing to raise
        return (-1, -1)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError) as error:
            log.warning("could not raise the limit of open files from %d to %d: %s", soft, hard, error)
    if hard != resource.RLIM_INFINITY and hard < LOW_OPEN_FILES:
        log.warning(
            "this process may open only %d files, and each connection takes one: raise the hard limit"
            " (systemd: LimitNOFILE=65536, docs/deploy.md)",
            hard,
        )
    else:
        log.info("open files: up to %d", soft)
    return soft, hard
