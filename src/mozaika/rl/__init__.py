"""Reinforcement-learning environments: PettingZoo (every seat an agent), Gymnasium (one seat, bots
opposite) and a Gymnasium vector environment (many self-play games stepped in one call).

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
from mozaika.rl.vector import MozaikaVectorEnv


def env(game_id: str = "azul", **kwargs: Any) -> MozaikaEnv:
    """A PettingZoo AEC environment (see :class:`MozaikaEnv` for the keyword arguments)."""
    return MozaikaEnv(game_id, **kwargs)


def vector_env(game_id: str = "azul", num_envs: int = 256, **kwargs: Any) -> MozaikaVectorEnv:
    """A Gymnasium vector environment of ``num_envs`` self-play games (see :class:`MozaikaVectorEnv`)."""
    return MozaikaVectorEnv(game_id, num_envs, **kwargs)


def gym_env(game_id: str = "azul", **kwargs: Any) -> MozaikaGymEnv:
    """A Gymnasium environment for one seat against bots (see :class:`MozaikaGymEnv`)."""
    return MozaikaGymEnv(game_id, **kwargs)


__all__ = [
    "MozaikaEnv",
    "MozaikaGymEnv",
    "MozaikaVectorEnv",
    "action_count",
    "action_index",
    "describe_action",
    "encode",
    "env",
    "gym_env",
    "legal_actions",
    "observation_size",
    "vector_env",
]
