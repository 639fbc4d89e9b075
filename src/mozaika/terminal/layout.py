"""How the table fits the window: which form the other boards take, and the smallest window that works.

The full-screen client lays the table out afresh from the window's size each time
the position or the size changes, so a resize never leaves a drawing of the old
size behind. Your board is always drawn in full; the other boards beside it are
drawn in full, compact, or as one line each (``b`` opens them in full), whichever
is the richest that fits the room the fixed lines leave. Below the smallest size
that shows your board and every choice, the client says which size it needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.text import Text

from mozaika.i18n import Messages
from mozaika.richview import View, board_panel, board_title, position_family
from mozaika.richview.family import Position
from mozaika.terminal.drawn import DrawnOnce

STEP_LINES = 3
"""The step line's room: its choices, a line to each, around the one under the cursor."""
MESSAGE_LINES = 2
FIXED_LINES = 1 + STEP_LINES + MESSAGE_LINES + 1
"""The heading, the step, the message and the prompt: the lines the boards never take."""
BORDER = 2
"""A panel's border, above and below (or left and right)."""
PADDED = 4
"""A panel's border and its padding, left and right."""
OTHERS_INDENT = 1
"""The column between your board and the other boards beside it (``#others``' padding in ``play.tcss``)."""
LEGEND_PADDING = 2
"""The legend's padding left and right (``#legend`` in ``play.tcss``)."""
SIDE_MIN = 16
"""The narrowest room beside your board that still names every other player."""


class OthersForm(Enum):
    """How the other players' boards are drawn beside yours."""

    FULL = "full"
    COMPACT = "compact"
    LINES = "lines"


@dataclass(frozen=True)
class Frame:
    """What the table shows at one moment: the position, whose board is yours, and the move being chosen."""

    position: Position
    names: tuple[str, ...]
    to_move: tuple[int, ...]
    viewer: int
    view: View
    seat_order: bool = False
    """Several people at one keyboard: the boards keep their places in seat order, whoever moves."""


@dataclass(frozen=True)
class Plan:
    """The table laid out for one window size."""

    frame: Frame
    width: int
    height: int
    others: OthersForm = OthersForm.COMPACT
    mine_width: int = 0
    shared_height: int = 0
    legend: tuple[Text, ...] = ()
    needed: tuple[int, int] | None = None
    """The smallest window (columns, lines) the table needs, when this one is smaller."""
    other_seats: tuple[int, ...] = field(default=())
    """The other boards beside yours, on its right."""
    before_seats: tuple[int, ...] = field(default=())
    """The other boards on its left (at one keyboard, the seats before the one that moves)."""
    before_width: int = 0
    sized_for: tuple[object, ...] = ()
    """What the sizes were measured for (the table screen's key: position, seats, window). Plans with the
    same key differ only in what is highlighted, which never changes a part's size; () for a plan whose
    sizes are not known to be shared."""
    drawings: Mapping[object, DrawnOnce] = field(default_factory=dict, compare=False, repr=False)
    """The drawings of ``frame`` rendered to measure them (``"mine"``, ``"shared"``, and each other board
    by seat and form), for the parts to draw: a plan for another frame has none."""


def lines_of(console: Console, drawing: RenderableType, width: int) -> int:
    """How many lines a drawing takes at this width (as many as ``Console.render_lines`` would give).

    Counted from the drawing's segments, as Textual measures a widget's height: the lines need not be
    cut apart and cropped only to be counted.
    """
    # As Textual draws a widget's content (so that a DrawnOnce measured here serves the drawing).
    options = console.options.update_width(max(1, width)).update(highlight=False)
    lines, line_open = 0, False
    for segment in console.render(drawing, options):
        if "\n" in segment.text and not segment.control:
            lines += segment.text.count("\n")
            line_open = not segment.text.endswith("\n")
        else:
            line_open = True
    return lines + line_open


def widest_line(console: Console, drawing: RenderableType) -> int:
    return Measurement.get(console, console.options.update(highlight=False), drawing).maximum


