"""Environment speed: PettingZoo steps per second with random masked actions, per game.

Usage: python benchmarks/rl_speed.py [SECONDS]
"""

from __future__ import annotations

import random
import sys
import time

from mozaika import rl

CASES = [
    ("azul", 2, {}),
    ("azul", 4, {}),
    ("chocolatier", 2, {"special_factories": True}),
    ("pavilion", 2, {}),
    ("pavilion", 4, {}),
]


def steps_per_second(game: str, players: int, options: dict[str, object], seconds: float) -> tuple[float, int]:
    env = rl.env(game, players=players, **options)
    draw = random.Random(0).random
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        games += 1
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[int(draw() * len(legal))]))
            steps += 1
            del agent
    return steps / (time.perf_counter() - start), games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for game, players, options in CASES:
        rate, games = steps_per_second(game, players, options, seconds)
        label = f"{game} {players}p" + "".join(f" {key}={value}" for key, value in options.items())
        print(f"{label:<45} {rate:>9.0f} steps/s   ({games} games)")


if __name__ == "__main__":
    main()
