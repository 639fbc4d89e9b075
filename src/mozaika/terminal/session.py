"""One game at the terminal: whose turn it is, what they may do, and what happened.

The session shows the table and the boards, asks each human for a move (by number
or notation, with ``?`` hint, ``u`` undo, ``s`` save, ``q`` quit), lets each bot
think behind a spinner, and ends with the scores and their breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from rich.console import Console
from rich.table import Table
from rich.text import Text

from mozaika.bots import Bot, bot_names, make_bot
from mozaika.errors import IllegalMoveError, MozaikaError, NotationError
from mozaika.files import write_atomically
from mozaika.i18n import Messages
from mozaika.protocol import Move, State
from mozaika.records import Record
from mozaika.registry import game_spec
from mozaika.richview import position_table, table_view

HINT_SECONDS = 1.0
UNDONE: Literal["undone"] = "undone"
QUIT, SAVE, UNDO, HINT, HELP = "q", "s", "u", "?", "h"


@dataclass
class Seat:
    """A place at the table: a person (``bot`` is None) or a bot, with the name shown and recorded."""

    name: str
    bot: Bot | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


def seats_from_names(names: list[str], seed: int, text: Messages) -> list[Seat]:
    """Seats from ``human`` or a bot level each (as ``--seat`` gives them), or the names a saved game recorded.

    A level used by several seats is numbered (``medium 2``, ``medium 3``) so that
    every seat has its own name; a saved name that is a level, numbered or not,
    plays as that level again; any other name is a person.
    """
    repeated = {name for name in names if name != "human" and names.count(name) > 1}
    seats = []
    for number, name in enumerate(names, start=1):
        level = _level_of(name)
        if name == "human":
            seats.append(Seat(text("human", number=number)))
        elif level is not None:
            shown = f"{name} {number}" if name in repeated else name
            seats.append(Seat(shown, make_bot(level, seed=seed * 7919 + number)))
        else:
            seats.append(Seat(name))
    return seats


def _level_of(name: str) -> str | None:
    if name in bot_names():
        return name
    stem, _, number = name.rpartition(" ")
    return stem if number.isdigit() and stem in bot_names() else None


class Session:
    """Plays ``state`` to its end with these seats, talking through ``console``."""

    def __init__(self, state: State, seats: list[Seat], console: Console, text: Messages) -> None:
        self.state = state
        self.seats = seats
        self.console = console
        self.text = text
        self.undo_stack: list[State] = []
        self.theme = game_spec(state.game_id).theme

    # --- the game loop ----------------------------------------------------------------

    def run(self) -> bool:
        """Play to the end (True) or until a player quits (False)."""
        state = self.state
        while not state.is_over:
            if state.is_chance:
                state.resolve_chance()
                continue
            seat = state.to_move[0]
            player = self.seats[seat]
            if player.bot is not None:
                self._bot_turn(player)
                continue
            self.show()
            move = self._ask(player)
            if move is None:
                return False
            if move != UNDONE:
                self.undo_stack.append(state.copy())
                state.play(move)
                self.say(self.text("you_played", name=player.name, move=move))
            state = self.state
        self.show()
        self.show_result()
        return True

    def _bot_turn(self, player: Seat) -> None:
        assert player.bot is not None
        with self.console.status(self.text("thinking", name=player.name)):
            move = player.bot.choose(self.state)
        self.state.play(move)
        self.say(self.text("bot_played", name=player.name, move=move), "bold")

    def _ask(self, player: Seat) -> Move | Literal["undone"] | None:
        """The human's move, ``UNDONE`` after an undo (the position changed), or None to quit."""
        moves = self.state.legal_moves(self.state.to_move[0])
        self.show_moves(player, moves)
        while True:
            try:
                answer = self.console.input(Text(self.text("prompt"))).strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return None
            if not answer:
                continue
            command = answer.lower()
            if command == QUIT:
                self._offer_save()
                self.say(self.text("goodbye"))
                return None
            if command == HELP:
                self.say(self.text("help"))
                continue
            if command == HINT:
                self._hint()
                continue
            if command == SAVE:
                self._save()
                continue
            if command == UNDO:
                if self._undo():
                    return UNDONE
                continue
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
        try:
            move = self.state.parse_move(answer)
        except NotationError as error:
            self.say(self.text("bad_input", reason=error, answer=answer, example=moves[0]), "red")
            return None
        if move not in moves:
            self.say(self._why_illegal(move), "red")
            return None
        return move

    def _why_illegal(self, move: Move) -> str:
        """The engine's reason (in English), or this language's explanation of the rule broken."""
        trial = self.state.copy()
        try:
            trial.play(move)
        except IllegalMoveError as error:
            rule = error.rule or ""
            explanation = self.text.optional(f"rule_{rule}") or str(error)
            return self.text("illegal", reason=error, rule=rule, explanation=explanation)
        return self.text("illegal", reason=move, rule="", explanation=str(move))

    # --- commands ---------------------------------------------------------------------

    def _hint(self) -> None:
        adviser = make_bot("expert", seconds=HINT_SECONDS, seed=len(self.state.history))
        with self.console.status(self.text("hint_thinking")):
            ranked = adviser.analyse(self.state)[:3]
        entries = ", ".join(self.text("hint_entry", move=entry.move, value=f"{entry.value:.0%}") for entry in ranked)
        self.say(self.text("hint", moves=entries), "green")

    def _undo(self) -> bool:
        if not self.undo_stack:
            self.say(self.text("nothing_to_undo"), "yellow")
            return False
        self.state = self.undo_stack.pop()
        self.say(self.text("undone"), "yellow")
        return True

    def default_save_path(self) -> Path:
        return Path(f"mozaika-{self.state.game_id}-{self.state.seed}.json")

    def _save(self) -> None:
        default = self.default_save_path()
        try:
            answer = self.console.input(Text(self.text("save_as", default=default))).strip()
        except (EOFError, KeyboardInterrupt):
            return
        path = Path(answer) if answer else default
        record = Record.from_state(self.state, [seat.name for seat in self.seats])
        try:
            write_atomically(path, record.to_json() + "\n")
        except (OSError, MozaikaError) as error:
            self.say(self.text("save_failed", reason=error), "red")
            return
        self.say(self.text("saved", path=path), "green")

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

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def show(self) -> None:
        position = self.state.to_dict()
        self.console.print()
        self.console.print(table_view(position, self.text))
        self.console.print(position_table(position, self.names(), self.text, self.state.to_move))

    def show_moves(self, player: Seat, moves: list[Move]) -> None:
        groups: list[tuple[str, list[str]]] = []
        for number, move in enumerate(moves, start=1):
            label = self._group(move)
            entry = f"[bold]{number}[/] {move}"
            if groups and groups[-1][0] == label:
                groups[-1][1].append(entry)
            else:
                groups.append((label, [entry]))
        table = Table(title=self.text("moves_header", name=player.name), show_header=False, box=None, padding=(0, 1))
        table.add_column(style="cyan", no_wrap=True)
        table.add_column()
        for label, entries in groups:
            table.add_row(label, Text.from_markup("   ".join(entries)))
        self.console.print(table)

    def _group(self, move: Move) -> str:
        text = str(move)
        name = type(move).__name__
        if name in ("TakeMove", "SplitTake", "Take"):
            source = text[0]
            where = self.text("centre") if source.upper() == "C" else self.text("factory", number=source)
            return self.text("group_take", source=where)
        if name == "Place":
            star = text[0]
            label = self.text("centre_star") if star == "C" else self.text("star", name=star)
            return self.text("group_place", star=label)
        if name == "Pass":
            return self.text("group_pass")
        if name == "Pick":
            return self.text("group_pick")
        return self.text("group_wall")

    def show_result(self) -> None:
        state = self.state
        text = self.text
        self.console.rule(text("game_over"))
        breakdown = getattr(state, "score_breakdown", None)
        if callable(breakdown):
            rows = breakdown()
            table = Table(title=text("breakdown"))
            table.add_column("")
            for name in self.names():
                table.add_column(name, justify="right")
            for part in rows[0]:
                table.add_row(text(f"part_{part}"), *[str(row[part]) for row in rows])
            self.console.print(table)
        scores = ", ".join(f"{seat.name} {score}" for seat, score in zip(self.seats, state.scores, strict=True))
        self.say(text("final_scores", scores=scores), "bold")
        winners = [self.seats[seat].name for seat in state.winners]
        best = max(state.scores)
        tied = sum(1 for score in state.scores if score == best)
        if len(winners) > 1:
            self.say(text("winners", names=", ".join(winners)), "bold green")
        else:
            self.say(text("winner", names=winners[0]), "bold green")
        if tied > len(winners):
            self.say(text("tie_break"), "green")
