"""Every server process watches the tournaments: it starts those due at ``starts_at`` and moves on those
whose round's last table ended.

The process that ends a round's last game (a move, a bot's, a clock's timeout, an administrator's
close) hears of it from the publisher and moves the tournament on at once; the periodic look is
the net for a process that died before it could. Moving on is a compare-and-set, so that when
several processes look at once, the first acts and the others find nothing left to do.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.concurrency import run_in_threadpool

from mozaika.server.errors import ApiError
from mozaika.server.live.hub import Hub
from mozaika.server.live.publisher import Publisher
from mozaika.server.periodic import repeat, stop
from mozaika.server.players.mail import Mailer
from mozaika.server.tables import CANCELLED, FINISHED
from mozaika.server.tournaments.service import Progress, Tournaments

log = logging.getLogger("mozaika.server")


def channel(tournament_id: str) -> str:
    """A tournament's live channel (table ids never hold a colon)."""
    return f"tournament:{tournament_id}"


class TournamentWatch:
    """Looks every ``interval`` seconds, and after every game that ends."""

    def __init__(
        self, tournaments: Tournaments, publisher: Publisher, hub: Hub, interval: float, mailer: Mailer | None
    ) -> None:
        self.tournaments = tournaments
        self.publisher = publisher
        self.hub = hub
        self.interval = interval
        self.mailer = mailer
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(repeat(self.sweep, self.interval, "the tournament watch"))

    async def stop(self) -> None:
        await stop(self._task)

    async def sweep(self) -> int:
        """Start the tournaments due and move on those whose round is over; returns how many changed."""
        changed = 0
        for tournament_id in await run_in_threadpool(self.tournaments.due_starts):
            changed += await self._try(self.tournaments.start_due, tournament_id)
        for tournament_id in await run_in_threadpool(self.tournaments.rounds_over):
            changed += await self._try(self.tournaments.advance, tournament_id)
        return changed

    async def after_events(self, events: list[dict[str, Any]]) -> None:
        """The publisher's call after every change: a tournament's table that ended may end its round."""
        ended = [
            event["table"]
            for event in events
            if (event.get("type") == "step" and event.get("status") == FINISHED)
            or (event.get("type") == "table" and event["summary"].get("status") == CANCELLED)
        ]
        if not ended:
            return
        try:
            found = await run_in_threadpool(self.tournaments.of_tables, ended)
        except Exception:
            log.exception("the tournaments of tables %s could not be read", ended)
            return
        for tournament_id in found:
            if not await self._try(self.tournaments.advance, tournament_id):
                # The round goes on: its pages show the table's result.
                event = await run_in_threadpool(self.tournaments.event_of, tournament_id)
                await self.hub.publish_to(channel(tournament_id), [event])

    async def _try(self, change: Any, tournament_id: str) -> int:
        try:
            progress: Progress | None = await run_in_threadpool(change, tournament_id)
        except ApiError as error:
            log.info("tournament %s not moved on: %s", tournament_id, error.message)
            return 0
        except Exception:
            log.exception("tournament %s could not be moved on", tournament_id)
            return 0
        if progress is None:
            return 0
        await self.publish(progress)
        return 1

    async def publish(self, progress: Progress) -> None:
        """After the commit: each new table's first position kept and its events sent, then the tournament's."""
        for arranged in progress.arranged:
            arranged.remember()
            await self.publisher.publish(arranged.outcome())
        await self.hub.publish_to(channel(progress.tournament_id), [progress.event])
        if self.mailer is not None:
            for letter in progress.letters:
                await run_in_threadpool(self.mailer.post, letter)
