"""A policy measured against Mozaika's bots: seeded games through the Gymnasium environment, the
policy's seat taken in turn, so that every policy meets the same deals from the same seats."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from mozaika.rl.agents import Policy
from mozaika.rl.opponents import Opponent
from mozaika.rl.single import MozaikaGymEnv


class Record(NamedTuple):
    """How a policy fared: wins, shared victories and losses."""

    wins: int
    shared: int
    losses: int


def play_against(
    policy: Policy,
    opponent: Opponent,
    games: int,
    *,
    game: str = "azul",
    players: int = 2,
    seed: int = 10_000,
    **options: Any,
) -> Record:
    """Play ``games`` games of ``policy`` against ``opponent`` (a bot's name, a policy or a saved agent) in
    every other seat.

    Game i is dealt by ``seed + i`` and the policy sits in seat ``i % players``; a shared
    victory is a game the policy won together with another seat.
    """
    wins = shared = losses = 0
    for index in range(games):
        env = MozaikaGymEnv(game, players=players, seat=index % players, opponents=opponent, reward="win", **options)
        observation, _ = env.reset(seed=seed + index)
        done, reward = False, 0.0
        while not done:
            action = policy(observation["observation"], observation["action_mask"])
            observation, reward, terminated, truncated, _ = env.step(np.int64(action))
            done = terminated or truncated
        wins += reward == 1.0
        shared += reward == 0.0
        losses += reward == -1.0
    return Record(wins, shared, losses)
