"""The strength ladder of docs/strength.md: every level against the one below, per game, and the targets.

Usage: python benchmarks/ladder.py [GAMES_PER_MATCH] [--quick] [--journals DIR]

Each match is what ``mozaika arena`` plays (the command line is printed beside each
result, so any line can be re-run on its own).  The script prints the markdown tables
of ``docs/strength.md``: greedy against random in every game, the ladder of every
game (2 and 4 players) with win rates, their 95% intervals, mean scores and move
times, and Azul's ``expert`` against itself at 1 s a move with its mean score.
``--quick`` plays only the 2-player Azul ladder.  ``--journals DIR`` keeps
each match's games in a journal there (``mozaika arena --journal``), so a ladder that
was stopped, which on a small machine takes hours, goes on where it was.
"""

from __future__ import annotations

import math
import platform
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from mozaika.arena import Match, run_match, summarise
from mozaika.arena.journal import journal_writer, open_journal
from mozaika.arena.stats import Z95, GameResult

GAMES: list[tuple[str, dict[str, Any], str]] = [
    ("azul", {}, "Azul, coloured wall"),
    ("chocolatier", {"special_factories": True}, "Master Chocolatier, special factories"),
    ("pavilion", {}, "Summer Pavilion, coloured side"),
]
LADDER = [("easy", "beginner"), ("medium", "easy"), ("hard", "medium"), ("expert", "hard"), ("expert", "easy")]
SELF_PLAY = Match("azul", ("expert", "expert"), 200, seed=3000, seconds=1.0)
"""The self-play target: Azul's expert against itself at 1 s a move (the ladder plays its own count of games)."""


def command(match: Match) -> str:
    options = "".join(f" -o {key}={str(value).lower()}" for key, value in match.options.items())
    bots = ",".join(match.bots)
    budget = f" --time {match.seconds:g}" if match.seconds is not None else ""
    return f"mozaika arena --game {match.game}{options} --bots {bots} --games {match.games} --seed {match.seed}{budget}"


def journal_path(directory: Path, match: Match) -> Path:
    options = "".join(f"-{key}-{str(value).lower()}" for key, value in match.options.items())
    budget = f"-{match.seconds:g}s" if match.seconds is not None else ""
    return directory / f"{match.game}{options}-{'-'.join(match.bots)}{budget}-{match.seed}.jsonl"


def play(match: Match, journals: Path | None) -> list[GameResult]:
    journal = journal_path(journals, match) if journals else None
    played = open_journal(journal, match) if journal else []
    with journal_writer(journal) as record:
        return run_match(match, progress=record, played=played)


def row(match: Match, journals: Path | None) -> str:
    started = time.perf_counter()
    results = play(match, journals)
    summaries = summarise(results)
    first = summaries[0]
    low, high = first.interval
    others = ", ".join(f"{summary.name} {summary.mean_score:.1f}" for summary in summaries[1:])
    line = (
        f"| {' vs '.join(match.bots)} | {len(results)} | **{first.win_rate:.0%}** [{low:.0%}, {high:.0%}] "
        f"| {first.mean_score:.1f} ({others}) | {first.seconds_per_move:.2f} s | `{command(match)}` |"
    )
    print(line, f"({time.perf_counter() - started:.0f} s)", flush=True)
    return line


def self_play_row(match: Match, journals: Path | None) -> str:
    """A match of a bot against itself: the mean of every score, with its 95% interval over games."""
    started = time.perf_counter()
    results = play(match, journals)
    game_means = [statistics.fmean(result.scores) for result in results]
    mean = statistics.fmean(game_means)
    half = Z95 * statistics.stdev(game_means) / math.sqrt(len(game_means)) if len(game_means) > 1 else math.inf
    scores = [score for result in results for score in result.scores]
    summaries = summarise(results)
    each = ", ".join(f"{summary.name}: {summary.mean_score:.1f}" for summary in summaries)
    per_move = statistics.fmean(summary.seconds_per_move for summary in summaries)
    slowest = max(summary.slowest_move for summary in summaries)
    line = (
        f"| {' vs '.join(match.bots)} | {len(results)} | **{mean:.1f}** [{mean - half:.1f}, {mean + half:.1f}] "
        f"(sd {statistics.stdev(scores):.1f}; {each}) | {per_move:.2f} s ({slowest:.2f} s) | `{command(match)}` |"
    )
    print(line, f"({time.perf_counter() - started:.0f} s)", flush=True)
    return line


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 20
    quick = "--quick" in sys.argv
    journals = Path(sys.argv[sys.argv.index("--journals") + 1]) if "--journals" in sys.argv else None
    if journals:
        journals.mkdir(parents=True, exist_ok=True)
    lines = [
        "| match | games | first bot wins [95% CI] | mean scores | first bot's time a move | command |",
        "|---|---|---|---|---|---|",
    ]
    sections = []
    if not quick:
        table = list(lines)
        for game, options, _ in GAMES:
            table.append(row(Match(game, ("greedy", "random"), games, seed=500, options=options), journals))
        sections.append("## Greedy against random\n\n" + "\n".join(table))
    for game, options, title in GAMES[:1] if quick else GAMES:
        table = list(lines)
        for pair in LADDER:
            table.append(row(Match(game, pair, games, seed=1000, options=options), journals))
        if not quick:
            table.append(
                row(
                    Match(game, ("expert", "easy", "easy", "easy"), max(4, games), seed=2000, options=options),
                    journals,
                )
            )
        sections.append(f"### {title}\n\n" + "\n".join(table))
    if not quick:
        self_play = replace(SELF_PLAY, games=games)
        table = [
            "| match | games | mean score [95% CI] (sd; each bot) | time a move (slowest) | command |",
            "|---|---|---|---|---|",
            self_play_row(self_play, journals),
        ]
        sections.append("### Azul, expert against itself at 1 s a move\n\n" + "\n".join(table))
    machine = f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}"
    print(f"\n{machine}\n\n" + "\n\n".join(sections))


if __name__ == "__main__":
    main()
