"""What the metrics read of a running server at every scrape: its live connections, tables,
queues and database pool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import func, select

from mozaika.server.metrics import Metrics
from mozaika.server.storage.models import GameReview, GameTable
from mozaika.server.tables.shapes import STATUSES

if TYPE_CHECKING:
    from mozaika.server.services import Services


def read_services(metrics: Metrics, service: Services) -> None:
    """Register the gauges of ``service`` in ``metrics``."""
    db, bots, hub = service.db, service.bots, service.hub

    def tables_by_status() -> list[tuple[tuple[str, ...], float]]:
        with db.looking_up() as connection:
            counts = dict(connection.execute(select(GameTable.status, func.count()).group_by(GameTable.status)).all())
        return [((status,), float(counts.get(status, 0))) for status in STATUSES]

    def reviews_waiting() -> list[tuple[tuple[str, ...], float]]:
        with db.looking_up() as connection:
            counts = dict(
                connection.execute(
                    select(GameReview.status, func.count())
                    .where(GameReview.status.in_(("queued", "running")))
                    .group_by(GameReview.status)
                ).all()
            )
        return [((status,), float(counts.get(status, 0))) for status in ("queued", "running")]

    def pool(kind: str) -> float:
        found = getattr(db.engine.pool, kind, None)
        return float(found()) if callable(found) else 0.0

    metrics.single("mozaika_websockets_open", "Live connections open to this process (tables and lobby).", hub.watchers)
    metrics.gauge("mozaika_tables", "Tables in the database, by status.", tables_by_status, ("status",))
    metrics.single(
        "mozaika_bot_tables_waiting", "Tables of this process waiting for a bot's move.", lambda: bots.tables_waiting
    )
    metrics.single(
        "mozaika_bot_queue_depth", "Bot moves waiting for a free worker of the moves lane.", lambda: bots.moves.waiting
    )
    metrics.single(
        "mozaika_background_queue_depth",
        "Hints, analysis-board searches and review decisions waiting for a background worker.",
        lambda: bots.background.waiting,
    )
    metrics.single("mozaika_hints_searching", "Hint and analysis searches under way here.", bots.hints_running)
    metrics.gauge("mozaika_reviews", "Game reviews not done yet, by status.", reviews_waiting, ("status",))
    metrics.single(
        "mozaika_password_checks",
        "Sign-ins and registrations hashing a password or waiting to (503 past the capacity).",
        lambda: service.password_checks.admitted,
    )
    metrics.single(
        "mozaika_password_check_capacity",
        "How many password checks may run or wait at once.",
        lambda: service.password_checks.capacity,
    )
    metrics.single("mozaika_db_pool_checked_out", "Database connections in use.", lambda: pool("checkedout"))
    metrics.single("mozaika_db_pool_size", "Database connections the pool keeps.", lambda: pool("size"))
    metrics.single("mozaika_redis_outbox", "Events waiting to be published to Redis.", hub.outbox_length)
