"""Fast, sensible move choices for search rollouts: better than random, far cheaper than greedy."""

from __future__ import annotations

import random

from mozaika.azul.moves import FLOOR, TakeMove
from mozaika.azul.state import AzulState
from mozaika.core.offer import CENTRE
from mozaika.core.protocol import Move, State
from mozaika.pavilion.geometry import ARC_POINTS
from mozaika.pavilion.moves import Pass, Place, PlacementTable
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.table import PLACE

PASS_FLOOR = -1.5
"""In Summer Pavilion, a rollout passes rather than make a placement worth no more than this."""


def rollout_move(state: State, rng: random.Random) -> Move:
    """A move for the first seat to move: random among the least wasteful ones."""
    if isinstance(state, PavilionState) and state.phase == PLACE:
        return _pavilion_placement(state, rng)
    seat = state.to_move[0]
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if isinstance(state, AzulState):
        return _azul(state, moves, rng)
    return moves[rng.randrange(len(moves))]


def best_move(scored: list[tuple[float, Move]], rng: random.Random, floor: float = -1e9) -> Move | None:
    """Among moves worth more than ``floor``, one of the best, ties broken at random; None if there is none."""
    _, best = _best(scored, floor)
    return best[rng.randrange(len(best))] if best else None


def _best(scored: list[tuple[float, Move]], floor: float) -> tuple[float, list[Move]]:
    """The best worth above ``floor`` (``floor`` if none), and the moves worth it, in their order."""
    best: list[Move] = []
    top = floor
    for worth, move in scored:
        if worth > top + 1e-9:
            top = worth
            best = [move]
        elif worth > top - 1e-9:
            best.append(move)
    return top, best


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
    top, best = _best(_scored_placements(state, moves, ring), floor=-1e9)
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


def move_priors(state: State, moves: list[Move]) -> list[float]:
    """How promising each of ``moves`` (the legal moves of the seat to move) looks, for the search to try first.

    In Summer Pavilion, a placement is worth what the rollouts see in it (the
    points it scores for the tiles it costs), and a pass just less than the worth
    below which they would rather pass (:data:`PASS_FLOOR`), keeping the most tiles
    first; every other move, and every move of the other games, is worth 0.
    """
    if not isinstance(state, PavilionState):
        return [0.0] * len(moves)
    priors = [worth for worth, _ in _scored_placements(state, moves)]
    for index in range(len(priors), len(moves)):
        priors.append(PASS_FLOOR - 0.001 * index if type(moves[index]) is Pass else 0.0)
    return priors
