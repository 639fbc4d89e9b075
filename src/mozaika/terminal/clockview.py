"""The people's clocks of a timed game at the terminal, on one line (both terminal clients show it)."""

from __future__ import annotations

from rich.text import Text

from mozaika.core.clocks import HOUR, MINUTE
from mozaika.i18n import Messages
from mozaika.terminal.game import GameTable

LOW_SECONDS = 30.0


def format_left(seconds: float, real_time: bool = True) -> str:
    """``4:05``, ``1:02:00``; turn-based, ``23 h 05 min`` from an hour up."""
    left = max(0, int(seconds))
    if not real_time and left >= HOUR:
        return f"{left // int(HOUR)} h {left % int(HOUR) // int(MINUTE):02d} min"
    hours, rest = divmod(left, int(HOUR))
    minutes, secs = divmod(rest, int(MINUTE))
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def clock_line(table: GameTable, text: Messages) -> Text:
    """``clock 5+20  Ana 4:32  Bea 5:00``: the seat thinking stands out, red in its last 30 s (real time)."""
    if table.control is None or table.clocks is None:
        return Text()
    real_time = table.control.is_real_time
    line = Text(text("clock_heading", label=table.control.label), style="dim")
    for seat, player in enumerate(table.seats):
        left = table.time_left(seat)
        if left is None:
            if player.timed_out:
                line.append(f"  {player.name} ", style="dim")
                line.append(text("clock_out"), style="dim")
            continue
        running = table.clocks.running(seat)
        style = "bold reverse" if running else ""
        if running and real_time and left < LOW_SECONDS:
            style = "bold white on red"
        line.append("  ")
        line.append(f"{player.name} {format_left(left, real_time)}", style=style)
    return line
