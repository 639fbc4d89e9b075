"""``mozaika play``: the full-screen terminal client (Textual).

One screen shows the whole table at once (:class:`~mozaika.terminal.tablescreen.TableScreen`):
the heading, what lies between the players, your board in full, the other boards as
the window allows, the game's log, the next step of your move with its choices, and
the prompt. A move is chosen step by step (keys, arrows, the mouse) or typed in
notation; ``?`` asks for a hint, ``u`` undoes, ``s`` saves, ``b`` shows every board,
``q`` quits, ``h`` helps. Each round ends with its summary, the game with the score by
source. The app holds the game's flow; the screens and widgets draw what it hands them.
"""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import App
from textual.binding import Binding, BindingType

from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import Move, State
from mozaika.i18n import Messages
from mozaika.richview import View, position_family
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.clockview import format_left
from mozaika.terminal.commands import BACK, BOARDS, HELP, HINT, QUIT, SAVE, UNDO
from mozaika.terminal.game import GameTable, RoundEnd
from mozaika.terminal.layout import Frame
from mozaika.terminal.pages import (
    boards_page,
    farewell_page,
    heading_line,
    help_page,
    result_page,
    resume_command,
    summary_page,
)
from mozaika.terminal.refusals import why_not
from mozaika.terminal.screens import Notice, Question, SaveAs
from mozaika.terminal.tablescreen import TableScreen
from mozaika.terminal.widgets import Entry, Heading, MessageLine

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
    OVER = "over"


