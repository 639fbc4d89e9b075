"""The server's logs: as text or one JSON object a line, each line with the id of the request it
belongs to, and nothing secret in any of them.

Every request gets an id (the ``X-Request-Id`` a proxy sent, when it looks like one, else a new
one), sent back in the answer's ``X-Request-Id`` and written on every line logged while the
request is handled.  The access log is written here rather than by uvicorn: uvicorn's would
write query strings, and an invite link's token travels in one.  Before any line is written,
e-mail addresses and anything that looks like a token or a password in it are masked.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mozaika.server.middleware import set_headers

LOG_FORMATS = ("text", "json")
REQUEST_ID_HEADER = "x-request-id"
_INCOMING_ID = re.compile(r"[A-Za-z0-9._-]{8,64}")
"""An id a proxy may hand on (nginx's ``$request_id`` is 32 hex digits); anything else is replaced."""

request_id: ContextVar[str | None] = ContextVar("mozaika_request_id", default=None)
access_log = logging.getLogger("mozaika.access")

_EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_SECRET_PARAMETER = re.compile(
    r"(?i)\b(password|passwd|[a-z_]*token|invite|secret|authorization|cookie|mozaika_session)"
    r"(\"?\s*[:=]\s*\"?)([^\s\"'&,;}]+)"
)
_BEARER = re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]+")
_URL_PASSWORD = re.compile(r"(//[^/:@\s]+:)[^@/\s]+@")


def redact(text: str) -> str:
    """``text`` with e-mail addresses, URL passwords and the values of secret-looking parameters masked."""
    text = _URL_PASSWORD.sub(r"\1***@", text)
    text = _EMAIL.sub("<e-mail>", text)
    text = _BEARER.sub(r"\1***", text)
    return _SECRET_PARAMETER.sub(lambda found: f"{found.group(1)}{found.group(2)}***", text)


class Redacting(logging.Filter):
    """Masks secrets in a record's message (arguments merged in) and in its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        record.request_id = request_id.get() or "-"
        return True


ACCESS_FIELDS = ("method", "path", "status", "duration_ms", "client")


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request id, and an access line's fields."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": request_id.get() or _known(getattr(record, "request_id", None)),
        }
        for name in ACCESS_FIELDS:
            if hasattr(record, name):
                line[name] = getattr(record, name)
        if record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False)


def _known(value: str | None) -> str | None:
    return None if value in (None, "-") else value


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def configure_logging(log_format: str, level: str) -> None:
    """Every logger of the process (uvicorn's included) writes through one handler to standard error."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(Redacting())
    handler.setFormatter(JsonLines() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        named = logging.getLogger(name)
        named.handlers.clear()
        named.propagate = True


class RequestIds:
    """Gives each HTTP request and WebSocket an id, and writes the access log's line for each request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        incoming = next((value.decode("latin-1") for key, value in scope["headers"] if key == b"x-request-id"), "")
        current = incoming if _INCOMING_ID.fullmatch(incoming) else secrets.token_hex(16)
        marker = request_id.set(current)
        started = time.perf_counter()
        status = 0

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                set_headers(message, [(REQUEST_ID_HEADER.encode(), current.encode())])
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if access_log.isEnabledFor(logging.INFO):
                _log_access(scope, status, started)
            request_id.reset(marker)


def _log_access(scope: Scope, status: int, started: float) -> None:
    client = scope.get("client")
    access_log.info(
        "%s %s %s",
        scope.get("method", "WEBSOCKET"),
        scope.get("path", ""),
        status or "-",
        extra={
            "method": scope.get("method", "WEBSOCKET"),
            "path": scope.get("path", ""),  # never the query string: an invite's token travels in it
            "status": status or None,
            "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            "client": client[0] if client else None,
        },
    )
