"""Who watches a game without a seat: counted as their live connections open and close.

Each server process counts the connections it serves; the games-in-progress list shows
the count of the process that answers (one process serves a club's server).
"""

from __future__ import annotations

from collections import Counter


class Spectators:
    def __init__(self) -> None:
        self._watching: Counter[str] = Counter()

    def enter(self, table_id: str) -> None:
        self._watching[table_id] += 1

    def leave(self, table_id: str) -> None:
        self._watching[table_id] -= 1
        if self._watching[table_id] <= 0:
            del self._watching[table_id]

    def count(self, table_id: str) -> int:
        return self._watching.get(table_id, 0)
