"""Environment speed: steps per CPU-second with legal actions read from the masks, per game.

Measures the PettingZoo AEC environment (one game, one step a call) and the vector
environment (``mozaika.rl.vector_env``: 256 games a call, each step one legal action a
game, chosen from the masks with numpy), in this one process, on CPU time.  The vector
environment's actions: ``--policy random`` (the default) draws one uniformly among the legal
ones (:func:`random_legal_actions`), ``--policy first`` takes each game's first legal action
(an argmax over the mask, :func:`first_legal_actions`); the AEC environment's are always
random.  Each is measured in three turns, taking turns, and the best turn is reported, so
that a passing load on a shared machine does not decide the ratio.

Usage: python benchmarks/rl_speed.py [SECONDS] [--games N] [--policy random|first]
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one process on one core: no idle BLAS threads spinning

import numpy as np

from mozaika import rl

CASES = [
    ("azul", 2, {}),
    ("azul", 4, {}),
    ("chocolatier", 2, {"special_factories": True}),
    ("pavilion", 2, {}),
    ("pavilion", 4, {}),
]


def aec_steps_per_second(game: str, players: int, options: dict[str, object], seconds: float) -> float:
    env = rl.env(game, players=players, **options)
    draw = random.Random(0).random
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
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
    return steps / (time.process_time() - start)


# _BIT_AT[byte, rank]: the place of the byte's set bit of that rank (0 for the first set bit).
_BIT_AT = np.array(
    [[place for place in range(8) if byte >> place & 1] + [0] * (8 - byte.bit_count()) for byte in range(256)]
)


def random_legal_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action a game, uniformly among those its mask marks, the whole batch in a few numpy calls.

    The masks are packed to bits (a byte for eight actions), the legal actions counted byte by byte
    through the whole batch, and each game's k-th legal action found by one binary search of those
    counts (docs/rl.md, "Speed").  Every game must have a legal action (a vector environment's
    games always do).
    """
    games = masks.shape[0]
    packed = np.packbits(masks.view(np.bool_), axis=1, bitorder="little")
    width = packed.shape[1]
    ones = np.bitwise_count(packed).reshape(-1)
    through = np.cumsum(ones, dtype=np.int64)  # the legal actions up to each byte, game after game
    ends = through[width - 1 :: width]
    starts = np.concatenate(([0], ends[:-1]))
    wanted = starts + (rng.random(games) * (ends - starts)).astype(np.int64)
    byte = np.searchsorted(through, wanted, side="right")
    rank = wanted - through[byte] + ones[byte]
    return (byte - np.arange(games) * width) * 8 + _BIT_AT[packed.reshape(-1)[byte], rank]


def first_legal_actions(masks: np.ndarray, rng: np.random.Generator | None = None) -> np.ndarray:
    """Each game's first legal action: an argmax over its mask, read as booleans (numpy's fastest argmax)."""
    return masks.view(np.bool_).argmax(axis=1)


POLICIES = {"random": random_legal_actions, "first": first_legal_actions}


def vector_steps_per_second(
    game: str, players: int, options: dict[str, object], seconds: float, games: int, policy: str = "random"
) -> tuple[float, str]:
    env = rl.vector_env(game, games, players=players, copy=False, **options)
    choose = POLICIES[policy]
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observations, *_ = env.step(choose(observations["action_mask"], rng))
        steps += games
    return steps / (time.process_time() - start), env.engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=6.0, help="CPU seconds per environment and case")
    parser.add_argument("--games", type=int, default=256, help="games in the vector environment")
    parser.add_argument("--policy", choices=sorted(POLICIES), default="random", help="the vector environment's actions")
    arguments = parser.parse_args()
    for game, players, options in CASES:
        label = f"{game} {players}p" + "".join(f" {key}={value}" for key, value in options.items())
        aec = vector = 0.0
        engine = ""
        for _ in range(3):
            aec = max(aec, aec_steps_per_second(game, players, options, arguments.seconds / 3))
            rate, engine = vector_steps_per_second(
                game, players, options, arguments.seconds / 3, arguments.games, arguments.policy
            )
            vector = max(vector, rate)
        print(
            f"{label:<40} AEC {aec:>9.0f} steps/CPU-s   vector ({arguments.games} games, {engine}, "
            f"{arguments.policy}) "
            f"{vector:>10.0f} steps/CPU-s   {vector / aec:>5.1f}x"
        )


if __name__ == "__main__":
    main()
