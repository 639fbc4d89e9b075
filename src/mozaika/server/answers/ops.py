"""The answers of the operations endpoints: ``/healthz`` and ``/readyz``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mozaika.server.answers.common import Answer

CheckState = Literal["ok", "failing", "not configured", "shutting down"]


class Health(Answer):
    """The process answers (it says nothing of the database: that is ``/readyz``)."""

    status: Literal["ok"]


class ServiceChecks(Answer):
    server: CheckState = Field(description="`shutting down` once the process was told to stop (SIGTERM).")
    database: CheckState
    redis: CheckState = Field(description="`not configured` when the server runs without Redis.")
    bot_workers: CheckState


class Readiness(Answer):
    """Whether the process may be sent players: 200 when every check is ok, else 503."""

    status: Literal["ready", "not ready"]
    checks: ServiceChecks
    rate_limits: Literal["redis", "memory", "memory while redis fails", "off"] = Field(
        description="Where the rate limits are counted now: `memory while redis fails` when Redis cannot be"
        " reached (each process counts its own requests meanwhile); `off` only for load tests."
    )
    version: str | None = Field(
        default=None,
        description="Mozaika's version: only to loopback, the `--metrics-ip` networks and the metrics token's"
        " bearer (a version tells an attacker which weaknesses to try).",
    )
