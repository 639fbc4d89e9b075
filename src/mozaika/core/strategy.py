"""What a game tells its bots: how much a position is worth to each seat, a cheap sensible move
for search rollouts, and which moves to try first.

Each game package provides a :class:`Strategy` through its :class:`~mozaika.core.spec.GameSpec`;
the bots (``mozaika.bots``) ask for it by the state's game and never look at which class a
state is.  The helpers here are what every strategy shares.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from mozaika.core.protocol import Move, State

BONUS_PROGRESS = 0.35
"""How much of an end-of-game bonus a value counts in proportion to (progress) squared."""


class Strategy(Protocol):
    """A game's heuristics for its bots."""

    def evaluate(self, state: State, foresight: float) -> list[float]:
        """Each seat's heuristic value in points, in a position that is not over.

        ``foresight`` > 0 adds that share of what the board's shape will add to the
        placements still to come.
        """
        ...

    def rollout_move(self, state: State, rng: random.Random) -> Move:
        """A move for the first seat to move: random among the least wasteful ones."""
        ...

    def move_priors(self, state: State, moves: list[Move]) -> list[float]:
        """How promising each of ``moves`` (the legal moves of the seat to move) looks: higher first."""
        ...


MARGIN_SCALE = 8.0
"""A gain of this many points is worth about 0.88 (tanh 1) to the search, where a game sets no other."""


@dataclass(frozen=True)
class SearchTuning:
    """How the search bot (``mozaika.bots.mcts``) is best tuned for a game, as measured (docs/strength.md).

    The bot reads these through the game's :class:`~mozaika.core.spec.GameSpec` (``search``): the
    weight of a seat's own points in every search, and what the levels that ask for the game's
    own setting use (``docs/bots.md``).
    """

    own_weight: float = 0.0
    """What a point a seat scores itself is worth besides the point of lead it brings."""
    widening: float = 0.0
    """How fast the tree widens below the root, for the levels that search deeper (0: not at all)."""
    foresight: float = 0.0
    """How much of the board's potential the valuation counts, for the levels that look ahead."""
    margin: float = MARGIN_SCALE
    """The gain in points worth about 0.88, for the levels that scale gains by the game."""
    level_iterations: Mapping[str, int] = field(default_factory=dict)
    """By level, an iteration budget that replaces the level's own in this game."""


def best_of(scored: list[tuple[float, Move]], floor: float) -> tuple[float, list[Move]]:
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


def best_move(scored: list[tuple[float, Move]], rng: random.Random, floor: float = -1e9) -> Move | None:
    """Among moves worth more than ``floor``, one of the best, ties broken at random; None if there is none."""
    _, best = best_of(scored, floor)
    return best[rng.randrange(len(best))] if best else None


def any_move(state: State, rng: random.Random) -> Move:
    """A move of the first seat to move, uniformly at random."""
    moves = state.legal_moves(state.to_move[0])
    return moves[0] if len(moves) == 1 else moves[rng.randrange(len(moves))]
