"""``mozaika play``: the full-screen terminal client (Textual).

One screen shows the whole table at once: the heading (game, round, scores,
whose turn), what lies between the players, your board in full, the other
boards compact (in full where the terminal is wide enough), the next step of
your move with its choices, and the prompt. A move is chosen step by step
(keys, arrows, the mouse) or typed in notation; ``?`` asks for a hint, ``u``
undoes, ``s`` saves, ``q`` quits, ``h`` helps. Each round ends with its summary,
the game with the score by source.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from mozaika.core.errors import IllegalMoveError, MozaikaError, NotationError
from mozaika.core.protocol import Move
from mozaika.i18n import Messages
from mozaika.richview import (
    View,
    board_title,
    breakdown_table,
    fitting_boards,
    heading,
    position_family,
    round_summary,
)
from mozaika.richview.family import CLICK_KEY
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.clockview import clock_line
from mozaika.terminal.game import GameTable, RoundEnd

QUIT, SAVE, UNDO, HINT, HELP, BACK = "q", "s", "u", "?", "h", "t"
COMMANDS = (QUIT, SAVE, UNDO, HINT, HELP, BACK)


OPTION_KEY = "option"
CLOCK_TICK = 0.25
"""Seconds between two looks at a timed game's clocks (the heading counts down, a timeout is noticed)."""
STEP_LINES = 3
LOG_LINES = 200


class Clickable(Static):
    """A drawing whose tiles, spaces and choices can be clicked (their style says what a click chooses)."""

    def on_click(self, event: events.Click) -> None:
        meta = event.style.meta
        app = self.app
        if not isinstance(app, PlayApp):
            return
        if CLICK_KEY in meta:
            app.action_choose(str(meta[CLICK_KEY]))
        elif OPTION_KEY in meta:
            app.action_choose_option(int(meta[OPTION_KEY]))


