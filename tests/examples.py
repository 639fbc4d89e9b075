"""Shared test data: the rulebook's scoring example, every variant of every game, and coloured walls (A-9)."""

from __future__ import annotations

from typing import Any

import mozaika
from mozaika.azul.theme import AZUL_THEME
from mozaika.azul.wall import coloured_colour
from mozaika.notation import positions


def coloured_wall(cells: set[tuple[int, int]]) -> list[str]:
    """A coloured wall (A-9) with tiles at the given (row, column) cells, 1-based."""
    rows = []
    for row in range(5):
        rows.append(
            "".join(
                AZUL_THEME.letters[coloured_colour(row, column)] if (row + 1, column + 1) in cells else "."
                for column in range(5)
            )
        )
    return rows


ALL_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("azul", {"wall": "coloured"}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {"box": "coloured", "special_factories": False}),
    ("chocolatier", {"box": "brown", "special_factories": False}),
    ("chocolatier", {"box": "coloured", "special_factories": True}),
    ("chocolatier", {"box": "brown", "special_factories": True}),
    ("pavilion", {"board": "coloured"}),
    ("pavilion", {"board": "colourless"}),
]
"""Every game with every combination of its options."""


def scoring_example() -> mozaika.State:
    """The Azul rulebook's scoring example (A-8), as the rulebook draws it.

    Player 1's complete yellow pattern line 3 will join four tiles across and three
    down (X: the colour printed there, A-9) once player 2 takes the last tile.
    """
    return positions.build(
        "azul",
        players=2,
        walls=["...../...X./XXX../...X./.....", ""],
        lines=["-/-/YYY/-/-", ""],
        centre="W",
        floors=["", "1"],
        turn=1,
    )
