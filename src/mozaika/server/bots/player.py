"""Bots at the tables: their moves are searched in worker processes, never on the event loop.

What the workers run is in :mod:`mozaika.server.bots.work`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from starlette.concurrency import run_in_threadpool

from mozaika.bots.base import Budget
from mozaika.bots.review import REVIEW_BOT
from mozaika.server.bots.lanes import BACKGROUND_NICENESS, Lane
from mozaika.server.bots.leases import SWEEP_SECONDS, BotLeases
from mozaika.server.bots.priority import BOT_MOVE, HINT, REVIEW
from mozaika.server.bots.work import analyse_position, choose_move, review_move
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.errors import ApiError
from mozaika.server.metrics import Metrics
from mozaika.server.tables import BotTurn, Moves, Outcome

log = logging.getLogger("mozaika.server")


class BotPlayer:
    """Plays the bot seats of every table that waits for one, one task per table."""

    def __init__(
        self,
        moves: Moves,
        publish: Callable[[Outcome], Awaitable[Any]],
        workers: int,
        leases: BotLeases,
        background_workers: int = 1,
        metrics: Metrics | None = None,
        *,
        stand_in_pace: float = 0.0,
        now: TimeSource = wall_clock,
    ) -> None:
        self.table_moves = moves
        """Where the bots' moves are played (and where they learn whose turn it is)."""
        self.publish = publish
        self.workers = workers
        self.leases = leases
        self.metrics = metrics if metrics is not None else Metrics()
        self.stand_in_pace = stand_in_pace
        """Seconds a stand-in's move comes after the move before, while people play on (``BotTurn.paced``)."""
        self.now = now
        """The tables' clock, which the pace is counted on."""
        self.pacing: dict[str, float] = {}
        """The tables whose stand-in waits to move at a person's pace, and until when (on the tables' clock)."""
        self._time_moved = asyncio.Event()
        """Set when the tables' clock moved by other means than time passing (a test's clock, by hand)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.moves = Lane("moves", workers)
        """The bots' moves, each lane with processes of its own (:mod:`mozaika.server.bots.lanes`)."""
        self.background = Lane("background", background_workers, BACKGROUND_NICENESS)
        """Hints, the analysis board and reviews."""
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._poked: set[str] = set()
        self._known: dict[str, list[BotTurn]] = {}
        self._hints = 0
        self._idle = asyncio.Event()
        """Set while no table waits for its bots and no hint is being searched: background work may run."""
        self._idle.set()

    async def start(self, *, early: bool = True) -> None:
        """Make the worker pools; ``early`` starts their processes now rather than at the first need.

        Starting a worker blocks for a moment, which is better done before any game.
        """
        for lane in (self.moves, self.background):
            lane.open()
        if early:
            await asyncio.gather(self.moves.warm_up(), self.background.warm_up())

    async def stop(self) -> None:
        """Stop playing (a move being written finishes first) and give back this process's bot leases,
        so that the other processes take its tables over at once."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        for lane in (self.moves, self.background):
            await asyncio.to_thread(partial(lane.close, wait=True))
        try:
            released = await run_in_threadpool(self.leases.release_all)
        except Exception:
            log.exception("could not give back the bot leases: they run out by themselves")
        else:
            if released:
                log.info("gave back the bot leases of %d tables", released)

    @property
    def tables_waiting(self) -> int:
        """Tables of this process waiting for a bot's move."""
        return len(self._tasks)

    def hints_running(self) -> int:
        return self._hints

    @property
    def workers_up(self) -> bool:
        return self.moves.up and self.background.up

    def poke(self, table_id: str, turns: list[BotTurn] | None = None) -> None:
        """Make sure a task plays the table's bot seats, if any must move (``turns``, when known)."""
        self._poked.add(table_id)
        if turns:
            self._known[table_id] = turns
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.create_task(self._drive(table_id))
        self._idle.clear()

    def _check_idle(self) -> None:
        # A stand-in waiting for its pace searches nothing meanwhile: reviews may run.
        if not self._hints and all(table_id in self.pacing for table_id in self._tasks):
            self._idle.set()

    async def resume_all(self) -> None:
        """From the start on: every table whose bots no live process plays gets a task here
        (after a restart, or when the process that played them died)."""
        await self._pick_up()
        self._sweeper = asyncio.create_task(self._sweep())

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self._pick_up()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for tables waiting on a bot failed; looking again soon")

    async def _pick_up(self) -> None:
        for table_id in await run_in_threadpool(self.leases.unplayed):
            task = self._tasks.get(table_id)
            if task is None or task.done():
                self.poke(table_id)

    async def _drive(self, table_id: str) -> None:
        leased = True
        try:
            leased = await self._play_bots(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of table %s stopped", table_id)
        finally:
            if self._tasks.get(table_id) is asyncio.current_task():
                del self._tasks[table_id]
                self._known.pop(table_id, None)
            self._check_idle()
        if leased:
            with contextlib.suppress(Exception):  # else the lease runs out by itself
                await run_in_threadpool(self.leases.release, table_id)

    async def _play_bots(self, table_id: str) -> bool:
        """Plays the table's bot seats while one must move; whether this process took the table's lease."""
        leased = False
        while True:
            self._poked.discard(table_id)
            turns = self._known.pop(table_id, None) or await run_in_threadpool(self.table_moves.bot_turns, table_id)
            if not turns:
                if table_id in self._poked:  # a move came in while this task was looking
                    continue
                return leased
            if not await run_in_threadpool(self.leases.take, table_id):
                return leased  # another live process plays this table's bots
            leased = True
            turn = turns[0]  # the others are asked again at the next sequence number
            # Counted from now, just after the move before: the search takes part of the pace.
            not_before = self.now() + self.stand_in_pace if turn.paced else None
            searching = time.perf_counter()
            move = await self._choose(turn.position, turn.seat, turn.level, turn.seed)
            self.metrics.bot_search_seconds.labels(turn.level).observe(time.perf_counter() - searching)
            if not_before is not None:
                await self._at_pace(table_id, not_before)
                # Its person may have taken the seat back meanwhile: then the move below is refused.
                if not await run_in_threadpool(self.leases.take, table_id):
                    return leased
            playing = time.perf_counter()
            try:
                outcome = await run_in_threadpool(self.table_moves.play_bot, turn, move)
            except ApiError as error:  # the table moved on meanwhile (an undo, an abandon): look again
                log.info("bot move %s at %s not played: %s", move, table_id, error.message)
                continue
            self.metrics.played("bot", time.perf_counter() - playing)
            await self.publish(outcome)
            if outcome.bot_turns:
                self._known[table_id] = outcome.bot_turns
            elif table_id not in self._poked:
                return leased  # the move says no bot is next, and nothing has happened since

    async def _at_pace(self, table_id: str, moment: float) -> None:
        """Wait until ``moment`` on the tables' clock, without holding up the event loop or other tables."""
        self.pacing[table_id] = moment
        self._check_idle()
        try:
            while (left := moment - self.now()) > 0:
                moved = self._time_moved
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(moved.wait(), left)
        finally:
            self.pacing.pop(table_id, None)
            self._idle.clear()  # the table's bots play on; when they are done, the task's end says so

    def time_moved(self) -> None:
        """The tables' clock jumped on (a test's clock, moved by hand): the stand-ins whose pace is up move now."""
        moved, self._time_moved = self._time_moved, asyncio.Event()
        moved.set()

    async def analyse(self, position: str, seat: int, bot: str, seconds: float, top: int = 5) -> list[dict[str, Any]]:
        """A hint: the best moves for ``seat`` in a position, searched in a worker like a bot's move."""
        self._hints += 1
        self._idle.clear()
        try:
            found: list[dict[str, Any]] = await self._in_worker(
                HINT, analyse_position, position, seat, bot, seconds, top
            )
        finally:
            self._hints -= 1
            self._check_idle()
        return found

    async def review_decision(
        self, position: str, played: str, seat: int, budget: Budget, seed: int, bot: str = REVIEW_BOT
    ) -> dict[str, Any]:
        """Background work: one decision of a game review, in a worker, once no bot move or hint is waiting.

        Live play goes first: this waits while any table waits for its bots, and runs in
        the background lane, behind any hint; a bot's move never waits for it.
        """
        await self._idle.wait()
        reviewed: dict[str, Any] = await self._in_worker(
            REVIEW, review_move, position, played, seat, budget.iterations, budget.seconds, seed, bot
        )
        return reviewed

    async def _choose(self, position: str, seat: int, level: str, seed: int) -> str:
        move: str = await self._in_worker(BOT_MOVE, choose_move, position, seat, level, seed)
        return move

    async def _in_worker(self, priority: int, function: Callable[..., Any], *arguments: Any) -> Any:
        """Run in a worker: a bot's move in the moves lane, anything else in the background lane."""
        lane = self.moves if priority == BOT_MOVE else self.background
        return await lane.run(priority, function, *arguments)
