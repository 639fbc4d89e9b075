"""One game at one keyboard, whichever client shows it: seats, moves, undo, hints, saving, round summaries.

Both terminal clients (the full-screen one and ``--plain``) drive a game through
a :class:`GameTable`; it knows nothing of screens.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mozaika.bots import LEVELS, Bot, bot_names, make_bot
from mozaika.core.clocks import Clocks, TimeControl
from mozaika.core.protocol import Move, State
from mozaika.i18n import Messages
from mozaika.notation.records import Record, replay
from mozaika.tools.files import write_atomically

HINT_BOT = "expert"
HINT_SECONDS = 1.0
HINT_MOVES = 3
REPLACEMENT_BOT = "medium"
"""The level that plays on for a person whose time runs out (as the server's default)."""


@dataclass
class Seat:
    """A place at the table: a person (``bot`` is None) or a bot, with the name shown and recorded."""

    name: str
    bot: Bot | None = None
    timed_out: bool = False
    """The person's time ran out and a bot plays the seat from then on."""

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


def _padded(times: list[float | None], steps: int) -> list[float | None]:
    """A record's step times for its first ``steps`` steps (None where it has none)."""
    return [*times[:steps], *[None] * (steps - len(times))]


@dataclass(frozen=True)
class RoundEnd:
    """A finished round: the position when it began and when it was scored (the game's end when ``final``)."""

    before: dict[str, Any]
    after: dict[str, Any]
    final: bool
    steps: tuple[Any, ...] = ()
    """The round's steps from ``before`` on (moves and chance outcomes), in order."""


@dataclass(frozen=True)
class Hint:
    move: Move
    value: str


@dataclass
class _Undo:
    state: State
    round_start: dict[str, Any]
    round_first_step: int
    clocks: Clocks | None = None
    times: list[float | None] = field(default_factory=list)
    movers: int = 0


@dataclass(frozen=True)
class Mover:
    """Who made a move: the seat, and whether a bot made it for a person whose time had run out."""

    seat: int
    stand_in: bool = False


@dataclass
class GameTable:
    """A game and the seats around it, with what the clients need to offer undo, hints, saving and summaries."""

    state: State
    seats: list[Seat]
    hint_bot: str = HINT_BOT
    hint_seconds: float = HINT_SECONDS
    round_start: dict[str, Any] = field(default_factory=dict)
    round_first_step: int = -1
    """The step the current round's position (``round_start``) was taken after."""
    round_ends: list[RoundEnd] = field(default_factory=list)
    control: TimeControl | None = None
    """The time control of a timed game (``--clock``): the people have clocks, the bots none."""
    now: Callable[[], float] = time.monotonic
    """Where the clocks read the time (a test moves it by hand)."""
    replacement_bot: str = REPLACEMENT_BOT
    clocks: Clocks | None = None
    times: list[float | None] = field(default_factory=list)
    """Seconds each step of the game took (moves; None for draws), kept in a timed game's record."""
    movers: list[Mover] = field(default_factory=list)
    """Who made each move of this session, in order (a stand-in bot's moves marked)."""
    _undo: list[_Undo] = field(default_factory=list)
    _step_started: float = 0.0

    def __post_init__(self) -> None:
        if not self.round_start:
            self.round_start = self.state.to_dict()
        if self.round_first_step < 0:
            self.round_first_step = len(self.state.history)
        if self.control is not None and self.clocks is None:
            self.clocks = Clocks.start(self.control, len(self.seats))
        self.times = self.times or [None] * len(self.state.history)
        self._step_started = self.now()
        self._follow_clocks()

    @classmethod
    def resume(cls, record: Record, text: Messages, **settings: Any) -> GameTable:
        """A saved game, continued: every move its people made can be undone, as if it had never stopped.

        A timed game goes on with the record's time control (unless ``control`` is given), each person
        with a fresh bank: the saved game keeps each move's time, not the clocks.
        """
        replay(record)  # every step checked first, so that a bad record fails with the step and rule broken
        seats = seats_from_names(record.players, record.seed, text)
        if "control" not in settings and record.clock is not None:
            settings["control"] = TimeControl.from_dict({k: v for k, v in record.clock.items() if k != "label"})
        state = record.start()
        table = cls(state, seats, **settings)
        for step in record.steps:
            if state.is_chance:
                state.apply_chance(step)
                table._after_step()
            else:
                move = state.parse_move(step)
                seat = table._mover(move)
                table._remember(seat)
                state.play(move)
                table._after_step()
            table.times = _padded(record.times or [], len(state.history))
        state.auto_chance = True
        state.resolve_chance()
        table._after_step()
        table.times = _padded(record.times or [], len(state.history))
        table.round_ends.clear()
        if table.control is not None:
            table.clocks = Clocks.start(table.control, len(seats))
            table._step_started = table.now()
            table._follow_clocks()
        return table

    def begin(self) -> None:
        """The game is on screen: the turn running now starts now (starting the client took nobody's time)."""
        now = self.now()
        self._step_started = now
        if self.clocks is not None:
            for clock in self.clocks.seats:
                if clock.since is not None:
                    clock.since = now

    # --- who moves ----------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def people(self) -> list[int]:
        """The seats people sat down at (whether or not a bot plays one on after a timeout)."""
        return [index for index, seat in enumerate(self.seats) if seat.human or seat.timed_out]

    @property
    def alone_with_bots(self) -> bool:
        """One person against bots: nobody else waits, so a timeout can pause the game (R-22)."""
        return len(self.people) == 1

    def stand_in_moves(self, seat: int) -> tuple[int, int]:
        """How many of the seat's moves a stand-in bot made, and how many moves the seat made in all."""
        mine = [mover for mover in self.movers if mover.seat == seat]
        return sum(1 for mover in mine if mover.stand_in), len(mine)

    def next_bot(self) -> int | None:
        """The bot seat that decides now: the first seat to move, when a bot sits there (a bot moves for that seat)."""
        to_move = self.state.to_move
        return to_move[0] if to_move and not self.seats[to_move[0]].human else None

    def next_human(self) -> int | None:
        """The person who decides now: the first seat to move (grey-wall columns are chosen seat after seat)."""
        to_move = self.state.to_move
        return to_move[0] if to_move and self.seats[to_move[0]].human else None

    def _mover(self, move: Move) -> int:
        to_move = self.state.to_move
        if len(to_move) == 1:
            return to_move[0]
        return next(seat for seat in to_move if move in self.state.legal_moves(seat))

    # --- moves --------------------------------------------------------------------------

    def play(self, move: Move, seat: int) -> None:
        """Play a legal move of ``seat`` (checked by the engine), remembering a person's move for undo."""
        self._remember(seat)
        before = len(self.state.history)
        self.state.play(move)
        self.movers.append(Mover(seat, self.seats[seat].timed_out))
        now = self.now()
        # The move took the time since the step before it; the draws it set off took nobody's.
        self.times += [round(now - self._step_started, 3)] + [None] * (len(self.state.history) - before - 1)
        self._step_started = now
        self._after_step()
        self._follow_clocks()

    def choose_bot(self, seat: int) -> Move:
        """The move the bot at ``seat`` chooses now (not yet played)."""
        bot = self.seats[seat].bot
        assert bot is not None
        return bot.choose(self.state)

    def play_bot(self, seat: int) -> Move:
        move = self.choose_bot(seat)
        self.play(move, seat)
        return move

    def _remember(self, seat: int) -> None:
        if self.seats[seat].human:
            clocks = self.clocks.copy() if self.clocks is not None else None
            self._undo.append(
                _Undo(
                    self.state.copy(),
                    self.round_start,
                    self.round_first_step,
                    clocks,
                    list(self.times),
                    len(self.movers),
                )
            )

    # --- clocks -------------------------------------------------------------------------

    def _follow_clocks(self) -> None:
        if self.clocks is None:
            return
        if self.state.is_over:
            self.clocks.ended(self.now())
            return
        people = {index for index, seat in enumerate(self.seats) if seat.human}
        # At one keyboard the seats deciding at once are asked one after another: only the one asked thinks.
        self.clocks.follow(self.state.to_move[:1], people, self.now())

    def time_left(self, seat: int) -> float | None:
        """Seconds the seat has left, or None when it has no clock (an untimed game, a bot)."""
        if self.clocks is None or not self.seats[seat].human:
            return None
        return self.clocks.remaining(seat, self.now())

    def timed_out(self) -> list[int]:
        """Hand every person whose time has run out to the replacement bot; returns their seats."""
        if self.clocks is None or self.state.is_over:
            return []
        gone = [seat for seat in self.clocks.expired(self.now()) if self.seats[seat].human]
        for seat in gone:
            self.seats[seat].bot = make_bot(self.replacement_bot, seed=self.state.seed * 7919 + seat + 1)
            self.seats[seat].timed_out = True
            self.clocks.stop(seat)
        return gone

    def take_back(self) -> list[int]:
        """The people whose time ran out take their seats back from the bot, each with a fresh bank (R-22)."""
        if self.clocks is None or self.state.is_over:
            return []
        returning = [index for index, seat in enumerate(self.seats) if seat.timed_out]
        for index in returning:
            self.seats[index].bot, self.seats[index].timed_out = None, False
            self.clocks.restart(index, self.state.to_move, self.now())
        return returning

    def _after_step(self) -> None:
        if self.state.is_chance:
            return
        if self.state.round != self.round_start["round"] or self.state.is_over:
            after = self.state.to_dict()
            steps = tuple(self.state.history[self.round_first_step :])
            self.round_ends.append(RoundEnd(self.round_start, after, self.state.is_over, steps))
            self.round_start, self.round_first_step = after, len(self.state.history)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Take back the last move a person made, and every bot move since; False when there is none."""
        if not self._undo:
            return False
        last = self._undo.pop()
        self.state = last.state
        self.round_start, self.round_first_step = last.round_start, last.round_first_step
        self.round_ends.clear()
        self.times = last.times
        del self.movers[last.movers :]
        if last.clocks is not None and self.clocks is not None:
            # The clocks as they stood before the move: its turn reopens, and the time since is the mover's;
            # a seat that has timed out meanwhile stays with its bot.
            for seat, clock in enumerate(last.clocks.seats):
                if not self.seats[seat].timed_out:
                    self.clocks.seats[seat] = clock
            self._follow_clocks()
        return True

    def take_round_ends(self) -> list[RoundEnd]:
        ends, self.round_ends = self.round_ends, []
        return ends

    def breakdown(self) -> list[dict[str, int]]:
        """Each seat's score by source (the protocol's ``score_breakdown``)."""
        return self.state.score_breakdown()

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
        if self.control is not None:
            record = Record.from_state(self.state, self.names, times=self.times, clock=self.control.to_dict())
        else:
            record = Record.from_state(self.state, self.names)
        write_atomically(path, record.to_json() + "\n")
