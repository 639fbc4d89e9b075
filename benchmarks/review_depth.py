"""How deep a game review searches: iterations per decision under the server's bounds, on each engine.

Plays a few games between ``medium`` bots, then reviews every decision as the server's
background workers do (``mozaika.server.analysis.reviews``: the review bot, at most
``review_iterations`` iterations and ``review_move_seconds`` a decision, the game's
``review_seconds`` split over its decisions), and prints the iterations each decision got.

Usage: python benchmarks/review_depth.py [GAMES] [--iterations N] [--game G]
"""

from __future__ import annotations

import argparse
import statistics
import time

from mozaika import new_game
from mozaika.bots import make_bot
from mozaika.bots.mcts import MctsBot
from mozaika.bots.review import REVIEW_BOT, decisions
from mozaika.core import engine as engines
from mozaika.notation.records import Record
from mozaika.server.settings import Settings


def played_records(game: str, count: int) -> list[Record]:
    records = []
    for seed in range(count):
        with engines.using("python"):
            state = new_game(game, players=2, seed=seed)
        bots = [make_bot("medium", seed=seed * 2 + seat) for seat in range(2)]
        while not state.is_over:
            state.play(bots[state.to_move[0]].choose(state))
        records.append(Record.from_state(state))
    return records


def review_depth(records: list[Record], engine: str, iterations: int, settings: Settings) -> tuple[list[int], float]:
    """Each decision's iterations, and the seconds the reviews took, on ``engine``."""
    counts: list[int] = []
    spent = 0.0
    with engines.using(engine):
        for record in records:
            found = decisions(record)
            seconds = min(settings.review_move_seconds, settings.review_seconds / max(len(found), 1))
            for index, decision in enumerate(found):
                bot = make_bot(REVIEW_BOT, iterations=iterations, seconds=seconds, seed=index)
                assert isinstance(bot, MctsBot)
                start = time.perf_counter()
                bot.analyse_with(decision.position, seat=decision.seat)
                spent += time.perf_counter() - start
                counts.append(bot.last_iterations)
    return counts, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=3)
    parser.add_argument("--game", default="azul")
    parser.add_argument("--iterations", type=int, action="append", help="review_iterations to try (repeatable)")
    arguments = parser.parse_args()
    settings = Settings(database_url="sqlite://")
    records = played_records(arguments.game, arguments.games)
    engines_built = ["native", "python"] if engines.is_built() else ["python"]
    for iterations in arguments.iterations or [settings.review_iterations]:
        for engine in engines_built:
            counts, spent = review_depth(records, engine, iterations, settings)
            each = spent / len(counts) * 1000
            print(
                f"{arguments.game} 2p  {engine:<7} review_iterations={iterations:<6} "
                f"mean {statistics.mean(counts):>7.0f} iterations a decision  (median {statistics.median(counts):.0f}, "
                f"fewest {min(counts)}; {len(counts)} decisions in {spent:.1f} s, {each:.0f} ms each)"
            )


if __name__ == "__main__":
    main()
