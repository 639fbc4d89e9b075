"""Summer Pavilion on the native core: :class:`NativePavilionState`, a :class:`PavilionState` whose position lives in C.

The native core (``src/mozaika/native/pavilion.c``) holds the position and runs the hot
paths (legal moves, play, chance from the seed, copies, playouts); everything else is
the Python engine's own code reading the position through properties, so positions,
lines, records and errors are the reference's by construction.  A move the core does
not take (a move of another class, or an illegal one) is given to the Python engine on
a copy of the position: it raises the reference's error (or, were the move legal there,
its result is taken).  Assigning a field (``state.supply = ...``, ``board.hand = ...``)
goes through the Python engine the same way; lists read from a native state are fresh
copies, so changing one in place changes nothing.  This is Azul's bridge
(:mod:`mozaika.azul.native`) for the star boards.

The flat form exchanged with the core (``Core.dump`` and ``Core.load("pavilion", ...)``) is,
in order: players, colourless, phase, chance kind, round, chance index, turn, starter,
marker in centre, marker holder (-1 for none), tiles on the table, each factory's counts,
the centre's counts, the masks, the supply, the bag, the tower, the number of pending
bonuses and each of them; then for each board: score, the six statistics, the filled
spaces' bits, the 42 space colours (-1 for none), the star rings, the star colours, the
hand and passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from mozaika.azul.native_form import chance_entropy
from mozaika.core.drawing import apply_draw
from mozaika.core.engine import built_core, native_core
from mozaika.core.fills import FactoryFill
from mozaika.core.native_state import NativeBoardView, NativeState, board_field, core_field
from mozaika.core.offer import CENTRE, FACTORIES
from mozaika.core.protocol import ChanceOutcome, State
from mozaika.pavilion import moves as _moves
from mozaika.pavilion.board import PavilionBoard
from mozaika.pavilion.geometry import SPACES, STARS
from mozaika.pavilion.moves import PLACES, TAKES, Pass, Pick, Place, SupplyDraw, Take
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.table import CHANCE, FILL
from mozaika.pavilion.theme import COLOURS, PAVILION_THEME

_new = object.__new__

_BOARD_FIELDS = ("score", *PavilionBoard.STATS, "filled", "colours", "star_rings", "star_colours", "hand", "passed")
"""The board fields the core hands out, by their number in ``Core.board``."""

_POSITION_FIELDS = (
    "phase",
    "chance_kind",
    "turn",
    "starter",
    "marker_in_centre",
    "marker_holder",
    "tiles_on_table",
    "factories",
    "centre",
    "masks",
    "supply",
    "bag",
    "tower",
    "pending_bonus",
)
"""The position's fields read straight from the core."""

_SLOTS = max(FACTORIES.values()) + 1
"""The take sources a core's table has room for: every factory of a 4-player game, then the centre."""
_TABLES: list[tuple[Any, ...]] = []


def make_fill(groups: tuple[tuple[int, ...], ...]) -> FactoryFill:
    return FactoryFill(groups, PAVILION_THEME)


def core_tables() -> tuple[Any, ...]:
    """What every Pavilion core hands out (see ``pavilion.h``): the takes by ``slot * 6 + colour`` (slot: a
    factory, then the centre in slot 9), the placements by ``(space * 6 + colour) * 6 + wilds``, the passes
    in the order ``moves.passes`` lists them, the picks of 1, 2 and 3 tiles in the order ``moves.picks``
    lists them, the four move classes, the fill and supply makers and the chance entropy."""
    if not _TABLES:
        takes = tuple(
            TAKES[slot if slot < _SLOTS - 1 else CENTRE, colour] for slot in range(_SLOTS) for colour in range(COLOURS)
        )
        places = tuple(
            PLACES[space][colour][wilds] for space in range(SPACES) for colour in range(COLOURS) for wilds in range(6)
        )
        passes = tuple(move for _, move in _moves._KEEPS)
        picks = tuple(move for size in (1, 2, 3) for _, move in _moves._PICK_SIZES[size])
        _TABLES.append((takes, places, passes, picks, Take, Place, Pass, Pick, make_fill, SupplyDraw, chance_entropy))
    return _TABLES[0]


