"""Azul's and Master Chocolatier's heuristics for the bots (:class:`~mozaika.core.strategy.Strategy`).

A position's value to a seat is its score plus an estimate of what its board will still
earn: finished pattern lines, partly built lines, progress towards the end-of-game
bonuses, minus the floor penalty pending.  Rollouts take the tiles that finish the most
of a pattern line for the least waste.
"""

from __future__ import annotations

import random
from functools import lru_cache

from mozaika.azul.board import Board
from mozaika.azul.moves import FLOOR, TakeMove
from mozaika.azul.state import AzulState
from mozaika.azul.wall import FLOOR_LOSS, SIZE, bit, coloured_column, placement_points
from mozaika.core.offer import CENTRE
from mozaika.core.protocol import Move, State
from mozaika.core.strategy import BONUS_PROGRESS

PARTIAL_LINE = 0.45
"""How much of an unfinished pattern line's placement points is counted."""

_ROW_MASKS = tuple(sum(bit(row, column) for column in range(SIZE)) for row in range(SIZE))
_COLUMN_MASKS = tuple(sum(bit(row, column) for row in range(SIZE)) for column in range(SIZE))


class WallStrategy:
    """The heuristics of the games played on a wall (Azul and Master Chocolatier)."""

    def evaluate(self, state: State, foresight: float) -> list[float]:
        """Each seat's value; ``foresight`` adds that share of what the wall's shape adds to coming placements."""
        assert isinstance(state, AzulState)
        if foresight:
            placements = foresight * PLACEMENTS_A_ROUND * rounds_left(state)
            return [_azul_value(state, board) + wall_potential(board.wall, placements) for board in state.boards]
        return [_azul_value(state, board) for board in state.boards]

    def rollout_move(self, state: State, rng: random.Random) -> Move:
        moves = state.legal_moves(state.to_move[0])
        if len(moves) == 1:
            return moves[0]
        assert isinstance(state, AzulState)
        return _azul(state, moves, rng)

    def move_priors(self, state: State, moves: list[Move]) -> list[float]:
        """Every move alike: the search tries them in the engine's order."""
        return [0.0] * len(moves)


WALL_STRATEGY = WallStrategy()


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


def _azul(state: AzulState, moves: list[Move], rng: random.Random) -> Move:
    # The take that finishes the most of a pattern line for the least waste (best_move, inlined: this
    # is a quarter of a search's time).  Any other kind of move (a grey-wall column): one at random.
    line_count = state.boards[state.turn].line_count
    centre, factories, marker = state.centre, state.factories, state.marker_in_centre
    best: list[Move] = []
    top = -1e9
    for move in moves:
        kind = type(move)
        is_take = _IS_TAKE.get(kind)
        if is_take is None:
            is_take = _IS_TAKE[kind] = issubclass(kind, TakeMove)
        if not is_take:
            return moves[rng.randrange(len(moves))]
        take: TakeMove = move  # type: ignore[assignment]
        source = take.source
        taken = (centre if source == CENTRE else factories[source])[take.colour]
        line = take.line
        if line == FLOOR:
            worth = -1.5 * taken
        else:
            size = line + 1
            space = size - line_count[line]
            placed = taken if taken < space else space
            worth = (1.5 if placed == space else placed / size) - 1.2 * (taken - placed)
        if source == CENTRE and marker:
            worth -= 0.7  # the first-player marker costs a floor space
        if worth > top + 1e-9:
            top = worth
            best = [move]
        elif worth > top - 1e-9:
            best.append(move)
    return best[rng.randrange(len(best))]


_IS_TAKE: dict[type[Move], bool] = {}
"""By move class: is it a take (TakeMove or a subclass, such as Master Chocolatier's SplitTake)?"""
