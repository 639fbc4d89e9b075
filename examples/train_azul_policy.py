"""Train a small Azul policy against the random bot with REINFORCE, and watch its win rate rise.

Usage: python examples/train_azul_policy.py [EPISODES]

The policy is linear-softmax over a few features of each legal action (how many
tiles it takes, how many reach the pattern line, how many fall to the floor,
whether it finishes the line, whether it takes the first-player marker).  It
learns from the game result alone (+1 win, -1 loss) through the Gymnasium
environment, where Mozaika's ``random`` bot plays the other seat.  On a laptop CPU
it goes from about 50% to over 90% wins in a minute or two.
"""

from __future__ import annotations

import sys

import numpy as np

from mozaika import rl
from mozaika.azul.moves import CENTRE, FLOOR, TakeMove

FEATURES = 6


def features(env: rl.MozaikaGymEnv) -> tuple[list[int], np.ndarray]:
    """The legal actions and one feature row per action."""
    state = env.game
    board = state.boards[state.to_move[0]]  # type: ignore[attr-defined]
    actions, rows = [], []
    for action, move in env.legal_moves().items():
        row = np.zeros(FEATURES)
        if isinstance(move, TakeMove):
            counts = state.centre if move.source == CENTRE else state.factories[move.source]  # type: ignore[attr-defined]
            taken = counts[move.colour]
            if move.line == FLOOR:
                placed, finishes = 0, 0.0
            else:
                space = move.line + 1 - board.line_count[move.line]
                placed, finishes = min(taken, space), float(taken >= space)
            marker = float(move.source == CENTRE and state.centre_marker)  # type: ignore[attr-defined]
            row[:] = (taken / 4, placed / 4, (taken - placed) / 4, finishes, marker, 1.0)
        actions.append(action)
        rows.append(row)
    return actions, np.array(rows)


def play(
    env: rl.MozaikaGymEnv, weights: np.ndarray, rng: np.random.Generator, seed: int, learn: bool
) -> tuple[float, list]:
    """One game; the reward (+1/-1/0) and, when learning, each decision's gradient of log-probability."""
    env.reset(seed=seed)
    gradients = []
    done, reward = False, 0.0
    while not done:
        actions, rows = features(env)
        logits = rows @ weights
        probabilities = np.exp(logits - logits.max())
        probabilities /= probabilities.sum()
        choice = rng.choice(len(actions), p=probabilities)
        if learn:
            gradients.append(rows[choice] - probabilities @ rows)
        _, reward, done, _, _ = env.step(actions[choice])
    return float(reward), gradients


def win_rate(env: rl.MozaikaGymEnv, weights: np.ndarray, games: int) -> float:
    rng = np.random.default_rng(0)
    return float(np.mean([play(env, weights, rng, 10_000 + game, learn=False)[0] > 0 for game in range(games)]))


def main() -> None:
    episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    env = rl.gym_env("azul", players=2, opponents="random", reward="win")
    rng = np.random.default_rng(1)
    weights = np.zeros(FEATURES)
    baseline, rate = 0.0, 0.05
    print(f"episode    0: policy's win rate against random {win_rate(env, weights, 60):.0%} (untrained: uniform)")
    for episode in range(1, episodes + 1):
        reward, gradients = play(env, weights, rng, episode, learn=True)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for gradient in gradients:
            weights += rate * advantage * gradient
        if episode % 100 == 0:
            print(f"episode {episode:4d}: policy's win rate against random {win_rate(env, weights, 60):.0%}")
    print("weights (taken, placed, to floor, finishes, marker, bias):", np.round(weights, 2))


if __name__ == "__main__":
    main()
