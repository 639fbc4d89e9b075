"""The table screen of the full-screen client: the whole table at once, and the keyboard and mouse at it.

The screen lays the table out afresh whenever the position or the window's size changes
(:func:`~mozaika.terminal.layout.plan_table`) and hands the layout to its parts. It reads
what is typed, clicked and pressed, takes the steps of a move with the person's
:class:`~mozaika.terminal.choosing.MoveChooser`, and tells the app, by a message, only
what the game must act on: a move chosen, a command, an entry that is no move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import RichLog

from mozaika.core.protocol import Move
from mozaika.richview import position_family
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.commands import COMMANDS
from mozaika.terminal.layout import Frame, Plan, plan_table
from mozaika.terminal.widgets import (
    Clicked,
    Entry,
    Heading,
    Legend,
    MessageLine,
    MyBoard,
    OtherBoards,
    SharedArea,
    StepChoices,
    StepLine,
    TooSmall,
)

LOG_LINES = 200


class TableScreen(Screen[None]):
    """Heading, what lies between the players, the boards, the log, the step, the prompt."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "cursor(-1)", show=False, priority=True),
        Binding("right,down", "cursor(1)", show=False, priority=True),
        Binding("escape", "step_back", show=False),
    ]

    # The screen draws nothing itself: its parts lay themselves out again when the sizes change.
    frame: reactive[Frame | None] = reactive(None, repaint=False)
    plan: reactive[Plan | None] = reactive(None, repaint=False)

    class Shown(Message):
        """The table is on top again (a page over it closed)."""

    class Chosen(Message):
        """The person chose a move."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    class Command(Message):
        """A command key, typed alone at the prompt."""

        def __init__(self, command: str) -> None:
            super().__init__()
            self.command = command

    class Refused(Message):
        """Enter on what is no move here: the app says why."""

        def __init__(self, answer: str) -> None:
            super().__init__()
            self.answer = answer

    def __init__(self, table_title: str, placeholder: str) -> None:
        super().__init__()
        self.table_title = table_title
        self.placeholder = placeholder
        self.chooser: MoveChooser | None = None
        """The person's move being chosen, while one is."""
        self.shared_floor = 0
        """The tallest the table's middle has been this round (it never shrinks within a round)."""
        self.floor_key = (0, 0)
        self.measured: tuple[tuple[object, ...], Plan] | None = None
        """The last layout measured, and for which position and size."""
        self.log_lines: list[tuple[int, Text]] = []
        """The log: each line with the number of steps played when it was written."""

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
        self.query_one(SharedArea).border_title = self.table_title
        self.query_one(Entry).focus()

    def on_screen_resume(self) -> None:
        self.post_message(self.Shown())

    # --- the layout -------------------------------------------------------------------

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
        # The steps of a move change only what is highlighted, never a drawing's size: the layout measured
        # for this position and size serves every step of the move.
        key = (repr(frame.position), frame.viewer, frame.seat_order, width, height, self.shared_floor)
        if self.measured is not None and self.measured[0] == key:
            measured = self.measured[1]
            # The measured frame's drawings show its highlights: another frame's are drawn anew.
            plan = replace(measured, frame=frame, drawings=measured.drawings if measured.frame is frame else {})
        else:
            plan = replace(
                plan_table(frame, width, height, self.app.console, shared_floor=self.shared_floor), sized_for=key
            )
            self.measured = (key, plan)
        if plan.needed is None:
            self.shared_floor = plan.shared_height
        self.set_class(plan.needed is not None, "too-small")
        self.plan = plan

    # --- what the app hands the screen ------------------------------------------------

    def show(self, frame: Frame, chooser: MoveChooser | None) -> None:
        """The position, and the move being chosen (None: nobody's)."""
        self.chooser = chooser
        self.frame = frame
        self.query_one(StepLine).choices = self.step_choices()

    def add_to_log(self, line: Text, steps: int) -> None:
        """A line into the game's log, written when ``steps`` steps had been played."""
        self.log_lines.append((steps, line))
        if self.is_mounted:
            self.query_one(RichLog).write(line)

    def cut_log(self, steps: int) -> None:
        """The log as it was when ``steps`` steps had been played (an undo takes its moves out of it)."""
        self.log_lines = [(at, line) for at, line in self.log_lines if at <= steps]
        log = self.query_one(RichLog)
        log.clear()
        for _, line in self.log_lines:
            log.write(line)

    def set_entry(self, value: str) -> None:
        entry = self.query_one(Entry)
        with entry.prevent(Entry.Changed):
            entry.value = value
            entry.cursor_position = len(value)
        entry.focus()

    # --- the step being chosen --------------------------------------------------------

    def step_choices(self) -> StepChoices:
        """The next step of the move being chosen, with its choices."""
        chooser, frame = self.chooser, self.frame
        if chooser is None or frame is None:
            return StepChoices()
        if not chooser.matching():
            return StepChoices(problem=frame.view.text("no_such_move", typed=chooser.typed.strip()))
        position = frame.position
        family = position_family(position)
        choosing = chooser.choosing()
        options = chooser.options()
        labels = tuple(family.option_label(position, choosing, token, frame.view.text) for token in options)
        title = family.step_title(position, choosing, frame.view.text)
        return StepChoices(title, labels, chooser.cursor % len(options) if options else 0)

    def _stepped(self, chooser: MoveChooser, move: Move | None) -> None:
        """After a step: the move when it is decided, else the prompt, the highlights and the choices anew."""
        if move is not None:
            self.set_entry("")
            self.post_message(self.Chosen(move))
            return
        self.set_entry(chooser.typed)
        if self.frame is not None:
            self.frame = replace(self.frame, view=replace(self.frame.view, choosing=chooser.choosing()))
        self.query_one(StepLine).choices = self.step_choices()

    # --- keys, typing and clicks ------------------------------------------------------

    @on(Entry.Changed, "#prompt")
    def typed(self, event: Entry.Changed) -> None:
        value = event.value
        command = value.strip().lower()
        chooser = self.chooser
        is_move = chooser is not None and any(notation.lower().startswith(command) for notation in chooser.moves)
        if command in COMMANDS and not is_move:
            self.set_entry("")
            self.post_message(self.Command(command))
            return
        if chooser is None:
            self.set_entry("")  # nothing to choose now: what is typed is no move
            return
        move = chooser.type(value)
        if move is None and chooser.typed == value and not chooser.matching():
            self.query_one(Entry).refuse()  # the next key replaces what was refused
            self.query_one(StepLine).choices = self.step_choices()
            return
        self._stepped(chooser, move)

    @on(Entry.Submitted, "#prompt")
    def submitted(self, event: Entry.Submitted) -> None:
        chooser = self.chooser
        if chooser is None:
            self.set_entry("")
            return
        had_choices = bool(chooser.options())
        move = chooser.confirm()
        if move is not None or had_choices:
            self._stepped(chooser, move)
        elif answer := event.value.strip():
            self.post_message(self.Refused(answer))
            self.query_one(Entry).refuse()

    def on_clicked(self, event: Clicked) -> None:
        chooser = self.chooser
        if chooser is None:
            return
        if event.option is not None:
            self._stepped(chooser, chooser.pick(event.option))
        elif event.typed is not None and any(
            notation.upper().startswith(event.typed.upper()) for notation in chooser.moves
        ):
            self._stepped(chooser, chooser.type(event.typed))

    def action_cursor(self, step: int) -> None:
        if self.chooser is not None:
            self.chooser.move_cursor(step)
            self.query_one(StepLine).choices = self.step_choices()

    def action_step_back(self) -> None:
        if self.chooser is not None:
            self.chooser.back()
            self._stepped(self.chooser, None)
