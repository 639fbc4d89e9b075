"""``mozaika review``: a searching level's review (the expert's by default) of a recorded game, in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mozaika.bots.base import Budget
from mozaika.bots.review import DEFAULT_BUDGET, REVIEW_BOT, Review, review_record
from mozaika.cli.common import console, errors, guarded, read_file
from mozaika.notation.records import Record, replay

SPARKS = "▁▂▃▄▅▆▇█"


def review_command(
    record_path: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record (mozaika selfplay, the server).")
    ],
    iterations: Annotated[
        int | None,
        typer.Option(
            help=f"Search iterations per decision (default {DEFAULT_BUDGET.describe()}, whichever ends first)."
        ),
    ] = None,
    time_limit: Annotated[float | None, typer.Option("--time", help="Seconds per decision.")] = None,
    seed: Annotated[int, typer.Option(help="With --iterations alone, makes a review reproducible.")] = 0,
    bot: Annotated[
        str, typer.Option(help=f"The level that reviews, one that searches (default {REVIEW_BOT}; master too).")
    ] = REVIEW_BOT,
    as_json: Annotated[bool, typer.Option("--json", help="Print the whole review as JSON.")] = False,
) -> None:
    """Review a game: each player's average expected points lost per move, the biggest mistakes, the lead over time."""
    record = guarded(lambda: Record.from_json(read_file(record_path, "a game record")))
    guarded(lambda: replay(record))  # a record that does not replay is refused before the progress bar shows
    budget = (
        DEFAULT_BUDGET
        if iterations is None and time_limit is None
        else guarded(lambda: Budget(iterations=iterations, seconds=time_limit))
    )
    # A review takes a while (a quarter of a second a decision): its progress on stderr, gone when it ends.
    with Progress(
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("decisions"),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
    ) as bar:
        task = bar.add_task("review", total=None)
        review = guarded(
            lambda: review_record(
                record,
                budget=budget,
                seed=seed,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
                bot=bot,
            )
        )
    if as_json:
        import json

        sys.stdout.write(json.dumps(review.to_dict(), indent=1) + "\n")
        return
    print_review(review)


def print_review(review: Review) -> None:
    players = Table(title=f"Review of a game of {review.game} ({review.bot}, {review.budget} a move)")
    players.add_column("player")
    players.add_column("moves", justify="right")
    players.add_column("points lost a move", justify="right")
    players.add_column("expected lead, move by move")
    players.add_column("from..to", justify="right")
    leads = review.leads()
    for seat, name in enumerate(review.players):
        decisions = sum(1 for move in review.moves if move.seat == seat and not move.forced)
        own = [lead[seat] for lead in leads]
        span = f"{min(own):+.0f}..{max(own):+.0f}" if own else ""
        players.add_row(name, str(decisions), f"{review.average_loss(seat):.2f}", sparkline(own), span)
    console.print(players)
    mistakes = Table(title="The biggest mistakes")
    mistakes.add_column("move", justify="right")
    mistakes.add_column("round", justify="right")
    mistakes.add_column("player")
    mistakes.add_column("played")
    mistakes.add_column("better")
    mistakes.add_column("points lost", justify="right")
    for move in review.mistakes():
        mistakes.add_row(
            str(move.number), str(move.round), review.players[move.seat], move.played, move.best, f"{move.loss:.1f}"
        )
    console.print(mistakes if review.mistakes() else f"No mistakes: every move was as good as the {review.bot}'s.")


def sparkline(values: list[float], width: int = 24) -> str:
    """The values as a line of block characters, lowest to highest (sampled down to ``width``)."""
    if not values:
        return ""
    if len(values) > width:
        values = [values[index * len(values) // width] for index in range(width)]
    low, high = min(values), max(values)
    span = high - low or 1.0
    return "".join(SPARKS[round((value - low) / span * (len(SPARKS) - 1))] for value in values)
