"""Seeded games of every bot level, as the golden file ``tests/golden/bot_moves.json`` keeps them.

Shared by the test that compares the bots' choices with the file (tests/test_golden_bots.py) and by
the script that writes it (benchmarks/golden.py): a change meant to leave every bot's choice
as it was must leave these moves as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mozaika
from mozaika.bots import make_bot

GOLDEN = Path(__file__).parent / "golden"
"""Where the golden files are."""

BOT_GAMES: list[dict[str, Any]] = [
    {"game": "azul", "options": {}, "bots": ["expert@300", "hard", "medium"], "seed": 11},
    {"game": "azul", "options": {"wall": "grey"}, "bots": ["beginner", "expert@300"], "seed": 12},
    {"game": "chocolatier", "options": {}, "bots": ["expert@300", "hard"], "seed": 13},
    {
        "game": "chocolatier",
        "options": {"box": "brown", "special_factories": True},
        "bots": ["easy", "medium", "expert@300"],
        "seed": 14,
    },
    {"game": "pavilion", "options": {}, "bots": ["expert@300", "hard", "medium"], "seed": 15},
    {"game": "pavilion", "options": {"board": "colourless"}, "bots": ["hard", "beginner"], "seed": 16},
]
"""Each level in each game: ``expert`` with an iteration budget (its own is partly wall-clock time),
``hard`` with its own (which the game may set: Summer Pavilion's)."""
MOVES = 30
"""How many decisions of each game are kept: the first rounds, every level deciding several times."""


def bot_moves(case: dict[str, Any]) -> list[str]:
    """The first :data:`MOVES` moves the case's bots choose, seat by seat, from its seeded start."""
    state = mozaika.new_game(case["game"], players=len(case["bots"]), seed=case["seed"], **case["options"])
    bots = [make_bot(name, seed=case["seed"] * 10 + seat) for seat, name in enumerate(case["bots"])]
    played: list[str] = []
    while not state.is_over and len(played) < MOVES:
        seat = state.to_move[0]
        move = bots[seat].choose(state)
        state.play(move)
        played.append(f"{seat}:{move}")
    return played
