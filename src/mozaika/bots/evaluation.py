"""Heuristic position values: what a position is worth to each seat, in points.

The greedy bot compares moves by these values, and the search bot uses them to
judge the end of a truncated rollout.  Each game says how its positions are valued
(its :class:`~mozaika.core.strategy.Strategy`: the wall games' in
``mozaika.azul.strategy``, Summer Pavilion's in ``mozaika.pavilion.strategy``); at the
end of a game the value is the final score.
"""

from __future__ import annotations

from mozaika.catalogue import spec_of
from mozaika.core.protocol import State


def evaluate(state: State, foresight: float = 0.0) -> list[float]:
    """Each seat's heuristic value in points (its exact score once the game is over).

    ``foresight`` > 0 adds that share of what the board's shape will add to the
    placements still to come (the wall's in Azul and Master Chocolatier, the stars'
    in Summer Pavilion).
    """
    strategy = spec_of(state).strategy
    if state.is_over or strategy is None:
        return [float(score) for score in state.scores]
    return strategy.evaluate(state, foresight)
