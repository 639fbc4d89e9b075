"""What every game's bridge to the native core shares (docs/engine.md).

A game's native state (``mozaika.azul.native``, ``mozaika.pavilion.native``) is the game's
Python state with its position held by a core of ``mozaika._native``: a
:class:`NativeState` subclass first, then the game's Python state class
(:attr:`NativeState.REFERENCE`).  The position's fields are properties reading the core
(:func:`core_field`, :func:`board_field`), so the Python state's own methods read them;
the hot paths (legal moves, play, chance from the seed, playouts, copies) run in the core;
whatever the core does not take is given to the Python engine on a copy of the position
(:meth:`NativeState.reference`), which raises its own error or, were it legal there, plays it.

A game supplies how its core is loaded from a Python position and read back
(:meth:`NativeState._load_core`, :meth:`NativeState.reference`), its board view
(:attr:`NativeState.BOARD_VIEW`), the Python-held fields a copy shares
(:attr:`NativeState._SHARED`) and how it applies given chance outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Self

from mozaika.core.protocol import Move

_new = object.__new__
_STARTS: dict[tuple[Any, ...], Any] = {}
"""Each native state class's untouched start, by players and options (NativeState.started)."""


def core_field(name: str) -> property:
    """A field of the position read from the core; assigning it goes through the Python engine."""

    def write(self: NativeState, value: Any) -> None:
        self._edit(name, value)

    return property(attrgetter(f"_core.{name}"), write, doc=f"The position's ``{name}``, held by the native core.")


def board_field(number: int, name: str) -> property:
    """A field of a seat's board, the core's board field ``number``; assigning it goes through the Python engine."""

    def read(self: NativeBoardView) -> Any:
        return self._state._core.board(self._seat, number)

    def write(self: NativeBoardView, value: Any) -> None:
        self._state._edit_board(self._seat, name, value)

    return property(read, write, doc=f"The board's ``{name}``, held by the native core.")


class NativeBoardView:
    """A seat's board of a native state: put first before the game's Python board class, with the
    board's fields as :func:`board_field` properties and ``_state`` and ``_seat`` in its slots."""

    __slots__ = ()

    _state: NativeState
    _seat: int

    def copy(self) -> Any:
        """A Python board holding what this one holds now."""
        return self._state.reference().boards[self._seat]


if TYPE_CHECKING:  # the mixin is checked as the family state it is combined with
    from mozaika.core.family import FamilyState

    _Base = FamilyState[Any]
else:
    _Base = object


