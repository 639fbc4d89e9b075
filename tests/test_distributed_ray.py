"""The work pool on a local Ray (skipped where Ray is not installed: `pip install 'mozaika[distributed]'`),
and the arena on it: the same games, results and journal as on local processes."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mozaika.arena import GameResult, Match, run_match
from mozaika.bots import BotError, split_budget
from mozaika.cli.app import app
from mozaika.distributed import DistributedError, TaskError, WorkPool, open_pool

ray = pytest.importorskip("ray")
runner = CliRunner()


def without_times(results: list[GameResult]) -> list[GameResult]:
    return [replace(result, seconds=(), slowest=()) for result in results]


@pytest.fixture(scope="module")
def ray_pool() -> Iterator[WorkPool[Any]]:
    """One local Ray for the module (starting one takes seconds); the other pools here join it."""
    with open_pool(workers=2, use_ray=True) as pool:
        yield pool
    assert not ray.is_initialized()


def test_the_pool_on_ray(ray_pool: WorkPool[Any]) -> None:
    """Every item run once; a task's error raised again with the worker's traceback; a second pool joins."""
    assert (ray_pool.kind, ray_pool.workers, ray_pool.describe()) == ("ray", 2, "local Ray, 2 CPUs")
    assert sorted(ray_pool.map_unordered(math.factorial, range(30))) == [math.factorial(n) for n in range(30)]
    with pytest.raises(BotError, match="after the @") as caught:
        list(ray_pool.map_unordered(split_budget, ["expert@5", "expert@soon"]))
    cause = caught.value.__cause__
    assert isinstance(cause, TaskError)
    assert "in split_budget" in cause.text and "bots/__init__.py" in cause.text and "\x1b[" not in cause.text
    with open_pool() as joined:  # Ray is installed: the pool runs on it, the Ray this process has started
        assert joined.kind == "ray" and joined.workers == 2
        assert list(joined.map_unordered(abs, [-3])) == [3]
    assert ray.is_initialized()  # left running by the pool that joined it


def test_a_cluster_out_of_reach_is_said_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not after Ray's minutes of retrying: the address's port is tried first."""
    monkeypatch.setattr(ray, "is_initialized", lambda: False)  # as in a process with no Ray of its own
    with pytest.raises(DistributedError, match=r"cannot reach the Ray cluster at 127\.0\.0\.1:1: Connection refused"):
        open_pool("127.0.0.1:1")


def _arena(tmp_path: Path, *where: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`mozaika arena` of greedy against random on 4 games; its JSON, and its journal's games without times."""
    journal = tmp_path / f"{'-'.join(where)}.jsonl"
    arguments = ["arena", "--bots", "greedy,random", "--games", "4", "--seed", "8", "--json", "--journal", str(journal)]
    result = runner.invoke(app, [*arguments, *where])
    assert result.exit_code == 0, result.output
    games = [json.loads(line) for line in journal.read_text().splitlines()[1:]]
    for game in games:
        del game["seconds"], game["slowest"]
    return json.loads(result.stdout), sorted(games, key=lambda game: game["index"])


def test_the_arena_on_ray_plays_the_games_it_plays_on_processes(ray_pool: WorkPool[Any], tmp_path: Path) -> None:
    """Results, journal and statistics as on local processes, game for game (only the times differ)."""
    match = Match("azul", ("greedy", "random"), games=4, seed=30)
    on_ray = run_match(match, pool=ray_pool)
    assert [result.index for result in on_ray] == [0, 1, 2, 3]
    assert without_times(on_ray) == without_times(run_match(match, jobs=2))
    on_ray, ray_journal = _arena(tmp_path, "--ray")
    on_processes, process_journal = _arena(tmp_path, "--jobs", "2")
    assert on_ray["results"] == on_processes["results"] and ray_journal == process_journal
    assert [row["wins"] for row in on_ray["summary"]] == [row["wins"] for row in on_processes["summary"]]
    assert len(ray_journal) == 4
