"""Fast, sensible move choices for search rollouts: better than random, far cheaper than greedy."""

from __future__ import annotations

import random

from mozaika.azul.moves import CENTRE, FLOOR, TakeMove
from mozaika.azul.state import AzulState
from mozaika.pavilion.geometry import ARC_POINTS
from mozaika.pavilion.moves import Pass, Place
from mozaika.pavilion.state import PavilionState
from mozaika.protocol import Move, State

PASS_FLOOR = -1.5
"""In Summer Pavilion, a rollout passes rather than make a placement worth no more than this."""


def rollout_move(state: State, rng: random.Random) -> Move:
    """A move for the first seat to move: random among the least wasteful ones."""
    seat = state.to_move[0]
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if isinstance(state, AzulState):
        return _azul(state, moves, rng)
    if isinstance(state, PavilionState):
        return _pavilion(state, moves, rng)
    return moves[rng.randrange(len(moves))]


def best_move(scored: list[tuple[float, Move]], rng: random.Random, floor: float = -1e9) -> Move | None:
    """Among moves worth more than ``floor``, one of the best, ties broken at random; None if there is none."""
    best: list[Move] = []
    top = floor
    for worth, move in scored:
        if worth > top + 1e-9:
            top = worth
            best = [move]
        elif worth > top - 1e-9:
            best.append(move)
    return best[rng.randrange(len(best))] if best else None


def _azul(state: AzulState, moves: list[Move], rng: random.Random) -> Move:
    # The take that finishes the most of a pattern line for the least waste.
    board = state.boards[state.turn]
    scored: list[tuple[float, Move]] = []
    for move in moves:
        if not isinstance(move, TakeMove):
            return moves[rng.randrange(len(moves))]
        counts = state.centre if move.source == CENTRE else state.factories[move.source]
        taken = counts[move.colour]
        if move.line == FLOOR:
            worth = -1.5 * taken
        else:
            size = move.line + 1
            space = size - board.line_count[move.line]
            placed = taken if taken < space else space
            worth = (1.5 if placed == space else placed / size) - 1.2 * (taken - placed)
        if move.source == CENTRE and state.centre_marker:
            worth -= 0.7  # the first-player marker costs a floor space
        scored.append((worth, move))
    chosen = best_move(scored, rng)
    assert chosen is not None
    return chosen


def _pavilion(state: PavilionState, moves: list[Move], rng: random.Random) -> Move:
    # The placement that scores most for the tiles it costs; pass, keeping the most, when none is worth it.
    scored = _scored_placements(state, moves)
    chosen = best_move(scored, rng, floor=PASS_FLOOR)
    if chosen is not None:
        return chosen
    if len(scored) < len(moves) and type(moves[len(scored)]) is Pass:
        return moves[len(scored)]
    return moves[rng.randrange(len(moves))]


def _scored_placements(state: PavilionState, moves: list[Move]) -> list[tuple[float, Move]]:
    """Each placement that ``moves`` begins with, after its worth: the points it scores for the tiles it costs.

    The engine lists placements first, then the passes, those keeping the most tiles
    first (PavilionState.legal_moves), so the loop stops at the first other move.
    Move classes are ABCs, on which a failing isinstance costs a Python call: exact
    types are far cheaper.
    """
    board = state.boards[state.turn]
    rings, numbers = board.star_rings, state.numbers
    scored: list[tuple[float, Move]] = []
    for move in moves:
        if type(move) is not Place:
            break
        slot = move.slot
        points = ARC_POINTS[rings[move.star] | 1 << slot][slot]
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
