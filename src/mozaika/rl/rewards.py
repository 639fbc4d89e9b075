"""The end-of-game reward of a seat, shared by the PettingZoo and the Gymnasium environments."""

from __future__ import annotations

from mozaika.core.protocol import State

REWARDS = ("margin", "win")

ILLEGAL_ACTIONS = ("raise", "lose")
"""What an action outside the mask does: raise ``ValueError``, or forfeit the game."""

ILLEGAL_PENALTY = {"margin": 100.0, "win": 1.0}
"""The reward of an agent that forfeits the game by an illegal action, negated."""


def final_reward(state: State, seat: int, kind: str) -> float:
    """``margin``: the score lead over the best other seat; ``win``: +1 sole win, 0 shared victory, -1 loss."""
    scores = state.scores
    if kind == "margin":
        return float(scores[seat] - max(score for other, score in enumerate(scores) if other != seat))
    winners = state.winners
    if seat in winners:
        return 1.0 if len(winners) == 1 else 0.0
    return -1.0
