"""Every server process watches the clocks: when a table's are due, the first process to look hands
the timed-out seats to the bot, tells everyone, and sends the turn-based reminders."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool

from mozaika.server.errors import ApiError
from mozaika.server.periodic import repeat, stop
from mozaika.server.players.letters import turn_letter
from mozaika.server.players.mail import Letter, Mailer
from mozaika.server.tables import IdleTables, Outcome, Reminder, Timeouts

log = logging.getLogger("mozaika.server")


class ClockWatch:
    """Looks at the due tables every ``interval`` seconds (a look is one indexed query), and, every
    ``idle_interval`` seconds, for the tables every person has left (``tables.idle``)."""

    def __init__(
        self,
        timeouts: Timeouts,
        publish: Callable[[Outcome], Awaitable[Any]],
        interval: float,
        mailer: Mailer | None = None,
        public_url: str = "",
        *,
        idle: IdleTables | None = None,
        idle_interval: float = 60.0,
    ) -> None:
        self.timeouts = timeouts
        self.idle = idle
        self.idle_interval = idle_interval
        self._idle_look_at: float | None = None
        """When the next look for tables every person has left is due (the event loop's time)."""
        self.publish = publish
        self.interval = interval
        self.mailer = mailer
        self.public_url = public_url.rstrip("/")
        self._task: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        """Set to bring the next look forward; made with the task, in its event loop."""
        self._look_at: float | None = None
        """When the next look is planned (the event loop's time)."""

    async def start(self) -> None:
        self._wake, self._look_at = asyncio.Event(), None
        self._task = asyncio.create_task(repeat(self._look, self._until_next_look, "the clock watch"))

    async def stop(self) -> None:
        await stop(self._task)

    async def _look(self) -> None:
        await self.sweep()
        await self._look_for_idle_tables()

    async def _until_next_look(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wake is not None
        planned = loop.time() + self.interval
        # A look scheduled while the last one ran stands, if it comes sooner.
        if self._look_at is None or not loop.time() < self._look_at < planned:
            self._look_at = planned
        while (left := self._look_at - loop.time()) > 0:
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), left)

    def schedule(self, due: float) -> None:
        """A table's clocks fall due at ``due`` (on the tables' clock): look then, if that comes before
        the next look. A due already past is left to the next look."""
        delay = due - self.timeouts.now()
        if delay <= 0 or self._wake is None:
            return
        at = asyncio.get_running_loop().time() + delay
        if self._look_at is None or at < self._look_at:
            self._look_at = at
            self._wake.set()

    async def sweep(self) -> int:
        """Act on every table whose clocks are due now; returns how many changed."""
        changed = 0
        for table_id in await run_in_threadpool(self.timeouts.due_tables):
            try:
                found = await run_in_threadpool(self.timeouts.expire, table_id)
            except ApiError as error:  # the table went away meanwhile
                log.info("clocks of %s not checked: %s", table_id, error.message)
                continue
            if found.outcome.events:
                changed += 1
                await self.publish(found.outcome)
            for reminder in found.reminders:
                await self._remind(reminder)
        return changed

    async def _look_for_idle_tables(self) -> None:
        now = asyncio.get_running_loop().time()
        if self._idle_look_at is not None and now < self._idle_look_at:
            return
        self._idle_look_at = now + self.idle_interval
        await self.sweep_idle()

    async def sweep_idle(self) -> int:
        """End every table every person has left (their seats to the stand-ins); returns how many."""
        if self.idle is None:
            return 0
        ended = 0
        for table_id in await run_in_threadpool(self.idle.idle_tables):
            try:
                outcome = await run_in_threadpool(self.idle.end, table_id)
            except ApiError as error:  # the table went away meanwhile
                log.info("idle table %s not ended: %s", table_id, error.message)
                continue
            if outcome.events:
                ended += 1
                quiet = self.idle.settings.idle_table_seconds
                log.info("table %s left by everyone: no person had moved for %.0f s", table_id, quiet)
                await self.publish(outcome)
        return ended

    async def _remind(self, reminder: Reminder) -> None:
        if self.mailer is None:
            return
        try:
            await run_in_threadpool(self.mailer.send, self.letter(reminder))
        except Exception:  # a reminder is a courtesy: the game goes on without it
            log.exception("the reminder to %s about table %s was not sent", reminder.to, reminder.table_id)

    def letter(self, reminder: Reminder) -> Letter:
        left = max(0.0, reminder.deadline - self.timeouts.now())
        link = f"{self.public_url}/tables/{reminder.table_id}"
        return turn_letter(
            reminder.to,
            reminder.name,
            reminder.game,
            link,
            left,
            reminder.deadline,
            reminder.final,
            reminder.language,
        )
