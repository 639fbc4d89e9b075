"""How the table fits the window: which form the other boards take, and the smallest window that works.

The full-screen client lays the table out afresh from the window's size each time
the position or the size changes, so a resize never leaves a drawing of the old
size behind. Your board is always drawn in full; the other boards beside it are
drawn in full, compact, or as one line each (``b`` opens them in full), whichever
is the richest that fits the room the fixed lines leave. Below the smallest size
that shows your board and every choice, the client says which size it needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from mozaika.i18n import Messages
from mozaika.richview import View, board_panel, position_family
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
    SHORT = "short"
    """Each under a line of name and score, a cell a tile and no box lines, in fixed columns side by side."""


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
    """The legend's lines beside the boards."""
    middle_legend: tuple[Text, ...] = ()
    """The legend's lines under the factories (what the special factories on the table do)."""
    needed: tuple[int, int] | None = None
    """The smallest window (columns, lines) the table needs, when this one is smaller."""
    other_seats: tuple[int, ...] = field(default=())
    """The other boards beside yours, on its right."""
    before_seats: tuple[int, ...] = field(default=())
    """The other boards on its left (at one keyboard, the seats before the one that moves)."""
    before_width: int = 0
    short_column: int = 0
    """The width of each board in short; 0 when the boards in short stand one under another."""
    before_column: int = 0
    """The same for the boards in short left of yours (at one keyboard)."""
    boards_key: bool = False
    """Whether the line saying that ``b`` shows every board in full has room under the boards in short."""
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
    shrinks within a round, so the boards below it do not jump up and down. The middle
    keeps room from the start of a round for the fullest centre the round can bring.
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
    inner = width - PADDED
    sources = family.shared(position, frame.view)
    base = lines_of(console, sources, inner) + _centre_reserve(console, frame, inner) + BORDER
    legend = family.legend(position, frame.view.text)
    middle: list[Text] = []
    if family.kind == "wall" and legend:
        # What the special factories do stands under them, as many lines of it as leave the boards room.
        groups = pack_legend(legend, inner)
        packed = [_joined(group) for group in groups]
        for count in range(len(packed), -1, -1):
            taken = sum(lines_of(console, line, inner) for line in packed[:count])
            if FIXED_LINES + max(shared_floor, base + taken) + mine_height <= height or count == 0:
                middle = packed[:count]
                legend = [entry for group in groups[count:] for entry in group]
                break
    shared = drawings["shared"] = DrawnOnce(middle_drawing(sources, middle))
    shared_height = max(shared_floor, base + sum(lines_of(console, line, inner) for line in middle))
    room = height - FIXED_LINES - shared_height
    side = width - mine_width
    short_width = family.short_width
    needed_width = mine_width + OTHERS_INDENT + max(SIDE_MIN, short_width) * (2 if before and others else 1)
    if width < needed_width or room < mine_height:
        narrow_shared = lines_of(console, shared, max(width, needed_width) - PADDED) + BORDER
        needed = (max(width, needed_width), FIXED_LINES + max(narrow_shared, base) + mine_height)
        return Plan(frame, width, height, needed=needed, mine_width=mine_width, other_seats=others, drawings=drawings)
    for candidate in (OthersForm.FULL, OthersForm.COMPACT):
        left = _panels(frame, before, candidate, drawings)
        left_width = sum(widest_line(console, panel) for panel in left)
        right = _panels(frame, others, candidate, drawings)
        right_room = side - left_width - OTHERS_INDENT
        fits_across = not right or max(widest_line(console, panel) for panel in right) <= right_room
        left_tall = lines_of(console, Columns(left, padding=(0, 0)), left_width) if left else 0
        right_tall = lines_of(console, Columns(right, padding=(0, 0)), right_room) if right and fits_across else 0
        if left_width <= side and fits_across and max(left_tall, right_tall) <= room:
            shown = _legend_beside(console, legend, side - left_width, room - right_tall)
            return Plan(
                frame,
                width,
                height,
                others=candidate,
                mine_width=mine_width,
                shared_height=shared_height,
                legend=tuple(shown),
                middle_legend=tuple(middle),
                other_seats=others,
                before_seats=before,
                before_width=left_width,
                drawings=drawings,
            )
    # In short: in fixed columns side by side where they fit, else one under another.
    # The boards left of yours (at one keyboard) side by side too, leaving the room the ones right of it need.
    right_needs = len(others) * (short_width + SHORT_GAP) - SHORT_GAP + OTHERS_INDENT if others else 0
    before_column = _short_column(frame, before, side - right_needs - SHORT_GAP)
    if before_column:
        before_width = len(before) * (before_column + SHORT_GAP)  # the last gap stands before your board
    else:
        before_width = _short_width(frame, before, side) if before else 0
    right_room = side - before_width - OTHERS_INDENT
    column = _short_column(frame, others, right_room)
    used = lines_of(console, short_boards(frame, others, column), right_room)
    before_used = lines_of(console, short_boards(frame, before, before_column), before_width) if before else 0
    if max(used, before_used) > room:
        needed = (width, height + max(used, before_used) - room)
        return Plan(frame, width, height, needed=needed, mine_width=mine_width, other_seats=others, drawings=drawings)
    key = Text(frame.view.text("boards_key"))
    boards_key = used + 1 <= room and key.cell_len <= right_room
    shown = _legend_beside(console, legend, right_room + OTHERS_INDENT, room - used - boards_key)
    return Plan(
        frame,
        width,
        height,
        others=OthersForm.SHORT,
        mine_width=mine_width,
        shared_height=shared_height,
        legend=tuple(shown),
        middle_legend=tuple(middle),
        other_seats=others,
        before_seats=before,
        before_width=before_width,
        short_column=column,
        before_column=before_column,
        boards_key=boards_key,
        drawings=drawings,
    )


