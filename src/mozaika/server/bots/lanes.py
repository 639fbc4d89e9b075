"""Worker processes in two lanes: the bots' moves, and the searches that can wait (hints, the
analysis board, reviews).

A bot's move never waits behind a hint or a review: each lane has processes of its own,
and the background lane's run at a lower CPU priority (``nice``), so that while both
search, the operating system gives the bots' moves the cores first.  Within a lane,
work waits in order of priority (:mod:`mozaika.server.bots.priority`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from mozaika.server.bots.priority import PriorityGate
from mozaika.server.bots.work import exit_with_server, ready

log = logging.getLogger("mozaika.server")

BACKGROUND_NICENESS = 10
"""How much lower the background lane's CPU priority is (Unix ``nice``)."""


WORKER_MODULES = ["mozaika.server.bots.work"]
"""What a fork server imports once for all the workers it starts (the bots and the games)."""


def worker_context() -> multiprocessing.context.BaseContext:
    """How workers start: forked from a fork server where the platform has one, else spawned.

    A fork server is a fresh interpreter that imports the bots and the games once; each worker
    is a fork of it, ready at once, instead of a new interpreter importing them again (a pool
    that lost a worker is replaced in a moment).  Neither way inherits the server's threads,
    sockets or database connections.
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(WORKER_MODULES)
        return context
    return multiprocessing.get_context("spawn")


def start_worker(server: int, niceness: int) -> None:
    """In a new worker process: exit with the server, and take the lane's CPU priority."""
    exit_with_server(server)
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)


class Lane:
    """A pool of worker processes and the order in which work waits for them."""

    def __init__(self, name: str, workers: int, niceness: int = 0) -> None:
        self.name = name
        self.workers = workers
        self.niceness = niceness
        self.free = PriorityGate(workers)
        self._pool: ProcessPoolExecutor | None = None

    def open(self) -> None:
        self._pool = self._new_pool()

    async def warm_up(self) -> None:
        """Start the processes now (a start blocks for a moment: better before any game)."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, ready) for _ in range(self.workers)))

    @property
    def waiting(self) -> int:
        """Work waiting for a free worker of the lane."""
        return self.free.waiting

    @property
    def up(self) -> bool:
        """Whether the lane's pool is open and none of its processes died unreplaced."""
        return self._pool is not None and not getattr(self._pool, "_broken", False)

    def close(self, *, wait: bool = False) -> None:
        """Stop the lane's processes: work not started is dropped; with ``wait``, the work under way
        ends first and the processes are joined (a graceful stop leaves nothing behind)."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)

    async def run(self, priority: int, function: Callable[..., Any], *arguments: Any) -> Any:
        """Run in a worker of the lane once one is free for this priority."""
        loop = asyncio.get_running_loop()
        async with self.free.slot(priority):
            for attempt in (1, 2):
                assert self._pool is not None, "open() the lane first"
                try:
                    return await loop.run_in_executor(self._pool, function, *arguments)
                except BrokenProcessPool:
                    if attempt == 2:
                        raise
                    log.warning("a worker of the %s lane died; starting a new pool", self.name)
                    self._pool = self._new_pool()
        raise AssertionError("unreachable")

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers, mp_context=worker_context(), initializer=start_worker, initargs=(os.getpid(), self.niceness)
        )
