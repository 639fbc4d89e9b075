"""How ``mozaika bench`` shows itself: a progress bar while it measures, then one table of the results.

A whole run takes minutes; on a terminal the bar says which case runs and about how
long is left (on standard error, so that ``--json`` output stays clean), and goes
away when the table comes. The table's case column wraps at spaces, so that the
rows stay whole in an 80-column terminal.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Column, Table
from rich.text import Text


def bench_progress() -> Progress:
    """A bar over the run's seconds of measuring (warm-ups included), shown only on a terminal."""
    errors = Console(stderr=True)
    return Progress(
        TextColumn("{task.description}", table_column=Column(no_wrap=True, overflow="ellipsis", max_width=44)),
        BarColumn(bar_width=16),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )


def bench_table(rows: list[dict[str, Any]]) -> Table:
    """The results, a row per case, method and engine: games/s and moves/s, or the search's iterations/s."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("case", ratio=1, overflow="fold")
    table.add_column("method", no_wrap=True)
    table.add_column("engine", no_wrap=True)
    table.add_column("per second", justify="right", no_wrap=True)
    table.add_column("moves/s", justify="right", no_wrap=True)
    for row in rows:
        if row["method"] == "search":
            rate = Text(f"{row['iterations_per_second']:.1f} iter.")
            moves = Text("—", style="dim")
        else:
            rate = Text(f"{row['games_per_second']:.1f} games")
            moves = Text(f"{row['moves_per_second']:.1f}")
        table.add_row(row["case"], row["method"], row["engine"], rate, moves)
    return table
