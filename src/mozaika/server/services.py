"""The server's services, created once per process and shared by every handler."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mozaika.server.accounts import Accounts
from mozaika.server.botplay import BotPlayer
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.clockwatch import ClockWatch
from mozaika.server.database import Database
from mozaika.server.live import Hub
from mozaika.server.mail import Mailer
from mozaika.server.settings import Settings
from mozaika.server.tables import Outcome, Tables


@dataclass
class Services:
    settings: Settings
    db: Database
    accounts: Accounts
    tables: Tables
    hub: Hub
    bots: BotPlayer
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
        return cls(
            settings=settings,
            db=db,
            accounts=Accounts(db, settings.limits),
            tables=tables,
            hub=hub,
            bots=BotPlayer(tables, hub.publish, settings.bot_workers),
            mailer=Mailer.from_url(settings.smtp_url) if settings.smtp_url else None,
        )

    async def announce(self, outcome: Outcome) -> dict[str, Any]:
        """Broadcast a committed change, wake the bots of its table, and give back the caller's data."""
        await self.hub.publish(outcome.events)
        if outcome.bot_turns:
            self.bots.poke(outcome.events[0]["table"], outcome.bot_turns)
        return outcome.data
