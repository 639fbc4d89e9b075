"""An Azul position: what lies on the table and the boards, and its JSON form.

:class:`AzulPosition` holds the position (the factory offer, the bag and the lid, the
boards, the round and the phase); :class:`~mozaika.azul.state.AzulState` adds the
rules that change it.  The JSON format is documented in ``docs/api.md``
("Positions").  Reading checks every field and the rules a position must satisfy
(tile conservation F-4, pattern lines A-4, the wall pattern A-9 or the grey-wall
rule A-10, the floor A-5), so that a position that could not arise in a game is
refused with a clear message.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, ClassVar, Self

from mozaika.azul.board import EMPTY, MARKER, Board
from mozaika.azul.moves import MoveTable, move_table
from mozaika.azul.table import CHANCE, DRAFT, OVER, PHASE_NAMES, TILES_PER_COLOUR, TILING
from mozaika.azul.theme import AZUL_THEME, COLOURS, MARKER_LETTER
from mozaika.azul.wall import FLOOR_SPACES, SIZE, coloured_colour
from mozaika.core.errors import PositionError
from mozaika.core.family import FamilyState
from mozaika.core.offer import FACTORIES, FACTORY_SIZE
from mozaika.core.reading import Fields
from mozaika.core.serial import (
    check_conserved,
    family_to_dict,
    piles_to_dict,
    read_boards,
    read_colours,
    read_offer,
    read_phase,
    read_start,
)
from mozaika.core.theme import Theme

FORMAT = 1


class AzulPosition(FamilyState[Board], lists=("bag", "lid")):
    """A position of Azul (coloured wall, or the grey-wall variant of rule A-10), without its rules."""

    game_id: ClassVar[str] = "azul"
    theme: ClassVar[Theme] = AZUL_THEME

    __slots__ = ("bag", "fill_sizes", "grey", "lid", "table")

    bag: list[int]
    """Tiles by colour in the bag (F-2)."""
    lid: list[int]
    """Tiles by colour in the box lid, which refills an empty bag (F-2)."""
    grey: bool
    """True on the grey wall (A-10)."""
    table: MoveTable
    """Every take of the game, built once (shared by copies)."""
    fill_sizes: tuple[int, ...]
    """How many tiles each factory is dealt."""

    CHANCE_PHASE = CHANCE
    OVER_PHASE = OVER

    def _init_options(self, options: Mapping[str, Any]) -> None:
        self.grey = options.get("wall", "coloured") == "grey"

    @property
    def options(self) -> dict[str, Any]:
        return {"wall": "grey" if self.grey else "coloured"}

    def factory_capacity(self, factory: int) -> int:
        """The most tiles a factory can hold in a valid position."""
        return FACTORY_SIZE

    def _extra_to_dict(self) -> dict[str, Any]:
        """Fields a variant adds to the position format."""
        return {}

    def _extra_from_dict(self, data: Mapping[str, Any]) -> None:
        """Read the fields of :meth:`_extra_to_dict` back."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **family_to_dict(self, FORMAT, PHASE_NAMES),
            **piles_to_dict(self, "lid", self.lid, _board_parts),
            **self._extra_to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        state, top, options = read_start(cls, data, FORMAT)
        players, theme = state.players, cls.theme
        state._init_options(options)
        factory_count = FACTORIES[players]
        state.table = move_table(factory_count, theme)
        state.fill_sizes = (FACTORY_SIZE,) * factory_count
        state._extra_from_dict(top.data)
        read_offer(state, top, players, theme, state.factory_capacity)
        state.bag = top.counts("bag", theme.letters, TILES_PER_COLOUR)
        state.lid = top.counts("lid", theme.letters, TILES_PER_COLOUR)
        state.boards = read_boards(top, players, Board, 0, partial(_read_board_parts, state))
        state._round = top.integer("round", 1)
        state.phase = read_phase(top, PHASE_NAMES)
        state._refresh_masks()
        _check_position(state)
        return state

    def counts_in_play(self) -> list[int]:
        """Tiles by colour across bag, lid, factories, centre and boards: always 20 each (F-4)."""
        totals = [self.bag[c] + self.lid[c] + self.centre[c] for c in range(COLOURS)]
        for counts in self.factories:
            for colour in range(COLOURS):
                totals[colour] += counts[colour]
        for board in self.boards:
            for colour in board.wall_colours:
                if colour != EMPTY:
                    totals[colour] += 1
            for line in range(SIZE):
                if board.line_count[line]:
                    totals[board.line_colour[line]] += board.line_count[line]
            for tile in board.floor:
                if tile != MARKER:
                    totals[tile] += 1
        return totals


