"""A fixed number of slots taken in order of priority: bots' moves, then hints, then reviews.

Each worker runs one search at a time.  Work is handed to a lane's workers only when one
is free (:mod:`mozaika.server.bots.lanes`), and what waits goes in order of priority: in the
background lane, a waiting hint before a waiting review.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

BOT_MOVE, HINT, REVIEW = 0, 1, 2
"""Priorities: the lower goes first."""


class PriorityGate:
    def __init__(self, slots: int) -> None:
        self._free = slots
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @asynccontextmanager
    async def slot(self, priority: int) -> AsyncIterator[None]:
        await self._acquire(priority)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, priority: int) -> None:
        if self._free > 0 and not self._waiting:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # the slot was handed over just as the waiter gave up: pass it on
            else:
                self._waiting = [entry for entry in self._waiting if entry[2] is not turn]
                heapq.heapify(self._waiting)
            raise

    def _release(self) -> None:
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)  # the slot passes straight to the first waiter
                return
        self._free += 1

    @property
    def waiting(self) -> int:
        return len(self._waiting)
