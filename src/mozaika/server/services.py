"""The server's services, created once per process and shared by every handler."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mozaika.server.accounts import Accounts
from mozaika.server.analysis import Analysis
from mozaika.server.botplay import BotPlayer
from mozaika.server.database import Database
from mozaika.server.live import Hub
from mozaika.server.reviews import ReviewRunner, Reviews
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
    reviews: Reviews
    reviewer: ReviewRunner
    analysis: Analysis

    @classmethod
    def create(cls, settings: Settings) -> Services:
        db = Database(settings.database_url)
        tables = Tables(db, settings)
        hub = Hub(settings.redis_url)
        reviews = Reviews(db, tables)
        reviewer: list[ReviewRunner] = []

        async def publish(events: list[dict[str, Any]]) -> None:
            # Every change goes out through here, the bots' moves too: a game that ends is reviewed.
            await hub.publish(events)
            await reviewer[0].after_events(events)

        bots = BotPlayer(tables, publish, settings.bot_workers)
        reviewer.append(ReviewRunner(reviews, bots, hub.publish, settings))
        return cls(
            settings=settings,
            db=db,
            accounts=Accounts(db, settings.limits),
            tables=tables,
            hub=hub,
            bots=bots,
            reviews=reviews,
            reviewer=reviewer[0],
            analysis=Analysis(tables, bots, settings),
        )

    async def announce(self, outcome: Outcome) -> dict[str, Any]:
        """Broadcast a committed change, wake the bots of its table, and give back the caller's data."""
        await self.bots.publish(outcome.events)
        if outcome.bot_turns:
            self.bots.poke(outcome.events[0]["table"], outcome.bot_turns)
        return outcome.data
