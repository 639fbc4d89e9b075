"""The work pool on local processes: results as they finish, errors with the worker's traceback,
an endless stream of items, and the word said when Ray is not installed (tests/test_distributed_ray.py
runs the same on Ray)."""

from __future__ import annotations

import itertools
import logging
import math
from dataclasses import replace

import pytest

from mozaika.arena import GameResult, Match, run_match
from mozaika.bots import BotError, split_budget
from mozaika.distributed import DistributedError, TaskError, open_pool
from mozaika.distributed import pool as pools


def without_times(results: list[GameResult]) -> list[GameResult]:
    """The games as played (seats, scores, winners, moves), without how long the moves took."""
    return [replace(result, seconds=(), slowest=()) for result in results]


@pytest.mark.parametrize("workers", [1, 2])
def test_every_item_is_run_once_and_its_result_given(workers: int) -> None:
    with open_pool(workers=workers, use_ray=False) as pool:
        assert (pool.kind, pool.workers) == ("processes", workers)
        results = list(pool.map_unordered(math.factorial, range(40)))
    assert sorted(results) == [math.factorial(number) for number in range(40)]


def test_a_pool_says_where_it_runs() -> None:
    with open_pool(workers=2, use_ray=False) as pool:
        assert pool.describe() == "2 local processes"
    with open_pool(workers=1, use_ray=False) as pool:
        assert pool.describe() == "1 local process (this one)"


def test_a_failing_task_raises_its_error_with_the_workers_traceback() -> None:
    """The error of its own type (so `except BotError` still works), caused by the worker's traceback."""
    with open_pool(workers=2, use_ray=False) as pool, pytest.raises(BotError, match="after the @") as caught:
        list(pool.map_unordered(split_budget, ["expert@5", "expert@0.5s", "expert@soon", "hard@9"]))
    cause = caught.value.__cause__
    assert isinstance(cause, TaskError)
    assert "in split_budget" in cause.text and "bots/__init__.py" in cause.text and "BotError" in cause.text


def test_an_endless_stream_of_items_is_taken_as_results_are_wanted() -> None:
    """A bounded window of tasks in flight: taking ten results from an endless stream ends."""
    drawn = itertools.count()
    with open_pool(workers=2, use_ray=False) as pool:
        first = list(itertools.islice(pool.map_unordered(abs, drawn), 10))
    assert len(set(first)) == 10 and next(drawn) <= 10 + 2 * 2


def test_without_ray_the_pool_runs_on_processes_and_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(pools, "ray_installed", lambda: False)
    with caplog.at_level(logging.WARNING, logger="mozaika.distributed"), open_pool(workers=2) as pool:
        assert pool.kind == "processes" and pool.workers == 2
    [notice] = [record.getMessage() for record in caplog.records]
    assert "Ray is not installed" in notice and "pip install 'mozaika[distributed]'" in notice
    assert "\n" not in notice
    with pytest.raises(DistributedError, match=r"Ray is not installed: pip install 'mozaika\[distributed\]'"):
        open_pool(use_ray=True)
    with pytest.raises(DistributedError, match=r"Ray cluster at 10\.0\.0\.1:6379"):
        open_pool("10.0.0.1:6379")


def test_nonsense_is_refused() -> None:
    with pytest.raises(DistributedError, match="at least 1 worker"):
        open_pool(workers=0, use_ray=False)
    with pytest.raises(DistributedError, match="names a Ray cluster"):
        open_pool("auto", use_ray=False)


def test_the_arena_plays_the_same_games_on_processes_as_in_one_process() -> None:
    match = Match("azul", ("greedy", "random"), games=4, seed=21)
    here = run_match(match, jobs=1)
    with open_pool(workers=2, use_ray=False) as pool:
        spread = run_match(match, pool=pool)
    assert [result.index for result in spread] == [0, 1, 2, 3]
    assert without_times(spread) == without_times(here) == without_times(run_match(match, jobs=2))
