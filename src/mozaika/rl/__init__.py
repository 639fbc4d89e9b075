"""Reinforcement-learning environments: PettingZoo (every seat an agent) and Gymnasium (one seat, bots opposite).

>>> from mozaika import rl
>>> env = rl.env("pavilion", players=3, board="colourless")
>>> env.reset(seed=1)

See ``docs/rl.md`` for the action tables, the observation encoding and the rewards.
"""

from __future__ import annotations

from typing import Any

from mozaika.rl.actions import action_count, action_index, describe_action, legal_actions
from mozaika.rl.aec import MozaikaEnv
from mozaika.rl.encoding import encode, observation_size
from mozaika.rl.single import MozaikaGymEnv


def env(game_id: str = "azul", **kwargs: Any) -> MozaikaEnv:
    """A PettingZoo AEC environment (see :class:`MozaikaEnv` for the keyword arguments)."""
    return MozaikaEnv(game_id, **kwargs)


def gym_env(game_id: str = "azul", **kwargs: Any) -> MozaikaGymEnv:
    """A Gymnasium environment for one seat against bots (see :class:`MozaikaGymEnv`)."""
    return MozaikaGymEnv(game_id, **kwargs)


__all__ = [
    "MozaikaEnv",
    "MozaikaGymEnv",
    "action_count",
    "action_index",
    "describe_action",
    "encode",
    "env",
    "gym_env",
    "legal_actions",
    "observation_size",
]
