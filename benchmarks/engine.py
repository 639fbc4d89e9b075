"""Engine speed: random playouts of every benchmark case, as ``mozaika bench`` runs them.

Usage: python benchmarks/engine.py [SECONDS]
"""

from __future__ import annotations

import sys

from mozaika.benchmarking import DEFAULT_CASES, random_playouts


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for case in DEFAULT_CASES:
        for fast in (False, True):
            result = random_playouts(case, seconds=seconds, fast=fast)
            print(
                f"{case.label:<26} {result.method:<9} {result.games_per_second:>8.1f} games/s "
                f"{result.moves_per_second:>10.1f} moves/s"
            )


if __name__ == "__main__":
    main()
