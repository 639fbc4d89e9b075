"""Is the process up, and may it be sent players: the checks behind ``/healthz`` and ``/readyz``."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Literal

from sqlalchemy import text
from starlette.concurrency import run_in_threadpool

if TYPE_CHECKING:
    from mozaika.server.services import Services

CHECK_SECONDS = 2.0
"""The longest a readiness check waits for one service: a load balancer asks often."""

CheckResult = Literal["ok", "failing", "not configured", "shutting down"]


def _database_answers(service: Services) -> None:
    with service.db.looking_up() as connection:
        connection.execute(text("SELECT 1"))


async def readiness(service: Services) -> dict[str, CheckResult]:
    """Each service the process needs, and whether it answers: the database, Redis (when configured)
    and the bot workers; ``server`` is ``shutting down`` once a SIGTERM came."""
    checks: dict[str, CheckResult] = {"server": "shutting down" if service.draining else "ok"}
    try:
        await asyncio.wait_for(run_in_threadpool(_database_answers, service), CHECK_SECONDS)
        checks["database"] = "ok"
    except Exception:
        checks["database"] = "failing"
    if service.settings.redis_url is None:
        checks["redis"] = "not configured"
    else:
        checks["redis"] = "ok" if await service.hub.reachable(CHECK_SECONDS) else "failing"
    checks["bot_workers"] = "ok" if service.bots.workers_up else "failing"
    return checks


def is_ready(checks: dict[str, CheckResult]) -> bool:
    return all(result in ("ok", "not configured") for result in checks.values())
