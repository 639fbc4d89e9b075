"""Who watches a game without a seat: counted as their live connections open and close.

Each server process counts the connections it serves.  With Redis configured (several
processes behind one address), each process also keeps its counts in a Redis hash of its
own and says every ``HEARTBEAT_SECONDS`` that it is alive; the games-in-progress list adds
up the counts of every process heard from in the last ``STALE_SECONDS``, so the watchers a
killed process served drop out of the count within a minute.  Redis trouble never breaks a
live connection or the list: the count falls back to this process's own.
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
from collections.abc import Callable, Iterable
from typing import Any

from mozaika.server.periodic import repeat, stop

log = logging.getLogger("mozaika.server")

HEARTBEAT_SECONDS = 20.0
"""How often a process tells Redis that its counts are alive."""
STALE_SECONDS = 60.0
"""Counts of a process not heard from for this long are left out (it died without a word)."""
REDIS_TIMEOUT = 1.0
"""The longest a count waits for Redis before it gives this process's own."""


class Spectators:
    """Live spectator counts per table: this process's, and every process's through Redis."""

    def __init__(
        self,
        redis_url: str | None = None,
        namespace: str = "",
        now: Callable[[], float] = time.time,
        process: str | None = None,
    ) -> None:
        self._watching: Counter[str] = Counter()
        self.redis_url = redis_url
        self.now = now
        self.process = process or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._prefix = "mozaika-spectators-" + hashlib.sha256(namespace.encode()).hexdigest()[:16]
        self._processes = f"{self._prefix}:processes"
        """A sorted set: each process, scored by when it was last heard from."""
        self._own = self._counts_of(self.process)
        self._redis: Any = None
        self._heartbeat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.redis_url is None:
            return
        import redis.asyncio as redis

        self._redis = redis.from_url(self.redis_url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT)
        self._heartbeat = asyncio.create_task(
            repeat(self.beat, HEARTBEAT_SECONDS, "telling Redis the spectator counts", expected=True)
        )

    async def stop(self) -> None:
        """Stop, and take this process's counts out of Redis (its watchers reconnect elsewhere)."""
        await stop(self._heartbeat)
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.zrem(self._processes, self.process)
                await self._redis.delete(self._own)
            await self._redis.aclose()
            self._redis = None

    async def enter(self, table_id: str) -> None:
        self._watching[table_id] += 1
        await self._write(table_id)

    async def leave(self, table_id: str) -> None:
        self._watching[table_id] -= 1
        if self._watching[table_id] <= 0:
            del self._watching[table_id]
        await self._write(table_id)

    def own(self, table_id: str) -> int:
        """The spectators this process serves."""
        return self._watching.get(table_id, 0)

    async def counts(self, table_ids: Iterable[str]) -> dict[str, int]:
        """The spectators of each table, over every live process when Redis is configured."""
        tables = list(table_ids)
        own = {table_id: self.own(table_id) for table_id in tables}
        if self._redis is None or not tables:
            return own
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                return await self._counted(tables)
        except Exception as error:  # Redis is away: this process's own count is the best there is
            log.warning("spectator counts from Redis failed (%s); counting this process's only", error)
            return own

    async def _counted(self, tables: list[str]) -> dict[str, int]:
        alive = await self._redis.zrangebyscore(self._processes, self.now() - STALE_SECONDS, "+inf")
        totals = dict.fromkeys(tables, 0)
        if not alive:
            return totals
        async with self._redis.pipeline(transaction=False) as pipe:
            for process in alive:
                pipe.hmget(self._counts_of(process.decode()), tables)
            answers = await pipe.execute()
        for values in answers:
            for table_id, value in zip(tables, values, strict=True):
                totals[table_id] += int(value or 0)
        return totals

    def _counts_of(self, process: str) -> str:
        """The Redis hash of a process's counts, by table."""
        return f"{self._prefix}:counts:{process}"

    async def _write(self, table_id: str) -> None:
        if self._redis is None:
            return
        count = self.own(table_id)
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                if count:
                    await self._redis.hset(self._own, table_id, count)
                else:
                    await self._redis.hdel(self._own, table_id)
        except Exception as error:  # the next heartbeat writes every count again
            log.warning("could not write a spectator count to Redis (%s)", error)

    async def beat(self) -> None:
        """Tell Redis this process is alive, with all its counts (they may have missed a write)."""
        async with asyncio.timeout(REDIS_TIMEOUT):
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.delete(self._own)
                if self._watching:
                    pipe.hset(self._own, mapping=dict(self._watching))
                    pipe.expire(self._own, int(STALE_SECONDS * 2))
                pipe.zadd(self._processes, {self.process: self.now()})
                pipe.zremrangebyscore(self._processes, "-inf", self.now() - STALE_SECONDS * 2)
                await pipe.execute()
