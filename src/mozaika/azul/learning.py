"""Azul's observations and action space for learners (``docs/rl.md``).

Observations: the phase and round, the factories and the centre, the bag and the lid,
then each board from the observer's on (score, pattern lines, wall, floor), padded to four.

Actions, 325: ``6 * (5 * source + colour) + line`` for a take, source 0-8 a factory and
9 the centre, line 0-4 a pattern line and 5 the floor (0-299); ``300 + 5 * line +
column`` for a grey-wall column choice of the seat to move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from mozaika.azul.board import MARKER, Board
from mozaika.azul.moves import MoveTable, TakeMove, WallMove
from mozaika.azul.state import AzulState
from mozaika.azul.table import DRAFT, TILES_PER_COLOUR
from mozaika.core.learning import (
    SCORE,
    SEATS,
    Block,
    Blocks,
    Encoding,
    ObservationParts,
    factory_blocks,
    one_hot_cells,
    packed,
    zeros,
)
from mozaika.core.offer import CENTRE, MASK_COLOURS
from mozaika.core.protocol import Move, State

AZUL_BOARD = 1 + 5 * 6 + 25 * 5 + 3
AZUL_SIZE = 4 + 1 + 9 * 5 + 5 + 1 + 10 + SEATS * AZUL_BOARD
AZUL_TAKES = 300
AZUL_ACTIONS = AZUL_TAKES + 25


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


_PHASES = Blocks(_phase_and_round)
_TWENTIETHS = tuple(packed([count / 20]) for count in range(TILES_PER_COLOUR + 1))
"""A tile count / 20, by the count (a colour has 20 tiles in every Azul game)."""
_FLAGS = (packed([0.0]), packed([1.0]))
_LINES = Blocks(_lines)
_WALL = Blocks(one_hot_cells(5))
_FLOOR = Blocks(lambda floor: [floor[0] / 7, float(floor[1]), float(floor[2])])
_EMPTY_FACTORY = zeros(5)


def _scaled_20(counts: list[int]) -> Block:
    """Tile counts / 20 (made of one block per count: counts change too often to remember them together)."""
    return b"".join([_TWENTIETHS[count] for count in counts])


def _centre(state: AzulState) -> Block:
    """The centre's tiles, then the marker while it lies there."""
    return _scaled_20(state.centre) + _FLAGS[state.marker_in_centre]


def _shared(state: State) -> list[Block]:
    # The layout WallParts updates in place: phase, factories 1-9, centre, then bag and lid.
    assert isinstance(state, AzulState)
    return [
        _PHASES[(state.phase, state.round)],
        *factory_blocks(state.factories),
        _centre(state),
        _scaled_20(state.bag + state.lid),
    ]


def _board_lines(board: Board) -> Block:
    # Two blocks of lines (1-3 and 4-5): a block for all five would rarely repeat.
    counts, colours = board.line_count, board.line_colour
    return (
        _LINES[(0, counts[0], colours[0], counts[1], colours[1], counts[2], colours[2])]
        + _LINES[(3, counts[3], colours[3], counts[4], colours[4])]
    )


def _floor(board: Board) -> Block:
    return _FLOOR[(len(board.floor), MARKER in board.floor, board.waiting)]


def _board(state: State, seat: int) -> Block:
    assert isinstance(state, AzulState)
    board = state.boards[seat]
    return _board_of(SCORE[(board.score,)], board, _WALL[tuple(board.wall_colours)])


def _board_of(score: Block, board: Board, wall: Block) -> Block:
    """A board's block: its score, pattern lines, wall and floor (the score and wall already encoded)."""
    return b"".join((score, _board_lines(board), wall, _floor(board)))


def _mark(state: State) -> tuple[int, ...]:
    assert isinstance(state, AzulState)
    return state.phase, state.round


WALL_ENCODING = Encoding(_shared, _board, AZUL_BOARD, _mark)


