"""``mozaika play``: the full-screen terminal client (Textual).

One screen shows the whole table at once (:class:`~mozaika.terminal.screens.TableScreen`):
the heading, what lies between the players, your board in full, the other boards as
the window allows, the game's log, the next step of your move with its choices, and
the prompt. A move is chosen step by step (keys, arrows, the mouse) or typed in
notation; ``?`` asks for a hint, ``u`` undoes, ``s`` saves, ``b`` shows every board,
``q`` quits, ``h`` helps. Each round ends with its summary, the game with the score by
source. The app holds the game's flow; the screens and widgets draw what it hands them.
"""

from __future__ import annotations

import os
import shlex
from enum import Enum
from pathlib import Path
from typing import ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from mozaika.core.errors import IllegalMoveError, MozaikaError, NotationError
from mozaika.core.protocol import Move, State
from mozaika.i18n import Messages
from mozaika.richview import (
    View,
    board_panel,
    breakdown_table,
    heading,
    position_family,
    position_view,
    round_summary,
)
from mozaika.richview.palette import TERMINAL_COLOURS
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.clockview import clock_line, format_left
from mozaika.terminal.game import GameTable, RoundEnd
from mozaika.terminal.layout import Frame
from mozaika.terminal.screens import Notice, Question, TableScreen
from mozaika.terminal.widgets import Clicked, Entry, Heading, MessageLine, StepChoices, StepLine

QUIT, SAVE, UNDO, HINT, HELP, BACK, BOARDS = "q", "s", "u", "?", "h", "t", "b"
COMMANDS = (QUIT, SAVE, UNDO, HINT, HELP, BACK, BOARDS)
CLOCK_TICK = 0.25
"""Seconds between two looks at a timed game's clocks (the heading counts down, a timeout is noticed)."""
STAND_IN_PACE = 2.0
"""Seconds a bot playing for a person whose time ran out takes at least a move: watchable, and time to come back."""


class Mode(Enum):
    """What the game waits for."""

    WATCHING = "watching"
    """A bot is thinking (or nothing is asked yet)."""
    CHOOSING = "choosing"
    """A person chooses a move."""
    HINTING = "hinting"
    """The adviser looks for the best moves of the person to move."""
    SAVING = "saving"
    """The prompt asks where to save."""
    OVER = "over"


