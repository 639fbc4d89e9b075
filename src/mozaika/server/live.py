"""Live events: who watches which table, and how an event reaches them.

With one server process, events go straight to the watchers' queues.  With
``--redis``, every process publishes to Redis and delivers what Redis sends back,
so a move made through one process reaches the watchers of every other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from typing import Any

log = logging.getLogger("mozaika.server")

LOBBY = "lobby"
"""The channel of every table's seat and status changes (the lobby page watches it)."""
CHANNEL_PREFIX = "mozaika:"
QUEUE_SIZE = 256

Delivery = tuple[dict[str, Any], str]
"""An event and its JSON text: encoded once, however many watchers it reaches."""


def encode(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


class Hub:
    """Fans events out to the queues of local watchers, through Redis when it is configured."""

    def __init__(self, redis_url: str | None = None) -> None:
        self.redis_url = redis_url
        self._watchers: defaultdict[str, set[asyncio.Queue[Delivery]]] = defaultdict(set)
        self._redis: Any = None
        self._listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.redis_url is None:
            return
        import redis.asyncio as redis

        self._redis = redis.from_url(self.redis_url)
        pubsub = self._redis.pubsub()
        await pubsub.psubscribe(CHANNEL_PREFIX + "*")
        self._listener = asyncio.create_task(self._listen(pubsub))

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._redis is not None:
            await self._redis.aclose()

    def watch(self, channel: str) -> asyncio.Queue[Delivery]:
        queue: asyncio.Queue[Delivery] = asyncio.Queue(QUEUE_SIZE)
        self._watchers[channel].add(queue)
        return queue

    def unwatch(self, channel: str, queue: asyncio.Queue[Delivery]) -> None:
        watchers = self._watchers.get(channel)
        if watchers is not None:
            watchers.discard(queue)
            if not watchers:
                del self._watchers[channel]

    async def publish(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            channels = [event["table"], LOBBY] if event["type"] == "table" else [event["table"]]
            text = encode(event)
            for channel in channels:
                if self._redis is not None:
                    await self._redis.publish(CHANNEL_PREFIX + channel, text)
                else:
                    self._deliver(channel, (event, text))

    def _deliver(self, channel: str, delivery: Delivery) -> None:
        for queue in list(self._watchers.get(channel, ())):
            try:
                queue.put_nowait(delivery)
            except asyncio.QueueFull:
                # A watcher this far behind resynchronises from the log when it catches up.
                log.warning("a watcher of %s fell behind; an event was dropped", channel)

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                    text = message["data"].decode()
                    self._deliver(channel, (json.loads(text), text))
            except asyncio.CancelledError:
                raise
            except Exception:  # the connection dropped: log it, wait, and subscribe again
                log.exception("lost the Redis subscription; reconnecting")
                await asyncio.sleep(1)
                with contextlib.suppress(Exception):
                    await pubsub.psubscribe(CHANNEL_PREFIX + "*")
