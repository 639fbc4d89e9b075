"""Measure a saved agent against Mozaika's bots in 2-player Azul: wins, shared victories, losses.

Usage: python examples/evaluate_agent.py [AGENT] [GAMES] [OPPONENT ...]

``AGENT`` is a saved agent (a :class:`mozaika.rl.NetworkPolicy` ``.npz`` or a MaskablePPO
``.zip``; default: the shipped baseline, ``mozaika.rl.BASELINE``); each opponent (default:
every bot level) plays ``GAMES`` games against it, seats alternating, the deals those of
seeds 10,000 on.  The agent plays its most likely legal action.  Prints each win rate with
its 95% Wilson interval and the CPU time the games took.
"""

from __future__ import annotations

import math
import sys
import time

from mozaika import rl

LEVELS = ("random", "beginner", "easy", "medium", "hard", "expert")


def play(agent: rl.Policy, opponent: str, games: int, seed: int = 10_000) -> tuple[int, int, int]:
    """Wins, shared victories and losses of ``agent`` in 2-player Azul, seats alternating."""
    wins = shared = losses = 0
    for game in range(games):
        env = rl.gym_env("azul", players=2, seat=game % 2, opponents=opponent, reward="win")
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action = agent(observation["observation"], observation["action_mask"])
            observation, reward, done, _, _ = env.step(action)
        wins += reward == 1.0
        shared += reward == 0.0
        losses += reward == -1.0
    return wins, shared, losses


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def main(path: str, games: int, opponents: list[str]) -> None:
    agent = rl.load_agent(path)
    print(f"{path}: {games} games against each, seats alternating")
    for opponent in opponents:
        started = time.process_time()
        wins, shared, losses = play(agent, opponent, games)
        low, high = wilson(wins, games)
        seconds = time.process_time() - started
        print(
            f"against {opponent:9} won {wins:4} shared {shared:2} lost {losses:4}"
            f"   win rate {wins / games:6.1%} [{low:5.1%}, {high:5.1%}]   {seconds:6.0f} CPU seconds",
            flush=True,
        )


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        arguments[0] if arguments else str(rl.BASELINE),
        int(arguments[1]) if len(arguments) > 1 else 200,
        arguments[2:] or list(LEVELS),
    )
