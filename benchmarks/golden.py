"""Writes the golden files of ``tests/golden/`` (what they catch: docs/engine.md, "Golden files").

- ``<variant>.json``, one per variant: legal-move counts (perft) of seeded positions and the final
  scores of seeded random games, 2-4 players (``tests/goldenkit.py``), computed on the pure-Python
  engine and, where the native core is built, checked against it before anything is written.
- ``bot_moves.json``: seeded games of every bot level, the moves the bots chose; a change that
  must leave every bot's choice as it was leaves this file as it is.

Run it only when a change is meant to change what a file holds (a rule, a variant, a level), and
say why in the commit:

    PYTHONPATH=src python3 benchmarks/golden.py [--only variants|bots]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from goldenkit import BOT_GAMES, GOLDEN, bot_moves, variant_golden, variant_name, variants  # noqa: E402
from mozaika.core import engine as engines  # noqa: E402


def write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["variants", "bots"], help="write only these files")
    arguments = parser.parse_args()
    if arguments.only in (None, "variants"):
        for game, options in variants():
            golden = variant_golden(game, options, "python")
            if engines.is_built() and variant_golden(game, options, "native") != golden:
                sys.exit(
                    f"{variant_name(game, options)}: the engines disagree; nothing written (benchmarks/native_check.py)"
                )
            write(GOLDEN / f"{variant_name(game, options)}.json", golden)
    if arguments.only in (None, "bots"):
        write(GOLDEN / "bot_moves.json", [dict(case, moves=bot_moves(case)) for case in BOT_GAMES])


if __name__ == "__main__":
    main()
