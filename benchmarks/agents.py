"""Agents for the arena's experiments (``mozaika arena --bots benchmarks.agents:NAME``, run from the repository).

``expert_playing_to_win``: the expert with the own-points weight the master plays with (0.15),
without a network, so that an arena can tell what the master's network adds from what its
weight adds (docs/strength.md, "Master").
"""

from __future__ import annotations

from mozaika.bots import Bot, Budget, make_bot
from mozaika.bots.mcts import MctsBot

MASTER_OWN_WEIGHT = 0.15


def expert_playing_to_win(budget: Budget | None = None, seed: int | None = None) -> Bot:
    bot = make_bot(
        "expert",
        seconds=budget.seconds if budget else None,
        iterations=budget.iterations if budget else None,
        seed=seed,
    )
    assert isinstance(bot, MctsBot)
    bot.own_weight = MASTER_OWN_WEIGHT
    bot.name = "expert, own weight 0.15"
    return bot
