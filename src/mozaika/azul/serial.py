"""Azul positions as JSON-compatible dictionaries, and their validation when read back.

The format is documented in ``docs/api.md`` ("Positions").  Reading checks every
field and the rules a position must satisfy (tile conservation F-4, pattern lines
A-4, the wall pattern A-9 or the grey-wall rule A-10, the floor A-5), so that a
position that could not arise in a game is refused with a clear message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar

from mozaika.azul.board import EMPTY, MARKER, Board
from mozaika.azul.moves import MoveTable, move_table
from mozaika.azul.table import CHANCE, DRAFT, PHASE_NAMES, TILES_PER_COLOUR, TILING
from mozaika.azul.theme import COLOURS, MARKER_LETTER
from mozaika.azul.wall import FLOOR_SPACES, SIZE, coloured_colour
from mozaika.core.errors import NotationError, PositionError
from mozaika.core.offer import FACTORIES, FACTORY_SIZE
from mozaika.core.reading import Fields, read_header
from mozaika.core.theme import Theme

FORMAT = 1


class AzulPosition(Protocol):
    """What this module reads and writes of an Azul state (``AzulState`` depends on this module, not back)."""

    game_id: ClassVar[str]
    theme: ClassVar[Theme]
    _players: int
    _round: int
    grey: bool
    table: MoveTable
    fill_sizes: tuple[int, ...]
    factories: list[list[int]]
    centre: list[int]
    masks: list[int]
    marker_in_centre: bool
    marker_holder: int | None
    bag: list[int]
    lid: list[int]
    boards: list[Board]
    turn: int
    starter: int
    phase: int
    tiles_on_table: int

    @property
    def round(self) -> int: ...

    def _start(self, seed: int, auto_chance: bool, chance_index: int = 0) -> None: ...

    def _header(self, version: int) -> dict[str, Any]: ...

    def _init_options(self, options: Mapping[str, Any]) -> None: ...

    def _extra_to_dict(self) -> dict[str, Any]: ...

    def _extra_from_dict(self, data: Mapping[str, Any]) -> None: ...

    def _refresh_masks(self) -> None: ...

    def factory_capacity(self, factory: int) -> int: ...

    def counts_in_play(self) -> list[int]: ...


S = TypeVar("S", bound=AzulPosition)


def azul_state_to_dict(state: AzulPosition) -> dict[str, Any]:
    theme = state.theme
    return {
        **state._header(FORMAT),
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "starter": state.starter,
        "marker_in_centre": state.marker_in_centre,
        "marker_holder": state.marker_holder,
        "factories": [_spell_counts(state, counts) for counts in state.factories],
        "centre": _spell_counts(state, state.centre),
        "bag": {theme.letter(c): state.bag[c] for c in range(COLOURS)},
        "lid": {theme.letter(c): state.lid[c] for c in range(COLOURS)},
        "boards": [_board_to_dict(state, board) for board in state.boards],
        **state._extra_to_dict(),
    }


def _spell_counts(state: AzulPosition, counts: list[int]) -> str:
    return "".join(state.theme.letter(c) * counts[c] for c in range(COLOURS))


def _board_to_dict(state: AzulPosition, board: Board) -> dict[str, Any]:
    theme = state.theme
    return {
        "score": board.score,
        "lines": [
            theme.letter(board.line_colour[line]) * board.line_count[line] if board.line_count[line] else ""
            for line in range(SIZE)
        ],
        "wall": [
            "".join(
                theme.letter(colour) if colour != EMPTY else "."
                for colour in board.wall_colours[SIZE * row : SIZE * row + SIZE]
            )
            for row in range(SIZE)
        ],
        "floor": "".join(MARKER_LETTER if tile == MARKER else theme.letter(tile) for tile in board.floor),
        "tiling_line": board.tiling_line,
        "waiting": board.waiting,
        "stats": {
            "placement_points": board.placement_points,
            "floor_points": board.floor_points,
            "tiles_to_floor": board.tiles_to_floor,
            "bonus_rows": board.bonus_rows,
            "bonus_columns": board.bonus_columns,
            "bonus_colours": board.bonus_colours,
        },
    }


def azul_state_from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
    top = Fields(data, "position")
    players, options = read_header(top, cls.game_id, FORMAT)

    state = object.__new__(cls)
    theme = cls.theme

    def tiles(text: Any, where: str) -> list[int]:
        if not isinstance(text, str):
            raise PositionError(f"{where} must be a string of colour letters, not {text!r}")
        try:
            return theme.tiles(text)
        except NotationError as error:
            raise PositionError(f"{where}: {error}") from None

    def counts_of(colours: list[int]) -> list[int]:
        counts = [0] * COLOURS
        for colour in colours:
            counts[colour] += 1
        return counts

    state._start(top.integer("seed", 0), top.get("auto_chance", bool), top.integer("chance_index", 0))
    state._players = players
    state._init_options(options)
    factory_count = FACTORIES[players]
    state.table = move_table(factory_count, theme)
    state.fill_sizes = (FACTORY_SIZE,) * factory_count
    state._extra_from_dict(top.data)
    raw_factories = top.get("factories", list)
    if len(raw_factories) != factory_count:
        raise PositionError(f"a {players}-player game has {factory_count} factories, not {len(raw_factories)} (F-1)")
    state.factories = []
    for index, raw in enumerate(raw_factories):
        colours = tiles(raw, f"factory {index + 1}")
        capacity = state.factory_capacity(index)
        if len(colours) > capacity:
            raise PositionError(f"factory {index + 1} holds {len(colours)} tiles; at most {capacity} fit (F-1)")
        state.factories.append(counts_of(colours))
    state.centre = counts_of(tiles(top.get("centre", str), "centre"))
    state.marker_in_centre = top.get("marker_in_centre", bool)
    holder = top.data.get("marker_holder")
    if holder is not None and (not isinstance(holder, int) or isinstance(holder, bool) or not 0 <= holder < players):
        raise PositionError(f"position.marker_holder must be a seat or null, not {holder!r}")
    state.marker_holder = holder
    state.bag = top.counts("bag", theme.letters, TILES_PER_COLOUR)
    state.lid = top.counts("lid", theme.letters, TILES_PER_COLOUR)
    raw_boards = top.get("boards", list)
    if len(raw_boards) != players:
        raise PositionError(f"position.boards lists {len(raw_boards)} boards for {players} players")
    state.boards = [_board_from_dict(state, raw, seat, tiles) for seat, raw in enumerate(raw_boards)]
    state.turn = top.integer("turn", 0, players - 1)
    state.starter = top.integer("starter", 0, players - 1)
    state._round = top.integer("round", 1)
    phase_name = top.get("phase", str)
    if phase_name not in PHASE_NAMES:
        raise PositionError(f"position.phase must be one of {', '.join(PHASE_NAMES)}, not {phase_name!r}")
    state.phase = PHASE_NAMES.index(phase_name)
    state.tiles_on_table = sum(map(sum, state.factories)) + sum(state.centre)
    state._refresh_masks()

    _check_position(state, TILES_PER_COLOUR)
    return state


def _board_from_dict(state: AzulPosition, raw: Any, seat: int, tiles: Any) -> Board:
    theme = state.theme
    reader = Fields(raw, f"board {seat + 1}")
    board = Board()
    board.score = reader.integer("score", 0)
    lines = reader.get("lines", list)
    if len(lines) != SIZE:
        raise PositionError(f"board {seat + 1} must list {SIZE} pattern lines")
    for line, text in enumerate(lines):
        colours = tiles(text, f"board {seat + 1} line {line + 1}")
        if len(colours) > line + 1:
            raise PositionError(
                f"board {seat + 1} line {line + 1} holds {len(colours)} tiles; it has {line + 1} spaces (A-4)"
            )
        if len(set(colours)) > 1:
            raise PositionError(f"board {seat + 1} line {line + 1} mixes colours (A-4)")
        if colours:
            board.line_colour[line] = colours[0]
            board.line_count[line] = len(colours)
    wall = reader.get("wall", list)
    if len(wall) != SIZE or not all(isinstance(row, str) and len(row) == SIZE for row in wall):
        raise PositionError(f"board {seat + 1} wall must be {SIZE} strings of {SIZE} letters or '.'")
    for row, text in enumerate(wall):
        for column, letter in enumerate(text):
            if letter == ".":
                continue
            colour = tiles(letter, f"board {seat + 1} wall row {row + 1}")[0]
            if not state.grey and colour != coloured_colour(row, column):
                raise PositionError(
                    f"board {seat + 1} wall row {row + 1} column {column + 1} is printed "
                    f"{theme.name(coloured_colour(row, column))}, not {theme.name(colour)} (A-9)"
                )
            if board.colour_rows[colour] >> row & 1 or board.column_colours[column] >> colour & 1:
                raise PositionError(
                    f"board {seat + 1} wall repeats {theme.name(colour)} in row {row + 1} or column {column + 1} (A-10)"
                )
            board.place_on_wall(row, column, colour)
    for line in range(SIZE):
        if board.line_count[line] and board.colour_rows[board.line_colour[line]] >> line & 1:
            raise PositionError(
                f"board {seat + 1} line {line + 1} holds {theme.name(board.line_colour[line])}, "
                f"which wall row {line + 1} already has (A-4)"
            )
    floor_text = reader.get("floor", str)
    if len(floor_text) > FLOOR_SPACES:
        raise PositionError(f"board {seat + 1} floor holds {len(floor_text)} items; it has {FLOOR_SPACES} spaces (A-5)")
    for letter in floor_text:
        board.floor.append(MARKER if letter == MARKER_LETTER else tiles(letter, f"board {seat + 1} floor")[0])
    board.tiling_line = reader.integer("tiling_line", 0, SIZE)
    board.waiting = reader.get("waiting", bool)
    stats = Fields(reader.get("stats", dict), f"board {seat + 1} stats")
    board.placement_points = stats.integer("placement_points", 0)
    board.floor_points = stats.integer("floor_points", 0)
    board.tiles_to_floor = stats.integer("tiles_to_floor", 0)
    board.bonus_rows = stats.integer("bonus_rows", 0)
    board.bonus_columns = stats.integer("bonus_columns", 0)
    board.bonus_colours = stats.integer("bonus_colours", 0)
    board.refresh_accept()
    return board


def _check_position(state: AzulPosition, per_colour: int) -> None:
    totals = state.counts_in_play()
    for colour, total in enumerate(totals):
        if total != per_colour:
            raise PositionError(
                f"the position holds {total} {state.theme.name(colour)} tiles, not {per_colour}: "
                "tiles must be conserved (F-4)"
            )
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
