"""Sign-ins and registrations, which hash a password, in their own small pool of threads.

Argon2 is slow on purpose; a flood of sign-ins, each within every rate limit (many
accounts, many addresses), must not take the threads and cores that every other request
needs.  At most :data:`~mozaika.server.players.credentials.HASHES_AT_ONCE` run at once, in
threads of their own, and :data:`~mozaika.server.players.credentials.HASHES_WAITING` more wait;
past that a sign-in is answered 503 with ``Retry-After`` at once.  On Linux, where each
thread has a CPU priority of its own, the hashing threads run at a lower one (``nice``),
so that on a busy machine the event loop (every move, every page) gets the cores first.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from mozaika.server.errors import BusyError
from mozaika.server.players.credentials import HASHES_AT_ONCE, HASHES_WAITING

T = TypeVar("T")

HASHING_NICENESS = 10
"""How much lower the hashing threads' CPU priority is than the server's (Unix ``nice``)."""


def lower_this_threads_priority(niceness: int) -> None:
    """Lower the calling thread's CPU priority by ``niceness``, where threads have priorities of their own."""
    if sys.platform != "linux":
        return  # elsewhere a priority belongs to the whole process, the event loop's thread included
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):  # a container may forbid it: hash at the usual priority
        os.setpriority(os.PRIO_PROCESS, thread, os.getpriority(os.PRIO_PROCESS, thread) + niceness)


class PasswordChecks:
    """Runs work that hashes a password: a bounded number at once, a bounded number waiting."""

    def __init__(self, at_once: int = HASHES_AT_ONCE, waiting: int = HASHES_WAITING) -> None:
        self.at_once = at_once
        self.capacity = at_once + waiting
        self.admitted = 0
        """Running or waiting now (counted on the event loop: no lock needed)."""
        self._threads = ThreadPoolExecutor(
            max_workers=at_once,
            thread_name_prefix="mozaika-password",
            initializer=lower_this_threads_priority,
            initargs=(HASHING_NICENESS,),
        )

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        if self.admitted >= self.capacity:
            raise BusyError("the server is checking as many passwords as it can: try again in a moment", retry_after=1)
        self.admitted += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, partial(work, *args))
        finally:
            self.admitted -= 1