class WallParts:
    """Azul's observation blocks, following a factory offer take by take.

    A take (rule A-3) empties its factory, changes the centre, and changes only the
    mover's pattern lines and floor (and the lid, when the floor overflows).  The
    score and the wall wait for the wall tiling, which ends the offer, so the
    boards keep them as blocks until then.
    """

    __slots__ = ("_boards", "_lid", "_padding", "_round", "_scores", "_shared", "_walls", "state")

    def __init__(self, state: AzulState) -> None:
        self.state = state
        self.refresh()

    def refresh(self) -> None:
        state = self.state
        boards = state.boards
        self._scores = [SCORE[(board.score,)] for board in boards]
        self._walls = [_WALL[tuple(board.wall_colours)] for board in boards]
        self._shared = _shared(state)
        self._boards = [self._board(seat, board) for seat, board in enumerate(boards)]
        self._padding = WALL_ENCODING.padding(len(boards))
        self._lid = state.lid[:]
        self._round = state.round

    def after_move(self, mover: int, move: Move) -> None:
        state = self.state
        if type(move) is not TakeMove or state.phase != DRAFT or state.round != self._round:
            self.refresh()
            return
        shared = self._shared
        if move.source != CENTRE:
            shared[1 + move.source] = _EMPTY_FACTORY
        shared[-2] = _centre(state)
        if state.lid != self._lid:
            self._lid = state.lid[:]
            shared[-1] = _scaled_20(state.bag + state.lid)
        self._boards[mover] = self._board(mover, state.boards[mover])

    def _board(self, seat: int, board: Board) -> Block:
        return _board_of(self._scores[seat], board, self._walls[seat])

    def blocks(self, seat: int) -> list[Block]:
        boards = self._boards
        return [*self._shared, *boards[seat:], *boards[:seat], self._padding]


def take_index(slot: int, colour: int, line: int) -> int:
    """A take's action: ``slot`` 0-8 a factory, 9 the centre; ``line`` 0-4, 5 the floor."""
    return 6 * (5 * slot + colour) + line


def _take_action(move: TakeMove) -> int:
    return take_index(9 if move.source == CENTRE else move.source, move.colour, move.line)


def _column_action(move: WallMove) -> int:
    return AZUL_TAKES + 5 * move.line + move.column


_GROUP_MASKS = tuple(bytes([*(mask >> line & 1 for line in range(5)), 1]) for mask in range(32))
"""``_GROUP_MASKS[accept]``: the mask of one colour's six take actions from one source (pattern lines
1-5, then the floor) for a player whose lines accept the colour as the bit mask ``accept`` says."""
_NO_GROUP = bytes(6)
_TAKE_GROUPS = AZUL_TAKES // 6


@cache
def _take_moves(table: MoveTable) -> tuple[TakeMove | None, ...]:
    """A game's take moves by action index (None for the factories it lacks)."""
    moves: list[TakeMove | None] = [None] * AZUL_TAKES
    for (source, colour, line), move in table.moves.items():
        moves[take_index(9 if source == CENTRE else source, colour, line)] = move
    return tuple(moves)


class WallLearning:
    """Azul's observations and action space."""

    observation_size = AZUL_SIZE

    def action_count(self, options: Mapping[str, Any]) -> int:
        return AZUL_ACTIONS

    def action_indexers(self) -> Mapping[type[Move], Callable[[Any], int]]:
        return {TakeMove: _take_action, WallMove: _column_action}

    def describe_action(self, index: int) -> str:
        if not 0 <= index < AZUL_ACTIONS:
            raise ValueError(f"Azul's actions are 0-{AZUL_ACTIONS - 1}, not {index}")
        if index < AZUL_TAKES:
            group, line = divmod(index, 6)
            source, colour = divmod(group, 5)
            return f"take colour {colour} from {'centre' if source == 9 else f'factory {source + 1}'} to " + (
                "floor" if line == 5 else f"line {line + 1}"
            )
        line, column = divmod(index - AZUL_TAKES, 5)
        return f"line {line + 1} to wall column {column + 1}"

    def follow(self, state: State) -> ObservationParts:
        assert isinstance(state, AzulState)
        return WallParts(state)

    def quick_mask(self, state: State, actions: int) -> bytes | None:
        """During the factory offer the mask is read off the position (the colours at each source and the
        lines each colour may go to): the take actions of one colour from one source are six neighbouring
        indices, so the mask is joined from six-byte blocks, one per source and colour."""
        assert isinstance(state, AzulState)
        if state.phase != DRAFT:
            return None
        colour_masks = [_GROUP_MASKS[accept] for accept in state.boards[state.turn].accept]
        masks = state.masks
        centre = len(masks) - 1
        groups = [_NO_GROUP] * _TAKE_GROUPS
        for source, held in enumerate(masks):
            if held:
                first = 5 * (9 if source == centre else source)
                for colour in MASK_COLOURS[held]:
                    groups[first + colour] = colour_masks[colour]
        groups.append(bytes(actions - AZUL_TAKES))
        return b"".join(groups)

    def native_actions(self, tables: tuple[Any, ...]) -> tuple[tuple[int, ...], ...]:
        return ()

    def quick_move(self, state: State, index: int) -> Move:
        assert isinstance(state, AzulState)
        move = _take_moves(state.table)[index]
        assert move is not None
        return move


WALL_LEARNING = WallLearning()
