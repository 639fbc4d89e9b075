"""The game protocol shared by every Mozaika game.

One :class:`State` interface serves Azul, Master Chocolatier and Summer Pavilion, so
that bots, records, the server, the clients and the RL environment never need to
know which game they are driving.

A game is a state machine with two kinds of steps:

* **decisions**, made by the seats in :attr:`State.to_move` through
  :meth:`State.play` with one of :meth:`State.legal_moves`;
* **chance events** (a factory fill, a bag refill), pending while
  :attr:`State.is_chance` is true.  A chance event has an explicit
  :class:`ChanceOutcome` (for example the full contents dealt to every factory)
  that is applied with :meth:`State.apply_chance`.

A state created with ``auto_chance=True`` (the default) resolves each chance event
as soon as it arises, with an outcome decided by the game seed and the event's
index (see :meth:`State.chance_bits`), so the game is a pure function of its
options, seed and moves (rule F-3).  With ``auto_chance=False`` the state stops at
every chance event and waits for an outcome: that is how records pin known draws
and how search bots re-sample chance.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from operator import attrgetter
from typing import Any, ClassVar, Self, TypeAlias


class Value(ABC):
    """An immutable value, equal to another of its very class whose identity attributes are equal.

    A subclass names those attributes once, as a class keyword:
    ``class Take(Move, identity=("source", "colour"))``.  The hash is made of
    the same attributes; a class hashed in a hot loop may keep it precomputed
    in ``_hash`` and return that instead.
    """

    __slots__ = ()
    _identity: ClassVar[attrgetter[Any]]

    def __init_subclass__(cls, identity: tuple[str, ...] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if identity is not None:
            cls._identity = attrgetter(*identity)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._identity(self) == self._identity(other)

    def __hash__(self) -> int:
        return hash(self._identity(self))


class Move(Value):
    """A decision, as an immutable value.

    ``str(move)`` is its text notation (``docs/notation.md``), and
    ``state.parse_move(str(move)) == move`` for every legal move.  :meth:`fields`
    gives the same move as plain data, so that clients read a move's parts
    instead of parsing its notation.
    """

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...

    @abstractmethod
    def fields(self) -> dict[str, Any]:
        """The move's parts as JSON-compatible data: ``"kind"`` and the fields of that kind.

        Each family documents its kinds in ``docs/notation.md`` (a take: ``source``,
        ``colour`` and ``line``; a placement: ``star``, ``slot``, ``colour`` and
        ``wilds``; ...).  Sources, lines, seats and stars count from 1 as the notation
        does; colours are the theme's letters.
        """

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class ChanceOutcome(Value):
    """The result of a chance event, as an immutable value with a text notation."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


Step = Move | ChanceOutcome
"""One entry of a game's history: a decision or a chance outcome."""


_History: TypeAlias = "tuple[Step, _History | None]"
"""The history as an immutable linked list ``(last step, earlier history)``: a copy shares it."""


_RUNS: set[type] = set()
"""The classes of step runs a history may hold (see :func:`register_step_run`)."""


def register_step_run(kind: type) -> None:
    """Let histories hold instances of ``kind``: a run of steps an engine recorded compactly (the native
    core's playouts and resolved chance), whose ``steps()`` gives them, in order, when the history is read."""
    _RUNS.add(kind)


def _iterate_history(history: _History | None) -> list[Step]:
    steps: list[Step] = []
    runs = _RUNS
    while history is not None:
        step = history[0]
        if type(step) in runs:
            run: Any = step
            steps += reversed(run.steps())
        else:
            steps.append(step)
        history = history[1]
    steps.reverse()
    return steps