class NativeState(_Base):
    """The native core under a game's Python state (see the module's documentation)."""

    __slots__ = ()

    engine: ClassVar[str] = "native"
    REFERENCE: ClassVar[type[Any]]
    """The Python engine's state class this native state is held to."""
    BOARD_VIEW: ClassVar[type[NativeBoardView]]
    """The class of the seats' board views."""
    _SHARED: ClassVar[tuple[str, ...]] = ("seed", "auto_chance", "_history", "_players")
    """The Python-held fields a copy shares (numbers, tuples, shared tables and the history)."""

    _core: Any
    _views: list[Any] | None

    # --- what each game supplies ------------------------------------------------------------

    @classmethod
    def _load_core(cls, reference: Any) -> Any:
        """A core holding the Python engine's position ``reference`` (ValueError, OverflowError or
        TypeError where the core cannot hold it)."""
        raise NotImplementedError

    def reference(self) -> Any:
        """The Python engine's state of this position (the specification the core is held to)."""
        raise NotImplementedError

    def _adopt_options(self, reference: Any) -> None:
        """Take the game's options from ``reference``, before the core is in place."""

    def _adopted(self, reference: Any) -> None:
        """Finish a state adopted from ``reference``, with the core in place."""

    # --- positions in and out ---------------------------------------------------------------

    @classmethod
    def started(cls, players: int, seed: int, auto_chance: bool, options: Mapping[str, Any]) -> Any:
        """A new game, as ``cls(players=..., seed=..., auto_chance=..., **options)`` makes it, but copied from
        the untouched start of its players and options (made once by the constructor, then kept): a new
        game is a copy of a few hundred bytes, then its first chance from the seed."""
        make: Any = cls  # (a game's native state class, whose constructor takes the game's arguments)
        try:
            key = (cls, players, *options.items())
            start = _STARTS.get(key)
        except TypeError:  # an option's value that is not hashable: made the long way
            return make(players=players, seed=seed, auto_chance=auto_chance, **options)
        if start is None:
            start = _STARTS[key] = make(players=players, seed=0, auto_chance=False, **options)
        state = start.copy()
        state.seed = seed
        state.auto_chance = auto_chance
        if auto_chance:  # (resolve_chance, spelled out: a new game's history is its first chance)
            run = state._core.resolve(seed)
            if run is not None:
                state._history = (run, None)
        return state

    @classmethod
    def adopt(cls, reference: Any) -> Any:
        """The native state of a Python engine's position; the position itself where the core cannot hold it."""
        try:
            core = cls._load_core(reference)
        except (ValueError, OverflowError, TypeError):
            return reference
        state: Any = _new(cls)
        state.seed, state.auto_chance, state._history = reference.seed, reference.auto_chance, reference._history
        state._players = reference._players
        state._adopt_options(reference)  # (before the core: the options' defaults are not the position's)
        state._core = core
        state._views = None
        state._adopted(reference)
        return state

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        return cls.adopt(cls.REFERENCE.from_dict(data))

    def _take_from_reference(self, reference: Any) -> None:
        self._core = self._load_core(reference)
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
    def boards(self) -> list[Any]:
        views = self._views
        if views is None:
            views = []
            for seat in range(self._players):
                view: Any = _new(self.BOARD_VIEW)
                view._state, view._seat = self, seat
                views.append(view)
            self._views = views  # type: ignore[misc]
        return list(views)

    @boards.setter
    def boards(self, boards: list[Any]) -> None:
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
        return self.reference().legal_moves(seat) if moves is None else moves  # type: ignore[no-any-return]

    def _apply_move(self, move: Move) -> None:
        if not self._core.play(move):
            reference = self.reference()
            reference._apply_move(move)  # raises the rules' error, naming the rule
            self._take_from_reference(reference)

    def play(self, move: Move | str) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        # With auto_chance the core resolves the chance the move leads to in the same call: the answer is
        # then its outcomes (one run of steps), else True (played) or False (for the Python engine to judge).
        played = self._core.play(move, self.seed if self.auto_chance else None)
        if played is True:
            self._history = (move, self._history)
        elif played is False:
            self._apply_move(move)
            self._history = (move, self._history)
            if self.auto_chance and self._core.is_chance:
                self.resolve_chance()
        else:
            self._history = (played, (move, self._history))

    def resolve_chance(self) -> None:
        # The outcomes come as one run of steps (mozaika._native.Steps), made into objects when the history is read.
        run = self._core.resolve(self.seed)
        if run is not None:
            self._history = (run, self._history)

    def playout(self, rng: random.Random) -> None:
        # The core draws from the generator itself (a random.Random's twister in place, else its random()).
        run = self._core.playout(self.seed, rng)
        if run is not None:
            self._history = (run, self._history)

    def native_core(self) -> Any:
        """A copy of the core object that holds this position (for the vector environment, mozaika.rl.vector)."""
        return self._core.copy()

    def on_core(self, core: Any) -> Self:
        """A state of this one's game holding ``core``'s position (a core of the same kind), with no history."""
        other = self.copy()
        other._core = core
        other._history = None
        return other

    def native_search(
        self, shortlist: list[Move], seat: int, generator: tuple[int, ...], options: tuple[Any, ...]
    ) -> tuple[list[tuple[Move, int, float, tuple[float, ...]]], int, tuple[int, ...]] | None:
        """The search bot's search run in the core (mozaika.bots.mcts.MctsBot.search; native/search.h).

        ``generator`` is the bot's ``random.Random.getstate()[1]``; the answer holds the root's
        moves in the order first tried, each with its visits, summed value and summed points,
        then the iterations run and the generator's state after them.  None where the Python
        search must judge the position (a move of ``shortlist`` the core does not list).
        """
        return self._core.search(shortlist, seat, generator, options)  # type: ignore[no-any-return]

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


__all__ = ["NativeBoardView", "NativeState", "board_field", "core_field"]
