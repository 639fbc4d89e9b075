"""Games and search iterations per CPU-second, of one build or of several side by side.

``mozaika bench`` times its rows on the wall clock, which a machine shared with other work
blurs.  This runs the same loops (``mozaika.tools.benchmarking.random_playouts``'s protocol
and playout rows, and ``mozaika.bots.speed.search_speed``'s searches) timed by the process's
CPU time; given several source folders (``--build``), it runs each in its own process, in
turns, several rounds, and keeps each one's best round, so that a passing load falls on
both alike.

Usage: python benchmarks/native_rates.py [--seconds S] [--rounds N] [--build SRC ...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("azul", 2, {}),
    ("azul", 4, {}),
    ("chocolatier", 2, {"special_factories": True}),
    ("pavilion", 2, {}),
]


def playouts_per_second(game: str, players: int, options: dict[str, Any], seconds: float, fast: bool) -> float:
    from mozaika.catalogue.registry import new_game

    rng = random.Random(0)
    draw = rng.random
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(game, players=players, seed=games, **options)
        if fast:
            state.playout(rng)
        else:
            while not state.is_over:
                legal = state.legal_moves()
                state.play(legal[int(draw() * len(legal))])
        games += 1
    return games / (time.process_time() - start)


def iterations_per_second(game: str, seconds: float) -> float:
    from mozaika.bots.base import Budget
    from mozaika.bots.mcts import MctsBot
    from mozaika.bots.speed import random_position

    rng = random.Random(0)
    iterations = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = random_position(game, 2, rng)
        if state is None:
            continue
        bot = MctsBot(budget=Budget(iterations=2000), seed=rng.getrandbits(32))
        bot.search(state, seat=state.to_move[0])
        iterations += bot.last_iterations
    return iterations / (time.process_time() - start)


def measure(seconds: float) -> dict[str, float]:
    """This build's rates (the process that runs it imports the build on its path)."""
    rates: dict[str, float] = {}
    for game, players, options in CASES:
        label = f"{game} {players}p" + "".join(f" {key}={value}" for key, value in options.items())
        playouts_per_second(game, players, options, 0.2, False)  # the lazily built move tables
        rates[f"{label} protocol games/CPU-s"] = playouts_per_second(game, players, options, seconds, False)
        rates[f"{label} playout games/CPU-s"] = playouts_per_second(game, players, options, seconds, True)
    for game in ("azul", "chocolatier", "pavilion"):
        rates[f"{game} 2p search iterations/CPU-s"] = iterations_per_second(game, seconds)
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per row")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--build", action="append", default=[], help="a source folder (PYTHONPATH) to measure")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.json or not arguments.build:
        rates = measure(arguments.seconds)
        if arguments.json:
            print(json.dumps(rates))
        else:
            for label, rate in rates.items():
                print(f"{label:<56} {rate:>12,.0f}")
        return
    best: dict[str, dict[str, float]] = {build: {} for build in arguments.build}
    for _ in range(arguments.rounds):
        for build in arguments.build:
            answer = subprocess.run(
                [sys.executable, __file__, "--json", "--seconds", str(arguments.seconds)],
                check=True,
                capture_output=True,
                text=True,
                env={**os.environ, "PYTHONPATH": build},
            )
            for label, rate in json.loads(answer.stdout).items():
                best[build][label] = max(best[build].get(label, 0.0), rate)
    labels = list(best[arguments.build[0]])
    print(f"{'':<56} " + " ".join(f"{build[-24:]:>26}" for build in arguments.build))
    for label in labels:
        print(f"{label:<56} " + " ".join(f"{best[build][label]:>26,.0f}" for build in arguments.build))


if __name__ == "__main__":
    main()
