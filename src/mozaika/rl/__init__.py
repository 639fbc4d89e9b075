"""Reinforcement-learning environments: PettingZoo (every seat an agent), Gymnasium (one seat, bots
opposite) and a Gymnasium vector environment (many self-play games stepped in one call).

>>> from mozaika import rl
>>> env = rl.env("pavilion", players=3, board="colourless")
>>> env.reset(seed=1)

Importing this package registers the Gymnasium environments ``mozaika/Azul-v0``,
``mozaika/MasterChocolatier-v0`` and ``mozaika/SummerPavilion-v0`` (the keyword
arguments of :class:`MozaikaGymEnv`, the game's options included, pass through
``gymnasium.make`` and ``gymnasium.make_vec``).  See ``docs/rl.md`` for the action
tables, the observation encoding and the rewards.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from mozaika.rl.actions import action_count, action_index, describe_action, legal_actions
from mozaika.rl.aec import MozaikaEnv
from mozaika.rl.agents import BASELINE, NetworkPolicy, Policy, load_agent
from mozaika.rl.encoding import encode, observation_size
from mozaika.rl.evaluation import Record, play_against
from mozaika.rl.single import MozaikaGymEnv
from mozaika.rl.vector import MozaikaVectorEnv

GYMNASIUM_IDS = {
    "azul": "mozaika/Azul-v0",
    "chocolatier": "mozaika/MasterChocolatier-v0",
    "pavilion": "mozaika/SummerPavilion-v0",
}
"""The Gymnasium id of each game's :class:`MozaikaGymEnv`."""


def env(game_id: str = "azul", **kwargs: Any) -> MozaikaEnv:
    """A PettingZoo AEC environment (see :class:`MozaikaEnv` for the keyword arguments)."""
    return MozaikaEnv(game_id, **kwargs)


def vector_env(game_id: str = "azul", num_envs: int = 256, **kwargs: Any) -> MozaikaVectorEnv:
    """A Gymnasium vector environment of ``num_envs`` self-play games (see :class:`MozaikaVectorEnv`)."""
    return MozaikaVectorEnv(game_id, num_envs, **kwargs)


def gym_env(game_id: str = "azul", **kwargs: Any) -> MozaikaGymEnv:
    """A Gymnasium environment for one seat against bots (see :class:`MozaikaGymEnv`)."""
    return MozaikaGymEnv(game_id, **kwargs)


def _register() -> None:
    for game_id, env_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="mozaika.rl.single:MozaikaGymEnv",
                kwargs={"game_id": game_id},
                # A game ends by its rules (a few dozen of the learner's moves): no step limit is needed.
                max_episode_steps=None,
            )


_register()

__all__ = [
    "BASELINE",
    "GYMNASIUM_IDS",
    "MozaikaEnv",
    "MozaikaGymEnv",
    "MozaikaVectorEnv",
    "NetworkPolicy",
    "Policy",
    "Record",
    "action_count",
    "action_index",
    "describe_action",
    "encode",
    "env",
    "gym_env",
    "legal_actions",
    "load_agent",
    "observation_size",
    "play_against",
    "vector_env",
]
