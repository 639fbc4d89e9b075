"""Azul's moves and chance outcomes, as values with a text notation (docs/notation.md).

* :class:`TakeMove` ``"2B3"``: from factory 2 take the blue tiles, put them on pattern
  line 3; ``"CKF"``: from the centre take the black tiles, put them on the floor.
* :class:`WallMove` ``"P2:3>4"``: on the grey wall, player 2 moves the tile of
  complete pattern line 3 to column 4 (rule A-10).
* :class:`~mozaika.core.fills.FactoryFill` ``"fill:BBYR/KKWW/RRRY/BWKY/YYYY"``: the tiles
  dealt to each factory at the start of a round ("-" for a factory left empty, rule F-2).

Factories, lines, columns and players are numbered from 1 in the notation (as a
player counts them) and from 0 in the attributes (as the code indexes them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mozaika.azul.theme import COLOURS
from mozaika.core.errors import NotationError
from mozaika.core.fills import FactoryFill, parse_fill
from mozaika.core.offer import CENTRE, FACTORIES, OfferTake
from mozaika.core.protocol import Move
from mozaika.core.theme import Theme

FLOOR = 5
"""The :attr:`TakeMove.line` of the floor line."""
LINES = 5


class TakeMove(OfferTake, identity=("source", "colour", "line")):
    """Take every tile of ``colour`` from ``source`` and put them on ``line`` (rules A-3, A-4).

    ``source`` is a factory index or :data:`CENTRE`; ``line`` is a pattern line
    index 0-4 or :data:`FLOOR`.
    """

    __slots__ = ("_fields", "line")

    _fields: dict[str, Any]

    def __init__(self, source: int, colour: int, line: int, theme: Theme) -> None:
        super().__init__(source, colour, theme.letter(colour))
        self.line = line
        self._seal("F" if line == FLOOR else str(line + 1))

    def fields(self) -> dict[str, Any]:
        """``{"kind": "take", "source": 2 or "centre", "colour": "B", "line": 3 or "floor"}``."""
        # Made once per move (a game's takes are built once and shared): the server sends the
        # fields of every legal move with every step; each caller gets a copy of its own.
        try:
            made = self._fields
        except AttributeError:
            made = self._fields = {**super().fields(), "line": "floor" if self.line == FLOOR else self.line + 1}
        return dict(made)


class WallMove(Move, identity=("seat", "line", "column")):
    """On the grey wall, ``seat`` moves the tile of complete line ``line`` to ``column`` (rule A-10)."""

    __slots__ = ("column", "line", "seat")

    def __init__(self, seat: int, line: int, column: int) -> None:
        self.seat = seat
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"P{self.seat + 1}:{self.line + 1}>{self.column + 1}"

    def fields(self) -> dict[str, Any]:
        """``{"kind": "column", "player": 2, "line": 3, "column": 4}``."""
        return {"kind": "column", "player": self.seat + 1, "line": self.line + 1, "column": self.column + 1}


class MoveTable:
    """Every :class:`TakeMove` of a game, built once, so that move generation only looks them up.

    ``by_source[source][colour][mask]`` lists the moves taking ``colour`` from
    ``source`` to each pattern line whose bit is set in ``mask``, then to the floor.
    """

    def __init__(self, factories: int, theme: Theme) -> None:
        self.theme = theme
        self.factories = factories
        # Indexed by source, the centre last, so that CENTRE (-1) finds it.
        sources = [*range(factories), CENTRE]
        self.moves: dict[tuple[int, int, int], TakeMove] = {
            (source, colour, line): TakeMove(source, colour, line, theme)
            for source in sources
            for colour in range(COLOURS)
            for line in range(LINES + 1)
        }
        self.by_source: list[list[tuple[tuple[TakeMove, ...], ...]]] = [
            [
                tuple(
                    tuple(
                        self.moves[source, colour, line]
                        for line in [*(line for line in range(LINES) if mask >> line & 1), FLOOR]
                    )
                    for mask in range(1 << LINES)
                )
                for colour in range(COLOURS)
            ]
            for source in sources
        ]
        self.wall_moves = {
            (seat, line, column): WallMove(seat, line, column)
            for seat in range(4)
            for line in range(LINES)
            for column in range(LINES)
        }


_TAKE = re.compile(r"^(C|[1-9])\s*[-:]?\s*(.+?)\s*[-:>]?\s*([1-5]|F)$", re.IGNORECASE)
_WALL = re.compile(r"^(?:P([1-4])\s*:\s*)?([1-5])\s*>\s*([1-5])$", re.IGNORECASE)


def parse_take(text: str, table: MoveTable) -> TakeMove:
    match = _TAKE.match(text.strip())
    if not match:
        raise NotationError(
            f"{text!r} is not an Azul move: write source, colour, destination, e.g. '2B3' "
            "(factory 2, blue, line 3) or 'CKF' (centre, black, floor)"
        )
    where, colour_text, to = match.groups()
    if where.upper() == "C":
        source = CENTRE
    else:
        source = int(where) - 1
        if source >= table.factories:
            raise NotationError(f"there is no factory {where}: this game has {table.factories}")
    colour = table.theme.colour(colour_text)
    line = FLOOR if to.upper() == "F" else int(to) - 1
    return table.moves[source, colour, line]


def parse_wall(text: str, table: MoveTable, default_seat: int | None, players: int) -> WallMove:
    match = _WALL.match(text.strip())
    if not match:
        raise NotationError(f"{text!r} is not a grey-wall move: write 'P2:3>4' (player 2 moves line 3 to column 4)")
    seat_text, line_text, column_text = match.groups()
    if seat_text is None:
        if default_seat is None:
            raise NotationError(f"{text!r} must say whose wall it is, e.g. 'P1:{line_text}>{column_text}'")
        seat = default_seat
    else:
        seat = int(seat_text) - 1
        if seat >= players:
            raise NotationError(f"there is no player {seat_text} in a {players}-player game")
    return table.wall_moves[seat, int(line_text) - 1, int(column_text) - 1]


_TABLES: dict[tuple[int, Theme], MoveTable] = {}


def move_table(factories: int, theme: Theme) -> MoveTable:
    """The shared, precomputed moves of a game with this many factories and this theme."""
    key = (factories, theme)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = MoveTable(factories, theme)
    return table


__all__ = [
    "CENTRE",
    "FLOOR",
    "FactoryFill",
    "MoveTable",
    "TakeMove",
    "WallMove",
    "move_table",
    "parse_fill",
    "parse_take",
    "parse_wall",
]


def read_move(text: str, options: Mapping[str, Any], theme: Theme) -> Move:
    """The move ``text`` names, whatever the phase: a take, or a grey-wall column choice (with its player)."""
    table = move_table(max(FACTORIES.values()), theme)
    if text.strip().upper().startswith("P"):
        return parse_wall(text, table, None, max(FACTORIES))
    return parse_take(text, table)
