"""Who may hold a live connection: at most so many per address, and so many anonymous watchers per table.

A live connection is cheap to open and lasts as long as its client wants, so one client could
otherwise hold hundreds (a file each) and leave none for the players.  Each process counts the
live connections it serves by the client's address (behind a trusted proxy, the address the proxy
names) and, for watchers without a session, by table.  A connection over either bound is refused
with an error frame and the close code :data:`CLOSE_TOO_MANY`, saying which bound it met.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from mozaika.server.errors import TooManyRequestsError

CLOSE_TOO_MANY = 4429
"""The close code of a live connection refused for one too many (as HTTP's 429)."""
RETRY_SECONDS = 30


class LiveAdmission:
    """This process's live connections, by address and (anonymous watchers) by table."""

    def __init__(self, per_address: int, anonymous_per_table: int) -> None:
        self.per_address = per_address
        self.anonymous_per_table = anonymous_per_table
        self.by_address: Counter[str] = Counter()
        self.anonymous: Counter[str] = Counter()

    @contextmanager
    def admitted(self, address: str, table_id: str | None = None, *, anonymous: bool = False) -> Iterator[None]:
        """Hold one live connection from ``address`` (to ``table_id``, or the lobby) while the block runs;
        :class:`TooManyRequestsError` at once when a bound is met."""
        if self.per_address and self.by_address[address] >= self.per_address:
            raise TooManyRequestsError(
                f"too many live connections from your address: at most {self.per_address} at once",
                retry_after=RETRY_SECONDS,
            )
        watching = anonymous and table_id is not None
        if watching and self.anonymous_per_table and self.anonymous[table_id or ""] >= self.anonymous_per_table:
            raise TooManyRequestsError(
                f"this game has as many watchers without an account as it takes ({self.anonymous_per_table}):"
                " sign in to watch",
                retry_after=RETRY_SECONDS,
            )
        self.by_address[address] += 1
        if watching:
            self.anonymous[table_id or ""] += 1
        try:
            yield
        finally:
            _take_back(self.by_address, address)
            if watching:
                _take_back(self.anonymous, table_id or "")


def _take_back(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]
