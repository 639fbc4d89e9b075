"""``mozaika learn <game>``: the game's tutorial in the full-screen client (the lessons of ``mozaika.lessons``).

The same lessons as the browser's ``/learn/<game>``: each opens with its text on a
page, then the table shows the lesson's position and the learner makes the move by
keys, clicks or notation, exactly as in ``mozaika play``. A move the lesson does not
ask for gets the step's hint and the learner tries again; the right one is played by
the engine, and the explanation follows on a page before the next lesson.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType

from mozaika.core.protocol import Move, State
from mozaika.i18n import Messages
from mozaika.lessons import Lesson, Tutorial
from mozaika.richview import View, position_family
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.commands import HELP, QUIT
from mozaika.terminal.layout import Frame
from mozaika.terminal.screens import Notice
from mozaika.terminal.tablescreen import TableScreen
from mozaika.terminal.widgets import Entry, Heading, MessageLine


class LearnApp(App[None]):
    """A game's lessons, one after another, at the full-screen table."""

    TITLE = "Mozaika"
    CSS_PATH = "styles/play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "quit", show=False, priority=True)]

    def __init__(self, tutorial: Tutorial, text: Messages, *, first: int = 0) -> None:
        super().__init__()
        self.tutorial = tutorial
        self.text = text.for_game(tutorial.game)
        self.language = text.language
        self.index = first
        self.step_index = 0
        self.state: State = tutorial.lessons[first].start()
        self.chooser: MoveChooser | None = None
        self.finished_lessons: list[str] = []
        """The ids of the lessons made to the end, in order (tests read it)."""
        self.wrong_moves = 0
        self.table_screen = TableScreen(self.text("table"), self.text("learn_prompt"))

    @property
    def lesson(self) -> Lesson:
        return self.tutorial.lessons[self.index]

    @property
    def waiting_for_move(self) -> bool:
        """True when the table waits for the learner's move (tests drive the app through this)."""
        return self.chooser is not None and self.screen is self.table_screen

    def on_mount(self) -> None:
        self.push_screen(self.table_screen)
        self.call_after_refresh(lambda: self.open(self.index))

    # --- a lesson -------------------------------------------------------------------------

    def open(self, index: int) -> None:
        """Lesson ``index``: its position on the table, its text on a page over it."""
        self.index = index
        self.step_index = 0
        self.state = self.lesson.start()
        title = self.lesson.title[self.language]
        self.table_screen.add_to_log(Text(self.text("learn_log_lesson", n=index + 1, lesson=title), style="bold"), 0)
        self.ask()
        self.show_text()

    def show_text(self) -> None:
        title = self.text(
            "learn_lesson_title",
            n=self.index + 1,
            count=len(self.tutorial.lessons),
            lesson=self.lesson.title[self.language],
        )
        self.push_screen(
            Notice(Text(self.lesson.text[self.language]), title, self.text("learn_to_table"), kind="lesson")
        )

    def ask(self, message: str | Text = "") -> None:
        """The learner's turn at the lesson's current step."""
        seat = self.lesson.learner
        self.chooser = MoveChooser(position_family(self.state.to_dict()), self.state.legal_moves(seat), seat)
        self.table_screen.set_entry("")
        self.redraw(message or self.text("learn_task"))

    def redraw(self, message: str | Text) -> None:
        screen = self.table_screen
        if not screen.is_mounted:
            return
        names = self.names()
        choosing = self.chooser.choosing() if self.chooser is not None else None
        view = View(self.text, choosing, clickable=True, names=names)
        frame = Frame(self.state.to_dict(), tuple(names), tuple(self.state.to_move), self.lesson.learner, view)
        screen.show(frame, self.chooser)
        screen.query_one(Heading).lines = self.heading_lines()
        screen.query_one(MessageLine).message = message if isinstance(message, Text) else Text(message)
        screen.query_one(Entry).placeholder = self.text("learn_prompt")

    def names(self) -> list[str]:
        return [
            self.text("learn_you") if seat == self.lesson.learner else self.text("learn_opponent")
            for seat in range(self.state.players)
        ]

    def heading_lines(self) -> tuple[Text, ...]:
        values = {"n": self.index + 1, "count": len(self.tutorial.lessons), "lesson": self.lesson.title[self.language]}
        full = self.text("learn_heading", title=self.tutorial.title[self.language], **values)
        return Text(full, style="bold"), Text(self.text("learn_heading_short", **values), style="bold")

    # --- the learner's moves -----------------------------------------------------------------

    def on_table_screen_chosen(self, message: TableScreen.Chosen) -> None:
        if self.chooser is not None:
            self.check(message.move)

    def on_table_screen_command(self, message: TableScreen.Command) -> None:
        if message.command == HELP:
            self.show_text()
        elif message.command == QUIT:
            self.exit()

    def on_table_screen_refused(self, message: TableScreen.Refused) -> None:
        self.redraw(Text(self.text("no_such_move", typed=message.answer), style="bold red"))

    def check(self, move: Move) -> None:
        """The lesson's step accepts the move (the engine plays it) or answers with the step's hint."""
        step = self.lesson.steps[self.step_index]
        if not step.accepts(str(move)):
            self.wrong_moves += 1
            wrong = self.text("learn_wrong", move=move, hint=step.hint[self.language])
            self.ask(Text(wrong, style="bold"))
            return
        self.state.play(move)
        self.table_screen.add_to_log(Text(self.text("learn_played", move=move)), len(self.state.history))
        self.step_index += 1
        if self.step_index < len(self.lesson.steps):
            self.ask(self.text("learn_next_step"))
            return
        self.chooser = None
        self.redraw("")
        self.finished_lessons.append(self.lesson.id)
        last = self.index + 1 >= len(self.tutorial.lessons)
        body = Text(self.lesson.explanation[self.language])
        footer = self.text("learn_last_lesson" if last else "learn_next_lesson")
        self.push_screen(Notice(body, self.text("learn_well_done"), footer, kind="explained"), self.after_lesson)

    def after_lesson(self, go_on: bool | None) -> None:
        if go_on is False:
            self.exit()
        elif self.index + 1 < len(self.tutorial.lessons):
            self.open(self.index + 1)
        else:
            body = Text(self.text("learn_finished", count=len(self.tutorial.lessons), game=self.tutorial.game))
            self.push_screen(
                Notice(body, self.text("learn_finished_title"), self.text("press_enter"), kind="finished"),
                lambda _: self.exit(),
            )
