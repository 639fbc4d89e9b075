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

import random
from collections.abc import Mapping
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Self

from mozaika.azul.board import Board
from mozaika.azul.moves import FactoryFill, move_table
from mozaika.azul.native_form import flat_position, python_position, tables_for
from mozaika.azul.state import AzulState
from mozaika.azul.table import CHANCE
from mozaika.core.drawing import apply_draw
from mozaika.core.engine import built_core
from mozaika.core.offer import FACTORIES, FACTORY_SIZE
from mozaika.core.protocol import ChanceOutcome, Move, State

_new = object.__new__

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
"""The board fields the core hands out, by their number in ``WallCore.board``."""

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


def _offer_field(name: str) -> property:
    def write(self: NativeWallState, value: Any) -> None:
        self._edit(name, value)

    return property(attrgetter(f"_core.{name}"), write, doc=f"The position's ``{name}``, held by the native core.")


def _board_field(number: int, name: str) -> property:
    def read(self: NativeBoard) -> Any:
        return self._state._core.board(self._seat, number)

    def write(self: NativeBoard, value: Any) -> None:
        self._state._edit_board(self._seat, name, value)

    return property(read, write, doc=f"The board's ``{name}``, held by the native core.")


class NativeBoard(Board):
    """A seat's board of a :class:`NativeAzulState`: the Python board's fields, read from the core."""

    __slots__ = ("_seat", "_state")

    _state: NativeWallState
    _seat: int

    def copy(self) -> Board:  # type: ignore[override]
        """A Python :class:`Board` holding what this one holds now."""
        return python_position(self._state._core, self._state).boards[self._seat]


for _number, _name in enumerate(_BOARD_FIELDS):
    setattr(NativeBoard, _name, _board_field(_number, _name))


if TYPE_CHECKING:  # the mixin is checked as the wall state it is combined with
    _WallState = AzulState
else:
    _WallState = object


