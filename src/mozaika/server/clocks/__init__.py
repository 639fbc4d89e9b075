"""A table's clocks as the server stores them: chosen at creation, moved on with every change, and shown.

The clocks are kept with the table (``game_tables.clock``: the time control, each
seat's bank and since when it has been thinking), next to ``clock_due``, the moment
something next happens by itself (a timeout or a turn-based reminder), which every
server process watches (:mod:`mozaika.server.clockwatch`).  The arithmetic is
:mod:`mozaika.core.clocks`'s; this module only reads and writes the stored form.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mozaika.core.clocks import PRESETS, ClockError, Clocks, parse_time_control
from mozaika.server.errors import BadRequestError

TimeSource = Callable[[], float]
"""Seconds since the epoch: :func:`time.time`, or a test's hand-moved clock."""
wall_clock: TimeSource = time.time
RATED_DEFAULT = "normal"
"""The clock of a rated table created without one (rated games are always timed)."""


class SeatKind(Protocol):
    @property
    def kind(self) -> str: ...


def new_clocks(wanted: str | None, *, rated: bool, players: int) -> dict[str, Any] | None:
    """The stored clocks of a new table (None: untimed), from the clock asked for."""
    try:
        control = parse_time_control(wanted if wanted is not None else (RATED_DEFAULT if rated else "none"))
    except ClockError as error:
        raise BadRequestError(str(error)) from None
    if control is None:
        if rated:
            raise BadRequestError(f"rated tables need a clock: one of {', '.join(PRESETS)}, or minutes+seconds")
        return None
    return Clocks.start(control, players).to_dict()


def timed_seats(seats: Iterable[SeatKind]) -> set[int]:
    """The seats with a clock: those people hold (bots have none)."""
    return {index for index, seat in enumerate(seats) if seat.kind == "player"}


@dataclass(frozen=True)
class ClockChange:
    """The stored clocks after a change, and when the table next needs a look."""

    clock: dict[str, Any] | None
    due: float | None


def advanced(
    stored: dict[str, Any] | None,
    to_move: Sequence[int],
    seats: Iterable[SeatKind],
    now: float,
    *,
    over: bool = False,
    undo_by: int | None = None,
    reopens_turn: bool = False,
) -> ClockChange:
    """The clocks after a step: turns end and begin with ``to_move``; an undo by ``undo_by`` of a move
    that had ended its turn (``reopens_turn``) reopens that turn."""
    if stored is None:
        return ClockChange(None, None)
    clocks = Clocks.from_dict(stored)
    if undo_by is not None:
        clocks.undo(undo_by, to_move, now, reopens_turn=reopens_turn)
    clocks.follow(to_move, timed_seats(seats), now)
    if over:
        clocks.ended(now)
    return ClockChange(clocks.to_dict(), clocks.next_due())


def changed(clocks: Clocks) -> ClockChange:
    return ClockChange(clocks.to_dict(), clocks.next_due())


def view(stored: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    """The clocks as clients see them (``None`` for an untimed table)."""
    return None if stored is None else Clocks.from_dict(stored).view(now)


def time_left(stored: dict[str, Any] | None, seat: int | None, now: float) -> float:
    """Seconds the seat has left (infinite without a clock): the lobby's order of "your turn" tables."""
    if stored is None or seat is None:
        return float("inf")
    return Clocks.from_dict(stored).remaining(seat, now)


def has_run_out(stored: dict[str, Any] | None, seat: int, now: float) -> bool:
    if stored is None:
        return False
    return seat in Clocks.from_dict(stored).expired(now)
