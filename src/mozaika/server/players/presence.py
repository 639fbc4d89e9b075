"""Who is at the table: a player is *online* for a table while they have a live connection to it or
to the lobby, and for ``GRACE_SECONDS`` after the last one closed (a reload does not flicker).

Each process counts the connections it serves, by player and channel (a table's id, or the lobby).
With Redis configured, each process also keeps its counts in a Redis hash of its own and says every
``HEARTBEAT_SECONDS`` that it is alive (as :mod:`.spectators` does), and notes in a sorted set when
each player was last connected to each channel; every process mirrors both once a ``sweep``, so a
table's view says the same on every process, and the connections of a killed process drop out
within ``STALE_SECONDS``.  Redis trouble never breaks a connection: the process then knows its own.

A sweep (every second, and soon after a connection opens or closes) also tells the watchers of this
process's tables when a seat's player came or went: a ``presence`` event on the table's channel,
delivered here only (every process sweeps for its own watchers).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import socket
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from mozaika.server.periodic import repeat, stop, woken_or_after

log = logging.getLogger("mozaika.server")

GRACE_SECONDS = 20.0
"""How long a player stays online after their last connection closed."""
HEARTBEAT_SECONDS = 5.0
"""How often a process tells Redis that its connections are alive."""
STALE_SECONDS = 15.0
"""Connections of a process not heard from for this long are left out (it died without a word)."""
REMEMBERED_SECONDS = 7 * 24 * 3600.0
"""How long Redis keeps when a player was last connected to a channel."""
REDIS_TIMEOUT = 1.0
SWEEP_SECONDS = 1.0
LOBBY = "lobby"

Pair = tuple[int, str]
"""A player and a channel (a table's id, or the lobby)."""


@dataclass(frozen=True)
class SeatPresence:
    """Whether a seat's player is at the table, and since when they are not."""

    online: bool
    away_since: float | None
    """When their last connection closed (None while connected); the server's clock."""

    def fields(self, now: float) -> dict[str, Any]:
        away = None if self.online or self.away_since is None else round(max(0.0, now - self.away_since), 1)
        return {"online": self.online, "away_seconds": away}


OFFLINE = SeatPresence(False, None)
"""A seat without a person (open, or a bot from the start)."""


class Presence:
    """Live connections by player and channel: this process's, and every process's through Redis."""

    def __init__(
        self,
        redis_url: str | None = None,
        namespace: str = "",
        now: Callable[[], float] = time.time,
        process: str | None = None,
        grace: float = GRACE_SECONDS,
    ) -> None:
        self.redis_url = redis_url
        self.grace = grace
        self.now = now
        self.process = process or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.started = now()
        """A player never seen connected counts as away since the process started."""
        self._local: Counter[Pair] = Counter()
        self._closed: dict[Pair, float] = {}
        """When this process's last connection of each pair closed."""
        self._remote: Counter[Pair] = Counter()
        """The other live processes' connections, as last mirrored."""
        self._seen: dict[Pair, float] = {}
        """When each pair was last connected anywhere, as last mirrored."""
        self._seen_until = 0.0
        self._pruned = self.started
        prefix = "mozaika-presence-" + hashlib.sha256(namespace.encode()).hexdigest()[:16]
        self._processes = f"{prefix}:processes"
        self._seen_key = f"{prefix}:seen"
        self._counts_prefix = f"{prefix}:counts:"
        self._own = self._counts_prefix + self.process
        self._redis: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._wake: asyncio.Event | None = None
        self._told: dict[str, tuple[bool, ...]] = {}
        """The online flags each locally watched table's watchers last heard."""
        self.watched: Callable[[], Iterable[str]] = lambda: ()
        """The tables this process has watchers of (the hub's channels)."""
        self.seated: Callable[[list[str]], Awaitable[dict[str, list[int | None]]]] | None = None
        """The player of each seat of the given tables (None for a seat without a person)."""
        self.deliver: Callable[[dict[str, Any]], None] = lambda event: None
        """Hands an event to this process's watchers of its table."""
        self._seats: dict[str, tuple[float, list[int | None]]] = {}
        """Each watched table's seated players, and when they were read."""

    # --- running -----------------------------------------------------------------------------

    async def start(self, *, sweeping: bool = True) -> None:
        if self.redis_url is not None:
            import redis.asyncio as redis

            self._redis = redis.from_url(
                self.redis_url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
            )
            beating = repeat(self.beat, HEARTBEAT_SECONDS, "telling Redis the presence counts", expected=True)
            self._tasks.append(asyncio.create_task(beating))
        if sweeping:
            self._wake = asyncio.Event()
            wake = self._wake
            looking = repeat(self.sweep, lambda: woken_or_after(wake, SWEEP_SECONDS), "the presence sweep")
            self._tasks.append(asyncio.create_task(looking))

    async def stop(self) -> None:
        """Stop, and take this process's connections out of Redis (its watchers reconnect elsewhere)."""
        await stop(*self._tasks)
        self._tasks = []
        if self._redis is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(REDIS_TIMEOUT):
                    now = self.now()
                    async with self._redis.pipeline(transaction=True) as pipe:
                        for pair, count in self._local.items():
                            if count > 0:
                                pipe.zadd(self._seen_key, {_member(pair): now})
                        pipe.zrem(self._processes, self.process)
                        pipe.delete(self._own)
                        await pipe.execute()
            await self._redis.aclose()
            self._redis = None

    # --- connections -------------------------------------------------------------------------

    async def enter(self, player: int, channel: str) -> None:
        pair = (player, channel)
        self._local[pair] += 1
        await self._write(pair, closed=False)
        self._soon()

    async def leave(self, player: int, channel: str) -> None:
        pair = (player, channel)
        self._local[pair] -= 1
        closed = self._local[pair] <= 0
        if closed:
            del self._local[pair]
            self._closed[pair] = self.now()
        await self._write(pair, closed=closed)
        self._soon()

    @contextlib.asynccontextmanager
    async def connected(self, player: int | None, channel: str) -> Any:
        """While the block runs, the player (if any) has a live connection to the channel."""
        if player is None:
            yield
            return
        await self.enter(player, channel)
        try:
            yield
        finally:
            await self.leave(player, channel)

    # --- reading -----------------------------------------------------------------------------

    def of(self, player: int | None, table: str) -> SeatPresence:
        """The player's presence at the table: connected to it or to the lobby, here or elsewhere."""
        if player is None:
            return OFFLINE
        pairs = ((player, table), (player, LOBBY))
        if any(self._local.get(pair, 0) + self._remote.get(pair, 0) > 0 for pair in pairs):
            return SeatPresence(True, None)
        last = max(max(self._closed.get(pair, 0.0), self._seen.get(pair, 0.0)) for pair in pairs)
        if not last:  # never seen connected (since this process started, or within REMEMBERED_SECONDS)
            return SeatPresence(False, self.started)
        return SeatPresence(self.now() - last < self.grace, last)

    def seats(self, table: str, players: Iterable[int | None]) -> list[SeatPresence]:
        return [self.of(player, table) for player in players]

    # --- sweeping ----------------------------------------------------------------------------

    def _soon(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def sweep(self) -> int:
        """Mirror every process's connections, and tell the watchers of this process's tables whose
        players came or went; the number of tables told."""
        await self.refresh()
        self._forget_old()
        tables = sorted(table for table in self.watched() if table != LOBBY)
        self._told = {table: flags for table, flags in self._told.items() if table in tables}
        seated = await self._seated(tables)
        now, told = self.now(), 0
        for table in tables:
            players = seated.get(table)
            if players is None:
                continue
            presence = self.seats(table, players)
            flags = tuple(seat.online for seat in presence)
            heard = self._told.get(table)
            if heard is None or heard == flags:  # (a table whose first watcher has not had its hello yet)
                continue
            self._told[table] = flags
            self.deliver(presence_event(table, players, presence, now))
            told += 1
        return told

    def _forget_old(self) -> None:
        """Once an hour, drop the closes and sightings older than anyone is remembered."""
        now = self.now()
        if now - self._pruned < 3600.0:
            return
        self._pruned = now
        for times in (self._closed, self._seen):
            for pair in [pair for pair, at in times.items() if now - at > REMEMBERED_SECONDS]:
                del times[pair]

    def heard(self, table: str, online: list[bool]) -> None:
        """A watcher of the table was told each seat's presence (its ``hello``, or the step it resumed
        with): the next changes are told from there. A table already watched keeps what its earlier
        watchers heard, so that none of them misses a change (a newer watcher may hear one twice)."""
        self._told.setdefault(table, tuple(online))

    def forget(self, table: str) -> None:
        """The table's seats changed: read its players again, soon."""
        if self._seats.pop(table, None) is not None:
            self._soon()

    async def _seated(self, tables: list[str]) -> dict[str, list[int | None]]:
        if self.seated is None or not tables:
            return {}
        now = self.now()
        stale = [table for table in tables if table not in self._seats or now - self._seats[table][0] > 10.0]
        if stale:
            for table, players in (await self.seated(stale)).items():
                self._seats[table] = (now, players)
        for table in list(self._seats):
            if table not in tables:
                del self._seats[table]
        return {table: self._seats[table][1] for table in tables if table in self._seats}

    # --- Redis -------------------------------------------------------------------------------

    async def refresh(self) -> None:
        """Mirror the other processes' connections and the latest times players were last connected."""
        if self._redis is None:
            return
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                now = self.now()
                alive = await self._redis.zrangebyscore(self._processes, now - STALE_SECONDS, "+inf")
                others = [process.decode() for process in alive if process.decode() != self.process]
                async with self._redis.pipeline(transaction=False) as pipe:
                    for process in others:
                        pipe.hgetall(self._counts_prefix + process)
                    # Only what changed since the last look (with a margin for the hosts' clocks).
                    since = self._seen_until - 30.0 if self._seen_until else now - REMEMBERED_SECONDS
                    pipe.zrangebyscore(self._seen_key, since, "+inf", withscores=True)
                    answers = await pipe.execute()
        except Exception as error:  # Redis is away: this process's own connections are the best there are
            log.warning("presence from Redis failed (%s); knowing this process's only", error)
            return
        remote: Counter[Pair] = Counter()
        for counts in answers[:-1]:
            for member, value in counts.items():
                remote[_pair(member.decode())] += int(value)
        self._remote = remote
        for member, score in answers[-1]:
            pair = _pair(member.decode())
            self._seen[pair] = max(self._seen.get(pair, 0.0), float(score))
        self._seen_until = now

    async def _write(self, pair: Pair, *, closed: bool) -> None:
        if self._redis is None:
            return
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                async with self._redis.pipeline(transaction=True) as pipe:
                    if closed:
                        pipe.hdel(self._own, _member(pair))
                        pipe.zadd(self._seen_key, {_member(pair): self.now()})
                    else:
                        pipe.hset(self._own, _member(pair), self._local[pair])
                    await pipe.execute()
        except Exception as error:  # the next heartbeat writes every count again
            log.warning("could not write a presence count to Redis (%s)", error)

    async def beat(self) -> None:
        """Tell Redis this process is alive, with all its connections (they may have missed a write)."""
        now = self.now()
        async with asyncio.timeout(REDIS_TIMEOUT):
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.delete(self._own)
                if self._local:
                    pipe.hset(self._own, mapping={_member(pair): count for pair, count in self._local.items()})
                    pipe.expire(self._own, int(STALE_SECONDS * 4))
                    # Should this process die, its players were last connected about now.
                    pipe.zadd(self._seen_key, {_member(pair): now for pair in self._local})
                pipe.zadd(self._processes, {self.process: now})
                pipe.zremrangebyscore(self._processes, "-inf", now - STALE_SECONDS * 4)
                pipe.zremrangebyscore(self._seen_key, "-inf", now - REMEMBERED_SECONDS)
                await pipe.execute()


def presence_event(table: str, players: list[int | None], presence: list[SeatPresence], now: float) -> dict[str, Any]:
    """The ``presence`` event: each seat's player is at the table or not, and since when not."""
    return {
        "type": "presence",
        "table": table,
        "seats": [
            {"seat": index, **(seat.fields(now) if player is not None else OFFLINE.fields(now))}
            for index, (player, seat) in enumerate(zip(players, presence, strict=True))
        ],
    }


def _member(pair: Pair) -> str:
    return f"{pair[0]}:{pair[1]}"


def _pair(member: str) -> Pair:
    player, _, channel = member.partition(":")
    return int(player), channel
