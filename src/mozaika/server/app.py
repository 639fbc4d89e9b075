"""The Mozaika server: a FastAPI application over the services, run by uvicorn."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from pydantic.json_schema import models_json_schema
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeoutError
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Match
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

import mozaika
from mozaika import web
from mozaika.server.answers import (
    ChatEvent,
    ChatRemovedEvent,
    ErrorEvent,
    HelloEvent,
    PairedEvent,
    PairingEvent,
    PongEvent,
    PresenceEvent,
    RestartingEvent,
    ReviewEvent,
    StepEvent,
    TableEvent,
    TimeoutEvent,
    TournamentEvent,
)
from mozaika.server.api import (
    accounts,
    admin,
    analysis,
    community,
    departures,
    learn,
    live,
    ops,
    pairing,
    reviews,
    tables,
    tournaments,
)
from mozaika.server.api.moveroute import MoveLane
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.errors import ApiError, BusyError, TooManyRequestsError
from mozaika.server.middleware import BodyLimit, KnownHost, SameOrigin, SecurityHeaders, WriteLimit
from mozaika.server.ops.connections import ConnectionGuard, guarded_protocols, raise_open_files_limit
from mozaika.server.ops.logs import RequestIds, configure_logging
from mozaika.server.ops.readings import read_services
from mozaika.server.ops.shutdown import GracefulServer
from mozaika.server.services import Services
from mozaika.server.settings import Settings
from mozaika.server.storage.database import database_unavailable, migrate

log = logging.getLogger("mozaika.server")

DESCRIPTION = """
Online tables for Azul, Azul: Master Chocolatier and Azul: Summer Pavilion.

Sign in with `POST /api/accounts` (register), `POST /api/sessions` or `POST /api/guests`:
each sets the session cookie and also returns the token for an `Authorization: Bearer`
header. A seat can also be acted for with its own token in an `X-Seat-Token` header.

Moves are written in the game's notation and quote the table's sequence number `seq`
they were chosen at; a stale or repeated submission is refused with 409 and changes
nothing. Live play: the WebSocket `/api/tables/{id}/live` (see the project's
docs/server.md). Every error is JSON: `{"error": {"code": ..., "message": ...}}`.
"""


def create_app(
    settings: Settings, on_ready: Callable[[], None] | None = None, *, now: TimeSource = wall_clock
) -> FastAPI:
    """The application for these settings; the database is migrated when it starts, then ``on_ready`` runs.

    ``now`` is where the clocks of timed games read the time (tests move it by hand).
    """
    service = Services.create(settings, now)
    read_services(service.metrics, service)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        migrate(service.db.engine)
        await service.hub.start()
        await service.spectators.start()
        await service.presence.start()
        await service.bots.start(early=settings.start_bot_workers_early)
        await service.bots.resume_all()
        service.reviewer.start()
        await service.clocks.start()
        await service.tournament_watch.start()
        await service.pairing.start()
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            await service.tournament_watch.stop()
            await service.pairing.stop()
            await service.clocks.stop()
            await service.reviewer.stop()
            await service.bots.stop()
            await service.presence.stop()
            await service.spectators.stop()
            await service.hub.stop()
            service.db.dispose()

    app = MozaikaApp(title="Mozaika", version=mozaika.__version__, description=DESCRIPTION, lifespan=lifespan)
    app.state.services = service
    # Each API module's routes are complete where they are declared (address, tags, shared
    # dependencies, error responses), so the application takes them as they are.  Included as
    # routers, FastAPI would wrap them and analyse every route again for each application, on
    # its first requests, and `allowed_methods` would not see them.
    routers = (
        accounts,
        tables,
        departures,
        reviews,
        analysis,
        community,
        learn,
        live,
        pairing,
        tournaments,
        admin,
        ops,
    )
    for router in (module.router for module in routers):
        app.router.routes.extend(router.routes)
    app.add_middleware(WriteLimit, limiter=service.limiter)  # inside BodyLimit: a refused body is not counted
    app.add_middleware(BodyLimit, limit=settings.limits.request_bytes)
    app.add_middleware(SameOrigin, allowed=settings.allowed_origins)
    app.add_middleware(KnownHost, hosts=known_hosts(settings))
    app.add_middleware(SecurityHeaders)  # refusals carry the headers too
    app.add_middleware(RequestIds)  # the outermost: every answer and log line has the request's id
    mount_web_client(app)
    app.openapi = partial(_schema_with_live_events, app, app.router.routes)  # type: ignore[method-assign]

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        wait = getattr(error, "retry_after", None) if isinstance(error, TooManyRequestsError | BusyError) else None
        headers = {"Retry-After": str(wait)} if wait is not None else None
        return JSONResponse(error.body(), status_code=error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = [
            {"where": ".".join(str(part) for part in problem["loc"]), "problem": problem["msg"]}
            for problem in error.errors()
        ]
        first = problems[0] if problems else {"where": "request", "problem": "invalid"}
        body = {"code": "invalid_request", "message": f"{first['where']}: {first['problem']}", "details": problems}
        return JSONResponse({"error": body}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        if error.status_code == 400 and str(error.detail) == BODY_NOT_READ:
            # The body was not JSON that can be read (nested too deeply for the parser): as any bad body.
            message = "the body is not JSON that can be read (is it nested too deeply?)"
            return JSONResponse({"error": {"code": "invalid_request", "message": message}}, status_code=422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        headers = dict(getattr(error, "headers", None) or {})
        if error.status_code == 405:
            # Starlette names only the first route's methods; a path may have several routes.
            headers["Allow"] = ", ".join(allowed_methods(app, request.scope))
        return JSONResponse(
            {"error": {"code": code, "message": str(error.detail)}}, status_code=error.status_code, headers=headers
        )

    @app.exception_handler(Exception)
    async def unexpected(_request: Request, error: Exception) -> JSONResponse:
        if database_unavailable(error):  # a restart or failover of the database: nothing was changed
            log.warning("the database did not answer: %s", str(error).splitlines()[0] if str(error) else error)
            message = "the database is not answering (it may be restarting): nothing was changed; try again"
            body = {"error": {"code": "unavailable", "message": message, "details": {"retry_after": 2}}}
            return JSONResponse(body, status_code=503, headers={"Retry-After": "2"})
        log.exception("unexpected error", exc_info=error)
        return JSONResponse({"error": {"code": "internal", "message": "internal server error"}}, status_code=500)

    # Answered here rather than by the catch-all above, which Starlette also hands on as a crash.
    app.add_exception_handler(DBAPIError, unexpected)
    app.add_exception_handler(SQLAlchemyTimeoutError, unexpected)

    app.move_lane = MoveLane(app, settings.limits.request_bytes, api_error, unexpected)
    return app


class MozaikaApp(FastAPI):
    """FastAPI, with the move's lane in front (api/moveroute.py): every turn of every game sends a move."""

    move_lane: MoveLane | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.move_lane is not None and scope["type"] == "http" and scope["method"] == "POST":
            await self.move_lane(scope, receive, send, super().__call__)
        else:
            await super().__call__(scope, receive, send)