class PlayApp(App[None]):
    """A game at one keyboard: people (hot-seat) and bots, in the words of the game's rulebook."""

    TITLE = "Mozaika"
    CSS_PATH = "styles/play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "cursor(-1)", show=False, priority=True),
        Binding("right,down", "cursor(1)", show=False, priority=True),
        Binding("escape", "step_back", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
        Binding("t", "take_back", show=False),
    ]

    def __init__(
        self,
        table: GameTable,
        text: Messages,
        *,
        save_dir: Path | None = None,
        greeting: str = "",
        stand_in_pace: float = STAND_IN_PACE,
    ) -> None:
        # NO_COLOR (no-color.org): no colour codes at all, not Textual's grey shades; tiles keep their letters.
        super().__init__(ansi_color=True if "NO_COLOR" in os.environ else None)
        self.table = table
        self.text = text.for_game(table.state.game_id)
        self.save_dir = save_dir or Path.cwd()
        self.stand_in_pace = stand_in_pace
        self.mode = Mode.WATCHING
        self.chooser: MoveChooser | None = None
        self.cursor = 0
        self.cursor_moved = False
        self.message_text = Text(greeting)
        self.viewer = next((seat for seat, player in enumerate(table.seats) if player.human), 0)
        self.taking_back = False
        """A person asked for their seat back while a bot was thinking: it is theirs after that move."""
        self.quit_after_save = False
        self.deferred = False
        """The game went on while a page was open over the table: it goes on when the page closes."""
        self.summaries: list[RoundEnd] = []
        self.log_lines: list[tuple[int, Text]] = []
        """The log: each line with the number of steps played when it was written (an undo cuts it there)."""
        self.saved_to: Path | None = None
        self.mode_before_saving = Mode.CHOOSING
        self.table_screen = TableScreen(self._placeholder())

    # --- the screen -------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.mode is Mode.OVER

    @property
    def busy(self) -> bool:
        """A bot or the adviser is thinking."""
        return self.mode in (Mode.WATCHING, Mode.HINTING)

    @property
    def choosing_now(self) -> MoveChooser | None:
        """The chooser of the person choosing a move now (the adviser may be thinking meanwhile), else None."""
        return self.chooser if self.mode in (Mode.CHOOSING, Mode.HINTING) else None

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def table_on_top(self) -> bool:
        return self.screen is self.table_screen

    @property
    def waiting_for_human(self) -> bool:
        """True when the game waits for a person's move (tests drive the app through this)."""
        return self.mode is Mode.CHOOSING and self.table_on_top

    def on_mount(self) -> None:
        self.push_screen(self.table_screen)
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        self.table.begin()  # the clocks start once the table is on screen
        if self.table.clocks is not None:
            self.set_interval(CLOCK_TICK, self.check_clock)
        self.advance()

    def on_table_screen_shown(self) -> None:
        if self.table_on_top and self.deferred:
            self.advance()

    def redraw(self) -> None:
        """Hand the table screen the position, the step being chosen, the heading and the message."""
        screen = self.table_screen
        if not screen.is_mounted:
            return
        chooser = self.choosing_now
        choosing = chooser.choosing() if chooser is not None else None
        names = self.table.names
        view = View(text=self.text, choosing=choosing, clickable=True, names=names)
        hot_seat = len(self.table.people) > 1
        screen.frame = Frame(
            self.state.to_dict(), tuple(names), tuple(self.state.to_move), self.viewer, view, seat_order=hot_seat
        )
        screen.query_one(Heading).lines = self.heading_lines()
        screen.query_one(StepLine).choices = self.step_choices()
        screen.query_one(MessageLine).message = self.message_text
        screen.query_one(Entry).placeholder = self._placeholder()

    def _placeholder(self) -> str:
        if self.mode is Mode.SAVING:
            return self.text("save_placeholder", default=self.table.default_save_path())
        if self.mode is Mode.OVER:
            return self.text("game_over_keys")
        return self.text("prompt_short")

    def heading_view(self, *, compact: bool = False) -> Text:
        """The heading's line: the game, round, scores and who moves, and in a timed game the clocks."""
        line = heading(self.state.to_dict(), self.table.names, self.text, self.state.to_move, compact=compact)
        clocks = clock_line(self.table, self.text)
        if clocks:
            line.append("  ")
            line.append_text(clocks)
        return line

    def heading_lines(self) -> tuple[Text, ...]:
        """The heading in full, and without the game's name for a narrow window."""
        return self.heading_view(), self.heading_view(compact=True)

    def step_choices(self) -> StepChoices:
        """The next step of the move being chosen, with its choices."""
        chooser = self.choosing_now
        if chooser is None:
            return StepChoices()
        if not chooser.matching():
            return StepChoices(problem=self.text("no_such_move", typed=chooser.typed.strip()))
        position = self.state.to_dict()
        family = position_family(position)
        choosing = chooser.choosing()
        options = chooser.options()
        labels = tuple(family.option_label(position, choosing, token, self.text) for token in options)
        title = family.step_title(position, choosing, self.text)
        return StepChoices(title, labels, self.cursor % len(options) if options else 0)

    def log_move(self, line: str) -> None:
        """A line into the game's log (the room the boards leave shows the latest), clearing the message."""
        entry = Text(line)
        self.log_lines.append((len(self.state.history), entry))
        if self.table_screen.is_mounted:
            self.table_screen.query_one("#log").write(entry)  # type: ignore[attr-defined]
        self.say("")

    def say(self, message: str | Text, style: str = "") -> None:
        self.message_text = message if isinstance(message, Text) else Text(message, style=style)
        if self.table_screen.is_mounted:
            self.table_screen.query_one(MessageLine).message = self.message_text

    # --- the game's flow ----------------------------------------------------------------

    def advance(self) -> None:
        """Go on after anything changed the game: summaries first, then a bot's move or a person's."""
        if not self.table_on_top or self.mode is Mode.SAVING:
            self.deferred = True  # one page at a time: the game goes on when this one (or the saving) closes
            return
        self.deferred = False
        self.chooser = None
        self.summaries += self.table.take_round_ends()
        if self.summaries:
            self.mode = Mode.WATCHING
            self.redraw()
            self._show_summary(self.summaries.pop(0))
            return
        if self.state.is_over:
            self.mode = Mode.OVER
            self.redraw()
            self._show_result()
            return
        bot = self.table.next_bot()
        if bot is not None:
            self.mode = Mode.WATCHING
            self.redraw()
            self.say(self.text("thinking", name=self.table.seats[bot].name))
            self._bot_move(bot, len(self.state.history))
            return
        seat = self.table.next_human()
        assert seat is not None
        self.viewer = seat
        self.chooser = MoveChooser(position_family(self.state.to_dict()), self.state.legal_moves(seat), seat)
        self.mode = Mode.CHOOSING
        self.cursor, self.cursor_moved = 0, False
        self._set_entry("")
        self.redraw()

    @work(thread=True, group="bot")
    def _bot_move(self, seat: int, steps: int) -> None:
        started = self.table.now()
        move = self.table.choose_bot(seat)
        wait = self.stand_in_pace - (self.table.now() - started) if self.table.seats[seat].timed_out else 0.0
        self.call_from_thread(self._bot_chose, seat, steps, move, max(0.0, wait))

    def _bot_chose(self, seat: int, steps: int, move: Move, wait: float) -> None:
        if wait > 0:  # a stand-in plays at a person's pace: the others can follow, its person can come back
            self.set_timer(wait, lambda: self._bot_moved(seat, steps, move))
        else:
            self._bot_moved(seat, steps, move)

    def _bot_moved(self, seat: int, steps: int, move: Move) -> None:
        if len(self.state.history) != steps or self.table.seats[seat].human:
            return  # the game moved on meanwhile, or the seat was taken back: this move is not made
        stand_in = self.table.seats[seat].timed_out
        self.table.play(move, seat)
        name = self.table.seats[seat].name
        if stand_in:
            self.log_move(self.text("stand_in_played", name=name, level=self.table.replacement_bot, move=move))
        else:
            self.log_move(self.text("bot_played", name=name, move=move))
        if self.taking_back:
            self.take_seats_back()
            return
        self.advance()

    def _show_summary(self, end: RoundEnd) -> None:
        names = self.table.names
        body = round_summary(end.before, end.after, names, self.text, final=end.final, titled=False, steps=end.steps)
        title = self.text("game_summary" if end.final else "round_summary_title", round=end.before["round"])
        self.push_screen(Notice(body, title, self.text("press_enter"), kind="summary"), lambda _: self.advance())

    def _show_result(self) -> None:
        self.push_screen(
            Notice(self.result_view(), self.text("game_over"), self.text("result_keys"), kind="result"),
            self._after_result,
        )

    def _after_result(self, go_on: bool | None) -> None:
        if go_on is False:
            self.exit()
            return
        self.say(self.text("game_over_keys"))

    def result_view(self) -> RenderableType:
        """The score by source, the winners, and who played whose moves after a timeout."""
        state = self.state
        names = self.table.names
        rows = self.table.breakdown()
        parts: list[RenderableType] = [breakdown_table(rows, names, self.text)] if rows else []
        winners = [names[seat] for seat in state.winners]
        key = "winners" if len(winners) > 1 else "winner"
        parts.append(Text(self.text(key, names=", ".join(winners)), style="bold"))
        best = max(state.scores)
        if sum(1 for score in state.scores if score == best) > len(winners):
            parts.append(Text(self.text("tie_break")))
        for seat in self.table.people:
            stood_in, made = self.table.stand_in_moves(seat)
            if stood_in:
                level = self.table.replacement_bot
                share = self.text("stand_in_share", name=names[seat], count=stood_in, moves=made, level=level)
                parts.append(Text(share, style="italic"))
        return Group(*parts)

    def farewell(self) -> RenderableType:
        """What stays on the terminal after the app closes: the position and scores, the result, where it was saved."""
        position = self.state.to_dict()
        parts: list[RenderableType] = [position_view(position, self.table.names, self.text, self.state.to_move)]
        if self.state.is_over:
            parts.append(self.result_view())
        if self.saved_to is not None:
            parts.append(Text(self.text("saved", path=self.saved_to)))
            parts.append(Text(self._resume_command(self.saved_to), no_wrap=True))
        return Group(*parts)

    # --- the clocks -------------------------------------------------------------------

    def check_clock(self) -> None:
        """A timed game's tick: the clocks count down, and a person whose time ran out is replaced by the bot."""
        if not self.table_screen.is_mounted or not self.table_screen.query("#heading"):
            return  # the app is closing: its widgets are already gone
        self.table_screen.query_one(Heading).lines = self.heading_lines()
        if self.finished or self.mode is Mode.SAVING or not self.table_on_top:
            return  # a page or the saving is open: the table is looked at again when it closes
        gone = self.table.timed_out()
        if not gone:
            return
        level = self.table.replacement_bot
        for seat in gone:
            self.log_move(self.text("timed_out", name=self.table.seats[seat].name, level=level))
        if self.mode is Mode.HINTING:  # the hint was for a move that will not be made
            self.workers.cancel_group(self, "hint")
        if self.table.alone_with_bots:
            self._offer_fresh_bank(gone[0])
            return
        if self.mode is not Mode.WATCHING:  # else the bot that is thinking goes on, then the game does
            self.advance()
        self.say(self.text("timed_out_back", name=self.table.seats[gone[0]].name, level=level), "bold")

    def _offer_fresh_bank(self, seat: int) -> None:
        """One person against bots: nobody waits, so the game pauses and asks how to go on (R-22)."""
        self.mode = Mode.WATCHING
        self.chooser = None
        self.redraw()
        control = self.table.control
        bank = format_left(control.bank, control.is_real_time) if control is not None else ""
        question = self.text(
            "timeout_question", name=self.table.seats[seat].name, bank=bank, level=self.table.replacement_bot
        )
        self.push_screen(Question(question, ("enter", "b"), kind="timeout"), self._fresh_bank_answered)

    def _fresh_bank_answered(self, answer: str | None) -> None:
        if answer == "b":
            self.say(self.text("stand_in_finishes", level=self.table.replacement_bot))
            self.advance()
        else:
            self.take_seats_back()

    def action_take_back(self) -> None:
        """``t`` from any page: the people whose time ran out get their seats back (after a bot's move in progress)."""
        self.run_command(BACK)

    # --- input --------------------------------------------------------------------------

    def _set_entry(self, value: str) -> None:
        if not self.table_screen.is_mounted:
            return
        entry = self.table_screen.query_one(Entry)
        with entry.prevent(Entry.Changed):
            entry.value = value
            entry.cursor_position = len(value)
        entry.focus()

    def _entry(self) -> Entry:
        return self.table_screen.query_one(Entry)

    @on(Entry.Changed, "#prompt")
    def typed(self, event: Entry.Changed) -> None:
        if self.mode is Mode.SAVING:
            return
        value = event.value
        command = value.strip().lower()
        chooser = self.choosing_now
        is_move = chooser is not None and any(notation.lower().startswith(command) for notation in chooser.moves)
        if command in COMMANDS and (chooser is None or not is_move):
            self._set_entry("")
            self.run_command(command)
            return
        if chooser is None:
            self._set_entry("")  # nothing to choose now: what is typed is no move
            return
        chooser.typed = value
        self.cursor, self.cursor_moved = 0, False
        move = chooser.decided() or chooser.by_shortcut()
        if move is not None:
            self.play(move)
            return
        if chooser.typed != value:  # a short key took a step
            self._set_entry(chooser.typed)
        elif not chooser.matching():
            self._entry().refuse()  # the next key replaces what was refused
        self.redraw()

    @on(Entry.Submitted, "#prompt")
    def submitted(self, event: Entry.Submitted) -> None:
        if self.mode is Mode.SAVING:
            self._save_to(event.value.strip())
            return
        chooser = self.choosing_now
        if chooser is None:
            self._set_entry("")
            return
        options = chooser.options()
        complete = chooser.complete()
        if complete is not None and not (self.cursor_moved and options):
            self.play(complete)
            return
        if options:
            self.action_choose_option(self.cursor % len(options))
            return
        self.explain(event.value.strip())
        self._entry().refuse()

    def explain(self, answer: str) -> None:
        """Why what was typed is not a move here: not notation, or the rule it breaks."""
        if not answer:
            return
        try:
            move = self.state.parse_move(answer)
            trial = self.state.copy()
            trial.play(move)
        except NotationError as error:
            example = next(iter(self.chooser.moves)) if self.chooser else ""
            self.say(self.text("bad_input", reason=error, answer=answer, example=example), "bold red")
            return
        except IllegalMoveError as error:
            rule = error.rule or ""
            explanation = self.text.optional(f"rule_{rule}") or str(error)
            self.say(self.text("illegal", reason=error, rule=rule, explanation=explanation), "bold red")
            return
        self.say(self.text("not_yours", move=answer), "bold red")

    def play(self, move: Move) -> None:
        assert self.chooser is not None
        if self.mode is Mode.HINTING:  # the move is made: the hint is no longer wanted
            self.workers.cancel_group(self, "hint")
        seat = self.chooser.seat
        self._set_entry("")
        self.table.play(move, seat)
        self.log_move(self.text("you_played", name=self.table.seats[seat].name, move=move))
        self.advance()

    def on_clicked(self, event: Clicked) -> None:
        if event.typed is not None:
            self.action_choose(event.typed)
        elif event.option is not None:
            self.action_choose_option(event.option)

    def action_choose(self, typed: str) -> None:
        """Clicked: what the click stands for becomes what is typed (and plays a move it completes)."""
        chooser = self.choosing_now
        if chooser is None:
            return
        if not any(notation.upper().startswith(typed.upper()) for notation in chooser.moves):
            return
        chooser.typed = typed
        move = chooser.decided()
        if move is not None:
            self.play(move)
            return
        self._set_entry(typed)
        self.cursor = 0
        self.redraw()

    def action_choose_option(self, index: int) -> None:
        chooser = self.choosing_now
        if chooser is None:
            return
        options = chooser.options()
        if not options:
            return
        move = chooser.choose(options[index % len(options)]) or chooser.decided()
        if move is not None:
            self.play(move)
            return
        self._set_entry(chooser.typed)
        self.cursor, self.cursor_moved = 0, False
        self.redraw()

    def action_cursor(self, step: int) -> None:
        if not self.table_on_top:  # a page over the table: the arrows scroll it
            for page in self.screen.query(VerticalScroll):
                page.scroll_relative(y=3 * step, animate=False)
            return
        chooser = self.choosing_now
        if chooser is None or not chooser.options():
            return
        self.cursor = (self.cursor + step) % len(chooser.options())
        self.cursor_moved = True
        self.table_screen.query_one(StepLine).choices = self.step_choices()

    def action_step_back(self) -> None:
        if self.mode is Mode.SAVING:
            self.quit_after_save = False
            self.say("")
            self._end_saving()
            return
        chooser = self.choosing_now
        if chooser is None:
            return
        chooser.back()
        self._set_entry(chooser.typed)
        self.cursor = 0
        self.redraw()

    # --- commands ---------------------------------------------------------------------

    def run_command(self, command: str) -> None:
        if command == HELP:
            self.push_screen(Notice(self.help_view(), self.text("help_title"), self.text("press_enter"), kind="help"))
        elif command == BOARDS:
            self.push_screen(Notice(self.boards_view(), self.text("boards_title"), self.text("press_enter")))
        elif command == HINT and self.mode is Mode.CHOOSING:
            self.mode = Mode.HINTING
            self.say(self.text("hint_thinking"))
            self._hint()
        elif command == UNDO and self.mode in (Mode.CHOOSING, Mode.OVER):
            self._undo()
        elif command == SAVE and self.mode in (Mode.CHOOSING, Mode.OVER):
            self._ask_where_to_save()
        elif command == BACK:
            if self.mode is Mode.WATCHING and self.table.next_bot() is not None and self.table_on_top:
                self.taking_back = True  # after the move the bot is thinking of
                self.say(self.text("seat_back_soon"))
            else:
                self.take_seats_back()
        elif command == QUIT:
            self.action_quit_game()

    def _undo(self) -> None:
        if not self.table.undo():
            self.say(self.text("nothing_to_undo"), "bold")
            return
        steps = len(self.state.history)
        self.log_lines = [(at, line) for at, line in self.log_lines if at <= steps]
        self.table_screen.write_log([line for _, line in self.log_lines])
        self.summaries.clear()
        self.say(self.text("undone"))
        self.advance()

    def take_seats_back(self) -> None:
        """The people whose time ran out play their seats again, each with a fresh bank (R-22)."""
        self.taking_back = False
        returning = self.table.take_back()
        if not returning:
            self.say(self.text("nothing_to_take_back"), "bold")
            return
        names = ", ".join(self.table.seats[seat].name for seat in returning)
        self.log_move(self.text("seat_back", names=names))
        self.say(self.text("seat_back", names=names), "bold green")
        if self.mode is Mode.HINTING:
            self.workers.cancel_group(self, "hint")
        self.mode = Mode.WATCHING
        self.advance()

    @work(thread=True, group="hint")
    def _hint(self) -> None:
        hints = self.table.hint()
        entries = ", ".join(self.text("hint_entry", move=hint.move, value=hint.value) for hint in hints)
        self.call_from_thread(self._hinted, entries)

    def _hinted(self, entries: str) -> None:
        if self.mode is not Mode.HINTING:
            return
        self.mode = Mode.CHOOSING
        self.say(self.text("hint", moves=entries), "bold green")

    def _ask_where_to_save(self) -> None:
        self.mode_before_saving = self.mode
        self.mode = Mode.SAVING
        self._set_entry("")
        self.say(self.text("save_question"), "bold")
        self.redraw()

    def _end_saving(self) -> None:
        """Back to where the game was before the prompt asked where to save (and on, if it went on meanwhile)."""
        self.mode = self.mode_before_saving
        self._set_entry("")
        self.redraw()
        if self.deferred:
            self.advance()

    def _save_to(self, answer: str) -> None:
        path = Path(answer).expanduser() if answer else self.table.default_save_path()
        if not path.is_absolute():
            path = self.save_dir / path
        try:
            self.table.save(path)
        except (OSError, MozaikaError) as error:
            self.quit_after_save = False
            self.say(self.text("save_failed", reason=error), "bold red")
            self._end_saving()
            return
        shown = Path(answer) if answer else self.table.default_save_path()
        self.saved_to = shown
        saved = Text(self.text("saved", path=shown), style="bold green")
        saved.append("\n")
        saved.append(self._resume_command(shown), style="bold")
        self.say(saved)
        if self.quit_after_save:
            self.exit()
            return
        self._end_saving()

    def _resume_command(self, path: Path) -> str:
        return f"mozaika play --resume {shlex.quote(str(path))}"

    def action_quit_game(self) -> None:
        if isinstance(self.screen, Question) and self.screen.kind == "quit":
            self.exit()  # a second Ctrl+C (or q) at the question quits without saving
            return
        if self.finished or not self.table.people:
            self.exit()
            return
        question = Question(self.text("quit_save"), (self.text("yes"), "y", "n"), kind="quit")
        self.push_screen(question, self._quit_answered)

    def _quit_answered(self, answer: str | None) -> None:
        if answer in (self.text("yes"), "y"):
            self.quit_after_save = True
            self._ask_where_to_save()
            return
        if answer == "n":
            self.exit()

    # --- pages ------------------------------------------------------------------------

    def help_view(self) -> RenderableType:
        """The keys, the colours and their letters, the clock's key and every special piece of this game."""
        position = self.state.to_dict()
        family = position_family(position)
        parts: list[RenderableType] = [Text(self.text("help_keys"))]
        colours = Text(self.text("help_colours") + " ", style="bold")
        for letter in TERMINAL_COLOURS[self.state.game_id]:
            colours.append_text(family.painter.tile(letter))
            colours.append(f" {letter} {family.colour_name(letter, self.text)}   ")
        parts.append(colours)
        if self.table.clocks is not None:
            parts.append(Text(self.text("help_clock")))
        parts.extend(family.legend(position, self.text, every=True))
        return Group(*parts)

    def boards_view(self) -> RenderableType:
        """Every board in full, side by side as the window allows (the page scrolls with the arrow keys)."""
        position = self.state.to_dict()
        names = self.table.names
        view = View(text=self.text, names=names)
        seats = range(len(names))
        return Columns([board_panel(position, seat, names, view, self.state.to_move) for seat in seats])


def run_app(table: GameTable, text: Messages) -> None:
    PlayApp(table, text).run()


__all__ = ["Mode", "Notice", "PlayApp", "Question", "run_app"]
