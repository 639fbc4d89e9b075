"""Fast, sensible move choices for search rollouts: better than random, far cheaper than greedy.

Each game says what a sensible cheap move is (its :class:`~mozaika.core.strategy.Strategy`);
a game without one is played at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mozaika.catalogue import spec_of
from mozaika.core.protocol import Move, State
from mozaika.core.strategy import any_move, best_move

__all__ = ["best_move", "move_priors", "rollout_chooser", "rollout_move"]


def rollout_chooser(state: State) -> Callable[[State, random.Random], Move]:
    """The rollout policy of ``state``'s game, to call for every move of a simulation of it."""
    strategy = spec_of(state).strategy
    return any_move if strategy is None else strategy.rollout_move


def rollout_move(state: State, rng: random.Random) -> Move:
    """A move for the first seat to move: random among the least wasteful ones."""
    return rollout_chooser(state)(state, rng)


def move_priors(state: State, moves: list[Move]) -> list[float]:
    """How promising each of ``moves`` (the legal moves of the seat to move) looks, for the search to try first."""
    strategy = spec_of(state).strategy
    return [0.0] * len(moves) if strategy is None else strategy.move_priors(state, moves)