def _board_parts(theme: Theme, board: Board) -> dict[str, Any]:
    """What a board holds besides its score and statistics."""
    # Each field read once (a native board hands out a fresh list at every read), and the
    # wall's letters found in one pass: the server writes every position a move makes.
    letters = theme.letters
    line_colours, line_counts = board.line_colour, board.line_count
    wall = [letters[colour] if colour != EMPTY else "." for colour in board.wall_colours[: SIZE * SIZE]]
    return {
        "lines": [letters[line_colours[line]] * count if (count := line_counts[line]) else "" for line in range(SIZE)],
        "wall": ["".join(wall[SIZE * row : SIZE * row + SIZE]) for row in range(SIZE)],
        "floor": "".join([MARKER_LETTER if tile == MARKER else letters[tile] for tile in board.floor]),
        "tiling_line": board.tiling_line,
        "waiting": board.waiting,
    }


def _read_board_parts(state: AzulPosition, board: Board, fields: Fields, where: str) -> None:
    """Read what a board holds besides its score and statistics."""
    theme = state.theme
    lines = fields.get("lines", list)
    if len(lines) != SIZE:
        raise PositionError(f"{where} must list {SIZE} pattern lines")
    for line, text in enumerate(lines):
        colours = read_colours(theme, text, f"{where} line {line + 1}")
        if len(colours) > line + 1:
            raise PositionError(f"{where} line {line + 1} holds {len(colours)} tiles; it has {line + 1} spaces (A-4)")
        if len(set(colours)) > 1:
            raise PositionError(f"{where} line {line + 1} mixes colours (A-4)")
        if colours:
            board.line_colour[line] = colours[0]
            board.line_count[line] = len(colours)
    wall = fields.get("wall", list)
    if len(wall) != SIZE or not all(isinstance(row, str) and len(row) == SIZE for row in wall):
        raise PositionError(f"{where} wall must be {SIZE} strings of {SIZE} letters or '.'")
    for row, text in enumerate(wall):
        for column, letter in enumerate(text):
            if letter == ".":
                continue
            colour = read_colours(theme, letter, f"{where} wall row {row + 1}")[0]
            if not state.grey and colour != coloured_colour(row, column):
                raise PositionError(
                    f"{where} wall row {row + 1} column {column + 1} is printed "
                    f"{theme.name(coloured_colour(row, column))}, not {theme.name(colour)} (A-9)"
                )
            if board.colour_rows[colour] >> row & 1 or board.column_colours[column] >> colour & 1:
                raise PositionError(
                    f"{where} wall repeats {theme.name(colour)} in row {row + 1} or column {column + 1} (A-10)"
                )
            board.place_on_wall(row, column, colour)
    for line in range(SIZE):
        if board.line_count[line] and board.colour_rows[board.line_colour[line]] >> line & 1:
            raise PositionError(
                f"{where} line {line + 1} holds {theme.name(board.line_colour[line])}, "
                f"which wall row {line + 1} already has (A-4)"
            )
    floor_text = fields.get("floor", str)
    if len(floor_text) > FLOOR_SPACES:
        raise PositionError(f"{where} floor holds {len(floor_text)} items; it has {FLOOR_SPACES} spaces (A-5)")
    for letter in floor_text:
        board.floor.append(MARKER if letter == MARKER_LETTER else read_colours(theme, letter, f"{where} floor")[0])
    board.tiling_line = fields.integer("tiling_line", 0, SIZE)
    board.waiting = fields.get("waiting", bool)
    board.refresh_accept()


def _check_position(state: AzulPosition) -> None:
    check_conserved(state, TILES_PER_COLOUR)
    markers = [seat for seat, board in enumerate(state.boards) if MARKER in board.floor]
    if len(markers) > 1 or any(board.floor.count(MARKER) > 1 for board in state.boards):
        raise PositionError("the first-player marker lies on more than one floor (A-3)")
    if state.marker_in_centre and (markers or state.marker_holder is not None):
        raise PositionError("the first-player marker cannot be both in the centre and with a player (A-3)")
    if markers and markers[0] != state.marker_holder:
        raise PositionError("the marker lies on a floor of a player who is not its holder (A-3)")
    if state.phase == DRAFT and state.tiles_on_table == 0:
        raise PositionError("the factory offer cannot go on with no tile on the table (A-6)")
    if state.phase == CHANCE and state.tiles_on_table:
        raise PositionError("factories must be empty while they wait to be filled (A-11)")
    waiting = [board for board in state.boards if board.waiting]
    if state.phase == TILING:
        if not state.grey:
            raise PositionError("only the grey wall asks players to choose columns (A-10)")
        if not waiting:
            raise PositionError("a tiling phase needs a player who must choose a column (A-10)")
        for board in waiting:
            line = board.tiling_line
            if line >= SIZE or board.line_count[line] != line + 1:
                raise PositionError("a player waiting to tile must have a complete pattern line there (A-7)")
    elif waiting:
        raise PositionError("no player can be choosing a wall column outside the tiling phase (A-10)")