LEGEND_GAP = "   "
"""Between two entries of the legend on one line."""


def pack_legend(entries: list[Text], width: int) -> list[list[Text]]:
    """The legend's entries, as many whole ones to a line as ``width`` holds (an entry longer than a line
    stands alone and wraps)."""
    lines: list[list[Text]] = []
    for entry in entries:
        if lines and _joined(lines[-1]).cell_len + len(LEGEND_GAP) + entry.cell_len <= width:
            lines[-1].append(entry)
        else:
            lines.append([entry])
    return lines


def _joined(entries: list[Text]) -> Text:
    return Text(LEGEND_GAP).join(entries)


def middle_drawing(sources: RenderableType, legend: Sequence[Text]) -> RenderableType:
    """What lies between the players, with the legend's lines that stand under the factories."""
    return Group(sources, *legend) if legend else sources


def _centre_reserve(console: Console, frame: Frame, width: int) -> int:
    """The lines the centre may still grow by this round: the room for the most tiles it can come to hold
    (each factory's tiles but the one taken at least, however they are taken, then the marker)."""
    position = frame.position
    family = position_family(position)
    now = family.centre_cell(position, frame.view)
    most = len(position["centre"]) + 1 + sum(max(0, len(tiles) - 1) for tiles in position["factories"])
    fullest = Text("C " + frame.view.text("centre") + " ") + family.painter.row("B" * most, 2, gap="")
    return max(0, lines_of(console, fullest, width) - lines_of(console, now, width))


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
    if plan.others is OthersForm.SHORT:
        return short_boards(plan.frame, seats, plan.before_column if before else plan.short_column)
    return Columns(_panels(plan.frame, seats, plan.others, dict(plan.drawings)), padding=(0, 0))


SHORT_GAP = 1
"""The column between two boards in short."""


def _short_titles(frame: Frame, seats: tuple[int, ...], width: int = 0) -> list[tuple[str, str]]:
    """Each board's title in short: the name, and what follows it (score, marks, room for the arrow of the
    one to move, so that the columns keep their width as the turn goes round)."""
    family = position_family(frame.position)
    titles = []
    for seat in seats:
        score = frame.position["boards"][seat]["score"]
        titles.append((frame.names[seat], f": {score}{family.short_marks(frame.position, seat, width)} ◀"))
    return titles


def _short_column(frame: Frame, seats: tuple[int, ...], room: int) -> int:
    """The width of each board in short side by side in ``room`` (a whole name where it fits), or 0 when
    they do not fit side by side."""
    if not seats:
        return 0
    narrowest = position_family(frame.position).short_width
    across = (room - SHORT_GAP * (len(seats) - 1)) // len(seats)
    if across < narrowest:
        return 0
    widest = max(len(name) + len(rest) for name, rest in _short_titles(frame, seats))
    return min(across, max(narrowest, widest))


def _short_width(frame: Frame, seats: tuple[int, ...], side: int) -> int:
    """The width of boards in short one under another (left of yours, at one keyboard)."""
    narrowest = position_family(frame.position).short_width
    widest = max((len(name) + len(rest) for name, rest in _short_titles(frame, seats)), default=0)
    return min(max(narrowest, widest), max(narrowest, side // 2))


def short_boards(frame: Frame, seats: tuple[int, ...], column: int) -> RenderableType:
    """Boards in short, each under its name and score: side by side in columns ``column`` wide, or (0) one
    under another."""
    position = frame.position
    family = position_family(position)
    width = column or family.short_width
    drawn: list[Group] = []
    for seat, (name, rest) in zip(seats, _short_titles(frame, seats, width), strict=True):
        to_move = seat in frame.to_move
        rest = rest[:-2] + (" ◀" if to_move else "")
        room = max(1, width - len(rest))
        shown = name if len(name) <= room else name[: room - 1] + "…"
        title = Text(shown + rest, style="bold" if to_move else "")
        drawn.append(Group(title, *family.short(position, seat, frame.view.text, width)))
    if not column:
        return Group(*drawn)
    grid = Table.grid(padding=(0, SHORT_GAP, 0, 0))
    for _ in seats:
        grid.add_column(width=column, no_wrap=True)
    if drawn:
        grid.add_row(*drawn)
    return grid


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
