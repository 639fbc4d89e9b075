"""Observations: a flat numeric vector of a position from one seat's point of view (docs/rl.md).

Seats are rotated so that the observing seat comes first, and padded to four, so a
game's vector has the same length for 2, 3 and 4 players.  Counts are scaled to
about [0, 1]; colours are one-hot.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from mozaika.azul.board import EMPTY, MARKER, Board
from mozaika.azul.moves import TakeMove
from mozaika.azul.state import AzulState
from mozaika.azul.table import DRAFT, TILES_PER_COLOUR
from mozaika.chocolatier.discs import DISCS
from mozaika.chocolatier.state import ChocolatierState
from mozaika.core.offer import CENTRE
from mozaika.core.protocol import Move, State
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.theme import ROUNDS, WILD_BY_ROUND

SEATS = 4
AZUL_BOARD = 1 + 5 * 6 + 25 * 5 + 3
AZUL_SIZE = 4 + 1 + 9 * 5 + 5 + 1 + 10 + SEATS * AZUL_BOARD
CHOCOLATIER_EXTRA = 9 * len(DISCS) + SEATS + 5
PAVILION_BOARD = 1 + 6 + 1 + 42 * 6
PAVILION_SIZE = 5 + ROUNDS + 6 + 9 * 6 + 6 + 1 + 6 + 6 + 6 + 3 + SEATS * PAVILION_BOARD


def observation_size(game_id: str) -> int:
    """The length of a game's observation vector."""
    if game_id == "pavilion":
        return PAVILION_SIZE
    return AZUL_SIZE + (CHOCOLATIER_EXTRA if game_id == "chocolatier" else 0)


