"""Whole positions as Rich renderables: the heading, what lies between the players, every board.

The board family (:func:`family_for`) draws each part; these functions put the
parts together for the line-by-line clients (``mozaika play --plain``,
``mozaika replay`` on a pipe) and give the full-screen client its pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mozaika.catalogue.registry import game_spec
from mozaika.i18n import Messages
from mozaika.richview.family import BoardFamily, Choosing, Position, View
from mozaika.richview.stars import StarsFamily
from mozaika.richview.walls import WallFamily

FAMILIES: dict[str, type[BoardFamily]] = {"wall": WallFamily, "stars": StarsFamily}


def family_for(game_id: str, options: dict[str, Any]) -> BoardFamily:
    """The board family that draws ``game_id`` with these options."""
    return _family(game_id, tuple(sorted(options.items())))


@cache
def _family(game_id: str, options: tuple[tuple[str, Any], ...]) -> BoardFamily:
    kind = (game_spec(game_id).board or {}).get("kind", "")
    return FAMILIES[kind](game_id, dict(options))


def position_family(position: Position) -> BoardFamily:
    return family_for(position["game"], position["options"])


def heading(
    position: Position,
    names: list[str],
    text: Messages,
    to_move: tuple[int, ...] = (),
    *,
    compact: bool = False,
    short_name: bool = False,
) -> Text:
    """One line: the game, the round, who is to move, and every score (``name: score``, so that a name that
    ends in a number stays apart from the score); ``short_name``: the game by its short name, ``compact``:
    without it."""
    game = text(f"game_short_{position['game']}" if short_name else f"game_{position['game']}")
    over = position.get("phase") == "over"
    if compact:
        title = text("game_over") if over else text("round", round=position["round"])
    else:
        title = f"{game} · {text('game_over')}" if over else text("title", game=game, round=position["round"])
    line = Text.assemble((title, "bold"))
    for seat, name in enumerate(names):
        line.append("  ")
        style = "reverse" if seat in to_move else ""
        line.append_text(Text.assemble((f"{name}: ", style), (str(position["boards"][seat]["score"]), f"bold {style}")))
    return line


def board_title(
    position: Position, seat: int, names: list[str], text: Messages, to_move: tuple[int, ...], *, short: bool = False
) -> str:
    """The name and score over a board (short: over a compact board), and whether that player is to move."""
    score = position["boards"][seat]["score"]
    if short:
        return f"{names[seat]}: {score}" + (" ◀" if seat in to_move else "")
    title = f"{names[seat]} · {text('points', count=score)}"
    return f"{title} ◀ {text('to_move')}" if seat in to_move else title


def board_panel(
    position: Position,
    seat: int,
    names: list[str],
    view: View,
    to_move: tuple[int, ...],
    *,
    compact: bool = False,
    boxed: bool = True,
) -> Panel:
    """One board under its title; ``boxed``: framed by box lines (else the title over it, for screen readers)."""
    family = position_family(position)
    body = family.board(position, seat, view, compact=compact)
    title = board_title(position, seat, names, view.text, to_move, short=compact)
    style = "bold" if seat in to_move else "dim"
    frame = box.ROUNDED if boxed else box.SIMPLE
    return Panel(body, title=title, title_align="left", expand=False, border_style=style, box=frame)


def fitting_boards(
    position: Position,
    seats: list[int],
    names: list[str],
    view: View,
    to_move: tuple[int, ...],
    width: int,
    console: Console,
) -> Columns:
    """These players' boards side by side: in full where they fit in ``width`` columns, else compact."""
    full = [board_panel(position, seat, names, view, to_move) for seat in seats]
    if sum(Measurement.get(console, console.options, panel).maximum for panel in full) > width:
        full = [board_panel(position, seat, names, view, to_move, compact=True) for seat in seats]
    return Columns(full, padding=(0, 0))


def position_view(
    position: Position,
    names: list[str],
    text: Messages,
    to_move: tuple[int, ...] = (),
    choosing: Choosing | None = None,
    *,
    boxed: bool = True,
    stacked: bool = False,
) -> Group:
    """Everything at the table, for a console that prints line by line (``boxed``: in box lines; ``stacked``:
    the boards one under another, each a block of its own for a screen reader, not side by side)."""
    family = position_family(position)
    view = View(text=text, choosing=choosing, names=names)
    frame = box.ROUNDED if boxed else box.SIMPLE
    shared = Panel(family.shared(position, view), title=text("table"), title_align="left", expand=False, box=frame)
    panels = [board_panel(position, seat, names, view, to_move, boxed=boxed) for seat in range(len(names))]
    boards: RenderableType = Group(*panels) if stacked else Columns(panels)
    parts: list[RenderableType] = [heading(position, names, text, to_move), shared, boards]
    parts.extend(family.legend(position, text))
    return Group(*parts)


def breakdown_table(rows: list[dict[str, int]], names: list[str], text: Messages) -> Table:
    """The final scores by source (``State.score_breakdown``), one column per player."""
    table = Table(title=text("breakdown"), title_justify="left", box=None, padding=(0, 1))
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    for part in rows[0]:
        if part == "total":
            continue
        table.add_row(text(f"part_{part}"), *[str(row[part]) for row in rows])
    table.add_row(Text(text("part_total"), style="bold"), *[Text(str(row["total"]), style="bold") for row in rows])
    return table


def round_summary(
    before: Position,
    after: Position,
    names: list[str],
    text: Messages,
    *,
    final: bool,
    titled: bool = True,
    steps: Sequence[Any] = (),
) -> Table:
    """What a round scored: the tiles laid with their points, each source, the score.

    ``steps`` are the round's steps from ``before`` on; a family whose points per tile
    depend on the order tiles were placed in (Summer Pavilion's) reads them.
    """
    family = position_family(before)
    title = text("game_summary" if final else "round_summary", round=before["round"]) if titled else None
    table = Table(title=title, title_justify="left", box=None, padding=(0, 1))
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    tiles = [family.round_tiles(before, after, seat, text, steps) for seat in range(len(names))]
    if any(tiles):
        table.add_row(text("tiles_laid"), *[line or Text("—", style="dim") for line in tiles])
    gained = [
        {
            part: now - was
            for (part, now), was in zip(
                family.score_parts(after["boards"][seat]["stats"]).items(),
                family.score_parts(before["boards"][seat]["stats"]).values(),
                strict=True,
            )
        }
        for seat in range(len(names))
    ]
    for part in gained[0]:
        if any(row[part] for row in gained):
            table.add_row(text(f"part_{part}"), *[f"{row[part]:+d}" if row[part] else "·" for row in gained])
    scores = [
        Text(f"{before['boards'][seat]['score']} → {after['boards'][seat]['score']}", style="bold")
        for seat in range(len(names))
    ]
    table.add_row(Text(text("score"), style="bold"), *scores)
    return table