BODY_NOT_READ = "There was an error parsing the body"
"""FastAPI's words for a body its JSON parser gave up on (not a syntax error: those are 422 already)."""


def known_hosts(settings: Settings) -> set[str]:
    """The host names the server answers to: those of its public address, of the allowed origins,
    and the allowed hosts."""
    urls = (settings.public_url, *settings.allowed_origins)
    return {*(urlsplit(url).hostname or "" for url in urls), *settings.allowed_hosts} - {""}


def mount_web_client(app: FastAPI) -> None:
    """The browser client: its files under ``/static``, and its page at every address it shows."""
    app.mount("/static", StaticFiles(directory=web.STATIC), name="static")

    async def page() -> FileResponse:
        # The page is tiny and names its modules; it must not be cached past a new version.
        return FileResponse(web.PAGE, headers={"Cache-Control": "no-cache"})

    for path in web.PAGE_PATHS:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False, response_class=HTMLResponse)


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route takes at this request's path."""
    methods: set[str] = set()
    for route in app.router.routes:
        if isinstance(route, APIRoute) and route.matches(scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return sorted(methods)


def serve(
    settings: Settings,
    *,
    host: str,
    port: int,
    log_level: str = "info",
    open_url: str | None = None,
    **uvicorn_options: Any,
) -> None:
    """Run the server until interrupted; with ``open_url``, open it in a browser once the server listens."""
    import uvicorn

    def on_ready() -> None:
        _tune_garbage_collection()
        if open_url is not None:
            _open_browser(open_url)

    configure_logging(settings.log_format, log_level)
    raise_open_files_limit()
    app = create_app(settings, on_ready=on_ready)
    limits = settings.limits
    per_address = limits.connections_per_address or 1_000_000_000
    http, websocket = guarded_protocols(ConnectionGuard(per_address, limits.header_seconds, settings.trusted_proxies))
    uvicorn_options = {"http": http, "ws": websocket, **uvicorn_options}
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=None,  # the process's logging (configure_logging) writes uvicorn's lines too
        access_log=False,  # written by RequestIds, without query strings (an invite's token travels in one)
        timeout_graceful_shutdown=round(settings.shutdown_seconds),
        # Forwarding headers only from the proxies named: anyone else could claim any address
        # and go round every per-address limit.
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or None,
        ws_max_size=settings.limits.websocket_message_bytes * 4,
        # Events are a few kilobytes: compressing each for every watcher costs more CPU than it saves.
        ws_per_message_deflate=False,
        **uvicorn_options,
    )
    GracefulServer(config, app.state.services).run()


LIVE_EVENTS = (
    HelloEvent, StepEvent, TableEvent, TimeoutEvent, PresenceEvent, ChatEvent, ChatRemovedEvent, ReviewEvent,
    ErrorEvent, PongEvent, RestartingEvent, TournamentEvent, PairedEvent, PairingEvent,
)  # fmt: skip
"""What live connections send (``WS /api/tables/{id}/live``, ``/api/lobby/live``, ``/api/tournaments/{id}/live``)."""


def _schema_with_live_events(app: FastAPI, routes: list[BaseRoute]) -> dict[str, Any]:
    """The OpenAPI schema, with the WebSocket events among its components: no route answers with
    them, but clients read them (docs/server.md, Live play)."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=routes)
        _, found = models_json_schema(
            [(event, "serialization") for event in LIVE_EVENTS], ref_template="#/components/schemas/{model}"
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for name, definition in found.get("$defs", {}).items():
            components.setdefault(name, definition)
        app.openapi_schema = schema
    return app.openapi_schema


def _tune_garbage_collection() -> None:
    """For a process that serves and does nothing else, once it has started.

    Garbage collection pauses every live game.  What start-up created lives as long as
    the process: moved out of the collector's sight, it no longer lengthens each full
    collection.  The server's garbage is freed by reference counting, not the cycle
    collector, so collections can be rarer than Python's default.  (An application made
    with :func:`create_app` inside another program leaves that program's collector alone.)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 50)


def _open_browser(url: str) -> None:
    import threading
    import webbrowser

    # A browser can take a moment to start: not on the event loop.
    threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
