"""The server's services, created once per process and shared by every handler."""

from __future__ import annotations

import os
import socket
import uuid
from dataclasses import dataclass, field
from typing import Any

from mozaika.server.accounts import Accounts
from mozaika.server.analysis import Analysis
from mozaika.server.botplay import BotPlayer
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.clockwatch import ClockWatch
from mozaika.server.database import Database
from mozaika.server.emails import EmailSettings
from mozaika.server.hints import Hints
from mozaika.server.leases import BotLeases
from mozaika.server.live import Hub
from mozaika.server.mail import Mailer
from mozaika.server.passwords import PasswordChecks
from mozaika.server.ratelimit import RateLimiter
from mozaika.server.reviews import ReviewRunner, Reviews
from mozaika.server.settings import Settings
from mozaika.server.tables import Outcome, Tables


@dataclass
class Services:
    settings: Settings
    db: Database
    accounts: Accounts
    emails: EmailSettings
    tables: Tables
    hub: Hub
    bots: BotPlayer
    reviews: Reviews
    reviewer: ReviewRunner
    analysis: Analysis
    limiter: RateLimiter
    hints: Hints
    password_checks: PasswordChecks = field(default_factory=PasswordChecks)
    """Sign-ins and registrations run here, in threads of their own, never in the pool every
    other request needs; past its bound they are answered 503 at once."""
    mailer: Mailer | None = None
    clocks: ClockWatch = field(init=False)

    def __post_init__(self) -> None:
        settings = self.settings
        self.clocks = ClockWatch(
            self.tables, self.announce, settings.clock_check_seconds, self.mailer, settings.public_url
        )

    @classmethod
    def create(cls, settings: Settings, now: TimeSource = wall_clock) -> Services:
        """The services of one process; ``now`` is where the clocks read the time."""
        db = Database(settings.database_url)
        tables = Tables(db, settings, now)
        hub = Hub(settings.redis_url)
        reviews = Reviews(db, tables)
        reviewer: list[ReviewRunner] = []

        async def publish(events: list[dict[str, Any]]) -> None:
            # Every change goes out through here, the bots' moves too: a game that ends is reviewed.
            await hub.publish(events)
            await reviewer[0].after_events(events)

        leases = BotLeases(
            db, f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}", settings.bot_lease_seconds
        )
        bots = BotPlayer(tables, publish, settings.bot_workers, leases, settings.background_workers)
        reviewer.append(ReviewRunner(reviews, bots, hub.publish, settings))
        hints = Hints(bots, settings)
        return cls(
            settings=settings,
            db=db,
            accounts=Accounts(db, settings.limits, settings.session_idle_days),
            emails=EmailSettings(db, settings.limits, now),
            tables=tables,
            hub=hub,
            bots=bots,
            reviews=reviews,
            reviewer=reviewer[0],
            analysis=Analysis(tables, hints, settings),
            limiter=RateLimiter(settings.rate_limits, settings.redis_url, namespace=settings.database_url),
            hints=hints,
            mailer=Mailer.from_url(settings.smtp_url) if settings.smtp_url else None,
        )

    async def announce(self, outcome: Outcome) -> dict[str, Any]:
        """Wake the bots of a committed change's table, broadcast it, and give back the caller's data.

        Neither depends on Redis being up: the change is committed, so it is acknowledged.
        The broadcast goes through the bots' publisher, which also queues the review of a
        game that this change ended.
        """
        if outcome.bot_turns:
            self.bots.poke(outcome.events[0]["table"], outcome.bot_turns)
        await self.bots.publish(outcome.events)
        return outcome.data
