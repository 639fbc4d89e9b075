"""Time controls and the clock arithmetic of a timed game (docs/server.md, "Clocks").

Pure and deterministic: every operation takes the current time as an argument
(seconds since the epoch, or any other steady count of seconds), so the server, the
terminal client and the tests decide where time comes from.

A time control is one of two kinds:

* **real time**: each seat has a bank (``bank``) that runs down while it is the
  seat's turn, and gains ``increment`` at the end of each of its turns;
* **turn-based**: each turn may last ``per_move`` seconds without cost; a turn that
  takes longer draws the rest from a small bank, which is never refilled.

A seat's *turn* runs from when it joins the seats that must decide
(:attr:`mozaika.core.protocol.State.to_move`) until it leaves them, so a turn of several
moves (Summer Pavilion's placements) gets one increment, and seats that decide at
the same time (the grey wall's column choices) each run their own clock.  Chance
steps take nobody's time, and seats without a clock (bots) are never timed.  A seat
whose deadline has passed has timed out.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mozaika.core.errors import MozaikaError

REAL_TIME, TURN_BASED = "realtime", "turn"
NO_CLOCK = "none"
MINUTE, HOUR = 60.0, 3600.0
CUSTOM_MINUTES = (1, 180)
"""A custom real-time bank, in whole minutes."""
CUSTOM_INCREMENT = (0, 300)
"""A custom increment, in whole seconds."""
SECOND_REMINDER = 0.25
"""A turn-based seat is reminded again when this share of its turn's time is left."""


class ClockError(MozaikaError, ValueError):
    """A time control that cannot be read or is out of range."""


@dataclass(frozen=True)
class TimeControl:
    """How much time each seat has: a bank, an increment per turn, and a free allowance per turn."""

    kind: str
    bank: float
    """Seconds each seat starts with (real time: its whole time; turn-based: the reserve for late turns)."""
    increment: float = 0.0
    """Seconds added to the bank at the end of each of the seat's turns (real time)."""
    per_move: float = 0.0
    """Seconds a turn may take before it draws on the bank (turn-based)."""
    name: str = "custom"
    """The preset's name (``fast``, ``24h`` …), or ``custom``."""

    @property
    def is_real_time(self) -> bool:
        return self.kind == REAL_TIME

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "bank": self.bank,
            "increment": self.increment,
            "per_move": self.per_move,
            "label": self.label,
        }

    @property
    def label(self) -> str:
        """How a player writes it: ``5+20`` (minutes + seconds) or ``24h``."""
        if self.is_real_time:
            return f"{_number(self.bank / MINUTE)}+{_number(self.increment)}"
        return f"{_number(self.per_move / HOUR)}h"

    @classmethod
    def from_dict(cls, data: Any) -> TimeControl:
        if not isinstance(data, dict):
            raise ClockError("a time control must be an object")
        kind = data.get("kind")
        if kind not in (REAL_TIME, TURN_BASED):
            raise ClockError(f"a time control's kind is {REAL_TIME!r} or {TURN_BASED!r}, not {kind!r}")
        numbers = {name: data.get(name, 0.0) for name in ("bank", "increment", "per_move")}
        for name, value in numbers.items():
            if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
                raise ClockError(f"a time control's {name} must be a number of seconds, not {value!r}")
        name = data.get("name", "custom")
        if not isinstance(name, str):
            raise ClockError("a time control's name must be text")
        control = cls(kind, float(numbers["bank"]), float(numbers["increment"]), float(numbers["per_move"]), name)
        if control.bank + control.per_move <= 0:
            raise ClockError("a time control must give some time")
        return control


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _real_time(name: str, minutes: int, increment: int) -> TimeControl:
    return TimeControl(REAL_TIME, minutes * MINUTE, float(increment), 0.0, name)


def _turn_based(name: str, hours: int) -> TimeControl:
    # The reserve is one more turn's worth: enough for the occasional late move, not for a habit.
    return TimeControl(TURN_BASED, hours * HOUR, 0.0, hours * HOUR, name)


