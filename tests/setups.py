"""Test positions in the shape the older tests write them, built by :func:`mozaika.notation.positions.build`."""

from __future__ import annotations

from typing import Any

import mozaika
from mozaika.azul import AzulState
from mozaika.azul.theme import AZUL_THEME
from mozaika.azul.wall import coloured_colour
from mozaika.notation import positions

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
    game: str = "azul",
    players: int = 2,
    wall: str = "coloured",
    options: dict[str, Any] | None = None,
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
    extra: dict[str, Any] | None = None,
) -> AzulState:
    """A position of ``game`` (Azul or Chocolatier) through ``positions.build``, lid empty by default.

    ``extra`` sets Chocolatier's special factories (``special_factories``, ``sn5_holder``, ``sn5_praline``).
    """
    if options is None:
        options = {"wall": wall} if game == "azul" else {}
    boards = boards or [board() for _ in range(players)]
    extra = dict(extra or {})
    state = positions.build(
        game,
        players=players,
        seed=seed,
        auto_chance=auto_chance,
        **options,
        walls=[entry["wall"] for entry in boards],
        lines=[entry["lines"] for entry in boards],
        floors=[entry["floor"] for entry in boards],
        scores=[entry["score"] for entry in boards],
        factories=factories,
        centre=centre,
        marker="centre" if marker_in_centre else marker_holder,
        turn=turn,
        starter=starter,
        lid=lid or {},
        phase=phase,
        **({"discs": extra.pop("special_factories")} if "special_factories" in extra else {}),
        **extra,
    )
    assert isinstance(state, AzulState)
    return state


PAVILION_LETTERS = "ORBYGP"
STAR_NAMES = "ORBYGPC"


def pavilion_board(
    *, stars: dict[str, str] | None = None, hand: str = "", score: int = 5, passed: bool = False
) -> dict[str, Any]:
    """One Summer Pavilion board: ``stars`` maps a star letter to six slots (a letter or '.')."""
    return {
        "score": score,
        "hand": hand,
        "passed": passed,
        "stars": {letter: (stars or {}).get(letter, "......") for letter in STAR_NAMES},
        "stats": {"placement_points": 0, "marker_points": 0, "discard_points": 0, "star_bonus": 0, "number_bonus": 0},
    }


def pavilion(
    *,
    players: int = 2,
    side: str = "coloured",
    boards: list[dict[str, Any]] | None = None,
    round: int = 1,
    phase: str = "placement",
    turn: int = 0,
    starter: int = 0,
    factories: list[str] | None = None,
    centre: str = "",
    supply: str = "OORRBBYYGP",
    marker_holder: int | None = None,
    tower: dict[str, int] | None = None,
    pending_bonus: list[int] | None = None,
    chance: str | None = None,
    auto_chance: bool = True,
) -> mozaika.State:
    """A Summer Pavilion position through :func:`mozaika.notation.positions.build`."""
    boards = boards or [pavilion_board() for _ in range(players)]
    return positions.build(
        "pavilion",
        players=players,
        auto_chance=auto_chance,
        board=side,
        stars=[entry["stars"] for entry in boards],
        hands=[entry["hand"] for entry in boards],
        passed=[entry["passed"] for entry in boards],
        scores=[entry["score"] for entry in boards],
        round=round,
        phase=phase,
        chance=chance,
        turn=turn,
        starter=starter,
        factories=factories,
        centre=centre,
        supply=supply,
        marker="centre" if marker_holder is None else marker_holder,
        tower=tower or {},
        pending_bonus=pending_bonus or [],
    )


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
