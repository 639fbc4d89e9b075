"""Heuristic position values: what a position is worth to each seat, in points.

The greedy bot compares moves by these values, and the search bot uses them to
judge the end of a truncated rollout.  Each value is the seat's score plus an
estimate of what its board will still earn: finished pattern lines, partly built
lines, progress towards the end-of-game bonuses, minus the floor penalty pending
(Azul, Master Chocolatier); tiles in hand and progress towards star and number
bonuses (Summer Pavilion).  At the end of a game it is the final score.
"""

from __future__ import annotations

from functools import lru_cache

from mozaika.azul.board import Board
from mozaika.azul.state import AzulState
from mozaika.azul.wall import FLOOR_LOSS, SIZE, bit, coloured_column, placement_points
from mozaika.core.protocol import State
from mozaika.pavilion.geometry import ARC_POINTS, FULL_STAR, NUMBER_BONUS, SLOTS, STAR_BONUS, STARS, number_masks
from mozaika.pavilion.state import PavilionState

PARTIAL_LINE = 0.45
"""How much of an unfinished pattern line's placement points is counted."""
BONUS_PROGRESS = 0.35
"""How much of an end bonus is counted in proportion to (progress) squared."""
HAND_TILE = 0.35
"""What a Summer Pavilion tile in hand is worth."""

_ROW_MASKS = tuple(sum(bit(row, column) for column in range(SIZE)) for row in range(SIZE))
_COLUMN_MASKS = tuple(sum(bit(row, column) for row in range(SIZE)) for column in range(SIZE))


def evaluate(state: State, foresight: float = 0.0) -> list[float]:
    """Each seat's heuristic value in points (its exact score once the game is over).

    ``foresight`` > 0 adds that share of what the board's shape will add to the
    placements still to come: the wall's in Azul and Master Chocolatier
    (:func:`wall_potential`), the stars' in Summer Pavilion (:func:`star_potential`).
    """
    if state.is_over:
        return [float(score) for score in state.scores]
    if isinstance(state, AzulState):
        if foresight:
            placements = foresight * PLACEMENTS_A_ROUND * rounds_left(state)
            return [_azul_value(state, board) + wall_potential(board.wall, placements) for board in state.boards]
        return [_azul_value(state, board) for board in state.boards]
    if isinstance(state, PavilionState):
        if foresight:
            placements = foresight * sum(PAVILION_PLACEMENTS[state.round - 1 :])
            return [
                _pavilion_value(state, seat) + star_potential(tuple(state.boards[seat].star_rings), placements)
                for seat in range(state.players)
            ]
        return [_pavilion_value(state, seat) for seat in range(state.players)]
    return [float(score) for score in state.scores]


def _azul_value(state: AzulState, board: Board) -> float:
    value = float(board.score) - min(FLOOR_LOSS[len(board.floor)], board.score)
    wall = board.wall
    for line in range(SIZE):
        count = board.line_count[line]
        if not count:
            continue
        colour = board.line_colour[line]
        if state.grey:
            columns = board.grey_columns(line, colour)
            if not columns:
                continue
            points = max(placement_points(wall | bit(line, column), line, column) for column in columns)
        else:
            column = coloured_column(line, colour)
            points = placement_points(wall | bit(line, column), line, column)
        value += points if count == line + 1 else points * PARTIAL_LINE * count / (line + 1)
    # Progress towards the end-of-game bonuses.
    for mask in _ROW_MASKS:
        value += 2 * BONUS_PROGRESS * ((wall & mask).bit_count() / SIZE) ** 2
    for mask in _COLUMN_MASKS:
        value += 7 * BONUS_PROGRESS * ((wall & mask).bit_count() / SIZE) ** 2
    counts = [0] * SIZE
    for colour in board.wall_colours:
        if colour >= 0:
            counts[colour] += 1
    for count in counts:
        value += 10 * BONUS_PROGRESS * (count / SIZE) ** 2
    return value


PLACEMENTS_A_ROUND = 2.5
"""About how many wall tiles a player places in a round of Azul."""


def rounds_left(state: AzulState) -> int:
    """At least how many rounds the game still has, this one included: a wall row gains one tile a round."""
    fullest = max((board.wall & mask).bit_count() for board in state.boards for mask in _ROW_MASKS)
    return SIZE - fullest


def wall_potential(wall: int, placements: float) -> float:
    """What the tiles already on ``wall`` add to the next ``placements`` tiles placed on it (A-8), in points.

    Each empty space would score its placement points if filled now; a tile beside
    none scores 1, so the excess over 1 is what the wall's shape adds.  The spaces
    are taken as equally likely to be filled.
    """
    empty, excess = _wall_shape(wall)
    if not empty:
        return 0.0
    return excess * min(1.0, placements / empty)


@lru_cache(maxsize=1 << 16)  # bounded: a long-lived server's bot workers meet ever more walls
def _wall_shape(wall: int) -> tuple[int, int]:
    """The empty spaces of ``wall``, and the sum of their placement points beyond 1."""
    empty = excess = 0
    for row in range(SIZE):
        for column in range(SIZE):
            space = bit(row, column)
            if not wall & space:
                empty += 1
                excess += placement_points(wall | space, row, column) - 1
    return empty, excess


PAVILION_PLACEMENTS = (6.0, 5.3, 4.5, 4.1, 3.3, 2.9)
"""About how many tiles a player places in each round of Summer Pavilion (``medium`` against itself)."""


def star_potential(rings: tuple[int, ...], placements: float) -> float:
    """What the tiles already on a Summer Pavilion board's stars add to the next ``placements`` tiles (S-9).

    ``rings`` holds each star's filled slots.  Each empty space would score the arc
    it would join if filled now; a tile beside none scores 1, so the excess over 1
    is what the stars' shape adds.  The spaces are taken as equally likely to be filled.
    """
    empty, excess = _star_shape(rings)
    if not empty:
        return 0.0
    return excess * min(1.0, placements / empty)


@lru_cache(maxsize=1 << 16)  # bounded, as _wall_shape
def _star_shape(rings: tuple[int, ...]) -> tuple[int, int]:
    """The empty spaces of the stars, and the sum of their placement points beyond 1."""
    empty = excess = 0
    for ring in rings:
        for slot in range(SLOTS):
            if not ring >> slot & 1:
                empty += 1
                excess += ARC_POINTS[ring | 1 << slot][slot] - 1
    return empty, excess


def _pavilion_value(state: PavilionState, seat: int) -> float:
    board = state.boards[seat]
    value = float(board.score) + HAND_TILE * min(sum(board.hand), 12)
    for star in range(STARS):
        filled = board.star_rings[star].bit_count()
        if filled and board.star_rings[star] != FULL_STAR:
            value += STAR_BONUS[star] * BONUS_PROGRESS * (filled / 6) ** 2
        elif filled:
            value += STAR_BONUS[star] * BONUS_PROGRESS
    for number, mask in number_masks(state.numbers):
        share = (board.filled & mask).bit_count() / mask.bit_count()
        value += NUMBER_BONUS[number] * BONUS_PROGRESS * share**2
    return value
