"""Spectator counts across server processes: each counts its own connections, Redis adds them up."""

from __future__ import annotations

import asyncio
import uuid

from mozaika.server.community.spectators import STALE_SECONDS, Spectators

from serverkit import require_services


class FakeClock:
    def __init__(self) -> None:
        self.seconds = 1_000_000.0

    def __call__(self) -> float:
        return self.seconds


def test_without_redis_a_process_counts_its_own_connections() -> None:
    async def scenario() -> None:
        spectators = Spectators()
        await spectators.start()
        await spectators.enter("t1")
        await spectators.enter("t1")
        await spectators.enter("t2")
        await spectators.leave("t1")
        assert await spectators.counts(["t1", "t2", "t3"]) == {"t1": 1, "t2": 1, "t3": 0}
        await spectators.leave("t1")
        assert await spectators.counts(["t1"]) == {"t1": 0}
        await spectators.stop()

    asyncio.run(scenario())


def test_with_redis_every_process_sees_the_watchers_of_all_and_a_silent_one_drops_out() -> None:
    _, redis_url = require_services()
    namespace = f"test-{uuid.uuid4().hex}"  # apart from every other test's counts
    clock = FakeClock()

    async def scenario() -> None:
        first = Spectators(redis_url, namespace, now=clock, process="first")
        second = Spectators(redis_url, namespace, now=clock, process="second")
        elsewhere = Spectators(redis_url, "another deployment", now=clock, process="third")
        for process in (first, second, elsewhere):
            await process.start()
            await process.beat()
        try:
            await first.enter("table")
            await second.enter("table")
            await second.enter("table")
            await elsewhere.enter("table")  # another deployment sharing the Redis: never counted here
            await second.enter("other")
            for process in (first, second):
                assert await process.counts(["table", "other", "none"]) == {"table": 3, "other": 1, "none": 0}
            await second.leave("table")
            assert await first.counts(["table"]) == {"table": 2}
            # The second process is killed: no word from it, and after a while its watchers are gone.
            second._heartbeat.cancel()  # type: ignore[union-attr]
            clock.seconds += STALE_SECONDS + 1
            await first.beat()
            assert await first.counts(["table", "other"]) == {"table": 1, "other": 0}
            # A process that stops says so at once.
            await first.stop()
            await elsewhere.beat()
            assert await elsewhere.counts(["table"]) == {"table": 1}
            fresh = Spectators(redis_url, namespace, now=clock, process="fresh")
            await fresh.start()
            await fresh.beat()
            assert await fresh.counts(["table"]) == {"table": 0}
            await fresh.stop()
        finally:
            for process in (first, second, elsewhere):
                await process.stop()

    asyncio.run(scenario())


def test_when_redis_cannot_be_reached_the_count_is_the_process_s_own() -> None:
    async def scenario() -> None:
        spectators = Spectators("redis://127.0.0.1:9/0", "unreachable")  # nothing listens on port 9
        await spectators.start()
        try:
            await spectators.enter("table")
            assert await spectators.counts(["table"]) == {"table": 1}
            await spectators.leave("table")
            assert await spectators.counts(["table"]) == {"table": 0}
        finally:
            await spectators.stop()

    asyncio.run(scenario())
