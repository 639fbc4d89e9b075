"""What the full-screen client's pages show: a round's summary, the result, the help, every board, and what
stays on the terminal when the client closes. Each is a Rich drawing made from the game at the table."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from mozaika.i18n import Messages
from mozaika.richview import View, board_panel, breakdown_table, heading, position_family, position_view, round_summary
from mozaika.richview.palette import TERMINAL_COLOURS
from mozaika.terminal.clockview import clock_line
from mozaika.terminal.game import GameTable, RoundEnd


def heading_line(table: GameTable, text: Messages, *, compact: bool = False, short_name: bool = False) -> Text:
    """The heading: the game (unless ``compact``; ``short_name``: by its short name), round, scores and who
    moves, and in a timed game the clocks."""
    state = table.state
    line = heading(state.to_dict(), table.names, text, state.to_move, compact=compact, short_name=short_name)
    clocks = clock_line(table, text)
    if clocks:
        line.append("  ")
        line.append_text(clocks)
    return line


def summary_page(end: RoundEnd, names: list[str], text: Messages) -> RenderableType:
    """A round's summary: the tiles laid with their points, each source of points, the scores."""
    return round_summary(end.before, end.after, names, text, final=end.final, titled=False, steps=end.steps)


def result_page(table: GameTable, text: Messages) -> RenderableType:
    """The score by source, then who won (:func:`outcome_lines`)."""
    rows = table.breakdown()
    parts: list[RenderableType] = [breakdown_table(rows, table.names, text)] if rows else []
    return Group(*parts, *outcome_lines(table, text))


def outcome_lines(table: GameTable, text: Messages) -> list[Text]:
    """Who won (and how a tie was broken), and how many of a person's moves a stand-in played after a timeout."""
    state = table.state
    names = table.names
    winners = [names[seat] for seat in state.winners]
    key = "winners" if len(winners) > 1 else "winner"
    lines = [Text(text(key, names=", ".join(winners)), style="bold green")]
    best = max(state.scores)
    if sum(1 for score in state.scores if score == best) > len(winners):
        lines.append(Text(text("tie_break"), style="green"))
    for seat in table.people:
        stood_in, made = table.stand_in_moves(seat)
        if stood_in:
            level = table.replacement_bot
            share = text("stand_in_share", name=names[seat], count=stood_in, moves=made, level=level)
            lines.append(Text(share, style="italic"))
    return lines


def help_page(table: GameTable, text: Messages) -> RenderableType:
    """The keys, the game's colours with their letters, the clock's key and every special piece of this game."""
    position = table.state.to_dict()
    family = position_family(position)
    parts: list[RenderableType] = [Text(text("help_keys"))]
    colours = Text(text("help_colours") + " ", style="bold")
    for letter in TERMINAL_COLOURS[table.state.game_id]:
        colours.append_text(family.painter.tile(letter))
        colours.append(f" {letter} {family.colour_name(letter, text)}   ")
    parts.append(colours)
    parts.append(Text(family.symbols_help(text)))
    if table.clocks is not None or any(seat.timed_out for seat in table.seats):
        parts.append(Text(text("help_clock")))
    parts.extend(family.legend(position, text, every=True))
    return Group(*parts)


def boards_page(table: GameTable, text: Messages) -> RenderableType:
    """Every board in full, side by side as the window allows."""
    position = table.state.to_dict()
    names = table.names
    view = View(text=text, names=names)
    panels = [board_panel(position, seat, names, view, table.state.to_move) for seat in range(len(names))]
    return Columns(panels, padding=(0, 0))  # two full boards side by side in 80 columns


def resume_command(path: Path) -> str:
    """The command that goes on with a saved game, quoted for the shell."""
    return f"mozaika play --resume {shlex.quote(str(path))}"


def farewell_page(table: GameTable, text: Messages, saved_to: Path | None) -> RenderableType:
    """What stays on the terminal after the client closes: the position and scores, the result, where it was saved."""
    state = table.state
    parts: list[RenderableType] = [position_view(state.to_dict(), table.names, text, state.to_move)]
    if state.is_over:
        parts.append(result_page(table, text))
    if saved_to is not None:
        parts.append(Text(text("saved", path=saved_to)))
        parts.append(Text(resume_command(saved_to), no_wrap=True))
    return Group(*parts)