PRESETS: dict[str, TimeControl] = {
    control.name: control
    for control in (
        _real_time("fast", 2, 10),
        _real_time("normal", 5, 20),
        _real_time("slow", 10, 40),
        _turn_based("12h", 12),
        _turn_based("24h", 24),
        _turn_based("72h", 72),
    )
}
_CUSTOM = re.compile(r"(0|[1-9][0-9]{0,2})\+(0|[1-9][0-9]{0,2})")
"""``M+S`` in ASCII digits without leading zeros: one way to write each clock."""


def parse_time_control(text: str) -> TimeControl | None:
    """A time control from its name: ``none`` (None), a preset, or ``M+S`` (minutes + seconds per turn).

    Each clock is written one way only: lower case, ASCII digits, no spaces (``5+3``, ``24h``).
    """
    wanted = text
    if wanted == NO_CLOCK:
        return None
    if wanted in PRESETS:
        return PRESETS[wanted]
    custom = _CUSTOM.fullmatch(wanted)
    if custom is None:
        names = ", ".join([NO_CLOCK, *PRESETS])
        raise ClockError(f"a clock is one of {names}, or minutes+seconds such as 5+20; not {text!r}")
    minutes, increment = int(custom[1]), int(custom[2])
    if not CUSTOM_MINUTES[0] <= minutes <= CUSTOM_MINUTES[1]:
        raise ClockError(f"a custom clock gives {CUSTOM_MINUTES[0]}-{CUSTOM_MINUTES[1]} minutes, not {minutes}")
    if not CUSTOM_INCREMENT[0] <= increment <= CUSTOM_INCREMENT[1]:
        raise ClockError(f"a custom increment is {CUSTOM_INCREMENT[0]}-{CUSTOM_INCREMENT[1]} seconds, not {increment}")
    preset = next(
        (control for control in PRESETS.values() if control == _real_time(control.name, minutes, increment)), None
    )
    return preset if preset is not None else _real_time("custom", minutes, increment)


