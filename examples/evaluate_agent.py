"""Measure a saved agent against Mozaika's bots in 2-player Azul: wins, shared victories, losses.

Usage: python examples/evaluate_agent.py [AGENT] [GAMES] [OPPONENT ...]

``AGENT`` is a saved agent (a :class:`mozaika.rl.NetworkPolicy` ``.npz`` or a MaskablePPO
``.zip``; default: the shipped baseline, ``mozaika.rl.BASELINE``); each opponent (default:
every bot level) plays ``GAMES`` games against it, seats alternating, the deals those of
seeds 10,000 on.  The agent plays its most likely legal action.  Prints each win rate with
its 95% Wilson interval and the CPU time the games took.
"""

from __future__ import annotations

import sys
import time

from mozaika import rl
from mozaika.arena import wilson_interval

LEVELS = ("random", "beginner", "easy", "medium", "hard", "expert")


def main(path: str, games: int, opponents: list[str]) -> None:
    agent = rl.load_agent(path)
    print(f"{path}: {games} games against each, seats alternating")
    for opponent in opponents:
        started = time.process_time()
        wins, shared, losses = rl.play_against(agent, opponent, games)
        low, high = wilson_interval(wins, games)
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
