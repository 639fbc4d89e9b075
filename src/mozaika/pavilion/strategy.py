"""Summer Pavilion's heuristics for the bots (:class:`~mozaika.core.strategy.Strategy`).

A position's value to a seat is its score plus what its tiles in hand and its progress
towards the star and number bonuses are worth.  Rollouts place the tile that scores most
for the tiles it costs, and pass when no placement is worth it; the search tries the
placements the rollouts like first.
"""

from __future__ import annotations

import random
from functools import lru_cache

from mozaika.core.protocol import Move, State
from mozaika.core.strategy import BONUS_PROGRESS, any_move, best_of
from mozaika.pavilion.geometry import ARC_POINTS, FULL_STAR, NUMBER_BONUS, SLOTS, STAR_BONUS, STARS, number_masks
from mozaika.pavilion.moves import Pass, Place, PlacementTable
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.table import PLACE

HAND_TILE = 0.35
"""What a tile in hand is worth."""
PASS_FLOOR = -1.5
"""A rollout passes rather than make a placement worth no more than this."""


class StarStrategy:
    """The heuristics of the games played on stars (Summer Pavilion)."""

    def evaluate(self, state: State, foresight: float) -> list[float]:
        """Each seat's value; ``foresight`` adds that share of what the stars' shape adds to coming placements."""
        assert isinstance(state, PavilionState)
        if foresight:
            placements = foresight * sum(PAVILION_PLACEMENTS[state.round - 1 :])
            return [
                _pavilion_value(state, seat) + star_potential(tuple(state.boards[seat].star_rings), placements)
                for seat in range(state.players)
            ]
        return [_pavilion_value(state, seat) for seat in range(state.players)]

    def rollout_move(self, state: State, rng: random.Random) -> Move:
        assert isinstance(state, PavilionState)
        if state.phase == PLACE:
            return _pavilion_placement(state, rng)
        return any_move(state, rng)

    def move_priors(self, state: State, moves: list[Move]) -> list[float]:
        """A placement is worth what the rollouts see in it (the points it scores for the tiles it costs),
        and a pass just less than the worth below which they would rather pass (:data:`PASS_FLOOR`),
        keeping the most tiles first; every other move is worth 0."""
        assert isinstance(state, PavilionState)
        priors = [worth for worth, _ in _scored_placements(state, moves)]
        for index in range(len(priors), len(moves)):
            priors.append(PASS_FLOOR - 0.001 * index if type(moves[index]) is Pass else 0.0)
        return priors


STAR_STRATEGY = StarStrategy()


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


def _pavilion_placement(state: PavilionState, rng: random.Random) -> Move:
    """The placement that scores most for the tiles it costs; a pass keeping the most when none is worth it.

    The choice is the one :func:`best_move` would make over every placement, floored at
    :data:`PASS_FLOOR`, found without listing them: a group of placements
    (:meth:`PavilionState.placement_groups`) always holds the same moves, so its best
    ones are worked out once, and only the groups' best are compared.
    """
    table = state.placement_table
    best_by_group = _BEST_BY_GROUP.get(table)
    if best_by_group is None:
        best_by_group = _BEST_BY_GROUP[table] = {}
    best: list[Move] = []
    top = PASS_FLOOR
    for group in state.placement_groups():
        found = best_by_group.get(group)
        if found is None:
            found = best_by_group[group] = _best_of_group(state, group)
        worth, moves = found
        if worth > top + 1e-9:
            top = worth
            best = list(moves)
        elif worth > top - 1e-9:
            best += moves
    if best:
        return best[rng.randrange(len(best))]
    return state.pass_moves()[0]


_BEST_BY_GROUP: dict[PlacementTable, dict[tuple[int, int, int, int], tuple[float, tuple[Move, ...]]]] = {}


def _best_of_group(state: PavilionState, group: tuple[int, int, int, int]) -> tuple[float, tuple[Move, ...]]:
    star, ring, colour, key = group
    moves: list[Move] = list(state.placement_table.on_star(star, ring, colour, key))
    top, best = best_of(_scored_placements(state, moves, ring), floor=-1e9)
    return top, tuple(best)


def _scored_placements(state: PavilionState, moves: list[Move], ring: int | None = None) -> list[tuple[float, Move]]:
    """Each placement that ``moves`` begins with, after its worth: the points it scores for the tiles it costs.

    ``ring``, when given, is the filled slots of the star every one of ``moves`` is on
    (a group of :meth:`PavilionState.placement_groups`); otherwise the placer's board says.

    The engine lists placements first, then the passes, those keeping the most tiles
    first (PavilionState.legal_moves), so the loop stops at the first other move.
    Move classes are ABCs, on which a failing isinstance costs a Python call: exact
    types are far cheaper.
    """
    rings = state.boards[state.turn].star_rings
    numbers = state.numbers
    scored: list[tuple[float, Move]] = []
    for move in moves:
        if type(move) is not Place:
            break
        slot = move.slot
        points = ARC_POINTS[(rings[move.star] if ring is None else ring) | 1 << slot][slot]
        scored.append((points - 0.4 * numbers[move.space] - 0.1 * move.wilds, move))
    return scored
