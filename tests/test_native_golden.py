"""Seeded games on the native core give what they gave before its speed work (docs/engine.md, "Speed").

The differential tests hold the core to the Python engines; these hold both to fixed outcomes:
a digest of each variant's seeded games (five moves through the protocol, then a playout from
the same generator: the final position, every step of the history and the generator's next
number), and the moves a seeded expert chose, as the version before the native playouts, the
recorded steps and the released GIL gave them.
"""

from __future__ import annotations

import hashlib
import os
import random
from typing import Any

import pytest

from mozaika import new_game
from mozaika.bots import make_bot
from mozaika.core import engine as engines

pytestmark = pytest.mark.skipif(
    not engines.is_built() and not os.environ.get("MOZAIKA_REQUIRE_NATIVE"),
    reason="the native core is not built here (MOZAIKA_REQUIRE_NATIVE=1 makes this a failure)",
)

GAMES: list[tuple[str, int, dict[str, Any], str]] = [
    ("azul", 2, {}, "4d3d24e9f39d70cf"),
    ("azul", 3, {}, "c080a0455e84d906"),
    ("azul", 4, {}, "5f48a36a3985bd85"),
    ("azul", 2, {"wall": "grey"}, "7c29e6c1f39e9d2a"),
    ("azul", 3, {"wall": "grey"}, "d3ea3e6093b85942"),
    ("azul", 4, {"wall": "grey"}, "60f21a38e46690c4"),
    ("chocolatier", 2, {"special_factories": True}, "3bbd8ca835819aad"),
    ("chocolatier", 3, {"special_factories": True}, "96abec0dbfac2c98"),
    ("chocolatier", 4, {"special_factories": True}, "7a003336a17fdcda"),
    ("chocolatier", 2, {"box": "brown"}, "4b72d2314b119f36"),
    ("chocolatier", 3, {"box": "brown"}, "4c2b50b78627c315"),
    ("chocolatier", 4, {"box": "brown"}, "36373e19c3599d41"),
    ("pavilion", 2, {}, "fd8b025785b45cd5"),
    ("pavilion", 3, {}, "9491391c1f70bac2"),
    ("pavilion", 4, {}, "02fe80013e6702c2"),
    ("pavilion", 2, {"board": "colourless"}, "a685e11b9b4c13a6"),
    ("pavilion", 3, {"board": "colourless"}, "2c954936c2c6a5ef"),
    ("pavilion", 4, {"board": "colourless"}, "d33f20e230e9221f"),
]
"""Each variant at 2-4 players (A-10's grey wall, M-1..M-5's special factories, the brown box,
S-16's colourless stars), and the digest of its four seeded games."""

BOT_MOVES = {
    "azul": ["5R1", "1R1", "2R2", "3B2", "CB3", "CK3"],
    "chocolatier": ["4N3", "2P1", "5K1", "CW4", "CP2", "1W3"],
    "pavilion": ["3Y", "5O", "4G", "2Y", "1R", "CB"],
}
"""The first six moves an expert (300 iterations, seed 4) chose from each game's seed 21."""


def seeded_digest(game: str, players: int, options: dict[str, Any], engine: str) -> str:
    digest = hashlib.sha256()
    for seed in range(4):
        with engines.using(engine):
            state = new_game(game, players=players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(5):
            moves = state.legal_moves()
            state.play(moves[int(rng.random() * len(moves))])
        state.playout(rng)
        digest.update(state.to_json().encode())
        digest.update(" ".join(str(step) for step in state.history).encode())
        digest.update(repr(rng.random()).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("game", "players", "options", "expected"), GAMES)
def test_seeded_games_give_what_they_gave(game: str, players: int, options: dict[str, Any], expected: str) -> None:
    assert seeded_digest(game, players, options, "native") == expected


@pytest.mark.parametrize(("game", "players", "options", "expected"), GAMES[:: len(GAMES) // 4])
def test_the_python_engines_give_the_same(game: str, players: int, options: dict[str, Any], expected: str) -> None:
    assert seeded_digest(game, players, options, "python") == expected


@pytest.mark.parametrize("game", sorted(BOT_MOVES))
def test_a_seeded_expert_chooses_what_it_chose(game: str) -> None:
    options: dict[str, Any] = {"special_factories": True} if game == "chocolatier" else {}
    with engines.using("native"):
        state = new_game(game, players=2, seed=21, **options)
    bot = make_bot("expert", iterations=300, seed=4)
    chosen = []
    for _ in range(6):
        move = bot.choose(state)
        chosen.append(str(move))
        state.play(move)
    assert chosen == BOT_MOVES[game]
