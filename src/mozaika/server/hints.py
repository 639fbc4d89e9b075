"""Hints: the bot's analysis of the position of the player on turn, computed once per position.

A hint holds a bot worker for a second.  The same position asked again (a second
click, a second tab, a script) gets the answer already found, or waits for the one
being searched, instead of a new search; together with the per-player rate limit
and the bots' priority over hints, no one can starve the tables' bots with hints.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from mozaika.server.botplay import BotPlayer
from mozaika.server.settings import Settings
from mozaika.server.tables import HintRequest

REMEMBERED = 512
"""Positions whose hints are kept (a position is asked about while it is on the board, no longer)."""

HintKey = tuple[str, int, int]


class Hints:
    def __init__(self, bots: BotPlayer, settings: Settings) -> None:
        self.bots = bots
        self.settings = settings
        self._found: OrderedDict[HintKey, list[dict[str, Any]]] = OrderedDict()
        self._searching: dict[HintKey, asyncio.Future[list[dict[str, Any]]]] = {}

    async def moves(self, wanted: HintRequest) -> list[dict[str, Any]]:
        """The best moves for the seat on turn at this table and sequence number."""
        key = (wanted.table_id, wanted.seq, wanted.seat)
        if key in self._found:
            self._found.move_to_end(key)
            return self._found[key]
        searching = self._searching.get(key)
        if searching is None:
            searching = asyncio.ensure_future(self._search(key, wanted))
            self._searching[key] = searching
        # Shielded: a caller who gives up does not cancel the search others wait for.
        return await asyncio.shield(searching)

    async def _search(self, key: HintKey, wanted: HintRequest) -> list[dict[str, Any]]:
        try:
            found = await self.bots.analyse(
                wanted.position, wanted.seat, self.settings.hint_bot, self.settings.hint_seconds
            )
        finally:
            del self._searching[key]
        self._found[key] = found
        while len(self._found) > REMEMBERED:
            self._found.popitem(last=False)
        return found
