"""What the golden files of ``tests/golden/`` hold, computed: shared by the tests that compare the
engines and the bots with them (tests/test_golden.py, tests/test_golden_bots.py) and by the script
that writes them (benchmarks/golden.py).

- One file per variant (every game, every combination of its options): how many move sequences
  of one and two moves there are from seeded positions (perft, as chess engines count them), and
  the final scores of seeded random games, for 2-4 players. Both engines must give these numbers:
  a bug the Python engine and the native core share, which their differential tests cannot see,
  changes them.
- ``bot_moves.json``: seeded games of every bot level: a change meant to leave every bot's choice
  as it was must leave these moves as they are.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import mozaika
from mozaika import new_game
from mozaika.bots import make_bot
from mozaika.catalogue import game_ids, game_spec
from mozaika.core.engine import using
from mozaika.core.protocol import State

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


PERFT_POSITIONS = ((1, 0), (2, 9), (3, 23), (4, 41))
"""(seed, random moves from the start): the start, and positions from each phase of the first rounds."""
PERFT_NODES = 1500
"""A position is counted to depth 2 where that is at most this many leaves (else to depth 1): a few seconds
for both engines over every variant."""
SCORED_GAMES = (101, 202, 303)
"""Seeds of the random games played to the end, whose final scores and lengths are kept."""


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Every game with every combination of its options' values, in the catalogue's order."""
    found = []
    for game in game_ids():
        options = game_spec(game).options
        for values in itertools.product(*(option.values for option in options)):
            found.append((game, {option.name: value for option, value in zip(options, values, strict=True)}))
    return found


def variant_name(game: str, options: dict[str, Any]) -> str:
    """The golden file's name: ``azul-grey``, ``chocolatier-brown-special_factories``."""
    words = [game]
    for name, value in options.items():
        if value is True:
            words.append(name)
        elif value is not False:
            words.append(str(value))
    return "-".join(words)


def random_position(game: str, options: dict[str, Any], players: int, seed: int, steps: int) -> State:
    """The position after ``steps`` moves chosen by ``random.Random(seed)`` from the seeded start (chance
    drawn from the same seed): the same on both engines, which list their moves in the same order."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(moves[rng.randrange(len(moves))])
    return state


def perft(state: State, depth: int) -> int:
    """How many move sequences of ``depth`` moves there are from ``state`` (chance drawn from its seed),
    every seat's moves counted where several seats decide at once."""
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        after = state.copy()
        after.play(move)
        total += perft(after, depth - 1)
    return total


def scored_game(game: str, options: dict[str, Any], players: int, seed: int) -> dict[str, Any]:
    """A random game to its end: its length, its rounds and the final scores (A-13, S-14)."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
        moves += 1
    return {"players": players, "seed": seed, "moves": moves, "rounds": state.round, "scores": list(state.scores)}


def variant_golden(game: str, options: dict[str, Any], engine: str) -> dict[str, Any]:
    """What a variant's golden file holds, computed on ``engine``."""
    counts = []
    games = []
    with using(engine):
        for players in game_spec(game).players:
            for seed, steps in PERFT_POSITIONS:
                state = random_position(game, options, players, seed, steps)
                assert state.engine == engine
                wide = perft(state, 1)
                depth = 2 if wide * wide <= PERFT_NODES * 2 and perft_fits(state) else 1
                found = [perft(state, level) for level in range(1, depth + 1)]
                counts.append({"players": players, "seed": seed, "after": steps, "counts": found})
            games.extend(scored_game(game, options, players, seed) for seed in SCORED_GAMES)
    return {"game": game, "options": options, "perft": counts, "games": games}


def perft_fits(state: State) -> bool:
    """Whether counting ``state`` to depth 2 stays within :data:`PERFT_NODES` leaves."""
    return perft(state, 2) <= PERFT_NODES
