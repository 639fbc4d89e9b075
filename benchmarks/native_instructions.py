"""Instructions per game (or per vector step), counted by valgrind's callgrind, which no load changes.

Each workload runs twice under callgrind, with N and 2N units of work, and the difference of
the two totals divided by N is the cost of one unit: Python's start-up, the imports and the
warm-up (the move tables filled lazily) cancel out.

Workloads:

- ``playout``: ``new_game(...)`` then ``state.playout(rng)``, one game a unit (docs/engine.md).
- ``protocol``: ``new_game(...)`` then ``legal_moves()`` and ``play(...)`` to the end, a move drawn
  uniformly by ``rng.random()``, one game a unit (``mozaika bench``'s protocol row).
- ``vector``: one step of ``mozaika.rl.vector_env`` with 256 games, each game's action drawn
  uniformly from its mask with numpy (benchmarks/rl_speed.py's loop, ``--policy random``, the
  arrays not copied: ``copy=False``), one game-step a unit.
- ``vector-first``: the same with each game's first legal action (an argmax over its mask,
  rl_speed.py's ``--policy first``).

Usage: python benchmarks/native_instructions.py [--games N] [--workloads playout,protocol,vector,vector-first]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "azul-2p": ("azul", 2, {}),
    "azul-4p": ("azul", 4, {}),
    "chocolatier-2p": ("chocolatier", 2, {"special_factories": False}),
    "chocolatier-2p-special": ("chocolatier", 2, {"special_factories": True}),
    "pavilion-2p": ("pavilion", 2, {}),
}
VECTOR_GAMES = 256
WARMUP = 20


def _playouts(game: str, players: int, options: dict[str, Any], count: int) -> None:
    from mozaika.catalogue.registry import new_game

    rng = random.Random(0)
    for seed in range(count):
        new_game(game, players=players, seed=seed, **options).playout(rng)


def _protocol(game: str, players: int, options: dict[str, Any], count: int) -> None:
    from mozaika.catalogue.registry import new_game

    draw = random.Random(0).random
    for seed in range(count):
        state = new_game(game, players=players, seed=seed, **options)
        while not state.is_over:
            legal = state.legal_moves()
            state.play(legal[int(draw() * len(legal))])


def _vector(game: str, players: int, options: dict[str, Any], count: int, policy: str = "random") -> None:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import numpy as np

    from mozaika import rl

    sys.path.insert(0, str(Path(__file__).parent))
    from rl_speed import POLICIES

    choose = POLICIES[policy]
    env = rl.vector_env(game, VECTOR_GAMES, players=players, copy=False, **options)
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=0)
    for _ in range(count // VECTOR_GAMES):
        observations, *_ = env.step(choose(observations["action_mask"], rng))


def _vector_first(game: str, players: int, options: dict[str, Any], count: int) -> None:
    _vector(game, players, options, count, "first")


WORKLOADS = {"playout": _playouts, "protocol": _protocol, "vector": _vector, "vector-first": _vector_first}


def run(workload: str, case: str, count: int) -> None:
    """Run ``count`` units of ``workload`` after a warm-up (the process callgrind counts)."""
    game, players, options = CASES[case]
    function = WORKLOADS[workload]
    function(game, players, options, VECTOR_GAMES * 4 if workload.startswith("vector") else WARMUP)
    function(game, players, options, count)


def instructions(workload: str, case: str, count: int) -> int:
    """The instructions callgrind counts in a process running ``count`` units."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--run",
                workload,
                case,
                str(count),
            ],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same start-up in both runs (dict and set orders)
        )
        found = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        if found is None:
            raise RuntimeError("callgrind wrote no summary")
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=400, help="N: games of the first run (vector: N/4 steps of 256 games)"
    )
    parser.add_argument("--workloads", default="playout,protocol,vector,vector-first")
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--run", nargs=3, metavar=("WORKLOAD", "CASE", "COUNT"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.run:
        workload, case, count = arguments.run
        run(workload, case, int(count))
        return
    for workload in arguments.workloads.split(","):
        for case in arguments.cases.split(","):
            vector = workload.startswith("vector")
            count = arguments.games * VECTOR_GAMES // 4 if vector else arguments.games
            once, twice = instructions(workload, case, count), instructions(workload, case, 2 * count)
            unit = "game-step" if vector else "game"
            print(f"{workload:<12} {case:<24} {(twice - once) / count:>12,.0f} instructions per {unit}", flush=True)


if __name__ == "__main__":
    main()
