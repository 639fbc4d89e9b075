"""Train a neural Azul policy with MaskablePPO (sb3-contrib) against Mozaika's bots, then measure it.

Usage: python examples/train_azul_maskable_ppo.py [TIMESTEPS] [SAVE_AS.npz] [GAMES]

Four 2-player Azul games run side by side through the Gymnasium environment, the
learner's opponents being ``random``, ``beginner`` (twice) and ``easy``; the reward is
the final score margin (divided by 20).  The policy sees the observation vector, and
the action mask keeps it to legal moves.  Its policy network (two hidden layers of 64)
is saved as a :class:`mozaika.rl.NetworkPolicy` ``.npz`` that plays with numpy alone,
and its win rate against ``random``, ``beginner`` and ``easy`` is printed over ``GAMES`` games
(seats alternating; ``examples/evaluate_agent.py`` measures it against every level).
Needs ``pip install 'mozaika[rl]'`` (sb3-contrib and PyTorch).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from mozaika import rl

OPPONENTS = ("random", "beginner", "beginner", "easy")
REWARD_SCALE = 20.0


class VectorObservation(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The observation vector alone (the mask is what ``action_masks()`` gives MaskablePPO)."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self._mask = np.ones(env.action_space.n, dtype=bool)  # type: ignore[attr-defined]

    def observation(self, observation: dict[str, Any]) -> Any:
        self._mask = observation["action_mask"].astype(bool)
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        return self._mask


class ScaledReward(gymnasium.RewardWrapper[Any, Any]):
    def reward(self, reward: Any) -> float:
        return float(reward) / REWARD_SCALE


def make(opponent: str, seed: int) -> Any:
    def build() -> gymnasium.Env[Any, Any]:
        env = rl.gym_env("azul", players=2, opponents=opponent)
        env.reset(seed=seed)
        return ScaledReward(VectorObservation(env))

    return build


def train(timesteps: int, seed: int = 0) -> MaskablePPO:
    torch.set_num_threads(1)
    envs = DummyVecEnv([make(opponent, seed + index) for index, opponent in enumerate(OPPONENTS)])
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=256,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        ent_coef=0.01,
        gamma=0.99,
        policy_kwargs={"net_arch": {"pi": [64, 64], "vf": [64, 64]}},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    return model.learn(total_timesteps=timesteps)


def main(timesteps: int, save_as: str | None, games: int) -> None:
    started = time.process_time()
    model = train(timesteps)
    minutes = (time.process_time() - started) / 60
    policy = rl.NetworkPolicy.from_maskable_ppo(model, game="azul")
    if save_as:
        policy.save(save_as)
    print(f"trained on {timesteps} steps in {minutes:.1f} CPU minutes")
    for opponent in ("random", "beginner", "easy") if games else ():  # examples/evaluate_agent.py: every level
        wins, shared, losses = rl.play_against(policy, opponent, games)
        print(f"against {opponent:9} won {wins:4} shared {shared:3} lost {losses:4}   win rate {wins / games:6.1%}")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        int(arguments[0]) if arguments else 100_000,
        arguments[1] if len(arguments) > 1 else None,
        int(arguments[2]) if len(arguments) > 2 else 200,
    )
