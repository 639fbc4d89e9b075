"""One game at one keyboard, whichever client shows it: seats, moves, undo, hints, saving, round summaries.

Both terminal clients (the full-screen one and ``--plain``) drive a game through
a :class:`GameTable`; it knows nothing of screens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mozaika.bots import LEVELS, Bot, bot_names, make_bot
from mozaika.files import write_atomically
from mozaika.i18n import Messages
from mozaika.protocol import Move, State
from mozaika.records import Record, replay

HINT_BOT = "expert"
HINT_SECONDS = 1.0
HINT_MOVES = 3


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


@dataclass(frozen=True)
class RoundEnd:
    """A finished round: the position when it began and when it was scored (the game's end when ``final``)."""

    before: dict[str, Any]
    after: dict[str, Any]
    final: bool


@dataclass(frozen=True)
class Hint:
    move: Move
    value: str


@dataclass
class _Undo:
    state: State
    round_start: dict[str, Any]


@dataclass
class GameTable:
    """A game and the seats around it, with what the clients need to offer undo, hints, saving and summaries."""

    state: State
    seats: list[Seat]
    hint_bot: str = HINT_BOT
    hint_seconds: float = HINT_SECONDS
    round_start: dict[str, Any] = field(default_factory=dict)
    round_ends: list[RoundEnd] = field(default_factory=list)
    _undo: list[_Undo] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.round_start:
            self.round_start = self.state.to_dict()

    @classmethod
    def resume(cls, record: Record, text: Messages, **settings: Any) -> GameTable:
        """A saved game, continued: every move its people made can be undone, as if it had never stopped."""
        replay(record)  # every step checked first, so that a bad record fails with the step and rule broken
        seats = seats_from_names(record.players, record.seed, text)
        state = record.start()
        table = cls(state, seats, **settings)
        for step in record.steps:
            if state.is_chance:
                state.apply_chance(step)
                table._after_step()
                continue
            move = state.parse_move(step)
            seat = table._mover(move)
            table._remember(seat)
            state.play(move)
            table._after_step()
        state.auto_chance = True
        state.resolve_chance()
        table._after_step()
        table.round_ends.clear()
        return table

    # --- who moves ----------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def next_bot(self) -> int | None:
        """A bot seat that must decide now (bots move before people when several seats decide at once)."""
        return next((seat for seat in self.state.to_move if not self.seats[seat].human), None)

    def next_human(self) -> int | None:
        return next((seat for seat in self.state.to_move if self.seats[seat].human), None)

    def _mover(self, move: Move) -> int:
        to_move = self.state.to_move
        if len(to_move) == 1:
            return to_move[0]
        return next(seat for seat in to_move if move in self.state.legal_moves(seat))

    # --- moves --------------------------------------------------------------------------

    def play(self, move: Move, seat: int) -> None:
        """Play a legal move of ``seat`` (checked by the engine), remembering a person's move for undo."""
        self._remember(seat)
        self.state.play(move)
        self._after_step()

    def play_bot(self, seat: int) -> Move:
        bot = self.seats[seat].bot
        assert bot is not None
        move = bot.choose(self.state)
        self.play(move, seat)
        return move

    def _remember(self, seat: int) -> None:
        if self.seats[seat].human:
            self._undo.append(_Undo(self.state.copy(), self.round_start))

    def _after_step(self) -> None:
        if self.state.is_chance:
            return
        if self.state.round != self.round_start["round"] or self.state.is_over:
            after = self.state.to_dict()
            self.round_ends.append(RoundEnd(self.round_start, after, self.state.is_over))
            self.round_start = after

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Take back the last move a person made, and every bot move since; False when there is none."""
        if not self._undo:
            return False
        last = self._undo.pop()
        self.state = last.state
        self.round_start = last.round_start
        self.round_ends.clear()
        return True

    def take_round_ends(self) -> list[RoundEnd]:
        ends, self.round_ends = self.round_ends, []
        return ends

    def breakdown(self) -> list[dict[str, int]] | None:
        """Each seat's score by source, for games whose engine splits it (every game of the family does)."""
        split = getattr(self.state, "score_breakdown", None)
        return split() if callable(split) else None

    # --- hints and saving ---------------------------------------------------------------

    def hint(self) -> list[Hint]:
        """The expert's best moves for the seat to move, with their values."""
        adviser = make_bot(self.hint_bot, seconds=self.hint_seconds, seed=len(self.state.history))
        search = self.hint_bot == "mcts" or (self.hint_bot in LEVELS and LEVELS[self.hint_bot].bot == "mcts")
        ranked = adviser.analyse(self.state)[:HINT_MOVES]
        return [Hint(entry.move, f"{entry.value:.0%}" if search else f"{entry.value:+.1f}") for entry in ranked]

    def default_save_path(self) -> Path:
        return Path(f"mozaika-{self.state.game_id}-{self.state.seed}.json")

    def save(self, path: Path) -> None:
        """Write the game's record (raises OSError or MozaikaError; a failed save leaves no half-written file)."""
        record = Record.from_state(self.state, self.names)
        write_atomically(path, record.to_json() + "\n")