def encode(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The position as seen by ``seat``."""
    return Observer(state).vector(seat)


def observer(state: State) -> Observer:
    """An :class:`Observer` of a game about to be played (in Azul, one that follows a factory offer take by take)."""
    return AzulObserver(state) if type(state) is AzulState else Observer(state)


class Observer:
    """The observation vectors of one game as it is played, re-encoding only what a step changed.

    The vector is made of a part that every seat shares (factories, centre, bag, ...)
    and one part per board.  A move that leaves the phase and the round as they were
    changes only the shared part and the mover's board, so :meth:`after_move` encodes
    just those; any other step encodes everything again.
    """

    __slots__ = ("_boards", "_encoding", "_mark", "_shared", "state")

    def __init__(self, state: State) -> None:
        if isinstance(state, PavilionState):
            self._encoding: _Encoding = _PAVILION
        elif isinstance(state, AzulState):
            self._encoding = _AZUL
        else:
            raise TypeError(f"no observation encoding for {state.game_id!r}")
        self.state = state
        self._shared: list[Block] = []
        self._boards: list[Block] = []
        self._mark = (-1, -1)
        self.refresh()

    def refresh(self) -> None:
        """Encode the whole position again."""
        state = self.state
        encoding = self._encoding
        self._shared = encoding.shared(state)
        self._boards = [encoding.board(state, seat) for seat in range(state.players)]
        self._mark = _phase_and_round_of(state)

    def after_move(self, mover: int, move: Move) -> None:
        """Bring the vectors up to date after ``mover`` played ``move`` (and any chance that followed)."""
        state = self.state
        if _phase_and_round_of(state) != self._mark:
            self.refresh()
            return
        self._shared = self._encoding.shared(state)
        self._boards[mover] = self._encoding.board(state, mover)

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        """The position as seen by ``seat``: a new array, the caller's to keep or change."""
        boards = self._boards
        parts = [*self._shared, *boards[seat:], *boards[:seat], self._encoding.padding(len(boards))]
        parts += self._encoding.extra(self.state, seat)
        return np.frombuffer(bytearray().join(parts), _FLOAT32)


class AzulObserver(Observer):
    """An Azul observer that follows a factory offer take by take.

    A take (rule A-3) empties its factory, changes the centre, and changes only the
    mover's pattern lines and floor (and the lid, when the floor overflows).  The
    score and the wall wait for the wall tiling, which ends the offer, so the
    boards keep them as blocks until then.
    """

    __slots__ = ("_lid", "_padding", "_round", "_scores", "_walls")

    def refresh(self) -> None:
        state = self.state
        assert isinstance(state, AzulState)
        boards = state.boards
        self._scores = [_SCORE[(board.score,)] for board in boards]
        self._walls = [_WALL[tuple(board.wall_colours)] for board in boards]
        self._shared = _azul_shared(state)
        self._boards = [self._board(seat, board) for seat, board in enumerate(boards)]
        self._padding = _AZUL.padding(len(boards))
        self._lid = state.lid[:]
        self._round = state.round

    def after_move(self, mover: int, move: Move) -> None:
        state = self.state
        assert isinstance(state, AzulState)
        if type(move) is not TakeMove or state.phase != DRAFT or state.round != self._round:
            self.refresh()
            return
        shared = self._shared
        if move.source != CENTRE:
            shared[1 + move.source] = _EMPTY_FACTORY
        shared[-2] = _azul_centre(state)
        if state.lid != self._lid:
            self._lid = state.lid[:]
            shared[-1] = _scaled_20(state.bag + state.lid)
        self._boards[mover] = self._board(mover, state.boards[mover])

    def _board(self, seat: int, board: Board) -> Block:
        return _azul_board_of(self._scores[seat], board, self._walls[seat])

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        boards = self._boards
        # The dtype as a positional argument: numpy parses keywords at a cost that shows at every step.
        return np.frombuffer(bytearray().join([*self._shared, *boards[seat:], *boards[:seat], self._padding]), _FLOAT32)


_FLOAT32 = np.dtype(np.float32)

Block = bytes
"""Observation entries as packed float32 values: joining bytes costs far less than joining small arrays."""


def _packed(values: list[float]) -> Block:
    return array("f", values).tobytes()


def _phase_and_round_of(state: State) -> tuple[int, int]:
    assert isinstance(state, AzulState | PavilionState)
    return state.phase, state.round


class _Blocks(dict[tuple[int, ...], Block]):
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
        block = self[key] = made if isinstance(made, bytes) else _packed(made)
        return block


def _phase_and_round(key: tuple[int, ...]) -> list[float]:
    phase, round_ = key
    out = [0.0] * 5
    out[phase] = 1.0
    out[4] = round_ / 10
    return out


def _lines(key: tuple[int, ...]) -> list[float]:
    # Pattern lines from key[0] on: (first line, its tiles, its colour, the next line's tiles, ...).
    first = key[0]
    out: list[float] = []
    for offset in range(0, len(key) - 1, 2):
        count, colour = key[1 + offset], key[2 + offset]
        block = [0.0] * 6
        if count:
            block[0] = count / (first + offset // 2 + 1)
            block[1 + colour] = 1.0
        out += block
    return out


def _one_hot_cells(colours: int) -> Callable[[tuple[int, ...]], Block]:
    """Cells one-hot by colour (all zeros where empty: colour -1 in both games), from a row of colours."""
    # Boards change every round, so these blocks are often new: made from cell blocks, they cost little.
    cells = [_packed([float(index == colour) for index in range(colours)]) for colour in range(colours)]
    cells.append(bytes(4 * colours))  # index -1: an empty cell

    def make(row: tuple[int, ...]) -> Block:
        return b"".join([cells[colour] for colour in row])

    return make


_PHASES = _Blocks(_phase_and_round)
_FACTORY = _Blocks(lambda counts: [count / 4 for count in counts])
_TWENTIETHS = tuple(_packed([count / 20]) for count in range(TILES_PER_COLOUR + 1))
"""A tile count / 20, by the count (a colour has 20 tiles in every Azul game)."""
_FLAGS = (_packed([0.0]), _packed([1.0]))
_SCORE = _Blocks(lambda score: [score[0] / 100])
_LINES = _Blocks(_lines)
_WALL = _Blocks(_one_hot_cells(5))
_FLOOR = _Blocks(lambda floor: [floor[0] / 7, float(floor[1]), float(floor[2])])


@cache
def _zeros(size: int) -> Block:
    """Padding: the entries of factories and seats a game lacks."""
    return bytes(4 * size)


_EMPTY_FACTORY = _zeros(5)


def _factories(factories: list[list[int]]) -> list[Block]:
    """Each factory's tiles by colour / 4, then zeros for the factories up to nine that the game lacks."""
    colours = len(factories[0])
    return [*map(_FACTORY.__getitem__, map(tuple, factories)), _zeros(colours * (9 - len(factories)))]


def _scaled_20(counts: list[int]) -> Block:
    """Tile counts / 20 (made of one block per count: counts change too often to remember them together)."""
    return b"".join([_TWENTIETHS[count] for count in counts])


def _azul_centre(state: AzulState) -> Block:
    """The centre's tiles, then the marker while it lies there."""
    return _scaled_20(state.centre) + _FLAGS[state.marker_in_centre]


def _azul_shared(state: State) -> list[Block]:
    # The layout AzulObserver updates in place: phase, factories 1-9, centre, then bag and lid.
    assert isinstance(state, AzulState)
    return [
        _PHASES[(state.phase, state.round)],
        *_factories(state.factories),
        _azul_centre(state),
        _scaled_20(state.bag + state.lid),
    ]


def _azul_lines(board: Board) -> Block:
    # Two blocks of lines (1-3 and 4-5): a block for all five would rarely repeat.
    counts, colours = board.line_count, board.line_colour
    return (
        _LINES[(0, counts[0], colours[0], counts[1], colours[1], counts[2], colours[2])]
        + _LINES[(3, counts[3], colours[3], counts[4], colours[4])]
    )


def _azul_floor(board: Board) -> Block:
    return _FLOOR[(len(board.floor), MARKER in board.floor, board.waiting)]


def _azul_board(state: State, seat: int) -> Block:
    assert isinstance(state, AzulState)
    board = state.boards[seat]
    return _azul_board_of(_SCORE[(board.score,)], board, _WALL[tuple(board.wall_colours)])


def _azul_board_of(score: Block, board: Board, wall: Block) -> Block:
    """A board's block: its score, pattern lines, wall and floor (the score and wall already encoded)."""
    return b"".join((score, _azul_lines(board), wall, _azul_floor(board)))


def _chocolatier_extra(state: State, seat: int) -> list[Block]:
    """Master Chocolatier's discs, their holder (as seen by ``seat``) and SN1's extra tile."""
    if not isinstance(state, ChocolatierState):
        return []
    extra = [0.0] * CHOCOLATIER_EXTRA
    for index, disc in enumerate(state.discs):
        if disc is not None:
            extra[len(DISCS) * index + DISCS.index(disc)] = 1.0
    base = 9 * len(DISCS)
    if state.disc_holder is not None:
        extra[base + (state.disc_holder - seat) % state.players] = 1.0
    if state.disc_tile != EMPTY:
        extra[base + SEATS + state.disc_tile] = 1.0
    return [_packed(extra)]


def _pavilion_head(key: tuple[int, ...]) -> list[float]:
    # The phase, the round, and the round's wild colour, each one-hot.
    phase, round_ = key
    out = [0.0] * (5 + ROUNDS + 6)
    out[phase] = 1.0
    out[5 + round_ - 1] = 1.0
    out[5 + ROUNDS + WILD_BY_ROUND[round_ - 1]] = 1.0
    return out


_PAVILION_HEAD = _Blocks(_pavilion_head)
_CENTRE_22 = _Blocks(lambda key: [*(count / 22 for count in key[:6]), float(key[6])])
_SUPPLY = _Blocks(lambda counts: [count / 10 for count in counts])
_BAG_AND_TOWER = _Blocks(lambda counts: [count / 22 for count in counts])
_PENDING = _Blocks(lambda tiles: [count / 3 for count in tiles])
_HAND = _Blocks(lambda key: [*(count / 10 for count in key[:6]), float(key[6])])
_CELLS = _Blocks(_one_hot_cells(6))


def _pavilion_shared(state: State) -> list[Block]:
    assert isinstance(state, PavilionState)
    pending = tuple(state.pending_bonus[:3])
    return [
        _PAVILION_HEAD[(state.phase, state.round)],
        *_factories(state.factories),
        _CENTRE_22[(*state.centre, state.marker_in_centre)],
        _SUPPLY[tuple(state.supply)],
        _BAG_AND_TOWER[(*state.bag, *state.tower)],
        _PENDING[pending + (0,) * (3 - len(pending))],
    ]


def _pavilion_board(state: State, seat: int) -> Block:
    assert isinstance(state, PavilionState)
    board = state.boards[seat]
    return b"".join((_SCORE[(board.score,)], _HAND[(*board.hand, board.passed)], _CELLS[tuple(board.colours)]))


@dataclass(frozen=True)
class _Encoding:
    """How one game's position is split into the shared part and one part per board."""

    shared: Callable[[State], list[Block]]
    board: Callable[[State, int], Block]
    board_size: int
    extra: Callable[[State, int], list[Block]]

    def padding(self, players: int) -> Block:
        """The zeros in place of the boards of the seats a game lacks."""
        return _zeros(self.board_size * (SEATS - players))


_AZUL = _Encoding(_azul_shared, _azul_board, AZUL_BOARD, _chocolatier_extra)
_PAVILION = _Encoding(_pavilion_shared, _pavilion_board, PAVILION_BOARD, lambda state, seat: [])
