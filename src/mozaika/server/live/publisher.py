"""After a change has committed: what the rest of the server must learn of it, for changes made
by people, bots and the clocks alike.

The publisher broadcasts a change's events to its watchers, wakes the table's bots when one
must move, tells the clock watch when the table's clocks next fall due, and queues the
review of a game the change ended. None of it depends on Redis being up: the change is
committed, so it is acknowledged.
"""

from __future__ import annotations

from typing import Any, Protocol

from mozaika.server.live.hub import Hub
from mozaika.server.tables import BotTurn, Outcome


class BotWaker(Protocol):
    def poke(self, table_id: str, turns: list[BotTurn] | None = None) -> None: ...


class ClockScheduler(Protocol):
    def schedule(self, due: float) -> None: ...


class ReviewQueue(Protocol):
    async def after_events(self, events: list[dict[str, Any]]) -> None: ...


class GameEndings(Protocol):
    async def after_events(self, events: list[dict[str, Any]]) -> None: ...


class Publisher:
    """Runs the work that follows every committed change (:meth:`publish`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._bots: BotWaker | None = None
        self._clocks: ClockScheduler | None = None
        self._reviews: ReviewQueue | None = None
        self._endings: list[GameEndings] = []

    def connect(self, *, bots: BotWaker, clocks: ClockScheduler, reviews: ReviewQueue) -> None:
        """The services the publisher sets going; they publish through it in turn, so they are made after it."""
        self._bots, self._clocks, self._reviews = bots, clocks, reviews

    def follow_endings(self, endings: GameEndings) -> None:
        """Also hand every change's events to ``endings`` (tournaments move on when their tables end)."""
        self._endings.append(endings)

    async def publish(self, outcome: Outcome) -> dict[str, Any]:
        """Set going what a committed change calls for; the data for its caller."""
        if outcome.bot_turns and self._bots is not None:
            self._bots.poke(outcome.bot_turns[0].table_id, outcome.bot_turns)
        if outcome.clock_due is not None and self._clocks is not None:
            self._clocks.schedule(outcome.clock_due)
        await self.hub.publish(outcome.events)
        if self._reviews is not None:
            await self._reviews.after_events(outcome.events)
        for endings in self._endings:
            await endings.after_events(outcome.events)
        return outcome.data
