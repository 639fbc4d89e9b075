"""How positions and moves pass between the wall games' Python engines and the native core.

The core hands out the Python engine's own move objects and outcomes from the tables of
:func:`tables_for`, and reads and writes positions in a flat form of whole numbers
(``Core.dump`` and ``Core.load("wall", ...)``), in order: players, grey, phase, round, chance
index, turn, starter, marker in centre, marker holder (-1 for none), tiles on the table,
each factory's counts, the centre's counts, the masks, the bag, the lid; special factories
(0 or 1), each factory's disc (:func:`disc_code`), the SN5 disc's holder (-1 for none) and
the praline on it (-1 for none); then for each board: score, the six statistics, the
wall's bits, the line colours (-1 for none), the line counts, the 25 wall colours (-1 for
none), the colour rows, the column colours, accept, the floor's length and its 7 spaces
(-1 beyond it), the tiling line and waiting.  The core checks every value's range and
that the position is consistent before it holds it.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from mozaika.azul.board import EMPTY, Board
from mozaika.azul.moves import FactoryFill, TakeMove, WallMove, move_table
from mozaika.azul.state import AzulState
from mozaika.azul.theme import COLOURS
from mozaika.azul.wall import FLOOR_SPACES
from mozaika.core.offer import CENTRE, FACTORIES, FACTORY_SIZE
from mozaika.core.protocol import Move
from mozaika.core.theme import Theme

if TYPE_CHECKING:
    from mozaika.azul.native import NativeWallState

_new = object.__new__


def chance_entropy(seed: int, index: int, size: int) -> bytes:
    """The bytes :meth:`State.chance_bits` reads for chance event ``index`` of a game with ``seed``."""
    return hashlib.shake_256(b"mozaika chance %d %d" % (seed, index)).digest(size)


_TABLES: dict[tuple[Theme, int, tuple[Any, Any, Any]], tuple[Any, ...]] = {}
_SLOTS = (max(FACTORIES.values()) + 1) * COLOURS * 6
"""The takes a core's table has room for: every factory of a 4-player game and the centre."""


NO_SPECIAL_FACTORIES = (None, None, None)
"""The tables' last three entries for a game without Master Chocolatier's special factories."""


def tables_for(theme: Theme, factories: int, special: tuple[Any, Any, Any] = NO_SPECIAL_FACTORIES) -> tuple[Any, ...]:
    """What a core of a game with ``factories`` factories hands out, shared by every such core
    (see ``wall.h``): the game's takes by ``(slot * 5 + colour) * 6 + line`` (slot: a factory,
    then the centre), its wall moves by ``seat * 25 + line * 5 + column``, the two move classes,
    the fill maker, the chance entropy, and ``special``: the split-take class, its maker and
    the maker of a sampled round's start of Master Chocolatier's special factories (then a
    dict in which the core keeps the split takes it has made, shared like the rest)."""
    key = (theme, factories, special)
    found = _TABLES.get(key)
    if found is None:
        table = move_table(factories, theme)
        takes: list[Move | None] = [
            table.moves[slot if slot < factories else CENTRE, colour, line]
            for slot in range(factories + 1)
            for colour in range(COLOURS)
            for line in range(6)
        ]
        takes += [None] * (_SLOTS - len(takes))
        walls = tuple(
            table.wall_moves[seat, line, column] for seat in range(4) for line in range(5) for column in range(5)
        )

        def make_fill(groups: tuple[tuple[int, ...], ...]) -> FactoryFill:
            return FactoryFill(groups, theme)

        splits: dict[int, Move] | None = None if special == NO_SPECIAL_FACTORIES else {}
        found = _TABLES[key] = (tuple(takes), walls, TakeMove, WallMove, make_fill, chance_entropy, *special, splits)
    return found


def flat_position(state: AzulState) -> tuple[int, ...]:
    """A Python engine's position in the core's flat form (see the module's documentation)."""
    values: list[int] = [
        state._players,
        int(state.grey),
        state.phase,
        state._round,
        state._chance_index,
        state.turn,
        state.starter,
        int(state.marker_in_centre),
        -1 if state.marker_holder is None else state.marker_holder,
        state.tiles_on_table,
    ]
    for counts in state.factories:
        values += counts
    values += state.centre
    values += state.masks
    values += state.bag
    values += state.lid
    discs = getattr(state, "discs", None) or [None] * len(state.factories)
    holder = getattr(state, "disc_holder", None)
    values += [int(getattr(state, "special_factories", False)), *map(disc_code, discs)]
    values += [-1 if holder is None else holder, getattr(state, "disc_tile", EMPTY)]
    for board in state.boards:
        values.append(board.score)
        values += [getattr(board, name) for name in Board.STATS]
        values.append(board.wall)
        values += board.line_colour
        values += board.line_count
        values += board.wall_colours
        values += board.colour_rows
        values += board.column_colours
        values += board.accept
        values.append(len(board.floor))
        values += [*board.floor, *[EMPTY] * (FLOOR_SPACES - len(board.floor))]
        values += [board.tiling_line, int(board.waiting)]
    return tuple(values)


def python_position(core: Any, state: NativeWallState) -> AzulState:
    """The Python engine's state of a core's position (the reference, for errors and edits)."""
    values = list(core.dump())
    reference = _new(state.REFERENCE)
    reference._start(state.seed, state.auto_chance, values[4])
    reference._history = state._history
    players = reference._players = values[0]
    reference._init_options(state.options)
    reference.phase, reference._round = values[2], values[3]
    reference.turn, reference.starter = values[5], values[6]
    reference.marker_in_centre = bool(values[7])
    reference.marker_holder = None if values[8] < 0 else values[8]
    reference.tiles_on_table = values[9]
    factories = FACTORIES[players]
    reference.table = move_table(factories, state.theme)
    reference.fill_sizes = (FACTORY_SIZE,) * factories
    at = 10
    reference.factories = [values[at + COLOURS * index : at + COLOURS * (index + 1)] for index in range(factories)]
    at += COLOURS * factories
    reference.centre = values[at : at + COLOURS]
    reference.masks = values[at + COLOURS : at + COLOURS + factories + 1]
    at += COLOURS + factories + 1
    reference.bag, reference.lid = values[at : at + COLOURS], values[at + COLOURS : at + 2 * COLOURS]
    at += 2 * COLOURS + 1
    state._read_discs(reference, values[at : at + factories], values[at + factories], values[at + factories + 1])
    at += factories + 2
    reference.boards = []
    for _ in range(players):
        board = _new(Board)
        board.score = values[at]
        for offset, name in enumerate(Board.STATS):
            setattr(board, name, values[at + 1 + offset])
        at += 1 + len(Board.STATS)
        board.wall = values[at]
        board.line_colour = values[at + 1 : at + 6]
        board.line_count = values[at + 6 : at + 11]
        board.wall_colours = values[at + 11 : at + 36]
        board.colour_rows = values[at + 36 : at + 41]
        board.column_colours = values[at + 41 : at + 46]
        board.accept = values[at + 46 : at + 51]
        board.floor = values[at + 52 : at + 52 + values[at + 51]]
        board.tiling_line = values[at + 59]
        board.waiting = bool(values[at + 60])
        at += 61
        reference.boards.append(board)
    return reference


def disc_code(disc: Any) -> int:
    """A special factory's disc as the core writes it: ``kind * 8 + colour + 1`` (0: an ordinary factory)."""
    if disc is None:
        return 0
    return int(disc.kind) * 8 + (0 if disc.colour is None else disc.colour + 1)
