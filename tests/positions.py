"""Helpers that build Azul positions for tests, balancing the bag so tiles stay conserved (F-4)."""

from __future__ import annotations

from typing import Any

import mozaika
from mozaika.azul import AzulState
from mozaika.azul.theme import AZUL_THEME
from mozaika.azul.wall import coloured_colour
from mozaika.registry import game_spec, new_game

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
    """A position of ``game`` (Azul or Chocolatier); the bag holds every tile not placed elsewhere.

    ``extra`` sets further position fields (e.g. Chocolatier's special factories).
    """
    if options is None:
        options = {"wall": wall} if game == "azul" else {}
    data = new_game(game, players=players, seed=seed, **options).to_dict()
    letters = game_spec(game).theme.letters  # type: ignore[union-attr]
    data["boards"] = boards or [board() for _ in range(players)]
    data["factories"] = factories if factories is not None else [""] * len(data["factories"])
    data["centre"] = centre
    data["marker_in_centre"] = marker_in_centre
    data["marker_holder"] = marker_holder
    data["turn"] = turn
    data["starter"] = starter
    data["phase"] = phase
    data["auto_chance"] = auto_chance
    if "special_factories" in data:  # Chocolatier: no disc unless the test places one
        data.update(special_factories=[None] * len(data["factories"]), sn5_holder=None, sn5_praline="")
    data.update(extra or {})
    data["lid"] = {letter: (lid or {}).get(letter, 0) for letter in letters}
    used = dict.fromkeys(letters, 0)
    texts = [*data["factories"], centre, data.get("sn5_praline") or ""]
    for entry in data["boards"]:
        texts += entry["lines"] + entry["wall"] + [entry["floor"]]
    for text in texts:
        for letter in text:
            if letter in used:
                used[letter] += 1
    data["bag"] = {letter: 20 - used[letter] - data["lid"][letter] for letter in letters}
    state = mozaika.State.from_json(data)
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
    """A Summer Pavilion position; the bag holds every tile not placed elsewhere (F-4)."""
    data = new_game("pavilion", players=players, seed=0, board=side).to_dict()
    data.update(
        boards=boards or [pavilion_board() for _ in range(players)],
        round=round,
        phase=phase,
        chance=chance,
        turn=turn,
        starter=starter,
        factories=factories if factories is not None else [""] * len(data["factories"]),
        centre=centre,
        supply=supply,
        marker_holder=marker_holder,
        marker_in_centre=marker_holder is None,
        pending_bonus=pending_bonus or [],
        auto_chance=auto_chance,
        tower={letter: (tower or {}).get(letter, 0) for letter in PAVILION_LETTERS},
    )
    used = dict.fromkeys(PAVILION_LETTERS, 0)
    texts = [*data["factories"], centre, supply]
    for entry in data["boards"]:
        texts += [entry["hand"], *entry["stars"].values()]
    for text in texts:
        for letter in text:
            if letter in used:
                used[letter] += 1
    data["bag"] = {letter: 22 - used[letter] - data["tower"][letter] for letter in PAVILION_LETTERS}
    return mozaika.State.from_json(data)
