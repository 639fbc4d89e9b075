"""``mozaika play --plain``: one game line by line, for screen readers, pipes and scripts.

The session prints the table and the boards before each of your moves, lists
your moves by number, asks for one (by number or notation, with ``?`` hint,
``u`` undo, ``s`` save, ``q`` quit), prints what each bot plays and each round's
summary, and ends with the scores and their breakdown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from rich.console import Console
from rich.text import Text

from mozaika.core.errors import MozaikaError, NotationError
from mozaika.core.protocol import Move
from mozaika.i18n import Messages
from mozaika.richview import TERMINAL_COLOURS, breakdown_table, position_family, position_view, round_summary
from mozaika.terminal.clockview import clock_line
from mozaika.terminal.commands import BACK, HELP, HINT, QUIT, SAVE, UNDO
from mozaika.terminal.game import GameTable
from mozaika.terminal.pages import outcome_lines, resume_command
from mozaika.terminal.refusals import why_illegal

UNDONE: Literal["undone"] = "undone"
ENDED: Literal["ended"] = "ended"


class Session:
    """Plays the game of ``table`` to its end, talking through ``console``."""

    def __init__(self, table: GameTable, console: Console, text: Messages) -> None:
        self.table = table
        self.console = console
        self.text = text.for_game(table.state.game_id)
        self.saved_at: tuple[object, ...] | None = None
        """The game's steps when it was last saved."""

    # --- the game loop ----------------------------------------------------------------

    def run(self) -> Literal["finished", "quit", "input ended"]:
        """Play to the end, until a player quits, or until the input ends (a script's moves ran out)."""
        self.table.begin()
        while not self.table.state.is_over:
            bot = self.table.next_bot()
            if bot is not None:
                self._bot_turn(bot)
                self._show_round_ends()
                continue
            seat = self.table.next_human()
            assert seat is not None
            self.show()
            move = self._ask(seat)
            if move is None:
                return "quit"
            if move == ENDED:
                return "input ended"
            if self._timed_out():  # the answer came after the deadline: the bot plays the seat
                continue
            if move != UNDONE:
                before = self.table.state.to_dict()
                self.table.play(move, seat)
                self.say(self._played(self.table.seats[seat].name, move, before))
                self._show_round_ends()
        self.show()
        self.show_result()
        return "finished"

    def _timed_out(self) -> bool:
        gone = self.table.timed_out()
        for seat in gone:
            name = self.table.seats[seat].name
            self.say(self.text("timed_out", name=name, level=self.table.replacement_bot), "bold red")
        return bool(gone)

    def _bot_turn(self, seat: int) -> None:
        name = self.table.seats[seat].name
        before = self.table.state.to_dict()
        with self.console.status(self.text("thinking", name=name)):
            move = self.table.play_bot(seat)
        self.say(self._played(name, move, before), "bold")

    def _played(self, name: str, move: Move, before: dict[str, object]) -> str:
        """Who played which move, in notation and in words (read from the position the move was made in)."""
        words = position_family(before).spoken(before, move, self.text)
        return self.text("played_words", name=name, move=move, words=words)

    def _show_round_ends(self) -> None:
        for end in self.table.take_round_ends():
            self.console.print()
            self.console.print(
                round_summary(end.before, end.after, self.table.names, self.text, final=end.final, steps=end.steps)
            )

    def _ask(self, seat: int) -> Move | Literal["undone", "ended"] | None:
        """The person's move, ``UNDONE`` after an undo (the position changed), ``ENDED`` at the input's end,
        or None to quit."""
        moves = self.table.state.legal_moves(seat)
        self.show_moves(seat, moves)
        while True:
            try:
                answer = self.console.input(Text(self.text("prompt"))).strip()
            except EOFError:
                self.console.print()
                return ENDED
            except KeyboardInterrupt:
                self.console.print()
                return None
            if not answer:
                continue
            command = answer.lower()
            if command == QUIT:
                if self.saved_at != tuple(self.table.state.history):  # nothing to lose right after a save
                    self._offer_save()
                self.say(self.text("goodbye"))
                return None
            if command == HELP:
                self._help()
            elif command == HINT:
                self._hint()
            elif command == SAVE:
                self._save()
            elif command == UNDO:
                if self.table.undo():
                    self.say(self.text("undone"), "yellow")
                    return UNDONE
                self.say(self.text("nothing_to_undo"), "yellow")
            elif command == BACK:
                returning = self.table.take_back()
                if returning:
                    names = ", ".join(self.table.seats[index].name for index in returning)
                    self.say(self.text("seat_back", names=names), "bold green")
                    return UNDONE  # who moves now is asked again
                self.say(self.text("nothing_to_take_back"), "yellow")
            else:
                move = self._read_move(answer, moves)
                if move is not None:
                    return move

    def _read_move(self, answer: str, moves: list[Move]) -> Move | None:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            self.say(self.text("bad_number", number=number, count=len(moves)), "red")
            return None
        state = self.table.state
        try:
            move = state.parse_move(answer)
        except NotationError as error:
            self.say(self.text("bad_input", reason=error, answer=answer, example=moves[0]), "red")
            return None
        if move not in moves:
            self.say(why_illegal(state, move, self.text), "red")
            return None
        return move

    # --- commands ---------------------------------------------------------------------

    def _help(self) -> None:
        """The keys, then the game's colours with their letters and what the boards' signs mean."""
        self.say(self.text("help"))
        family = position_family(self.table.state.to_dict())
        letters = TERMINAL_COLOURS[self.table.state.game_id]
        colours = ", ".join(f"{letter} {family.colour_name(letter, self.text)}" for letter in letters)
        self.say(f"{self.text('help_colours')} {colours}.")
        self.say(family.symbols_help(self.text))

    def _hint(self) -> None:
        with self.console.status(self.text("hint_thinking")):
            hints = self.table.hint()
        entries = ", ".join(self.text("hint_entry", move=hint.move, value=hint.value) for hint in hints)
        self.say(self.text("hint", moves=entries), "green")

    def _save(self) -> None:
        default = self.table.default_save_path()
        try:
            answer = self.console.input(Text(self.text("save_as", default=default))).strip()
        except (EOFError, KeyboardInterrupt):
            return
        path = Path(answer) if answer else default
        try:
            self.table.save(path)
        except (OSError, MozaikaError) as error:
            self.say(self.text("save_failed", reason=error), "red")
            return
        self.saved_at = tuple(self.table.state.history)
        self.say(self.text("saved", path=path), "green")
        self.console.print(Text(resume_command(path), style="bold"), soft_wrap=True)

    def _offer_save(self) -> None:
        try:
            answer = self.console.input(Text(self.text("quit_save"))).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return
        if answer.startswith(self.text("yes")) or answer.startswith("y"):
            self._save()

    # --- showing the game -------------------------------------------------------------

    def say(self, message: str, style: str = "") -> None:
        """Print a message as it is (no markup: moves and errors may contain brackets)."""
        self.console.print(Text(message, style=style))

    def show(self) -> None:
        state = self.table.state
        self.console.print()
        position = state.to_dict()
        self.console.print(
            position_view(position, self.table.names, self.text, state.to_move, boxed=False, stacked=True)
        )
        clocks = clock_line(self.table, self.text)
        if clocks:
            self.console.print(clocks)

    def show_moves(self, seat: int, moves: list[Move]) -> None:
        """Your moves by number, in words, a line per group (a source and colour, a star's space), read in order
        by a screen reader: ``factory 1, yellow: 1 line 1 (1Y1); 2 line 2 (1Y2)``."""
        position = self.table.state.to_dict()
        family = position_family(position)
        self.say(self.text("moves_header", name=self.table.seats[seat].name), "bold")
        groups: dict[str, list[str]] = {}
        for number, move in enumerate(moves, start=1):
            group, rest = family.move_words(position, move, self.text, brief=True)
            groups.setdefault(group, []).append(f"{number} {rest} ({move})" if rest else f"{number} ({move})")
        for group, entries in groups.items():
            self.console.print(Text(f"  {group}: " + "; ".join(entries)), soft_wrap=False)

    def show_result(self) -> None:
        state = self.table.state
        text = self.text
        names = self.table.names
        self.console.print()
        self.say(text("game_over"), "bold")
        rows = self.table.breakdown()
        if rows:
            self.console.print(breakdown_table(rows, names, text))
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, state.scores, strict=True))
        self.say(text("final_scores", scores=scores), "bold")
        for line in outcome_lines(self.table, text):
            self.console.print(line)