class NativeWallState(_WallState):
    """The native core under a wall game's Python state (see the module's documentation).

    A game's native state class inherits this first, then the game's Python state class
    (:data:`REFERENCE`), and keeps ``_core`` and ``_views`` in its slots; the position's
    fields are properties reading the core, so the Python state's own methods read them.
    """

    __slots__ = ()

    engine: ClassVar[str] = "native"
    REFERENCE: ClassVar[type[AzulState]]
    """The Python engine's state class this native state is held to."""

    _core: Any
    _views: list[NativeBoard] | None

    def __init__(self, *, players: int, seed: int, auto_chance: bool = True, **options: Any) -> None:
        state: Any = self
        state._players = players
        state._init_options(options)
        tables = self._core_tables(FACTORIES[players])
        self._core = _core_module().WallCore(tables, players, state.grey, self._special())
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
    def adopt(cls, reference: AzulState) -> Any:
        """The native state of a Python engine's position; the position itself where the core cannot hold it."""
        try:
            core = _core_module().WallCore.load(cls._core_tables(len(reference.factories)), flat_position(reference))
        except (ValueError, OverflowError, TypeError):
            return reference
        state: Any = _new(cls)
        state.seed, state.auto_chance, state._history = reference.seed, reference.auto_chance, reference._history
        state._players = reference._players
        state._init_options(reference.options)  # (before the core: the options' defaults are not the position's)
        state._core = core
        state._tables()
        return state

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        return cls.adopt(cls.REFERENCE.from_dict(data))

    def reference(self) -> AzulState:
        """The Python engine's state of this position (the specification the core is held to)."""
        return python_position(self._core, self)

    def _take_from_reference(self, reference: AzulState) -> None:
        self._core = _core_module().WallCore.load(self._core_tables(len(reference.factories)), flat_position(reference))
        self._views = None  # type: ignore[misc]

    def _edit(self, name: str, value: Any) -> None:
        reference = self.reference()
        setattr(reference, name, value)
        self._take_from_reference(reference)

    def _edit_board(self, seat: int, name: str, value: Any) -> None:
        reference = self.reference()
        setattr(reference.boards[seat], name, value)
        self._take_from_reference(reference)

    # --- the position, from the core --------------------------------------------------------

    @property
    def boards(self) -> list[Board]:
        views = self._views
        if views is None:
            views = []
            for seat in range(self._players):
                view = _new(NativeBoard)
                view._state, view._seat = self, seat
                views.append(view)
            self._views = views  # type: ignore[misc]
        return list(views)

    @boards.setter
    def boards(self, boards: list[Board]) -> None:
        self._edit("boards", [board.copy() for board in boards])

    @property
    def _round(self) -> int:
        return self._core.round  # type: ignore[no-any-return]

    @_round.setter
    def _round(self, value: int) -> None:
        self._edit("_round", value)

    @property
    def _chance_index(self) -> int:
        return self._core.chance_index  # type: ignore[no-any-return]

    @_chance_index.setter
    def _chance_index(self, value: int) -> None:
        self._core.chance_index = value

    is_chance = property(attrgetter("_core.is_chance"))

    is_over = property(attrgetter("_core.is_over"))

    to_move = property(attrgetter("_core.to_move"))

    scores = property(attrgetter("_core.scores"))

    # --- the hot paths, in the core ---------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        moves = self._core.legal_moves(seat)
        return self.reference().legal_moves(seat) if moves is None else moves

    def _apply_move(self, move: Move) -> None:
        if not self._core.play(move):
            reference = self.reference()
            reference._apply_move(move)  # raises the rules' error, naming the rule
            self._take_from_reference(reference)

    def play(self, move: Move | str) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        core = self._core
        if not core.play(move):
            self._apply_move(move)
        self._history = (move, self._history)
        if self.auto_chance and self._core.is_chance:
            self.resolve_chance()

    def resolve_chance(self) -> None:
        history = self._history
        for outcome in self._core.resolve(self.seed):
            history = (outcome, history)
        self._history = history

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

    def playout(self, rng: random.Random) -> None:
        history = self._history
        for step in self._core.playout(self.seed, rng.random):
            history = (step, history)
        self._history = history

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Searches copy positions in their inner loop: the copy is generated as straight-line code.
        lines = [
            "def copy(self):",
            "    other = new(cls)",
            "    other._core = self._core.copy()",
            "    other._views = None",
        ]
        lines += [f"    other.{name} = self.{name}" for name in cls._SHARED]
        lines.append("    return other")
        namespace: dict[str, Any] = {"new": _new, "cls": cls}
        exec("\n".join(lines), namespace)  # the source is made of field names only
        cls.copy = namespace["copy"]  # type: ignore[method-assign]
        cls.copy.__doc__ = "An independent copy: the core's position is copied, the rest shared."

    def copy(self) -> Self:
        raise NotImplementedError  # generated for each native state class by __init_subclass__

    _SHARED: ClassVar[tuple[str, ...]] = ("seed", "auto_chance", "_history", "_players", "grey", "table", "fill_sizes")
    """The Python-held fields a copy shares (numbers, tuples, shared tables and the history)."""


class NativeAzulState(NativeWallState, AzulState):
    """A game of Azul whose position the native core holds."""

    __slots__ = ("_core", "_views")
    REFERENCE = AzulState


for _name in _OFFER_FIELDS:
    setattr(NativeWallState, _name, _offer_field(_name))


def _core_module() -> ModuleType:
    """The native core (the engine is chosen by create and load; a native state made on purpose needs it built)."""
    return built_core()


def create_azul(*, players: int, seed: int, auto_chance: bool = True, **options: Any) -> State:
    """A new game of Azul on the native core where it is built and chosen, else on the Python engine."""
    from mozaika.core.engine import native_core

    if native_core() is None:
        return AzulState(players=players, seed=seed, auto_chance=auto_chance, **options)  # type: ignore[abstract]
    return NativeAzulState(players=players, seed=seed, auto_chance=auto_chance, **options)


def load_azul(data: Mapping[str, Any]) -> State:
    """A position of Azul read back, on the native core where it is built and chosen."""
    from mozaika.core.engine import native_core

    reference = AzulState.from_dict(data)
    return reference if native_core() is None else NativeAzulState.adopt(reference)


__all__ = ["NativeAzulState", "NativeBoard", "NativeWallState", "create_azul", "load_azul"]
