"""Sign-ins and registrations, which hash a password, in their own small pool of threads.

Argon2 is slow on purpose; a flood of sign-ins, each within every rate limit (many
accounts, many addresses), must not take the threads and cores that every other request
needs.  At most :data:`~mozaika.server.credentials.HASHES_AT_ONCE` run at once, in
threads of their own, and :data:`~mozaika.server.credentials.HASHES_WAITING` more wait;
past that a sign-in is answered 503 with ``Retry-After`` at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from mozaika.server.credentials import HASHES_AT_ONCE, HASHES_WAITING
from mozaika.server.errors import BusyError

T = TypeVar("T")


class PasswordChecks:
    """Runs work that hashes a password: a bounded number at once, a bounded number waiting."""

    def __init__(self, at_once: int = HASHES_AT_ONCE, waiting: int = HASHES_WAITING) -> None:
        self.at_once = at_once
        self.capacity = at_once + waiting
        self.admitted = 0
        """Running or waiting now (counted on the event loop: no lock needed)."""
        self._threads = ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="mozaika-password")

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        if self.admitted >= self.capacity:
            raise BusyError("the server is checking as many passwords as it can: try again in a moment", retry_after=1)
        self.admitted += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, partial(work, *args))
        finally:
            self.admitted -= 1
