"""The screens of the full-screen client: the table, and the pages over it (summaries, help, boards, questions).

The table screen lays the table out afresh whenever the position or the window's
size changes (:func:`~mozaika.terminal.layout.plan_table`) and hands the layout to
its parts; the pages over it close with Enter or Escape and say so at their foot.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import RichLog, Static

from mozaika.terminal.layout import Frame, Plan, plan_table
from mozaika.terminal.widgets import (
    Entry,
    Heading,
    Legend,
    MessageLine,
    MyBoard,
    OtherBoards,
    SharedArea,
    StepLine,
    TooSmall,
)

LOG_LINES = 200


class TableScreen(Screen[None]):
    """The whole table at once: heading, what lies between the players, the boards, the log, the step, the prompt."""

    frame: reactive[Frame | None] = reactive(None, layout=True)
    plan: reactive[Plan | None] = reactive(None, layout=True)

    class Shown(Message):
        """The table is on top again (a page over it closed)."""

    def __init__(self, placeholder: str) -> None:
        super().__init__()
        self.placeholder = placeholder
        self.shared_floor = 0
        """The tallest the table's middle has been this round (it never shrinks within a round)."""
        self.floor_key = (0, 0)

    def compose(self) -> ComposeResult:
        yield Heading(id="heading")
        yield TooSmall(id="too-small").data_bind(TableScreen.plan)
        yield SharedArea(id="shared").data_bind(TableScreen.plan)
        with Horizontal(id="boards"):
            yield OtherBoards(before=True, id="before").data_bind(TableScreen.plan)
            yield MyBoard(id="mine").data_bind(TableScreen.plan)
            with Vertical(id="side"):
                yield OtherBoards(id="others").data_bind(TableScreen.plan)
                yield Legend(id="legend").data_bind(TableScreen.plan)
        yield RichLog(id="log", max_lines=LOG_LINES, wrap=False, markup=False)
        yield StepLine(id="step")
        yield MessageLine(id="message")
        entry = Entry(id="prompt", placeholder=self.placeholder)
        entry.cursor_blink = False  # a blinking cursor would draw each screenshot differently
        yield entry

    def on_mount(self) -> None:
        self.query_one(SharedArea).border_title = self.app_text("table")
        self.query_one(Entry).focus()

    def on_screen_resume(self) -> None:
        self.post_message(self.Shown())

    def app_text(self, key: str) -> str:
        text = getattr(self.app, "text", None)
        return str(text(key)) if text is not None else key

    def watch_frame(self, frame: Frame | None) -> None:
        self._lay_out(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out(event.size.width, event.size.height)

    def _lay_out(self, width: int, height: int) -> None:
        frame = self.frame
        if frame is None or width <= 0 or height <= 0:
            return
        if (frame.position["round"], width) != self.floor_key:  # a new round or a new width: measured afresh
            self.floor_key, self.shared_floor = (frame.position["round"], width), 0
        plan = plan_table(frame, width, height, self.app.console, shared_floor=self.shared_floor)
        if plan.needed is None:
            self.shared_floor = plan.shared_height
        self.set_class(plan.needed is not None, "too-small")
        self.plan = plan

    def write_log(self, lines: list[Text]) -> None:
        """The log anew (after an undo the moves taken back are gone from it)."""
        log = self.query_one(RichLog)
        log.clear()
        for line in lines:
            log.write(line)


class Notice(ModalScreen[bool]):
    """A page over the table (a round's summary, the help, the boards, the end), closed with Enter or Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close(True)", show=False),
        Binding("q", "close(False)", show=False),
        Binding("t", "app.take_back", show=False),
    ]

    def __init__(self, body: RenderableType, title: str, footer: str, *, kind: str = "notice") -> None:
        super().__init__(classes=kind)
        self.body = body
        self.title_text = title
        self.footer_text = footer
        self.kind = kind

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = self.title_text
            box.border_subtitle = self.footer_text
            yield Static(self.body)

    def action_close(self, go_on: bool) -> None:
        self.dismiss(go_on)


class Question(ModalScreen[str]):
    """A question answered with a key (save before quitting? play on after a timeout?)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "answer('')", show=False)]

    def __init__(self, question: str, answers: tuple[str, ...], *, kind: str = "question") -> None:
        super().__init__()
        self.question = question
        self.answers = answers
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield Static(Text(self.question))

    def on_key(self, event: events.Key) -> None:
        key = "enter" if event.key == "enter" else (event.character or "").lower()
        if key in self.answers:
            event.stop()
            self.dismiss(key)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