class State(ABC):
    """A complete game position, with the rules that move it forward.

    Create one with :func:`mozaika.new_game`; read one back with
    :func:`mozaika.from_json` or :func:`mozaika.from_line`.  Seats are numbered
    from 0 in turn order (F-3).
    """

    game_id: ClassVar[str]
    """The id of the game this state belongs to (``"azul"``, ``"chocolatier"``, ``"pavilion"``)."""
    engine: ClassVar[str] = "python"
    """The engine holding the position: ``"python"``, or ``"native"`` for the native core (docs/engine.md)."""

    __slots__ = ("_chance_index", "_history", "auto_chance", "seed")

    # Set by every concrete state, through _start.
    seed: int
    auto_chance: bool
    _chance_index: int
    _history: _History | None

    def _start(self, seed: int, auto_chance: bool, chance_index: int = 0) -> None:
        """Set the fields every state shares, before anything else (a new game, or one read back)."""
        self.seed = seed
        self.auto_chance = auto_chance
        self._chance_index = chance_index
        self._history = None

    def _header(self, version: int) -> dict[str, Any]:
        """The fields every position format starts with."""
        return {
            "game": self.game_id,
            "format": version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "auto_chance": self.auto_chance,
            "chance_index": self._chance_index,
            "round": self.round,
        }

    # --- who acts -------------------------------------------------------------------

    @property
    @abstractmethod
    def players(self) -> int:
        """The number of seats (2-4)."""

    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The game's options, with every default filled in (JSON-compatible)."""

    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats that must decide now.

        Usually one seat; several when the rules let players decide independently
        (Azul's grey-wall column choices, rule A-10); empty during a chance event or
        after the end of the game.
        """

    @property
    @abstractmethod
    def is_chance(self) -> bool:
        """True when a chance event must be resolved before anyone can move."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended and the final scores are known."""

    @property
    @abstractmethod
    def round(self) -> int:
        """The current round, from 1."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """The current score of each seat (final scores once :attr:`is_over`)."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats after the tie-break; several on a shared victory; empty before the end."""

    @abstractmethod
    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's score split into its sources, with ``"total"`` (the score) among them.

        The sources are the game's own (``docs/api.md``): Azul's placement, floor and
        the three end bonuses; Summer Pavilion's start, placements, marker, discards
        and the star and number bonuses.  Negative sources are losses.
        """

    # --- decisions ------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move now, or only those of ``seat``.

        Moves of every seat in :attr:`to_move` are listed when ``seat`` is None.  The
        list is empty during a chance event and after the end of the game.
        """

    def mover(self, move: Move) -> int:
        """The seat that makes ``move`` now: the first seat to move, unless the move names its own
        (when several seats decide at once, as on Azul's grey wall, A-10)."""
        return self.to_move[0]

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move written in the game's notation.

        Raises :class:`~mozaika.core.errors.NotationError` when the text is not a move of
        this game in this phase.  Legality is checked by :meth:`play`, which raises
        :class:`~mozaika.core.errors.IllegalMoveError`.
        """

    @abstractmethod
    def _apply_move(self, move: Move) -> None:
        """Check ``move`` against the rules and apply it (raising IllegalMoveError)."""

    def play(self, move: Move | str) -> None:
        """Play a move (a :class:`Move` or its notation) and resolve any chance that follows.

        Raises :class:`~mozaika.core.errors.IllegalMoveError` naming the broken rule, and
        leaves the state unchanged, when the move is not legal.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        self._apply_move(move)
        self._history = (move, self._history)
        if self.auto_chance and self.is_chance:
            self.resolve_chance()

    # --- chance ---------------------------------------------------------------------

    @abstractmethod
    def sample_chance(self, rng: random.Random | None = None) -> ChanceOutcome:
        """Draw an outcome for the pending chance event without applying it.

        With ``rng`` the draw uses that generator (search bots re-sample chance this
        way); without it, the outcome the game seed and the event index decide (see
        :meth:`chance_bits`), i.e. the outcome ``auto_chance`` would apply.
        """

    @abstractmethod
    def parse_chance(self, text: str) -> ChanceOutcome:
        """Read a chance outcome written in the game's notation."""

    @abstractmethod
    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        """Check ``outcome`` against the pending event and apply it."""

    def apply_chance(self, outcome: ChanceOutcome | str) -> None:
        """Resolve the pending chance event with an explicit outcome.

        Raises :class:`~mozaika.core.errors.IllegalChanceError` when no chance event is
        pending or the outcome cannot happen here; the state is then unchanged.
        """
        if isinstance(outcome, str):
            outcome = self.parse_chance(outcome)
        self._apply_chance(outcome)
        self._chance_index += 1
        self._history = (outcome, self._history)
        if self.auto_chance and self.is_chance:
            self.resolve_chance()

    @property
    def chance_index(self) -> int:
        """How many chance events this game has resolved: the index of the next one (:meth:`chance_bits`)."""
        return self._chance_index

    def chance_bits(self, bits: int, rng: random.Random | None = None) -> int:
        """A random whole number of at least ``bits`` bits for the pending chance event.

        With ``rng``, ``rng.getrandbits(bits)``.  Without it, the number is decided by
        the seed and the event's index: the SHAKE-256 digest of ``"mozaika chance
        {seed} {index}"`` read as a little-endian number.  So a copy of the state
        carries no generator, and each event can be reproduced on its own.
        """
        if rng is not None:
            return rng.getrandbits(bits)
        digest = hashlib.shake_256(b"mozaika chance %d %d" % (self.seed, self._chance_index))
        return int.from_bytes(digest.digest((bits + 7) // 8), "little")

    def _chance_rng(self) -> random.Random:
        """A generator for the pending event's choices other than tiles, decided like :meth:`chance_bits`."""
        return random.Random(self.chance_bits(64))

    def resolve_chance(self) -> None:
        """Resolve every pending chance event as the seed decides (what ``auto_chance`` does)."""
        while self.is_chance:
            outcome = self.sample_chance()
            self._apply_chance(outcome)
            self._chance_index += 1
            self._history = (outcome, self._history)

    def playout(self, rng: random.Random) -> None:
        """Play on to the end, every decision uniform over :meth:`legal_moves`, chance from the seed.

        The fast path for simulations; engines may play the same games faster
        without building move lists.  The history records every step as usual.
        """
        draw = rng.random
        while not self.is_over:
            if self.is_chance:
                self.resolve_chance()
                continue
            moves = self.legal_moves()
            move = moves[int(draw() * len(moves))]
            self._apply_move(move)
            self._history = (move, self._history)

    def reseed(self, seed: int) -> None:
        """Replace the seed that decides future chance events (for sampling alternative futures)."""
        self.seed = seed

    # --- history, copies, serialisation ---------------------------------------------

    @property
    def history(self) -> list[Step]:
        """Every step played on this state since it was created, chance outcomes included."""
        return _iterate_history(self._history)

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy (cheap: the history is shared, not duplicated)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The complete position as a JSON-compatible dictionary (history excluded)."""

    def to_json(self) -> str:
        """The complete position as JSON text, readable by :func:`mozaika.from_json`."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __eq__(self, other: object) -> bool:
        """Equal positions: same game, options, seed and everything on the table.

        Whether chance is resolved automatically is a way of driving the state, not
        part of the position, so it does not count.
        """
        if not isinstance(other, State):
            return NotImplemented
        mine, theirs = self.to_dict(), other.to_dict()
        mine.pop("auto_chance", None)
        theirs.pop("auto_chance", None)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  # states are mutable
