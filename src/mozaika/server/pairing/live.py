"""Quick pairing, live: telling the players of a table made for them, keeping the requests of players
on the page alive, and telling the lobbies how many wait for what.

A lobby connection of a signed-in player watches the player's own channel (``player:<id>``),
where a ``paired`` event says which table to open.  While it lasts, the player is *here*: every
``look_seconds`` this process tells the database which of its connected players wait, and their
requests live on.  When the player's last connection to this process closes, the request lives
``closed_seconds`` more: a page that was left stops waiting then, unless a connection to another
process keeps it alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import Counter
from typing import Any

import anyio
from starlette.concurrency import run_in_threadpool

from mozaika.server.live.hub import LOBBY, Delivery, Hub, player_channel
from mozaika.server.live.publisher import Publisher
from mozaika.server.pairing.requests import Pairing, PairingRequests
from mozaika.server.players.accounts import Caller

log = logging.getLogger("mozaika.server")


class PairingLive:
    """One process's part in quick pairing: its lobby connections, its regular look, its announcements."""

    def __init__(self, requests: PairingRequests, hub: Hub, publisher: Publisher) -> None:
        self.requests = requests
        self.hub = hub
        self.publisher = publisher
        self.rules = requests.rules
        self._connected: Counter[int] = Counter()
        self._task: asyncio.Task[None] | None = None
        self._told: list[dict[str, Any]] = []
        """The counts this process last sent the lobbies."""
        self._kept_at = -math.inf

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def connected(self) -> set[int]:
        """The players with a lobby connection to this process."""
        return set(self._connected)

    async def enter(self, caller: Caller, queue: asyncio.Queue[Delivery]) -> None:
        """A lobby connection opened: its player's own events reach ``queue``, and their request lives on."""
        player = caller.player_id
        if player is None:
            return
        self.hub.watch(player_channel(player), queue)
        self._connected[player] += 1

    async def leave(self, caller: Caller, queue: asyncio.Queue[Delivery]) -> None:
        """A lobby connection closed; when it was its player's last to this process, their request ends soon."""
        player = caller.player_id
        if player is None:
            return
        self.hub.unwatch(player_channel(player), queue)
        self._connected[player] -= 1
        if self._connected[player] > 0:
            return
        del self._connected[player]
        until = self.requests.now() + self.rules.closed_seconds  # from when it closed, however long the write waits
        try:
            with anyio.CancelScope(shield=True):  # a connection's task cancelled as it ends still says so
                await run_in_threadpool(self.requests.left, player, until)
        except Exception:  # the request then ends with its grace period
            log.exception("could not shorten the pairing request of player %s", player)

    async def announce(self, pairings: list[Pairing]) -> None:
        """After the commit: each table made goes to its watchers and bots, each player learns their seat."""
        for pairing in pairings:
            pairing.arranged.remember()
            await self.publisher.publish(pairing.arranged.outcome())
            for player in pairing.seats:
                await self.hub.publish_to(player_channel(player), [pairing.event(player)])

    async def look(self) -> int:
        """One round: keep the connected players' requests alive, drop the abandoned ones, match what
        waits, and tell the lobbies the counts when they changed. Returns how many tables were made."""
        now = self.requests.now()
        if now - self._kept_at >= self.rules.look_seconds:
            self._kept_at = now
            await run_in_threadpool(self.requests.keep_alive, self.connected())
        pairings = await run_in_threadpool(self.requests.sweep)
        await self.announce(pairings)
        queues = await run_in_threadpool(self.requests.queues)
        if queues != self._told:
            self._told = queues
            await self.hub.publish_to(LOBBY, [{"type": "pairing", "queues": queues}])
        return len(pairings)

    async def _run(self) -> None:
        while True:
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("quick pairing's look failed; it looks again shortly")
            await asyncio.sleep(self.rules.check_seconds)