@dataclass
class SeatClock:
    """One seat's clock: its bank, and since when it has been thinking (None while it waits)."""

    bank: float
    since: float | None = None
    reminded: int = 0
    """How many reminders this turn has had (the server's e-mails)."""
    before_turn: tuple[float, float] | None = None
    """The bank and start of the seat's last finished turn, so that an undo can reopen it."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"bank": self.bank, "since": self.since}
        if self.reminded:
            data["reminded"] = self.reminded
        if self.before_turn is not None:
            data["before_turn"] = list(self.before_turn)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatClock:
        before = data.get("before_turn")
        return cls(
            float(data["bank"]),
            None if data.get("since") is None else float(data["since"]),
            int(data.get("reminded", 0)),
            None if before is None else (float(before[0]), float(before[1])),
        )


@dataclass
class Clocks:
    """The clocks of every seat of one game under one time control."""

    control: TimeControl
    seats: list[SeatClock] = field(default_factory=list)

    @classmethod
    def start(cls, control: TimeControl, players: int) -> Clocks:
        return cls(control, [SeatClock(control.bank) for _ in range(players)])

    # --- reading ----------------------------------------------------------------------

    def running(self, seat: int) -> bool:
        return self.seats[seat].since is not None

    def deadline(self, seat: int) -> float | None:
        """When the seat times out, if it is thinking now."""
        clock = self.seats[seat]
        if clock.since is None:
            return None
        return clock.since + self.control.per_move + clock.bank

    def remaining(self, seat: int, now: float) -> float:
        """Seconds the seat has left (its turn's allowance and bank); never below 0."""
        deadline = self.deadline(seat)
        if deadline is None:
            return self.seats[seat].bank + self.control.per_move
        return max(0.0, deadline - now)

    def bank_left(self, seat: int, now: float) -> float:
        """The seat's bank at ``now``: what a turn-based seat has left once its turn's allowance is spent."""
        clock = self.seats[seat]
        if clock.since is None:
            return clock.bank
        overrun = max(0.0, now - clock.since - self.control.per_move)
        return max(0.0, clock.bank - overrun)

    def expired(self, now: float) -> list[int]:
        """The seats whose time has run out."""
        return [seat for seat in range(len(self.seats)) if (d := self.deadline(seat)) is not None and d <= now]

    def reminder_due(self, seat: int) -> float | None:
        """When a turn-based seat on turn is next reminded: at once, then when a quarter of its turn is left."""
        clock = self.seats[seat]
        deadline = self.deadline(seat)
        if self.control.is_real_time or clock.since is None or deadline is None:
            return None
        if clock.reminded == 0:
            return clock.since
        if clock.reminded == 1:
            return max(clock.since, deadline - SECOND_REMINDER * self.control.per_move)
        return None

    def next_due(self) -> float | None:
        """The earliest moment anything happens by itself: a timeout or a reminder."""
        moments = [d for seat in range(len(self.seats)) if (d := self.deadline(seat)) is not None]
        moments += [r for seat in range(len(self.seats)) if (r := self.reminder_due(seat)) is not None]
        return min(moments, default=None)

    # --- changing -----------------------------------------------------------------------

    def follow(self, to_move: Sequence[int], timed: Collection[int], now: float) -> list[int]:
        """Bring the clocks to the seats that must decide now; returns the seats whose turn ended.

        A seat that leaves ``to_move`` ends its turn: the time beyond its turn's
        allowance comes off its bank, then it gains the increment.  A timed seat
        (``timed``: the people, not the bots) that joins ``to_move`` starts thinking.
        """
        ended = []
        for seat, clock in enumerate(self.seats):
            if clock.since is not None and seat not in to_move:
                self._end_turn(seat, now)
                ended.append(seat)
            elif clock.since is None and seat in to_move and seat in timed:
                clock.since, clock.reminded = now, 0
        return ended

    def _end_turn(self, seat: int, now: float) -> None:
        clock = self.seats[seat]
        assert clock.since is not None
        clock.before_turn = (clock.bank, clock.since)
        clock.bank = self.bank_left(seat, now) + self.control.increment
        clock.since, clock.reminded = None, 0

    def undo(self, seat: int, to_move: Sequence[int], now: float, *, reopens_turn: bool = True) -> None:
        """An undo by ``seat``.  When the move taken back had ended the seat's turn (``reopens_turn``),
        that turn reopens as it was, the time since counting as the seat's own; the seats whose turn the
        move began stop without losing time."""
        clock = self.seats[seat]
        if reopens_turn and clock.before_turn is not None:
            clock.bank, clock.since = clock.before_turn
            clock.before_turn, clock.reminded = None, 0
        for other, other_clock in enumerate(self.seats):
            if other != seat and other_clock.since is not None and other not in to_move:
                other_clock.since, other_clock.reminded = None, 0

    def stop(self, seat: int) -> None:
        """The seat has no clock from now on (a bot plays it); its bank stays as it is."""
        clock = self.seats[seat]
        if clock.since is not None:
            clock.since, clock.reminded = None, 0

    def restart(self, seat: int, to_move: Sequence[int], now: float) -> None:
        """A person takes the seat back: a fresh bank, running at once if the seat is on turn."""
        self.seats[seat] = SeatClock(self.control.bank, now if seat in to_move else None)

    def mark_reminded(self, seat: int) -> None:
        self.seats[seat].reminded += 1

    def ended(self, now: float) -> None:
        """The game is over: every running clock stops where it is."""
        for seat, clock in enumerate(self.seats):
            if clock.since is not None:
                clock.bank = self.bank_left(seat, now)
                clock.since = None

    # --- telling ------------------------------------------------------------------------

    def view(self, now: float) -> dict[str, Any]:
        """What a client shows: the control, the time now, and per seat what is left and until when."""
        return {
            "control": self.control.to_dict(),
            "now": now,
            "seats": [
                {
                    "running": clock.since is not None,
                    "remaining": round(self.remaining(seat, now), 3),
                    "bank": round(self.bank_left(seat, now), 3),
                    "since": clock.since,
                    "deadline": self.deadline(seat),
                }
                for seat, clock in enumerate(self.seats)
            ],
        }

    def to_dict(self) -> dict[str, Any]:
        return {"control": self.control.to_dict(), "seats": [clock.to_dict() for clock in self.seats]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clocks:
        control = TimeControl.from_dict({key: value for key, value in data["control"].items() if key != "label"})
        return cls(control, [SeatClock.from_dict(seat) for seat in data["seats"]])

    def copy(self) -> Clocks:
        return Clocks(self.control, [replace(clock) for clock in self.seats])
