"""Azul on the native core: :class:`NativeAzulState`, an :class:`AzulState` whose position lives in C.

The native core (``src/mozaika/native/wall.c``) holds the position and runs the hot
paths (legal moves, play, chance from the seed, copies, playouts); everything else is
the Python engine's own code reading the position through properties, so positions,
lines, records and errors are the reference's by construction.  A move the core does
not take (a move of another class, or an illegal one) is given to the Python engine on
a copy of the position: it raises the reference's error (or, were the move legal there,
its result is taken).  Assigning a field (``state.bag = ...``, ``board.score = ...``)
goes through the Python engine the same way; lists read from a native state are fresh
copies, so changing one in place changes nothing.  How positions pass to and from the
core is :mod:`mozaika.azul.native_form`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from mozaika.azul.board import Board
from mozaika.azul.moves import FactoryFill, move_table
from mozaika.azul.native_form import flat_position, python_position, tables_for
from mozaika.azul.state import AzulState
from mozaika.azul.table import CHANCE
from mozaika.core.drawing import apply_draw
from mozaika.core.engine import built_core, native_core
from mozaika.core.native_state import NativeBoardView, NativeState, board_field, core_field
from mozaika.core.offer import FACTORIES, FACTORY_SIZE
from mozaika.core.protocol import ChanceOutcome, State

_BOARD_FIELDS = (
    "score",
    *Board.STATS,
    "wall",
    "line_colour",
    "line_count",
    "wall_colours",
    "colour_rows",
    "column_colours",
    "accept",
    "floor",
    "tiling_line",
    "waiting",
)
"""The board fields the core hands out, by their number in ``Core.board``."""

_OFFER_FIELDS = (
    "phase",
    "turn",
    "starter",
    "marker_in_centre",
    "marker_holder",
    "tiles_on_table",
    "factories",
    "centre",
    "masks",
    "bag",
    "lid",
)
"""The position's fields read straight from the core."""


class NativeBoard(NativeBoardView, Board):
    """A seat's board of a :class:`NativeAzulState`: the Python board's fields, read from the core."""

    __slots__ = ("_seat", "_state")


for _number, _name in enumerate(_BOARD_FIELDS):
    setattr(NativeBoard, _name, board_field(_number, _name))


if TYPE_CHECKING:  # the mixin is checked as the wall state it is combined with
    _WallState = AzulState
else:
    _WallState = object


class NativeWallState(NativeState, _WallState):
    """The native core under a wall game's Python state (see :mod:`mozaika.core.native_state`).

    A game's native state class inherits this first, then the game's Python state class
    (:attr:`REFERENCE`), and keeps ``_core`` and ``_views`` in its slots.
    """

    __slots__ = ()

    REFERENCE: ClassVar[type[AzulState]]
    BOARD_VIEW = NativeBoard

    def __init__(self, *, players: int, seed: int, auto_chance: bool = True, **options: Any) -> None:
        state: Any = self
        state._players = players
        state._init_options(options)
        tables = self._core_tables(FACTORIES[players])
        self._core = _core_module().Core("wall", tables, players, state.grey, self._special())
        state._start(seed, auto_chance)
        self._tables()
        if auto_chance:
            self.resolve_chance()

    @classmethod
    def _core_tables(cls, factories: int) -> tuple[Any, ...]:
        """The tables the game's cores share (a game with special factories adds their parts)."""
        return tables_for(cls.theme, factories)

    def _special(self) -> bool:
        """Whether the game is played with Master Chocolatier's special factories."""
        return False

    def _read_discs(self, reference: AzulState, codes: list[int], holder: int, tile: int) -> None:
        """Put the special factories' discs of a flat position on the Python state (a game that has them)."""

    def _tables(self) -> None:
        factories = FACTORIES[self._players]
        self.table = move_table(factories, self.theme)
        self.fill_sizes = (FACTORY_SIZE,) * factories
        self._views = None  # type: ignore[misc]

    @classmethod
    def _load_core(cls, reference: AzulState) -> Any:
        return _core_module().Core.load("wall", cls._core_tables(len(reference.factories)), flat_position(reference))

    def reference(self) -> AzulState:
        return python_position(self._core, self)

    def _adopt_options(self, reference: AzulState) -> None:
        self._init_options(reference.options)

    def _adopted(self, reference: AzulState) -> None:
        self._tables()

    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        core = self._core
        if core.phase == CHANCE and type(outcome) is FactoryFill:
            bag, lid = core.bag, core.lid
            apply_draw(
                bag,
                lid,
                self.fill_sizes,
                outcome.factories,
                what="factory",
                names=self.theme.names_en,
                draw=outcome.draw,
            )
            try:
                core.deal(outcome.factories, bag, lid)
            except (ValueError, TypeError):
                pass  # groups the core does not read (lists, say): the Python engine deals them below
            else:
                return
        reference = self.reference()
        reference._apply_chance(outcome)  # raises the rules' error, naming the rule
        self._take_from_reference(reference)

    _SHARED: ClassVar[tuple[str, ...]] = (*NativeState._SHARED, "grey", "table", "fill_sizes")


class NativeAzulState(NativeWallState, AzulState):
    """A game of Azul whose position the native core holds."""

    __slots__ = ("_core", "_views")
    REFERENCE = AzulState


for _name in _OFFER_FIELDS:
    setattr(NativeWallState, _name, core_field(_name))


def _core_module() -> ModuleType:
    """The native core (the engine is chosen by create and load; a native state made on purpose needs it built)."""
    return built_core()


def create_azul(*, players: int, seed: int, auto_chance: bool = True, **options: Any) -> State:
    """A new game of Azul on the native core where it is built and chosen, else on the Python engine."""
    if native_core() is None:
        return AzulState(players=players, seed=seed, auto_chance=auto_chance, **options)  # type: ignore[abstract]
    return NativeAzulState.started(players, seed, auto_chance, options)  # type: ignore[no-any-return]


def load_azul(data: Mapping[str, Any]) -> State:
    """A position of Azul read back, on the native core where it is built and chosen."""
    reference = AzulState.from_dict(data)
    return reference if native_core() is None else NativeAzulState.adopt(reference)


__all__ = ["NativeAzulState", "NativeBoard", "NativeWallState", "create_azul", "load_azul"]