def flat_position(state: PavilionState) -> tuple[int, ...]:
    """A Python engine's position in the core's flat form (see the module's documentation)."""
    values: list[int] = [
        state._players,
        int(state.colourless),
        state.phase,
        state.chance_kind,
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
    values += state.supply
    values += state.bag
    values += state.tower
    values.append(len(state.pending_bonus))
    values += state.pending_bonus
    for board in state.boards:
        values.append(board.score)
        values += [getattr(board, name) for name in PavilionBoard.STATS]
        values.append(board.filled)
        values += board.colours
        values += board.star_rings
        values += board.star_colours
        values += board.hand
        values.append(int(board.passed))
    return tuple(values)


def python_position(core: Any, state: NativeStarState) -> PavilionState:
    """The Python engine's state of a core's position (the reference, for errors and edits)."""
    values = list(core.dump())
    reference: Any = _new(state.REFERENCE)
    reference._start(state.seed, state.auto_chance, values[5])
    reference._history = state._history
    players = reference._players = values[0]
    reference._set_side(bool(values[1]))
    reference.phase, reference.chance_kind, reference._round = values[2], values[3], values[4]
    reference.turn, reference.starter = values[6], values[7]
    reference.marker_in_centre = bool(values[8])
    reference.marker_holder = None if values[9] < 0 else values[9]
    reference.tiles_on_table = values[10]
    factories = FACTORIES[players]
    at = 11
    reference.factories = [values[at + COLOURS * index : at + COLOURS * (index + 1)] for index in range(factories)]
    at += COLOURS * factories
    reference.centre = values[at : at + COLOURS]
    reference.masks = values[at + COLOURS : at + COLOURS + factories + 1]
    at += COLOURS + factories + 1
    reference.supply, reference.bag, reference.tower = (
        values[at + COLOURS * pile : at + COLOURS * (pile + 1)] for pile in range(3)
    )
    at += 3 * COLOURS
    reference.pending_bonus = values[at + 1 : at + 1 + values[at]]
    at += 1 + values[at]
    reference.boards = []
    for _ in range(players):
        board = _new(PavilionBoard)
        board.score = values[at]
        for offset, name in enumerate(PavilionBoard.STATS):
            setattr(board, name, values[at + 1 + offset])
        at += 1 + len(PavilionBoard.STATS)
        board.filled = values[at]
        board.colours = values[at + 1 : at + 1 + SPACES]
        at += 1 + SPACES
        board.star_rings = values[at : at + STARS]
        board.star_colours = values[at + STARS : at + 2 * STARS]
        at += 2 * STARS
        board.hand = values[at : at + COLOURS]
        board.passed = bool(values[at + COLOURS])
        at += COLOURS + 1
        reference.boards.append(board)
    return reference  # type: ignore[no-any-return]


class NativePavilionBoard(NativeBoardView, PavilionBoard):
    """A seat's board of a :class:`NativePavilionState`: the Python board's fields, read from the core."""

    __slots__ = ("_seat", "_state")


for _number, _name in enumerate(_BOARD_FIELDS):
    setattr(NativePavilionBoard, _name, board_field(_number, _name))


if TYPE_CHECKING:  # the mixin is checked as the star state it is combined with
    _StarState = PavilionState
else:
    _StarState = object


class NativeStarState(NativeState, _StarState):
    """The native core under a star game's Python state (see :mod:`mozaika.core.native_state`).

    A game's native state class inherits this first, then the game's Python state class
    (:attr:`REFERENCE`), and keeps ``_core`` and ``_views`` in its slots.
    """

    __slots__ = ()

    REFERENCE: ClassVar[type[PavilionState]]
    BOARD_VIEW = NativePavilionBoard

    def __init__(self, *, players: int, seed: int, auto_chance: bool = True, **options: Any) -> None:
        state: Any = self
        state._players = players
        state._set_side(options.get("board", "coloured") == "colourless")
        self._core = _core_module().Core("pavilion", core_tables(), players, state.colourless)
        self._views = None  # type: ignore[misc]
        state._start(seed, auto_chance)
        if auto_chance:
            self.resolve_chance()

    @classmethod
    def _load_core(cls, reference: PavilionState) -> Any:
        return _core_module().Core.load("pavilion", core_tables(), flat_position(reference))

    def reference(self) -> PavilionState:
        return python_position(self._core, self)

    def _adopted(self, reference: PavilionState) -> None:
        self._set_side(reference.colourless)

    wild = property(attrgetter("_core.wild"), doc="This round's wild colour (S-4).")

    # --- chance given, checked by the Python engine and dealt by the core -------------------

    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        core = self._core
        if core.phase == CHANCE:
            fill = core.chance_kind == FILL
            groups: Any = None
            if fill and type(outcome) is FactoryFill:
                groups = outcome.factories
            elif not fill and type(outcome) is SupplyDraw:
                groups = (outcome.tiles,)
            if groups is not None:
                bag, tower = core.bag, core.tower
                apply_draw(
                    bag,
                    tower,
                    self._draw_sizes(),
                    groups,
                    what="factory" if fill else "supply",
                    names=self.theme.names_en,
                    draw=outcome.draw,  # type: ignore[attr-defined]
                )
                try:
                    core.deal(groups, bag, tower)
                except (ValueError, TypeError):
                    pass  # groups the core does not read (lists, say): the Python engine applies them below
                else:
                    return
        reference = self.reference()
        reference._apply_chance(outcome)  # raises the rules' error, naming the rule
        self._take_from_reference(reference)

    _SHARED: ClassVar[tuple[str, ...]] = (*NativeState._SHARED, "colourless", "numbers", "placement_table")


class NativePavilionState(NativeStarState, PavilionState):
    """A game of Summer Pavilion whose position the native core holds."""

    __slots__ = ("_core", "_views")
    REFERENCE = PavilionState


for _name in _POSITION_FIELDS:
    setattr(NativeStarState, _name, core_field(_name))


def _core_module() -> ModuleType:
    """The native core (the engine is chosen by create and load; a native state made on purpose needs it built)."""
    return built_core()


def create_pavilion(*, players: int, seed: int, auto_chance: bool = True, **options: Any) -> State:
    """A new game of Summer Pavilion on the native core where it is built and chosen, else on the Python engine."""
    if native_core() is None:
        return PavilionState(players=players, seed=seed, auto_chance=auto_chance, **options)  # type: ignore[abstract]
    return NativePavilionState.started(players, seed, auto_chance, options)  # type: ignore[no-any-return]


def load_pavilion(data: Mapping[str, Any]) -> State:
    """A position of Summer Pavilion read back, on the native core where it is built and chosen."""
    reference = PavilionState.from_dict(data)
    return reference if native_core() is None else NativePavilionState.adopt(reference)


__all__ = ["NativePavilionBoard", "NativePavilionState", "NativeStarState", "create_pavilion", "load_pavilion"]
