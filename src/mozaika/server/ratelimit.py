"""Rate limits: how often one address or one player may do what costs the server or crowds others out.

Counted with the ``limits`` library in a moving window: in this process's memory, or
in Redis when the server has ``--redis``, so that every process of one deployment
shares the counts.  An action over its limit is refused with 429 and ``Retry-After``.
When Redis cannot be reached each process counts in its own memory meanwhile (a warning is
logged and ``/readyz`` says so): an outage of the cache must neither stop people from playing
nor lift the limits.  After a failure Redis is left alone for ``FALLBACK_SECONDS``, so that a
hung Redis delays one request, not each of them.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter
from starlette.concurrency import run_in_threadpool

from mozaika.server.errors import TooManyRequestsError

log = logging.getLogger("mozaika.server")


@dataclass(frozen=True)
class RateLimits:
    """Each action's limit, in the ``limits`` notation ("10/minute"); per address or per player as named."""

    sign_in_per_address: str = "20/minute"
    sign_in_per_username: str = "10/minute"
    """Wrong or right: a guesser locks the account's sign-in for a minute, no longer."""
    registration_per_address: str = "20/hour"
    guest_per_address: str = "30/minute"
    table_per_player: str = "10/minute"
    table_per_address: str = "30/minute"
    chat_per_player: str = "20/minute"
    hint_per_player: str = "30/minute"
    analysis_per_address: str = "30/minute"
    """The analysis board's expert, open to anyone: counted by address."""
    analysis_board_per_address: str = "600/minute"
    """The analysis board's steps (set up, edit, play a move), open to anyone: counted by address."""
    follow_per_player: str = "30/minute"
    """Following and unfollowing players."""
    invitation_per_player: str = "30/minute"
    """Inviting players to a table by name (each may be a letter)."""
    write_per_session: str = "120/minute"
    """Every state-changing request of a session (a game's moves and undos aside), whatever else limits it:
    settings, mutes, joining and leaving, play again... each may publish events or send a letter."""
    write_per_address: str = "600/minute"
    """The same, per address: a club behind one address plays on; a script minting sessions does not."""
    pairing_per_player: str = "30/minute"
    """Asking to be paired with people (``POST /api/pairing``)."""
    enabled: bool = True
    """Off only for load tests on loopback, where one address plays hundreds of players."""


ACTIONS = tuple(field.name for field in fields(RateLimits) if field.name != "enabled")
REDIS_TIMEOUT = 0.25
"""The longest a count waits for Redis before this process counts it itself."""
FALLBACK_SECONDS = 10.0
"""After Redis failed, how long the counts stay in this process's memory before Redis is tried again."""


class RateLimiter:
    """Counts actions by key and refuses those over their limit."""

    def __init__(self, limits: RateLimits, redis_url: str | None, namespace: str) -> None:
        """``namespace`` keeps apart the counts of deployments that share one Redis (the database they serve)."""
        self.enabled = limits.enabled
        self._items: dict[str, RateLimitItem] = {action: parse(getattr(limits, action)) for action in ACTIONS}
        prefix = "mozaika-limits-" + hashlib.sha256(namespace.encode()).hexdigest()[:16]
        storage: Storage
        self._in_memory = redis_url is None
        self._local = MovingWindowRateLimiter(MemoryStorage())
        """This process's own counts: the only ones without Redis, the fallback while Redis fails."""
        if redis_url is not None:
            # A short timeout: an unreachable Redis must not hold a request up.
            storage = RedisStorage(
                redis_url, key_prefix=prefix, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
            )
            self._limiter = MovingWindowRateLimiter(storage)
        else:
            self._limiter = self._local
        self._fallback_until = -math.inf
        self.clock: Callable[[], float] = time.monotonic
        """Where the fallback's time is read (a test moves it by hand)."""
        self.on_refusal: Callable[[str], None] = lambda _action: None
        """Told the action of every refusal (the metrics count them)."""

    async def check(self, action: str, *keys: str) -> None:
        """:meth:`hit` from the event loop: counts in this process's memory at once (a few
        microseconds, where a hop to a thread would cost more and queue behind others' work),
        counts in Redis from a thread (a network call)."""
        if self._in_memory or self.counting_locally:
            self.hit(action, *keys)
        else:
            await run_in_threadpool(self.hit, action, *keys)

    @property
    def counting_locally(self) -> bool:
        """Whether the counts are in this process's memory for now, Redis having failed."""
        return not self._in_memory and self.clock() < self._fallback_until

    @property
    def storage(self) -> str:
        """Where the limits are counted now: ``redis``, ``memory`` (no Redis configured), ``memory while
        redis fails``, or ``off``."""
        if not self.enabled:
            return "off"
        if self._in_memory:
            return "memory"
        return "memory while redis fails" if self.counting_locally else "redis"

    def hit(self, action: str, *keys: str) -> None:
        """Count one ``action`` for each key (an address, a username, a player); refuse it over any limit.

        Each key is counted on its own, so that a flood from one address and a flood
        against one username are both stopped.
        """
        if not self.enabled:
            return
        item = self._items[action]
        for key in keys:
            limiter = self._local if self.counting_locally else self._limiter
            try:
                allowed = limiter.hit(item, action, key)
                reset = limiter.get_window_stats(item, action, key).reset_time if not allowed else 0.0
            except Exception as error:  # the shared storage is unreachable: count here meanwhile, and say so
                self._fall_back(error)
                limiter = self._local
                allowed = limiter.hit(item, action, key)
                reset = limiter.get_window_stats(item, action, key).reset_time if not allowed else 0.0
            if not allowed:
                wait = max(1, math.ceil(reset - time.time()))
                message = f"too many attempts ({item}): try again in {wait} s"
                self.on_refusal(action)
                raise TooManyRequestsError(message, retry_after=wait, details={"retry_after": wait})

    def _fall_back(self, error: Exception) -> None:
        if not self.counting_locally:
            log.warning(
                "the rate limits' Redis cannot be reached (%s): counting in this process's memory for %g s",
                error,
                FALLBACK_SECONDS,
            )
        self._fallback_until = self.clock() + FALLBACK_SECONDS
