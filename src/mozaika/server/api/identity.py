"""Who is calling: the session cookie (or a bearer token), and an optional seat token."""

from __future__ import annotations

from fastapi import Request, Response
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from mozaika.server.accounts import Caller
from mozaika.server.errors import BadRequestError
from mozaika.server.services import Services

SESSION_COOKIE = "mozaika_session"
SEAT_HEADER = "x-seat-token"


def services(connection: HTTPConnection) -> Services:
    found: Services = connection.app.state.services
    return found


def session_token(connection: HTTPConnection) -> str | None:
    authorization = connection.headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return connection.cookies.get(SESSION_COOKIE) or None


def client_address(connection: HTTPConnection) -> str:
    """The caller's address, as the rate limits count it (behind a proxy, uvicorn takes it from
    ``X-Forwarded-For`` when the proxy is trusted with ``--forwarded-allow-ips``)."""
    return connection.client.host if connection.client is not None else "unknown"


async def identify(connection: HTTPConnection) -> Caller:
    token = session_token(connection)
    return await run_in_threadpool(
        services(connection).accounts.caller, token, connection.headers.get(SEAT_HEADER) or None
    )


async def current_caller(request: Request) -> Caller:
    """The caller of an HTTP request (a dependency of every handler that needs one)."""
    return await identify(request)


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=60 * 60 * 24 * 365,
        httponly=True,
        samesite="lax",
        secure=services(request).settings.secure_cookies,
    )


async def known_query_parameters(request: Request) -> None:
    """Refuse query parameters the endpoint does not take: a misspelt one must not be silently ignored."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return
    known = {parameter.alias for parameter in dependant.query_params}
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        takes = ", ".join(sorted(known)) or "none"
        raise BadRequestError(f"unknown query parameter {unknown[0]!r}; this endpoint takes: {takes}")