class PlayApp(App[None]):
    """A game at one keyboard: people (hot-seat) and bots, in the words of the game's rulebook."""

    TITLE = "Mozaika"
    CSS_PATH = "styles/play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_game", show=False, priority=True),
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
        self.message_text = Text(greeting)
        self.viewer = next((seat for seat, player in enumerate(table.seats) if player.human), 0)
        self.taking_back = False
        """A person asked for their seat back while a bot was thinking: it is theirs after that move."""
        self.quit_after_save = False
        self.deferred = False
        """The game went on while a page was open over the table: it goes on when the page closes."""
        self.begun = False
        """The table has been on screen: its clocks run from then, and the game goes on."""
        self.summaries: list[RoundEnd] = []
        self.saved_to: Path | None = None
        self.saved_at: tuple[object, ...] | None = None
        """The game as it was saved last (its steps): quitting right after a save asks nothing."""
        self.table_screen = TableScreen(self.text("table"), self._placeholder())

    # --- the screen -------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.mode is Mode.OVER

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
        self.begun = True
        if self.table.clocks is not None:
            self.set_interval(CLOCK_TICK, self.check_clock)
        self.advance()

    def on_table_screen_shown(self) -> None:
        if self.table_on_top and self.deferred:
            self.advance()

    def redraw(self) -> None:
        """Hand the table screen the position and the move being chosen, the heading and the message."""
        screen = self.table_screen
        if not screen.is_mounted:
            return
        chooser = self.choosing_now
        names = self.table.names
        view = View(self.text, chooser.choosing() if chooser is not None else None, clickable=True, names=names)
        position, to_move = self.state.to_dict(), tuple(self.state.to_move)
        frame = Frame(position, tuple(names), to_move, self.viewer, view, seat_order=len(self.table.people) > 1)
        screen.show(frame, chooser)
        screen.query_one(Heading).lines = self.heading_lines()
        screen.query_one(MessageLine).message = self.message_text
        screen.query_one(Entry).reminders = self._reminders()

    def _placeholder(self) -> str:
        return self._reminders()[0]

    def _reminders(self) -> tuple[str, ...]:
        """The prompt's reminders of the keys, fullest first: the table's entry shows the fullest that fits."""
        if self.mode is Mode.OVER:
            return (self.text("game_over_keys"), self.text("game_over_keys_short"))
        keys = tuple(self.text(key) for key in ("prompt_short", "prompt_keys", "prompt_tiny"))
        if any(seat.timed_out for seat in self.table.seats):
            # A stand-in plays a seat: t takes it back, from any of the reminders.
            return tuple(self.text("prompt_seat_back", keys=line) for line in keys)
        return keys

    def heading_view(self, *, compact: bool = False, short_name: bool = False) -> Text:
        """The heading's line: the game, round, scores and who moves, and in a timed game the clocks."""
        return heading_line(self.table, self.text, compact=compact, short_name=short_name)

    def heading_lines(self) -> tuple[Text, ...]:
        """The heading in full, with the game's short name, and without it for a narrow window."""
        return self.heading_view(), self.heading_view(short_name=True), self.heading_view(compact=True)

    def log_move(self, line: str) -> None:
        """A line into the game's log (the room the boards leave shows the latest), clearing the message."""
        self.table_screen.add_to_log(Text(line), len(self.state.history))
        self.say("")

    def say(self, message: str | Text, style: str = "") -> None:
        self.message_text = message if isinstance(message, Text) else Text(message, style=style)
        if self.table_screen.is_mounted:
            self.table_screen.query_one(MessageLine).message = self.message_text

    # --- the game's flow ----------------------------------------------------------------

    def advance(self) -> None:
        """Go on after anything changed the game: summaries first, then a bot's move or a person's."""
        if not self.table_on_top:
            self.deferred = True  # one page at a time: the game goes on when this one closes
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
        self.table_screen.set_entry("")
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
        body = summary_page(end, self.table.names, self.text)
        title = self.text("game_summary" if end.final else "round_summary_title", round=end.before["round"])
        self.push_screen(Notice(body, title, self.text("press_enter"), kind="summary"), lambda _: self.advance())

    def _show_result(self) -> None:
        body = result_page(self.table, self.text)
        self.push_screen(
            Notice(body, self.text("game_over"), self.text("result_keys"), kind="result"), self._after_result
        )

    def _after_result(self, go_on: bool | None) -> None:
        if go_on is False:
            self.exit()  # (Enter: the boards stay to be looked at; the prompt says what is left to do)

    def farewell(self) -> RenderableType:
        """What stays on the terminal after the app closes (``mozaika play`` prints it)."""
        return farewell_page(self.table, self.text, self.saved_to)

    # --- the clocks -------------------------------------------------------------------

    def check_clock(self) -> None:
        """A timed game's tick: the clocks count down, and a person whose time ran out is replaced by the bot."""
        if not self.table_screen.is_mounted or not self.table_screen.query("#heading"):
            return  # the app is closing: its widgets are already gone
        self.table_screen.query_one(Heading).lines = self.heading_lines()
        if self.finished or not self.table_on_top:
            return  # a page is open: the table is looked at again when it closes
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

    # --- what the person at the table does ---------------------------------------------

    def on_table_screen_chosen(self, message: TableScreen.Chosen) -> None:
        if self.choosing_now is not None:
            self.play(message.move)

    def on_table_screen_command(self, message: TableScreen.Command) -> None:
        self.run_command(message.command)

    def on_table_screen_refused(self, message: TableScreen.Refused) -> None:
        chooser = self.choosing_now
        example = next(iter(chooser.moves)) if chooser is not None else ""
        self.say(why_not(self.state, message.answer, self.text, example), "bold red")

    def play(self, move: Move) -> None:
        assert self.chooser is not None
        if self.mode is Mode.HINTING:  # the move is made: the hint is no longer wanted
            self.workers.cancel_group(self, "hint")
        seat = self.chooser.seat
        self.table.play(move, seat)
        self.log_move(self.text("you_played", name=self.table.seats[seat].name, move=move))
        self.advance()

    # --- commands ---------------------------------------------------------------------

    def run_command(self, command: str) -> None:
        if command == HELP:
            self.push_screen(
                Notice(help_page(self.table, self.text), self.text("help_title"), self.text("press_enter"), kind="help")
            )
        elif command == BOARDS:
            self.push_screen(
                Notice(
                    boards_page(self.table, self.text),
                    self.text("boards_title"),
                    self.text("press_enter"),
                    kind="boards",
                )
            )
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
        self.table_screen.cut_log(len(self.state.history))
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
        self.call_from_thread(self._hinted, entries, [str(hint.move) for hint in hints])

    def _hinted(self, entries: str, moves: list[str]) -> None:
        if self.mode is not Mode.HINTING:
            return
        self.mode = Mode.CHOOSING
        if self.chooser is not None:
            self.chooser.hinted = set(moves)
        self.say(self.text("hint", moves=entries), "bold green")

    def _ask_where_to_save(self) -> None:
        suggested = str(self.table.default_save_path())
        keys = self.text("save_keys", default=suggested)
        self.push_screen(SaveAs(self.text("save_question"), keys, suggested), self._save_to)

    def _save_to(self, answer: str | None) -> None:
        """Save where the person said (``""``: the file suggested; None: they did not want to after all)."""
        if answer is None:
            self.quit_after_save = False
            return
        path = Path(answer).expanduser() if answer else self.table.default_save_path()
        if not path.is_absolute():
            path = self.save_dir / path
        try:
            self.table.save(path)
        except (OSError, MozaikaError) as error:
            self.quit_after_save = False
            self.say(self.text("save_failed", reason=error), "bold red")
            return
        shown = Path(answer) if answer else self.table.default_save_path()
        self.saved_to = shown
        self.saved_at = tuple(self.state.history)
        saved = Text(self.text("saved", path=shown), style="bold green")
        saved.append("\n")
        saved.append(resume_command(shown), style="bold")
        self.say(saved)
        if self.quit_after_save:
            self.exit()

    def action_quit_game(self) -> None:
        if isinstance(self.screen, Question) and self.screen.kind == "quit":
            self.exit()  # a second Ctrl+C (or q) at the question quits without saving
            return
        if self.finished or not self.table.people or self.saved_at == tuple(self.state.history):
            self.exit()  # nothing to lose: no game of a person's, or nothing played since it was saved
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


__all__ = ["Mode", "Notice", "PlayApp", "Question"]