class Notice(ModalScreen[bool]):
    """A page over the table (a round's summary, the help, the end of the game), closed with Enter or Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close(True)", show=False),
        Binding("q", "close(False)", show=False),
    ]
    DEFAULT_CSS = """
    Notice { align: center middle; }
    Notice > VerticalScroll { width: auto; min-width: 60; max-width: 96%; height: auto; max-height: 96%;
                              border: round $accent; background: $surface; padding: 0 1; }
    Notice Static { width: auto; max-width: 100%; }
    """

    def __init__(self, body: RenderableType, title: str, footer: str) -> None:
        super().__init__()
        self.body = body
        self.title_text = title
        self.footer_text = footer

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = self.title_text
            box.border_subtitle = self.footer_text
            yield Static(self.body)

    def action_close(self, go_on: bool) -> None:
        self.dismiss(go_on)


class Question(ModalScreen[str]):
    """A yes/no question (save before quitting?), answered with a key."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "answer('')", show=False)]
    DEFAULT_CSS = """
    Question { align: center middle; }
    Question > Static { width: auto; border: round $warning; background: $surface; padding: 0 1; }
    """

    def __init__(self, question: str, answers: tuple[str, ...]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        yield Static(Text(self.question))

    def on_key(self, event: Any) -> None:
        key = str(getattr(event, "character", "") or "").lower()
        if key in self.answers:
            event.stop()
            self.dismiss(key)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class PlayApp(App[None]):
    """A game at one keyboard: people (hot-seat) and bots, in the words of the game's rulebook."""

    TITLE = "Mozaika"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "cursor(-1)", show=False, priority=True),
        Binding("right,down", "cursor(1)", show=False, priority=True),
        Binding("escape", "step_back", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
    ]
    CSS = """
    Screen { layout: vertical; overflow: hidden hidden; }
    #heading { height: 1; padding: 0 1; background: $panel; }
    #shared { height: auto; border: round $primary 60%; border-title-align: left; padding: 0 1; }
    #boards { height: auto; }
    #mine { width: auto; height: auto; border: round $accent; border-title-align: left; padding: 0 1; }
    #mine.waiting { border: round $primary 40%; }
    #side { width: 1fr; height: auto; }
    #others { height: auto; }
    #legend { height: auto; padding: 0 1; color: $text-muted; }
    #log { height: 1fr; padding: 0 1; color: $text-muted; background: $background; scrollbar-size: 0 0; }
    #step { height: auto; max-height: 3; padding: 0 1; }
    #message { height: auto; max-height: 2; padding: 0 1; color: $text-warning; }
    #prompt { dock: bottom; height: 1; border: none; padding: 0 1; background: $boost; }
    #prompt:focus { border: none; }
    """

    def __init__(self, table: GameTable, text: Messages, *, save_dir: Path | None = None, greeting: str = "") -> None:
        super().__init__()
        self.table = table
        self.text = text.for_game(table.state.game_id)
        self.save_dir = save_dir or Path.cwd()
        self.chooser: MoveChooser | None = None
        self.taking_back = False
        """A person asked for their seat back while a bot was thinking: it is theirs after that move."""
        self.cursor = 0
        self.cursor_moved = False
        self.busy = False
        self.saving = False
        self.message_text = Text(greeting)
        self.viewer = next((seat for seat, player in enumerate(table.seats) if player.human), 0)
        self.finished = False
        self.quit_after_save = False
        self.ready = False
        self.hinting = False

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="heading")
        yield Clickable(id="shared")
        with Horizontal(id="boards"):
            yield Clickable(id="mine")
            with Vertical(id="side"):
                yield Static(id="others")
                yield Static(id="legend")
        yield RichLog(id="log", max_lines=LOG_LINES, wrap=False, markup=False)
        yield Clickable(id="step")
        yield Static(id="message")
        yield Input(id="prompt", placeholder=self.text("prompt_short"))

    def on_mount(self) -> None:
        self.ready = True
        # A steady cursor: a blinking one would draw each screenshot differently.
        self.query_one("#prompt", Input).cursor_blink = False
        self.query_one("#shared", Static).border_title = self.text("table")
        self.query_one("#prompt", Input).focus()
        if self.table.clocks is not None:
            self.set_interval(CLOCK_TICK, self.check_clock)
        self.advance()

    def on_resize(self) -> None:
        self.redraw()

    # --- the game loop ----------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def waiting_for_human(self) -> bool:
        """True when the game waits for a person's move (tests drive the app through this)."""
        return self.chooser is not None and not self.busy and not self.finished and len(self.screen_stack) == 1

    def advance(self) -> None:
        """Go on after anything changed the game: summaries first, then a bot's move or a person's."""
        self.chooser = None
        ends = self.table.take_round_ends()
        if ends:
            self.redraw()
            self._show_round_ends(ends)
            return
        if self.state.is_over:
            self.finished = True
            self.redraw()
            self._show_result()
            return
        bot = self.table.next_bot()
        if bot is not None:
            self.busy = True
            self.redraw()
            self.say(self.text("thinking", name=self.table.seats[bot].name))
            self._bot_move(bot)
            return
        seat = self.table.next_human()
        assert seat is not None
        self.viewer = seat
        self.chooser = MoveChooser(position_family(self.state.to_dict()), self.state.legal_moves(seat), seat)
        self.cursor = 0
        self.cursor_moved = False
        prompt = self.query_one("#prompt", Input)
        prompt.value = ""
        prompt.focus()
        self.redraw()

    @work(thread=True, group="bot")
    def _bot_move(self, seat: int) -> None:
        move = self.table.play_bot(seat)
        self.call_from_thread(self._bot_moved, seat, move)

    def _bot_moved(self, seat: int, move: Move) -> None:
        self.busy = False
        self.log_move(self.text("bot_played", name=self.table.seats[seat].name, move=move))
        if self.taking_back:
            self.take_seats_back()
            return
        self.advance()

    def _show_round_ends(self, ends: list[RoundEnd]) -> None:
        end = ends[0]
        body = round_summary(end.before, end.after, self.table.names, self.text, final=end.final, titled=False)
        self.table.round_ends[:0] = ends[1:]
        title = self.text("game_summary" if end.final else "round_summary_title", round=end.before["round"])
        self.push_screen(Notice(body, title, self.text("press_enter")), lambda _: self.advance())

    def _show_result(self) -> None:
        self.push_screen(
            Notice(self.result_view(), self.text("game_over"), self.text("result_keys")), self._after_result
        )

    def _after_result(self, go_on: bool | None) -> None:
        if go_on is False:
            self.exit()
        self.say(self.text("game_over_keys"))

    def result_view(self) -> RenderableType:
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
        return Group(*parts)

    # --- drawing ----------------------------------------------------------------------

    def redraw(self) -> None:
        if not self.ready:
            return
        position = self.state.to_dict()
        family = position_family(position)
        names = self.table.names
        to_move = self.state.to_move
        choosing = self.chooser.choosing() if self.chooser is not None and not self.busy else None
        view = View(text=self.text, choosing=choosing, clickable=True, names=names)
        self.query_one("#heading", Static).update(self.heading_view())
        legend = family.legend(position, self.text)
        shared: RenderableType = family.shared(position, view)
        if family.kind == "wall" and legend:
            shared = Group(shared, *legend)
            legend = []
        self.query_one("#shared", Static).update(shared)
        mine = self.query_one("#mine", Static)
        board = family.board(position, self.viewer, view, compact=False)
        mine.update(board)
        mine_width = Measurement.get(self.console, self.console.options, board).maximum + 4  # border and padding
        mine_height = self._height(board, mine_width) + 2
        mine.border_title = board_title(position, self.viewer, names, self.text, to_move)
        mine.set_class(self.viewer not in to_move, "waiting")
        others = [seat for seat in range(len(names)) if seat != self.viewer]
        side = max(10, self.size.width - mine_width)
        panels = fitting_boards(position, others, names, view, to_move, side, self.console)
        self.query_one("#others", Static).update(panels)
        # The legend where the other boards leave room beside yours, else under h (help).
        room = mine_height - self._height(panels, side)
        shown: list[RenderableType] = []
        for line in legend:
            room -= self._height(line, side - 2)
            if room < 0:
                break
            shown.append(line)
        self.query_one("#legend", Static).update(Group(*shown))
        self.query_one("#step", Static).update(self.step_view())
        self.query_one("#message", Static).update(self.message_text)

    def heading_view(self) -> Text:
        """The heading's line: the game, round, scores and who moves, and in a timed game the clocks."""
        line = heading(self.state.to_dict(), self.table.names, self.text, self.state.to_move)
        clocks = clock_line(self.table, self.text)
        if clocks:
            line.append("  ")
            line.append_text(clocks)
        return line

    def check_clock(self) -> None:
        """A timed game's tick: the clocks count down, and a person whose time ran out is replaced by the bot."""
        if not self.ready or self.finished or len(self.screen_stack) > 1:
            return  # a summary or a question is open: the table is looked at again when it closes
        if not self.query("#heading"):
            return  # the app is closing: its widgets are already gone
        gone = self.table.timed_out()
        if not gone:
            self.query_one("#heading", Static).update(self.heading_view())
            return
        for seat in gone:
            name = self.table.seats[seat].name
            self.log_move(self.text("timed_out", name=name, level=self.table.replacement_bot))
        if self.hinting:  # the hint was for a move that will not be made
            self.hinting = self.busy = False
            self.workers.cancel_group(self, "hint")
        if not self.busy:  # else the bot that is thinking goes on, then the game does
            self.advance()
        self.say(self.text("timed_out", name=self.table.seats[gone[0]].name, level=self.table.replacement_bot), "bold")

    def _height(self, drawing: RenderableType, width: int) -> int:
        """How many lines a drawing takes at this width."""
        return len(self.console.render_lines(drawing, self.console.options.update_width(max(1, width)), pad=False))

    def step_view(self) -> RenderableType:
        """The next step of the move being chosen, with its choices (the one under the cursor reversed)."""
        if self.chooser is None:
            return Text()
        if not self.chooser.matching():
            return Text(self.text("no_such_move", typed=self.chooser.typed.strip()), style="bold red")
        position = self.state.to_dict()
        family = position_family(position)
        choosing = self.chooser.choosing()
        options = self.chooser.options()
        title = Text.assemble((family.step_title(position, choosing, self.text) + ":", "bold"))
        width = max(20, self.size.width - 2)
        lines = [title]
        cursor_line = 0
        for index, token in enumerate(options):
            label = family.option_label(position, choosing, token, self.text)
            under_cursor = index == self.cursor % len(options)
            style = Style(bold=True, reverse=True) if under_cursor else Style(underline=True)
            chip = Text.assemble((f"[{label}]", style + Style.from_meta({OPTION_KEY: index})))
            # Whole choices to a line: a choice is never cut in two.
            if lines[-1].cell_len + 1 + chip.cell_len > width:
                lines.append(Text(" "))
            lines[-1].append(" ")
            lines[-1].append_text(chip)
            if under_cursor:
                cursor_line = len(lines) - 1
        # At most STEP_LINES lines, those around the cursor; the arrows reach the others.
        first = max(0, min(cursor_line - 1, len(lines) - STEP_LINES))
        shown = lines[first : first + STEP_LINES]
        if first + STEP_LINES < len(lines):
            shown[-1].append(" …", style="bold")
        return Group(*shown)

    def log_move(self, move_said: str) -> None:
        """A move into the game's log (the room the boards leave shows the latest), clearing the status line."""
        self.query_one("#log", RichLog).write(Text(move_said))
        self.say("")

    def say(self, message: str, style: str = "") -> None:
        self.message_text = Text(message, style=style)
        if self.ready:
            self.query_one("#message", Static).update(self.message_text)

    # --- input --------------------------------------------------------------------------

    @on(Input.Changed, "#prompt")
    def typed(self, event: Input.Changed) -> None:
        if self.finished and event.value.strip().lower() in COMMANDS:
            self.query_one("#prompt", Input).value = ""
            self.run_command(event.value.strip().lower())
            return
        if self.saving:
            return
        if self.chooser is None:  # the bots are playing: a command key acts at once
            if event.value.strip().lower() in COMMANDS:
                self.query_one("#prompt", Input).value = ""
                self.run_command(event.value.strip().lower())
            return
        value = event.value
        command = value.strip().lower()
        if command in COMMANDS and not any(notation.lower().startswith(command) for notation in self.chooser.moves):
            self.query_one("#prompt", Input).value = ""
            self.run_command(command)
            return
        self.chooser.typed = value
        self.cursor = 0
        self.cursor_moved = False
        move = self.chooser.decided()
        if move is not None:
            self.play(move)
            return
        self.redraw()

    @on(Input.Submitted, "#prompt")
    def submitted(self, event: Input.Submitted) -> None:
        if self.saving:
            self._save_to(event.value.strip())
            return
        if self.chooser is None:
            if event.value.strip().lower() in COMMANDS:
                self.query_one("#prompt", Input).value = ""
                self.run_command(event.value.strip().lower())
            return
        options = self.chooser.options()
        complete = self.chooser.complete()
        if complete is not None and not (self.cursor_moved and options):
            self.play(complete)
            return
        if options:
            self.action_choose_option(self.cursor % len(options))
            return
        self.explain(event.value.strip())

    def explain(self, answer: str) -> None:
        """Why what was typed is not a move here: not notation, or the rule it breaks."""
        if not answer:
            return
        try:
            move = self.state.parse_move(answer)
            trial = self.state.copy()
            trial.play(move)
        except NotationError as error:
            self.say(
                self.text(
                    "bad_input",
                    reason=error,
                    answer=answer,
                    example=next(iter(self.chooser.moves)) if self.chooser else "",
                ),
                "bold red",
            )
            return
        except IllegalMoveError as error:
            rule = error.rule or ""
            explanation = self.text.optional(f"rule_{rule}") or str(error)
            self.say(self.text("illegal", reason=error, rule=rule, explanation=explanation), "bold red")
            return
        self.say(self.text("not_yours", move=answer), "bold red")

    def play(self, move: Move) -> None:
        assert self.chooser is not None
        seat = self.chooser.seat
        prompt = self.query_one("#prompt", Input)
        with prompt.prevent(Input.Changed):
            prompt.value = ""
        self.table.play(move, seat)
        self.log_move(self.text("you_played", name=self.table.seats[seat].name, move=move))
        self.advance()

    def action_choose(self, typed: str) -> None:
        """Clicked: what the click stands for becomes what is typed (and plays a move it completes)."""
        if self.chooser is None or self.busy:
            return
        if not any(notation.upper().startswith(typed.upper()) for notation in self.chooser.moves):
            return
        self.chooser.typed = typed
        move = self.chooser.decided()
        if move is not None:
            self.play(move)
            return
        prompt = self.query_one("#prompt", Input)
        with prompt.prevent(Input.Changed):
            prompt.value = typed
            prompt.cursor_position = len(typed)
        self.cursor = 0
        self.redraw()

    def action_choose_option(self, index: int) -> None:
        if self.chooser is None:
            return
        options = self.chooser.options()
        if not options:
            return
        move = self.chooser.choose(options[index % len(options)]) or self.chooser.decided()
        if move is not None:
            self.play(move)
            return
        prompt = self.query_one("#prompt", Input)
        with prompt.prevent(Input.Changed):
            prompt.value = self.chooser.typed
            prompt.cursor_position = len(self.chooser.typed)
        self.cursor = 0
        self.cursor_moved = False
        self.redraw()

    def action_cursor(self, step: int) -> None:
        if self.chooser is None or not self.chooser.options():
            return
        self.cursor = (self.cursor + step) % len(self.chooser.options())
        self.cursor_moved = True
        self.query_one("#step", Static).update(self.step_view())

    def action_step_back(self) -> None:
        if self.saving:
            self.saving = False
            self.query_one("#prompt", Input).value = ""
            self.say("")
            return
        if self.chooser is None:
            return
        self.chooser.back()
        prompt = self.query_one("#prompt", Input)
        with prompt.prevent(Input.Changed):
            prompt.value = self.chooser.typed
        self.cursor = 0
        self.redraw()

    # --- commands ---------------------------------------------------------------------

    def run_command(self, command: str) -> None:
        if command == HELP:
            self.push_screen(Notice(self.help_view(), self.text("help_title"), self.text("press_enter")))
        elif command == HINT and not self.busy and self.chooser is not None:
            self.busy = self.hinting = True
            self.say(self.text("hint_thinking"))
            self._hint()
        elif command == UNDO and not self.busy:
            if self.table.undo():
                self.say(self.text("undone"))
                self.advance()
            else:
                self.say(self.text("nothing_to_undo"), "bold")
        elif command == SAVE and not self.busy:
            self.saving = True
            self.say(self.text("save_as", default=self.table.default_save_path()))
        elif command == BACK:
            if self.busy and not self.hinting:
                self.taking_back = True  # after the move the bot is thinking of
                self.say(self.text("seat_back_soon"))
            else:
                self.take_seats_back()
        elif command == QUIT:
            self.action_quit_game()

    def take_seats_back(self) -> None:
        """The people whose time ran out play their seats again (a timed game at one keyboard)."""
        self.taking_back = False
        returning = self.table.take_back()
        if not returning:
            self.say(self.text("nothing_to_take_back"), "bold")
            return
        names = ", ".join(self.table.seats[seat].name for seat in returning)
        self.log_move(self.text("seat_back", names=names))
        self.say(self.text("seat_back", names=names), "bold green")
        if self.hinting:
            self.hinting = self.busy = False
            self.workers.cancel_group(self, "hint")
        self.advance()

    @work(thread=True, group="hint")
    def _hint(self) -> None:
        hints = self.table.hint()
        entries = ", ".join(self.text("hint_entry", move=hint.move, value=hint.value) for hint in hints)
        self.call_from_thread(self._hinted, entries)

    def _hinted(self, entries: str) -> None:
        if not self.hinting:
            return
        self.busy = self.hinting = False
        self.say(self.text("hint", moves=entries), "bold green")

    def _save_to(self, answer: str) -> None:
        self.saving = False
        self.query_one("#prompt", Input).value = ""
        path = Path(answer) if answer else self.table.default_save_path()
        if not path.is_absolute():
            path = self.save_dir / path
        try:
            self.table.save(path)
        except (OSError, MozaikaError) as error:
            self.quit_after_save = False
            self.say(self.text("save_failed", reason=error), "bold red")
            return
        self.say(self.text("saved", path=answer or self.table.default_save_path()), "bold green")
        if self.quit_after_save:
            self.exit()

    def action_quit_game(self) -> None:
        if self.finished or not any(seat.human for seat in self.table.seats):
            self.exit()
            return
        self.push_screen(Question(self.text("quit_save"), (self.text("yes"), "y", "n")), self._quit_answered)

    def _quit_answered(self, answer: str | None) -> None:
        if answer in (self.text("yes"), "y"):
            self.saving = True
            self.say(self.text("save_as", default=self.table.default_save_path()))
            self.quit_after_save = True
            return
        if answer == "n":
            self.exit()

    def help_view(self) -> RenderableType:
        position = self.state.to_dict()
        family = position_family(position)
        parts: list[RenderableType] = [Text(self.text("help_keys"))]
        if self.table.clocks is not None:
            parts.append(Text(self.text("help_clock")))
        parts.extend(family.legend(position, self.text, every=True))
        return Group(*parts)


def run_app(table: GameTable, text: Messages) -> None:
    PlayApp(table, text).run()


__all__ = ["Notice", "PlayApp", "Question", "run_app"]
