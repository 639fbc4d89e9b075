"""A CleanRL-style PPO (PyTorch) on the vector environment: one network plays every seat of many games.

Usage: python examples/train_azul_ppo_selfplay.py [UPDATES] [GAMES_A_STEP] [EVALUATION_GAMES] [SAVE_AS.npz] [EVERY]

Written as CleanRL's single-file ``ppo.py`` is (rollouts of ``num_steps`` steps of every
game, generalised advantage estimation, the clipped objective, minibatch epochs), with
what self-play in a two-player game adds:

- masked logits: an action outside the mask gets a logit of -1e8, so it is never drawn;
- each step is the mover's: its reward is the mover's (``reward="win"``: +1, 0, -1 at the
  end) and the value is from the mover's point of view, so the next position's value
  counts for the mover when the same seat moves again, and against it when the other
  seat does (``info["seat"]`` of the next step says which: a zero-sum game);
- a game that ends starts anew in the same step (same-step autoreset): no bootstrapping
  across it.

Every ``EVERY`` updates (50) the policy (its most likely legal action) plays ``random`` and
``greedy`` in 2-player games through the Gymnasium environment, seats alternating; at the
end it is saved as a :class:`mozaika.rl.NetworkPolicy` if ``SAVE_AS`` is given.
Needs ``pip install 'mozaika[rl]'`` (PyTorch).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from mozaika import rl


@dataclass(frozen=True)
class Settings:
    num_envs: int = 64
    num_steps: int = 32
    learning_rate: float = 2.5e-4
    gamma: float = 1.0
    gae_lambda: float = 0.95
    minibatches: int = 4
    epochs: int = 4
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    max_grad_norm: float = 0.5
    seed: int = 1


class Agent(nn.Module):
    def __init__(self, observations: int, actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(observations, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.actor = nn.Linear(hidden, actions)
        self.critic = nn.Linear(hidden, 1)

    def value(self, observation: torch.Tensor) -> torch.Tensor:
        return self.critic(self.body(observation)).squeeze(-1)

    def act(
        self, observation: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        hidden = self.body(observation)
        logits = torch.where(mask, self.actor(hidden), torch.tensor(-1e8))
        distribution = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = distribution.sample()
        return action, distribution.log_prob(action), distribution.entropy(), self.critic(hidden).squeeze(-1)

    def policy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The most likely legal action (a ``policy(observation, mask)`` for the Gymnasium environment)."""
        with torch.no_grad():
            logits = self.actor(self.body(torch.as_tensor(observation)))
        return int(torch.where(torch.as_tensor(mask, dtype=torch.bool), logits, torch.tensor(-1e8)).argmax())


def win_rate(agent: Agent, opponent: str, games: int) -> float:
    wins = 0
    for game in range(games):
        env = rl.gym_env("azul", players=2, seat=game % 2, opponents=opponent, reward="win")
        observation, _ = env.reset(seed=50_000 + game)
        done, reward = False, 0.0
        while not done:
            action = agent.policy(observation["observation"], observation["action_mask"])
            observation, reward, done, _, _ = env.step(action)
        wins += reward == 1.0
    return wins / games


