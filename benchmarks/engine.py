"""Engine speed: random playouts of every benchmark case, as ``mozaika bench`` runs them.

Usage: python benchmarks/engine.py [SECONDS]
"""

from __future__ import annotations

import sys

from mozaika.tools.benchmarking import DEFAULT_CASES, run_cases


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for result in run_cases(DEFAULT_CASES, seconds=seconds):
        print(result.summary())


if __name__ == "__main__":
    main()
