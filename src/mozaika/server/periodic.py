"""Work a server process does again and again for as long as it runs: the heartbeats that tell Redis
who is connected here, and the watches that look for what has fallen due (clocks, tables everyone
left, tournaments' rounds, presence).

A turn that fails is logged and the work goes on at its next turn: one bad turn (a database that
did not answer, a Redis away) never ends the loop that the next turn needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("mozaika.server")

Pause = float | Callable[[], Awaitable[None]]
"""Seconds to sleep between turns, or what to await between them (a wait that something may cut short)."""


async def repeat(turn: Callable[[], Awaitable[object]], pause: Pause, what: str, *, expected: bool = False) -> None:
    """Run ``turn``, then ``pause``, until cancelled. A failed turn is logged with its traceback, or in a
    line when failures are ``expected`` (Redis away: the log says what, not where)."""
    while True:
        try:
            await turn()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if expected:
                log.warning("%s failed (%s); trying again", what, error)
            else:
                log.exception("%s failed; it looks again shortly", what)
        if callable(pause):
            await pause()
        else:
            await asyncio.sleep(pause)


async def woken_or_after(wake: asyncio.Event, seconds: float) -> None:
    """Wait until ``wake`` is set, or ``seconds`` have passed, whichever comes first."""
    wake.clear()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(wake.wait(), seconds)


async def stop(*tasks: asyncio.Task[None] | None) -> None:
    """Cancel the tasks and wait until each has ended."""
    running = [task for task in tasks if task is not None]
    for task in running:
        task.cancel()
    for task in running:
        with contextlib.suppress(asyncio.CancelledError):
            await task
