"""Helpers that build Azul positions for tests, balancing the bag so tiles stay conserved (F-4)."""

from __future__ import annotations

from typing import Any

from mozaika.azul import AzulState
from mozaika.azul.theme import AZUL_THEME
from mozaika.azul.wall import coloured_colour
from mozaika.registry import new_game

LETTERS = AZUL_THEME.letters


def coloured_wall(cells: set[tuple[int, int]]) -> list[str]:
    """A coloured wall (A-9) with tiles at the given (row, column) cells, 1-based."""
    rows = []
    for row in range(5):
        rows.append(
            "".join(
                LETTERS[coloured_colour(row, column)] if (row + 1, column + 1) in cells else "." for column in range(5)
            )
        )
    return rows


def board(
    *,
    lines: list[str] | None = None,
    wall: list[str] | None = None,
    floor: str = "",
    score: int = 0,
) -> dict[str, Any]:
    return {
        "score": score,
        "lines": lines or ["", "", "", "", ""],
        "wall": wall or ["....."] * 5,
        "floor": floor,
        "tiling_line": 5,
        "waiting": False,
        "stats": {
            "placement_points": 0,
            "floor_points": 0,
            "tiles_to_floor": 0,
            "bonus_rows": 0,
            "bonus_columns": 0,
            "bonus_colours": 0,
        },
    }


def build(
    *,
    players: int = 2,
    wall: str = "coloured",
    boards: list[dict[str, Any]] | None = None,
    factories: list[str] | None = None,
    centre: str = "",
    marker_in_centre: bool = True,
    marker_holder: int | None = None,
    turn: int = 0,
    starter: int = 0,
    lid: dict[str, int] | None = None,
    phase: str = "offer",
    seed: int = 0,
    auto_chance: bool = True,
) -> AzulState:
    data = new_game("azul", players=players, seed=seed, wall=wall).to_dict()
    data["boards"] = boards or [board() for _ in range(players)]
    data["factories"] = factories if factories is not None else [""] * len(data["factories"])
    data["centre"] = centre
    data["marker_in_centre"] = marker_in_centre
    data["marker_holder"] = marker_holder
    data["turn"] = turn
    data["starter"] = starter
    data["phase"] = phase
    data["auto_chance"] = auto_chance
    data["lid"] = {letter: (lid or {}).get(letter, 0) for letter in LETTERS}
    used = dict.fromkeys(LETTERS, 0)
    texts = [*data["factories"], centre]
    for entry in data["boards"]:
        texts += entry["lines"] + entry["wall"] + [entry["floor"]]
    for text in texts:
        for letter in text:
            if letter in used:
                used[letter] += 1
    data["bag"] = {letter: 20 - used[letter] - data["lid"][letter] for letter in LETTERS}
    state = AzulState.from_dict(data)
    assert isinstance(state, AzulState)
    return state
