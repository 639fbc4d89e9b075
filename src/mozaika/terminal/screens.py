"""The pages over the full-screen client's table: summaries, the result, help, every board, and questions.

A page closes with Enter or Escape and says so at its foot; the arrow keys scroll one
longer than the window, and ``t`` takes a seat back from any of them.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static


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


class SaveAs(ModalScreen["str | None"]):
    """Where to save the game: a file name (Enter alone takes the one suggested), or Escape not to save."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, question: str, keys: str, suggested: str) -> None:
        super().__init__()
        self.question = question
        self.keys = keys
        self.suggested = suggested

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question, style="bold"))
            yield Static(Text(self.keys, style="dim"))
            name = Input(placeholder=self.suggested, id="save-name")
            name.cursor_blink = False
            yield name

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)
