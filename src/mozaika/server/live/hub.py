"""Live events: who watches which table, and how an event reaches them.

With one server process, events go straight to the watchers' queues.  With
``--redis``, every process publishes to Redis and delivers what Redis sends back,
so a move made through one process reaches the watchers of every other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any

import orjson

from mozaika.server.jsontext import json_text

log = logging.getLogger("mozaika.server")

LOBBY = "lobby"
"""The channel of every table's seat and status changes (the lobby page watches it)."""
PLAYER_PREFIX = "player:"
"""``player:<id>``: the channel of one player's own events (a pairing that seated them), which their
lobby connections watch.  Table ids hold no ``:``, so the two never meet."""


def player_channel(player_id: int) -> str:
    return f"{PLAYER_PREFIX}{player_id}"


CHANNEL_PREFIX = "mozaika:"
QUEUE_SIZE = 256
OUTBOX_SIZE = 10_000
RETRY_SECONDS = 1.0

Delivery = tuple[dict[str, Any], str]
"""An event and its JSON text: encoded once, however many watchers it reaches."""


def encode(event: dict[str, Any]) -> str:
    """An event as compact JSON text (a step event names every legal move with its fields: with
    the standard library, encoding it was a tenth of the server's work for each move)."""
    return json_text(event)


class Hub:
    """Fans events out to the queues of local watchers, through Redis when it is configured.

    With Redis, events wait in an outbox that a task of their own sends on, in order:
    publishing never fails and never waits for Redis, so a move is acknowledged to its
    player whatever Redis is doing.  While Redis cannot be reached the events wait (the
    oldest are dropped past ``OUTBOX_SIZE``) and watchers catch up from the log.
    """

    def __init__(self, redis_url: str | None = None) -> None:
        self.redis_url = redis_url
        self._watchers: defaultdict[str, set[asyncio.Queue[Delivery]]] = defaultdict(set)
        self._redis: Any = None
        self._subscriber: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._outbox: deque[tuple[str, str]] = deque(maxlen=OUTBOX_SIZE)
        self._waiting = asyncio.Event()
        self.seats_changed: Callable[[str], None] = lambda table_id: None
        """Told of every table whose seats or status changed (a ``table`` event), from any process."""
        self._restarting = False
        """Set once the watchers were told of a restart: nothing more reaches them from this process
        (they reconnect and catch up from the log, so a move played meanwhile is not lost)."""

    async def start(self) -> None:
        if self.redis_url is None:
            return
        import redis.asyncio as redis

        # Short timeouts for sending; the subscriber waits for messages as long as there are none.
        self._redis = redis.from_url(self.redis_url, socket_connect_timeout=1, socket_timeout=2)
        self._subscriber = redis.from_url(self.redis_url, socket_connect_timeout=1)
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for client in (self._redis, self._subscriber):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()

    def watchers(self) -> int:
        """The live connections of this process (each watches one channel)."""
        return sum(len(queues) for queues in self._watchers.values())

    def channels(self) -> list[str]:
        """The channels this process's watchers watch."""
        return list(self._watchers)

    def deliver_here(self, event: dict[str, Any]) -> None:
        """Hand an event to this process's watchers of its table only (each process makes its own)."""
        self._deliver(event["table"], (event, encode(event)))

    def outbox_length(self) -> int:
        return len(self._outbox)

    async def reachable(self, timeout: float) -> bool:
        """Whether Redis answers a ping within ``timeout`` seconds (True without Redis: nothing to reach)."""
        if self._redis is None:
            return self.redis_url is None
        try:
            return bool(await asyncio.wait_for(self._redis.ping(), timeout))
        except Exception:
            return False

    async def announce_restart(self, timeout: float) -> None:
        """Tell every local watcher that this process is going away (the event is this process's alone,
        never sent through Redis), and wait up to ``timeout`` seconds until each has been sent it."""
        event: dict[str, Any] = {"type": "restarting"}
        text = encode(event)
        self._restarting = True
        queues = [queue for watchers in self._watchers.values() for queue in watchers]
        for queue in queues:
            with contextlib.suppress(asyncio.QueueFull):  # one that far behind reconnects anyway
                queue.put_nowait((event, text))
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                for queue in queues:
                    await queue.join()

    def watch(self, channel: str, queue: asyncio.Queue[Delivery] | None = None) -> asyncio.Queue[Delivery]:
        """A queue that receives the channel's events: a new one, or ``queue`` (one connection, several channels)."""
        if queue is None:
            queue = asyncio.Queue(QUEUE_SIZE)
        self._watchers[channel].add(queue)
        return queue

    def unwatch(self, channel: str, queue: asyncio.Queue[Delivery]) -> None:
        watchers = self._watchers.get(channel)
        if watchers is not None:
            watchers.discard(queue)
            if not watchers:
                del self._watchers[channel]

    async def publish(self, events: list[dict[str, Any]]) -> None:
        """Send committed events to every watcher; never raises and never waits for Redis."""
        for event in events:
            channels = [event["table"]]
            if event["type"] == "table":
                # Every lobby hears of a table; of an invite-only one, only its own people's lobbies do.
                audience = getattr(event, "audience", None)
                channels += [LOBBY] if audience is None else [player_channel(player) for player in audience]
            self._route(channels, event)

    async def publish_to(self, channel: str, events: list[dict[str, Any]]) -> None:
        """Send events to one channel's watchers (a player's own, the lobby's); as :meth:`publish`."""
        for event in events:
            self._route([channel], event)

    def _route(self, channels: list[str], event: dict[str, Any]) -> None:
        text = encode(event)
        for channel in channels:
            if self._redis is not None:
                if len(self._outbox) == OUTBOX_SIZE:
                    log.warning("Redis is far behind: the oldest unsent event is dropped")
                self._outbox.append((channel, text))
                self._waiting.set()
            else:
                self._deliver(channel, (event, text))

    def _deliver(self, channel: str, delivery: Delivery) -> None:
        if delivery[0]["type"] == "table" and channel == delivery[0]["table"]:  # once, on the table's own channel
            self.seats_changed(channel)
        if self._restarting:
            return
        for queue in list(self._watchers.get(channel, ())):
            try:
                queue.put_nowait(delivery)
            except asyncio.QueueFull:
                # A watcher this far behind resynchronises from the log when it catches up.
                log.warning("a watcher of %s fell behind; an event was dropped", channel)

    async def _send(self) -> None:
        """Publishes the outbox in order; when Redis fails, waits and tries the same event again."""
        failing = False
        while True:
            await self._waiting.wait()
            while self._outbox:
                channel, text = self._outbox[0]
                try:
                    await self._redis.publish(CHANNEL_PREFIX + channel, text)
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    if not failing:
                        log.warning("cannot publish to Redis (%s); events wait and are sent again", error)
                    failing = True
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                if failing:
                    log.warning("publishing to Redis again")
                    failing = False
                self._outbox.popleft()
            self._waiting.clear()

    async def _listen(self) -> None:
        """Delivers what Redis sends to the local watchers; subscribes again after any loss."""
        failing = False
        while True:
            pubsub = self._subscriber.pubsub()
            try:
                await pubsub.psubscribe(CHANNEL_PREFIX + "*")
                if failing:
                    log.warning("subscribed to Redis again")
                    failing = False
                async for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                    self._deliver(channel, (orjson.loads(message["data"]), message["data"].decode()))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the connection dropped: say so once, wait, and subscribe again
                if not failing:
                    log.warning("lost the Redis subscription (%s); subscribing again", error)
                failing = True
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
