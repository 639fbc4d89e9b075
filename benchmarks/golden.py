"""Writes the golden files of ``tests/golden/`` (what they catch: docs/engine.md, "Golden files").

- ``bot_moves.json``: seeded games of every bot level (``tests/goldenkit.py``), the moves the
  bots chose; a change that must leave every bot's choice as it was leaves this file as it is.

Run it only when a change is meant to change what a file holds, and say why in the commit:

    PYTHONPATH=src python3 benchmarks/golden.py [--only bots]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from goldenkit import BOT_GAMES, GOLDEN, bot_moves  # noqa: E402


def write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["bots"], help="write only these files")
    arguments = parser.parse_args()
    if arguments.only in (None, "bots"):
        write(GOLDEN / "bot_moves.json", [dict(case, moves=bot_moves(case)) for case in BOT_GAMES])


if __name__ == "__main__":
    main()
