"""Collect Azul games with Tianshou: a Collector, a replay buffer and a policy that keeps to the action mask.

Usage: python examples/collect_azul_tianshou.py [GAMES] [AGENT.npz]

Four Gymnasium environments (``mozaika/Azul-v0`` against the ``random`` bot) run in a
Tianshou ``DummyVectorEnv``; a Tianshou policy plays the learner's seat, a saved
:class:`mozaika.rl.NetworkPolicy` when one is named (the trained baseline, say), else a
uniformly random legal action; every step goes into a ``VectorReplayBuffer``, info
included (its values have one shape and type at every step, so the buffer stacks them).
Prints the games' mean reward (the score margin) and the win rate, read from the buffer.
Needs ``pip install 'mozaika[rl]' tianshou``.
"""

from __future__ import annotations

import sys
from typing import Any

import gymnasium
import numpy as np
from tianshou.algorithm.algorithm_base import Policy
from tianshou.data import Batch, Collector, VectorReplayBuffer
from tianshou.env import DummyVectorEnv

from mozaika import rl

ENVS = 4


class MaskedPolicy(Policy):
    """Plays ``agent(observation, mask)`` for each row, or a random legal action without an agent."""

    def __init__(self, action_space: gymnasium.spaces.Space[Any], agent: rl.Policy | None, seed: int = 0) -> None:
        super().__init__(action_space=action_space)
        self.agent = agent
        self.rng = np.random.default_rng(seed)

    def forward(self, batch: Any, state: Any = None, **kwargs: Any) -> Any:
        observations, masks = batch.obs.observation, batch.obs.action_mask
        if self.agent is None:
            actions = (self.rng.random(masks.shape) * masks).argmax(axis=1)
        else:
            actions = np.array([self.agent(row, mask) for row, mask in zip(observations, masks, strict=True)])
        return Batch(act=actions, state=state)


def collect(games: int, agent: rl.Policy | None = None, seed: int = 0) -> tuple[float, float, int]:
    """The mean reward and win rate over ``games`` games, and the steps the buffer holds."""
    envs = DummyVectorEnv([lambda: gymnasium.make("mozaika/Azul-v0", opponents="random") for _ in range(ENVS)])
    envs.seed(seed)
    buffer = VectorReplayBuffer(total_size=20_000, buffer_num=ENVS)
    policy = MaskedPolicy(envs.action_space[0], agent, seed)
    collector = Collector(policy, envs, buffer)
    collector.reset()
    stats = collector.collect(n_episode=games)
    envs.close()
    ended = buffer.terminated.astype(bool)
    finals = buffer.info.winners[ended]
    wins = float(np.mean(finals[:, 0] & ~finals[:, 1])) if len(finals) else 0.0
    return float(stats.returns.mean()), wins, len(buffer)


def main(games: int, agent_path: str | None) -> None:
    agent = rl.load_agent(agent_path) if agent_path else None
    mean, wins, steps = collect(games, agent)
    who = agent_path or "random legal actions"
    print(f"{who}: {games} games against random, {steps} steps collected")
    print(f"mean reward (score margin) {mean:+.1f}, win rate {wins:.0%}")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(int(arguments[0]) if arguments else 20, arguments[1] if len(arguments) > 1 else None)