def plan_table(frame: Frame, width: int, height: int, console: Console, *, shared_floor: int = 0) -> Plan:
    """The richest layout of ``frame`` in a window of ``width`` x ``height``.

    ``shared_floor`` is the height the table's middle took earlier this round: it never
    shrinks within a round, so the boards below it do not jump up and down.
    """
    position = frame.position
    family = position_family(position)
    seats = range(len(frame.names))
    before = tuple(seat for seat in seats if seat < frame.viewer) if frame.seat_order else ()
    others = tuple(seat for seat in seats if seat != frame.viewer and seat not in before)
    drawings: dict[object, DrawnOnce] = {}
    mine = drawings["mine"] = DrawnOnce(family.board(position, frame.viewer, frame.view, compact=False))
    mine_width = widest_line(console, mine) + PADDED
    mine_height = lines_of(console, mine, mine_width - PADDED) + BORDER
    shared, legend = shared_and_legend(frame)
    shared = drawings["shared"] = DrawnOnce(shared)
    shared_height = max(shared_floor, lines_of(console, shared, width - PADDED) + BORDER)
    room = height - FIXED_LINES - shared_height
    side = width - mine_width
    needed_width = mine_width + SIDE_MIN * (2 if before and others else 1)
    if width < needed_width or room < mine_height:
        narrow_shared = lines_of(console, shared, max(width, needed_width) - PADDED) + BORDER
        needed = (max(width, needed_width), FIXED_LINES + narrow_shared + mine_height)
        return Plan(frame, width, height, needed=needed, mine_width=mine_width, other_seats=others, drawings=drawings)
    form = OthersForm.LINES
    right_tall = 0
    for candidate in (OthersForm.FULL, OthersForm.COMPACT):
        left = _panels(frame, before, candidate, drawings)
        left_width = sum(widest_line(console, panel) for panel in left)
        right = _panels(frame, others, candidate, drawings)
        right_room = side - left_width - OTHERS_INDENT
        fits_across = not right or max(widest_line(console, panel) for panel in right) <= right_room
        left_tall = lines_of(console, Columns(left, padding=(0, 0)), left_width) if left else 0
        right_tall = lines_of(console, Columns(right, padding=(0, 0)), right_room) if right and fits_across else 0
        if left_width <= side and fits_across and max(left_tall, right_tall) <= room:
            form = candidate
            break
    before_width = _lines_width(console, frame, before) if form is OthersForm.LINES else left_width
    # The boards' lines right of yours: two a player in lines, else as measured for the form chosen.
    used = 2 * len(others) + 1 if form is OthersForm.LINES else right_tall
    shown = _legend_beside(console, legend, side - before_width, room - used)
    return Plan(
        frame,
        width,
        height,
        others=form,
        mine_width=mine_width,
        shared_height=shared_height,
        legend=tuple(shown),
        other_seats=others,
        before_seats=before,
        before_width=before_width,
        drawings=drawings,
    )


def shared_and_legend(frame: Frame) -> tuple[RenderableType, list[Text]]:
    """What lies between the players, and the legend lines drawn beside the boards.

    Walls put their legend (what each special factory does) under the factories it speaks of.
    """
    family = position_family(frame.position)
    shared = family.shared(frame.position, frame.view)
    legend = family.legend(frame.position, frame.view.text)
    if family.kind == "wall" and legend:
        return Group(shared, *legend), []
    return shared, legend


def _panels(
    frame: Frame, seats: tuple[int, ...], form: OthersForm, drawings: dict[object, DrawnOnce]
) -> list[RenderableType]:
    """The other players' boards in ``form``: those drawn for this frame already, the others drawn now (and kept)."""
    compact = form is OthersForm.COMPACT
    names = list(frame.names)
    panels: list[RenderableType] = []
    for seat in seats:
        panel = drawings.get((seat, form))
        if panel is None:
            panel = DrawnOnce(board_panel(frame.position, seat, names, frame.view, frame.to_move, compact=compact))
            drawings[(seat, form)] = panel
        panels.append(panel)
    return panels


def others_drawing(plan: Plan, *, before: bool = False) -> RenderableType:
    """The other players' boards in the plan's form: those right of yours, or (``before``) those left of it."""
    seats = plan.before_seats if before else plan.other_seats
    if plan.others is OthersForm.LINES:
        return Group(*(other_line(plan.frame, seat) for seat in seats))
    return Columns(_panels(plan.frame, seats, plan.others, dict(plan.drawings)), padding=(0, 0))


def _lines_width(console: Console, frame: Frame, seats: tuple[int, ...]) -> int:
    return max((widest_line(console, other_line(frame, seat)) for seat in seats), default=0)


def other_line(frame: Frame, seat: int) -> Group:
    """Another player in two lines: name and score (the one to move marked), and their board in short."""
    position = frame.position
    title = board_title(position, seat, list(frame.names), frame.view.text, frame.to_move, short=True)
    summary = position_family(position).summary(position, seat, frame.view.text)
    return Group(Text(title, style="bold" if seat in frame.to_move else ""), Text("  ") + summary)


def _legend_beside(console: Console, legend: list[Text], side: int, room: int) -> list[Text]:
    """The legend's lines that fit under the other boards right of yours, in the ``room`` the boards leave
    there (all of them are under h)."""
    shown: list[Text] = []
    for line in legend:
        room -= lines_of(console, line, side - LEGEND_PADDING)
        if room < 0:
            break
        shown.append(line)
    return shown


def too_small_text(plan: Plan, text: Messages) -> Text:
    """What a window too small for the table says: the size it is and the size it needs."""
    assert plan.needed is not None
    columns, rows = plan.needed
    return Text(
        text("too_small", width=plan.width, height=plan.height, needed_width=columns, needed_height=rows),
        style="bold",
        justify="center",
    )
