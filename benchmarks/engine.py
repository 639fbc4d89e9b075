"""Engine speed: random playouts of every benchmark case, as ``mozaika bench`` runs them, on the
native core and the Python engines side by side; then what a copy of a mid-game position costs
on each engine (searches copy positions constantly).

Usage: python benchmarks/engine.py [SECONDS]
"""

from __future__ import annotations

import random
import sys
import time

from mozaika import new_game
from mozaika.core.engine import available, using
from mozaika.tools.benchmarking import DEFAULT_CASES, engines_for, run_cases


def copy_cost(game: str, players: int, options: dict[str, object], copies: int = 20_000) -> float:
    """Microseconds per ``copy()`` of positions a dozen moves into games (median of five runs)."""
    rng = random.Random(players)
    state = new_game(game, players=players, seed=3, **options)
    for _ in range(12):
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(copies):
            state.copy()
        runs.append((time.perf_counter() - start) / copies * 1e6)
    return sorted(runs)[2]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for result in run_cases(DEFAULT_CASES, seconds=seconds):
        print(result.summary(), flush=True)
    for case in DEFAULT_CASES:
        for engine in engines_for(case.game, available(), case.options):
            with using(engine):
                cost = copy_cost(case.game, case.players, dict(case.options))
            print(f"{case.label:<50} copy      {engine:<7} {cost:8.2f} µs per copy", flush=True)


if __name__ == "__main__":
    main()
