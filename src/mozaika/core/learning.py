"""What a game gives learners (``mozaika.rl``): its observations as packed float32 blocks and its
moves as indices of a fixed-size action space.

Each game package provides a :class:`Learning` through its :class:`~mozaika.core.spec.GameSpec`;
the RL environments ask for it by the state's game and turn its blocks and masks into arrays.
The helpers here are what every game's encoding shares.  Pure Python (``array``), no numpy.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Protocol

from mozaika.core.protocol import Move, State

SEATS = 4
"""Boards are padded to four, so a game's vector has the same length for 2, 3 and 4 players."""

Block = bytes
"""Observation entries as packed float32 values: joining bytes costs far less than joining small arrays."""


def packed(values: list[float]) -> Block:
    return array("f", values).tobytes()


class Blocks(dict[tuple[int, ...], Block]):
    """Small blocks of observation entries by the position details they show, each made once.

    Positions repeat these blocks (a factory's tiles, a board's pattern lines, a
    wall) very often, so looking a block up is far cheaper than writing it again;
    and as a dictionary, a block already made is found without a Python call.
    """

    __slots__ = ("_make",)

    LIMIT = 1 << 15

    def __init__(self, make: Callable[[tuple[int, ...]], list[float]] | Callable[[tuple[int, ...]], Block]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: tuple[int, ...]) -> Block:
        if len(self) >= self.LIMIT:
            self.clear()
        made = self._make(key)
        block = self[key] = made if isinstance(made, bytes) else packed(made)
        return block


@cache
def zeros(size: int) -> Block:
    """Padding: ``size`` entries of zero (the factories and seats a game lacks)."""
    return bytes(4 * size)


def one_hot_cells(colours: int) -> Callable[[tuple[int, ...]], Block]:
    """Cells one-hot by colour (all zeros where empty: colour -1 in both families), from a row of colours."""
    # Boards change every round, so these blocks are often new: made from cell blocks, they cost little.
    cells = [packed([float(index == colour) for index in range(colours)]) for colour in range(colours)]
    cells.append(bytes(4 * colours))  # index -1: an empty cell

    def make(row: tuple[int, ...]) -> Block:
        return b"".join([cells[colour] for colour in row])

    return make


SCORE = Blocks(lambda score: [score[0] / 100])
"""A score / 100."""
_FACTORY = Blocks(lambda counts: [count / 4 for count in counts])


def factory_blocks(factories: list[list[int]]) -> list[Block]:
    """Each factory's tiles by colour / 4, then zeros for the factories up to nine that the game lacks."""
    colours = len(factories[0])
    return [*map(_FACTORY.__getitem__, map(tuple, factories)), zeros(colours * (9 - len(factories)))]


class ObservationParts(Protocol):
    """The blocks of one game's observations as it is played, re-encoding only what a step changed."""

    def refresh(self) -> None:
        """Encode the whole position again."""
        ...

    def after_move(self, mover: int, move: Move) -> None:
        """Bring the blocks up to date after ``mover`` played ``move`` (and any chance that followed)."""
        ...

    def blocks(self, seat: int) -> list[Block]:
        """The position as seen by ``seat``: the shared part, the boards from ``seat``'s on, padding, extras."""
        ...


class Learning(Protocol):
    """A game's observations and action space."""

    observation_size: int
    """The length of the game's observation vector."""

    def action_count(self, options: Mapping[str, Any]) -> int:
        """The size of the action space of a game with these options."""
        ...

    def action_indexers(self) -> Mapping[type[Move], Callable[[Any], int]]:
        """The action index of each of the game's kinds of move, by the move's exact class."""
        ...

    def describe_action(self, index: int) -> str:
        """A readable name for an action index, without a position (for docs and logs)."""
        ...

    def follow(self, state: State) -> ObservationParts:
        """Observation blocks that follow ``state`` as it is played."""
        ...

    def quick_mask(self, state: State, actions: int) -> bytes | None:
        """The action mask read off the position without building moves, where the game can (else None)."""
        ...

    def quick_move(self, state: State, index: int) -> Move:
        """The move behind a legal index of :meth:`quick_mask`'s mask."""
        ...

    def native_actions(self, tables: tuple[Any, ...]) -> tuple[tuple[int, ...], ...]:
        """The action indices of the moves the native core lists in tables of its own (its tables: the
        core's ``tables``), for the vector environment; () where the core numbers every move itself."""
        ...


class EncodedParts:
    """Observation parts made of a shared part and one part per board.

    A move that leaves ``mark`` (the phase and the round) as it was changes only
    the shared part and the mover's board, so :meth:`after_move` encodes just
    those; any other step encodes everything again.
    """

    __slots__ = ("_boards", "_encoding", "_mark", "_shared", "state")

    def __init__(self, state: State, encoding: Encoding) -> None:
        self.state = state
        self._encoding = encoding
        self._shared: list[Block] = []
        self._boards: list[Block] = []
        self._mark: tuple[int, ...] = ()
        self.refresh()

    def refresh(self) -> None:
        state = self.state
        encoding = self._encoding
        self._shared = encoding.shared(state)
        self._boards = [encoding.board(state, seat) for seat in range(state.players)]
        self._mark = encoding.mark(state)

    def after_move(self, mover: int, move: Move) -> None:
        state = self.state
        if self._encoding.mark(state) != self._mark:
            self.refresh()
            return
        self._shared = self._encoding.shared(state)
        self._boards[mover] = self._encoding.board(state, mover)

    def blocks(self, seat: int) -> list[Block]:
        boards = self._boards
        encoding = self._encoding
        return [
            *self._shared,
            *boards[seat:],
            *boards[:seat],
            encoding.padding(len(boards)),
            *encoding.extra(self.state, seat),
        ]


class Encoding:
    """How one game's position is split into a shared part and one part per board."""

    def __init__(
        self,
        shared: Callable[[State], list[Block]],
        board: Callable[[State, int], Block],
        board_size: int,
        mark: Callable[[State], tuple[int, ...]],
        extra: Callable[[State, int], list[Block]] = lambda state, seat: [],
    ) -> None:
        self.shared = shared
        self.board = board
        self.board_size = board_size
        self.mark = mark
        self.extra = extra

    def padding(self, players: int) -> Block:
        """The zeros in place of the boards of the seats a game lacks."""
        return zeros(self.board_size * (SEATS - players))
