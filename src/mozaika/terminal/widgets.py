"""The parts of the table screen, each drawing itself from the layout the screen hands it.

Every part reads the current :class:`~mozaika.terminal.layout.Plan` (or, for the
step line, the :class:`StepChoices`) when it renders, at the size it has then: a
resize or a move changes the plan, and each part draws itself again at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import Input

from mozaika.richview import board_title, position_family
from mozaika.richview.family import CLICK_KEY
from mozaika.terminal.drawn import DrawnOnce
from mozaika.terminal.layout import STEP_LINES, Plan, middle_drawing, others_drawing, too_small_text

OPTION_KEY = "option"
"""The style meta key that says which of the step line's choices a click picks."""


class Clicked(Message):
    """A click on something that chooses: a tile, a space or a line (``typed``), or a step's choice (``option``)."""

    def __init__(self, typed: str | None = None, option: int | None = None) -> None:
        super().__init__()
        self.typed = typed
        self.option = option


class Clickable(Widget):
    """A drawing whose tiles, spaces and choices can be clicked (their style says what a click chooses)."""

    def on_click(self, event: events.Click) -> None:
        meta = event.style.meta
        if CLICK_KEY in meta:
            self.post_message(Clicked(typed=str(meta[CLICK_KEY])))
        elif OPTION_KEY in meta:
            self.post_message(Clicked(option=int(meta[OPTION_KEY])))


class PlanPart(Widget):
    """A part of the table drawn from the plan (None until the first one)."""

    plan: reactive[Plan | None] = reactive(None)

    _drawn: tuple[Plan, DrawnOnce] | None = None
    """The drawing of the plan last drawn. Any part's change of size lays the whole screen out again,
    which asks every part for its drawing: the plan's serves until the plan is another."""

    def render(self) -> RenderResult:
        plan = self.plan
        if plan is None:
            return Text()
        if self._drawn is None or self._drawn[0] is not plan:
            drawing = self.drawing(plan)
            self._drawn = (plan, drawing if isinstance(drawing, DrawnOnce) else DrawnOnce(drawing))
        return self._drawn[1]

    def _watch_plan(self, old: Plan | None, new: Plan | None) -> None:
        # A step of a move only highlights: the part is drawn again in the place it has. Laying the whole
        # screen out again measures every part anew, and is left for a plan measured afresh.
        resized = old is None or new is None or not new.sized_for or new.sized_for != old.sized_for
        self.refresh(layout=resized)

    def drawing(self, plan: Plan) -> RenderableType:
        """What the part shows for this plan."""
        raise NotImplementedError


class Heading(Widget):
    """The line at the top: game, round, scores, who moves, and in a timed game the clocks.

    ``lines`` are the same line from the fullest to the shortest: the first that fits is shown.
    """

    lines: reactive[tuple[Text, ...]] = reactive(tuple)

    def render(self) -> RenderResult:
        width = self.content_size.width
        for line in self.lines:
            if line.cell_len <= width:
                return line
        shortest = self.lines[-1].copy() if self.lines else Text()
        shortest.truncate(max(1, width), overflow="ellipsis")
        return shortest


class SharedArea(PlanPart, Clickable):
    """What lies between the players: factories and centre (and the supply, in Summer Pavilion)."""

    def drawing(self, plan: Plan) -> RenderableType:
        frame = plan.frame
        shared = plan.drawings.get("shared")
        if shared is not None:
            return shared
        return middle_drawing(position_family(frame.position).shared(frame.position, frame.view), plan.middle_legend)

    def watch_plan(self, plan: Plan | None) -> None:
        if plan is not None:
            self.styles.min_height = plan.shared_height


class MyBoard(PlanPart, Clickable):
    """Your board in full, its lines and spaces clickable while you choose."""

    def drawing(self, plan: Plan) -> RenderableType:
        frame = plan.frame
        return plan.drawings.get("mine") or position_family(frame.position).board(
            frame.position, frame.viewer, frame.view, compact=False
        )

    def watch_plan(self, plan: Plan | None) -> None:
        if plan is None:
            return
        frame = plan.frame
        names = list(frame.names)
        self.border_title = board_title(frame.position, frame.viewer, names, frame.view.text, frame.to_move)
        self.set_class(frame.viewer not in frame.to_move, "waiting")


