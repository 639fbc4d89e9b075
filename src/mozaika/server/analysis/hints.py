"""Hints and the analysis board's questions: the expert's analysis of a position, computed once.

A search holds a background worker for a second.  The same position asked again (a
second click, a second tab, a script, the same line on the analysis board) gets the
answer already found, or waits for the one being searched, instead of a new search;
together with the rate limits and the bots' own workers, no one can starve the tables'
bots with questions.  A table's position is known by its table, sequence number and
seat (its hint is searched with a fresh seed, which would not tell a position apart);
the analysis board's by its line and seat.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from mozaika.server.bots.player import BotPlayer
from mozaika.server.settings import Settings
from mozaika.server.tables import HintRequest

REMEMBERED = 512
"""Answers kept (a position is asked about while it is on a board, no longer)."""

SearchKey = tuple[str, ...]
Found = list[dict[str, Any]]


class Hints:
    def __init__(self, bots: BotPlayer, settings: Settings) -> None:
        self.bots = bots
        self.settings = settings
        self._found: OrderedDict[SearchKey, Found] = OrderedDict()
        self._searching: dict[SearchKey, asyncio.Future[Found]] = {}

    async def moves(self, wanted: HintRequest) -> Found:
        """The best moves for the seat on turn at this table and sequence number."""
        key = ("table", wanted.table_id, str(wanted.seq), str(wanted.seat))
        return await self.best(key, wanted.position, wanted.seat)

    async def best(self, key: SearchKey, position: str, seat: int, top: int = 5) -> Found:
        """The expert's ``top`` best moves for ``seat``, searched once for each ``key``."""
        key = (*key, str(top))
        if key in self._found:
            self._found.move_to_end(key)
            return self._found[key]
        searching = self._searching.get(key)
        if searching is None:
            searching = asyncio.ensure_future(self._search(key, position, seat, top))
            self._searching[key] = searching
        # Shielded: a caller who gives up does not cancel the search others wait for.
        return await asyncio.shield(searching)

    async def _search(self, key: SearchKey, position: str, seat: int, top: int) -> Found:
        try:
            searched = await self.bots.analyse(position, seat, self.settings.hint_bot, self.settings.hint_seconds, top)
        finally:
            del self._searching[key]
        # Listed by the value shown beside each move, the best first (the search picks its top moves
        # by how often it tried them; their values need not fall in that order).
        found = sorted(searched, key=lambda move: (-move["value"], -(move["visits"] or 0)))
        self._found[key] = found
        while len(self._found) > REMEMBERED:
            self._found.popitem(last=False)
        return found