def train(updates: int, settings: Settings = Settings(), evaluation_games: int = 0, every: int = 50) -> Agent:
    torch.manual_seed(settings.seed)
    torch.set_num_threads(1)
    envs = rl.vector_env("azul", settings.num_envs, players=2, reward="win")
    size = envs.single_observation_space["observation"].shape[0]
    actions = envs.single_action_space.n
    agent = Agent(size, actions)
    optimiser = torch.optim.Adam(agent.parameters(), lr=settings.learning_rate, eps=1e-5)
    steps, games = settings.num_steps, settings.num_envs
    observations = torch.zeros((steps, games, size))
    masks = torch.zeros((steps, games, actions), dtype=torch.bool)
    chosen = torch.zeros((steps, games), dtype=torch.long)
    log_probs = torch.zeros((steps, games))
    rewards = torch.zeros((steps, games))
    ended = torch.zeros((steps, games))
    values = torch.zeros((steps, games))
    movers = torch.zeros((steps, games))
    answer, info = envs.reset(seed=settings.seed)
    next_observation = torch.as_tensor(answer["observation"])
    next_mask = torch.as_tensor(answer["action_mask"]).bool()
    started = time.process_time()
    for update in range(1, updates + 1):
        for step in range(steps):
            observations[step], masks[step] = next_observation, next_mask
            with torch.no_grad():
                action, log_prob, _, value = agent.act(next_observation, next_mask)
            chosen[step], log_probs[step], values[step] = action, log_prob, value
            answer, reward, terminated, _, info = envs.step(action.numpy())
            rewards[step] = torch.as_tensor(reward)
            ended[step] = torch.as_tensor(terminated, dtype=torch.float32)
            movers[step] = torch.as_tensor(info["seat"], dtype=torch.float32)
            next_observation = torch.as_tensor(answer["observation"])
            next_mask = torch.as_tensor(answer["action_mask"]).bool()
        with torch.no_grad():
            next_value = agent.value(next_observation)
        # The seat to move next: the other one, or the same one on Azul's grey wall or after a round (the
        # first-player marker); the next step's info["seat"] tells, and after the rollout the position.
        next_mover = torch.tensor([float(envs.position(game).to_move[0]) for game in range(games)])
        advantages = torch.zeros((steps, games))
        last = torch.zeros(games)
        for step in reversed(range(steps)):
            later = next_value if step == steps - 1 else values[step + 1]
            mover_next = next_mover if step == steps - 1 else movers[step + 1]
            sign = 2 * (mover_next == movers[step]).float() - 1
            alive = 1.0 - ended[step]
            delta = rewards[step] + settings.gamma * sign * later * alive - values[step]
            last = delta + settings.gamma * settings.gae_lambda * sign * alive * last
            advantages[step] = last
        returns = advantages + values
        flat = steps * games
        batch = (
            observations.reshape(flat, size),
            masks.reshape(flat, actions),
            chosen.reshape(flat),
            log_probs.reshape(flat),
            advantages.reshape(flat),
            returns.reshape(flat),
        )
        order = np.arange(flat)
        size_of_minibatch = flat // settings.minibatches
        for _ in range(settings.epochs):
            np.random.shuffle(order)
            for start in range(0, flat, size_of_minibatch):
                picked = order[start : start + size_of_minibatch]
                seen, legal, taken, old_log_prob, advantage, target = (part[picked] for part in batch)
                _, log_prob, entropy, value = agent.act(seen, legal, taken)
                ratio = (log_prob - old_log_prob).exp()
                advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
                policy_loss = torch.max(
                    -advantage * ratio, -advantage * ratio.clamp(1 - settings.clip, 1 + settings.clip)
                ).mean()
                value_loss = 0.5 * ((value - target) ** 2).mean()
                loss = policy_loss - settings.entropy * entropy.mean() + settings.value * value_loss
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), settings.max_grad_norm)
                optimiser.step()
        if evaluation_games and (update % every == 0 or update == updates):
            learning = time.process_time() - started
            print(
                f"update {update:4}  {learning / 60:5.1f} CPU minutes learning  "
                f"against random {win_rate(agent, 'random', evaluation_games):6.1%}  "
                f"against greedy {win_rate(agent, 'greedy', evaluation_games):6.1%}",
                flush=True,
            )
            started = time.process_time() - learning  # the games against the bots are not counted
    envs.close()
    return agent


def network_policy(agent: Agent) -> rl.NetworkPolicy:
    """The trained policy as a :class:`mozaika.rl.NetworkPolicy` (numpy alone; saves to a small ``.npz``)."""
    linear = [agent.body[0], agent.body[2], agent.actor]
    layers = [(layer.weight.detach().numpy().T, layer.bias.detach().numpy()) for layer in linear]
    return rl.NetworkPolicy(layers, activation="tanh", game="azul")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    trained = train(
        int(arguments[0]) if arguments else 200,
        Settings(num_envs=int(arguments[1])) if len(arguments) > 1 else Settings(),
        int(arguments[2]) if len(arguments) > 2 else 100,
        every=int(arguments[4]) if len(arguments) > 4 else 50,
    )
    if len(arguments) > 3:
        network_policy(trained).save(arguments[3])