class OtherBoards(PlanPart):
    """The other players' boards in the form the plan chose: those right of yours, or (``before``) left of it."""

    def __init__(self, *, before: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.before = before

    def drawing(self, plan: Plan) -> RenderableType:
        parts: list[RenderableType] = [others_drawing(plan, before=self.before)]
        if plan.boards_key and not self.before:
            parts.append(Text(plan.frame.view.text("boards_key"), style="dim"))
        return Group(*parts)

    def watch_plan(self, plan: Plan | None) -> None:
        if self.before:
            self.display = plan is not None and bool(plan.before_seats)
            if plan is not None:
                self.styles.width = plan.before_width


class Legend(PlanPart):
    """What the boards show beyond tiles (special factories, bonuses), where the other boards leave room."""

    def drawing(self, plan: Plan) -> RenderableType:
        return Group(*plan.legend)


class TooSmall(PlanPart):
    """Shown instead of the table when the window is smaller than the table needs."""

    def render(self) -> RenderResult:
        # A line of text, centred by its own justification: Textual wraps and measures text itself.
        plan = self.plan
        if plan is None or plan.needed is None:
            return Text()
        return too_small_text(plan, plan.frame.view.text)


@dataclass(frozen=True)
class StepChoices:
    """The next step of the move being chosen: its title, the choices' labels, the one under the cursor."""

    title: str = ""
    labels: tuple[str, ...] = ()
    cursor: int = 0
    problem: str = ""
    """Why nothing can be chosen (what was typed begins no move), shown instead of the choices."""


class StepLine(Clickable):
    """The step's choices, whole choices to a line; at most three lines, those around the cursor."""

    choices: reactive[StepChoices] = reactive(StepChoices)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._laid_out: tuple[tuple[StepChoices, int], list[Text]] | None = None
        """The lines last laid out, and for which choices and width: measuring and drawing share them."""

    def render(self) -> RenderResult:
        return Group(*self.lines(self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def watch_choices(self) -> None:
        # A move of the cursor redraws the line where it is: the screen is laid out again only when
        # the step takes another number of lines.
        self.refresh(layout=len(self.lines(self.content_size.width)) != self.content_size.height)

    def lines(self, width: int) -> list[Text]:
        key = (self.choices, width)
        if self._laid_out is None or self._laid_out[0] != key:
            self._laid_out = (key, self._lay_out(*key))
        return list(self._laid_out[1])

    @staticmethod
    def _lay_out(choices: StepChoices, width: int) -> list[Text]:
        if choices.problem:
            return [Text(choices.problem, style="bold red")]
        if not choices.title:
            return []
        width = max(20, width)
        lines = [Text.assemble((choices.title + ":", "bold"))]
        line_width = lines[0].cell_len
        cursor_line = 0
        for index, label in enumerate(choices.labels):
            under_cursor = index == choices.cursor
            style = Style(bold=True, reverse=True) if under_cursor else Style(underline=True)
            chip = Text.assemble((f"[{label}]", style + Style.from_meta({OPTION_KEY: index})))
            chip_width = chip.cell_len
            # Whole choices to a line: a choice is never cut in two.
            if line_width + 1 + chip_width > width:
                lines.append(Text(" "))
                line_width = 1
            lines[-1].append(" ")
            lines[-1].append_text(chip)
            line_width += 1 + chip_width
            if under_cursor:
                cursor_line = len(lines) - 1
        first = max(0, min(cursor_line - 1, len(lines) - STEP_LINES))
        shown = lines[first : first + STEP_LINES]
        if first > 0:
            shown[0] = Text("… ", style="bold") + shown[0]
        if first + STEP_LINES < len(lines):
            shown[-1].append(" …", style="bold")
        return shown


class MessageLine(Widget):
    """The latest word from the game: a bot's move, a hint, why a move is refused."""

    message: reactive[Text] = reactive(Text)

    def render(self) -> RenderResult:
        return self.message

    def watch_message(self, message: Text) -> None:
        # Each move is told here: the screen is laid out again only when the word takes another number of lines.
        width = self.content_size.width
        # As Textual measures a widget (its styles are the rules its visuals read, typed otherwise).
        lines = visualize(self, message).get_height(cast(RulesMap, self.styles), width) if width else 0
        self.refresh(layout=lines != self.content_size.height)


class Entry(Input):
    """Where moves and commands are typed; after a refusal its text is selected, so the next key replaces it.

    While it is empty it shows a reminder of the keys: the fullest of :attr:`reminders` that fits its width
    (the shortest still ends with ``h help``).
    """

    reminders: reactive[tuple[str, ...]] = reactive(tuple, layout=False)

    def watch_reminders(self) -> None:
        self._fit_reminder()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_reminder()

    def _fit_reminder(self) -> None:
        if not self.reminders:
            return
        room = self.content_size.width - 1  # the cursor stands before the reminder
        self.placeholder = next((line for line in self.reminders if len(line) <= room), self.reminders[-1])

    def refuse(self) -> None:
        """Keep what was typed in view, selected: typing goes on from scratch, a command key acts."""
        self.select_all()
