"""``/healthz``, ``/readyz`` and ``/metrics``: cheap, unauthenticated (the metrics only to loopback, a
configured address or a token), and outside ``/api``: they are for machines, not for players."""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

import mozaika
from mozaika.server.answers.ops import Health, Readiness
from mozaika.server.api.identity import services
from mozaika.server.errors import ForbiddenError
from mozaika.server.metrics import CONTENT_TYPE
from mozaika.server.middleware import client_address
from mozaika.server.ops.health import is_ready, readiness
from mozaika.server.settings import Settings

router = APIRouter(tags=["operations"])


@router.get("/healthz", response_model=Health, summary="The process answers")
async def healthz() -> dict[str, Any]:
    return {"status": "ok"}


@router.get(
    "/readyz",
    response_model=Readiness,
    summary="The database, Redis (when configured) and the bot workers answer; 503 otherwise",
    responses={503: {"model": Readiness, "description": "Not ready: a check fails or the server is stopping."}},
)
async def readyz(request: Request) -> Any:
    service = services(request)
    checks = await readiness(service)
    ready = is_ready(checks)
    answer: dict[str, Any] = {
        "status": "ready" if ready else "not ready",
        "checks": checks,
        "rate_limits": service.limiter.storage,
    }
    if may_read_metrics(service.settings, client_address(request), request.headers.get("authorization", "")):
        answer["version"] = mozaika.__version__
    body = Readiness.model_validate(answer)
    return JSONResponse(
        body.model_dump(exclude_none=True), status_code=200 if ready else 503, headers={"Cache-Control": "no-store"}
    )


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    service = services(request)
    if not may_read_metrics(service.settings, client_address(request), request.headers.get("authorization", "")):
        raise ForbiddenError(
            "the metrics are served to loopback, to the addresses of --metrics-ip and to the metrics token's bearer"
        )
    body = await run_in_threadpool(service.metrics.exposition)
    return Response(body, media_type=CONTENT_TYPE, headers={"Cache-Control": "no-store"})


def may_read_metrics(settings: Settings, address: str, authorization: str) -> bool:
    """Loopback, an address of ``settings.metrics_from``, or the bearer of ``settings.metrics_token``."""
    token = authorization[7:].strip() if authorization.lower().startswith("bearer ") else ""
    if settings.metrics_token and token and hmac.compare_digest(token.encode(), settings.metrics_token.encode()):
        return True
    try:
        client = ipaddress.ip_address(address)
    except ValueError:
        return False
    if client.is_loopback:
        return True
    return any(client in ipaddress.ip_network(network, strict=False) for network in settings.metrics_from)
