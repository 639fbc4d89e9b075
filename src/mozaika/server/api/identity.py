"""Who is calling: the session cookie (or a bearer token), and an optional seat token."""

from __future__ import annotations

from fastapi import Request, Response
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from mozaika.server.errors import BadRequestError
from mozaika.server.middleware import SESSION_COOKIE, session_token
from mozaika.server.players.accounts import Caller
from mozaika.server.services import Services

SEAT_HEADER = "x-seat-token"


def services(connection: HTTPConnection) -> Services:
    found: Services = connection.app.state.services
    return found


def seat_token(connection: HTTPConnection) -> str | None:
    return connection.headers.get(SEAT_HEADER) or None


async def identify(connection: HTTPConnection) -> Caller:
    return await run_in_threadpool(
        services(connection).accounts.caller, session_token(connection), seat_token(connection)
    )


async def current_caller(request: Request, response: Response) -> Caller:
    """The caller of an HTTP request (a dependency of every handler that needs one)."""
    caller = await identify(request)
    renew_session_cookie(request, response, caller)
    return caller


def renew_session_cookie(request: Request, response: Response, caller: Caller) -> None:
    """When the session's use is noted again (once an hour at most), a session held in the
    cookie gets its cookie again, so that the cookie lasts exactly as long as the session."""
    if not caller.renewed:  # (the usual case: the cookie need not be read)
        return
    token = request.cookies.get(SESSION_COOKIE)
    if token and token == session_token(request):
        set_session_cookie(request, response, token)


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    """The session cookie: it lasts as long as an unused session does, and is ``Secure`` over HTTPS
    (the request's own scheme, or ``X-Forwarded-Proto`` from a trusted proxy) or with ``--secure-cookies``."""
    settings = services(request).settings
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=round(settings.session_idle_days * 24 * 3600),
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies or request.url.scheme == "https",
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
