"""Real game data for the browser's pure modules, which Node's test runner checks (tests/js/*.test.mjs).

Prints JSON: for every game and variant, positions of a seeded game played by seeded random
moves, each with the legal moves of every seat on turn as the server sends them (notation and
``move_fields``) and the public position; and each game's log as the step events of a live
table carry it (entries numbered by ``seq``), to feed the event queue.  Run from the
repository root: ``PYTHONPATH=src python3 tests/js/gamedata.py > data.json``; the Node tests
run it themselves unless ``MOZAIKA_JS_DATA`` names such a file (tests/test_web_units.py
writes one).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from mozaika.catalogue import new_game
from mozaika.core.protocol import Move
from mozaika.server.tables.gamelog import public_position
from mozaika.server.tables.views import game_catalogue

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("azul", 2, {}),
    ("azul", 3, {"wall": "grey"}),
    ("chocolatier", 2, {"special_factories": True}),
    ("chocolatier", 4, {"box": "brown", "special_factories": True}),
    ("pavilion", 2, {}),
    ("pavilion", 3, {"board": "colourless"}),
]
"""Each game and option, with the player counts that vary the factories."""

POSITIONS_PER_GAME = 40
"""Positions kept from each game: spread over the whole game, every phase included."""


def variant_data(game: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    positions: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    while not state.is_over:
        legal = {seat: state.legal_moves(seat) for seat in state.to_move}
        positions.append(
            {
                "position": public_position(state),
                "to_move": list(state.to_move),
                "legal": {str(seat): [_move(move) for move in moves] for seat, moves in legal.items()},
            }
        )
        seat = rng.choice(sorted(legal))
        played = len(state.history)
        state.play(_choose(legal[seat], rng))
        # The step a live table sends for a move: the move, and the chance drawn after it.
        fresh = [
            {"seq": len(entries) + index + 1, "kind": "move" if isinstance(step, Move) else "chance", "text": str(step)}
            for index, step in enumerate(state.history[played:])
        ]
        entries.extend(fresh)
        steps.append(
            {
                "type": "step",
                "seq": len(entries),
                "status": "finished" if state.is_over else "running",
                "round": state.round,
                "to_move": list(state.to_move),
                "scores": state.scores,
                "entries": fresh,
            }
        )
    spread = max(1, len(positions) // POSITIONS_PER_GAME)
    kept = [position for index, position in enumerate(positions) if index % spread == 0 or _picking(position)]
    return {
        "game": game,
        "players": players,
        "options": options,
        "positions": kept,
        "steps": steps,
    }


def _choose(moves: list[Move], rng: random.Random) -> Move:
    """A random move; in Summer Pavilion mostly a placement, so that the stars fill and bonus picks come (S-10)."""
    places = [move for move in moves if move.fields()["kind"] == "place"]
    return rng.choice(places if places and rng.random() < 0.9 else moves)


def _picking(position: dict[str, Any]) -> bool:
    """Whether a seat on turn chooses bonus tiles (S-10): rare, so every such position is kept."""
    return any(move["fields"]["kind"] == "pick" for moves in position["legal"].values() for move in moves)


def _move(move: Move) -> dict[str, Any]:
    return {"text": str(move), "fields": move.fields()}


def game_data(seed: int = 45) -> dict[str, Any]:
    return {
        "catalogue": game_catalogue(),
        "variants": [variant_data(game, players, options, seed) for game, players, options in VARIANTS],
    }


if __name__ == "__main__":
    json.dump(game_data(), sys.stdout)
