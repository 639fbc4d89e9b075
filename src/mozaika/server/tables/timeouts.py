"""Time running out at a table: the replacement bot takes the seat, reminders fall due, and a
timed-out player of a friendly table takes their seat back.

Any server process may notice that a table's clocks are due (``clock_due``); the
table's row is locked and its clocks read again, so that exactly one process acts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mozaika.core.clocks import Clocks
from mozaika.server import clocks
from mozaika.server.clocks import TimeSource
from mozaika.server.errors import ConflictError, ForbiddenError
from mozaika.server.players.accounts import Caller
from mozaika.server.players.emails import mail_day, open_mail_day
from mozaika.server.settings import Settings
from mozaika.server.storage.models import Player
from mozaika.server.tables.access import signed_in
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.seating import Seating, claim
from mozaika.server.tables.shapes import RUNNING, SEAT_BOT, SEAT_PLAYER, Outcome, Table, TableSeat
from mozaika.server.tables.steps import bot_turns
from mozaika.server.tables.views import TableViews, seat_name


@dataclass(frozen=True)
class Reminder:
    """An e-mail owed to a player whose turn it is in a turn-based game."""

    to: str
    name: str
    table_id: str
    game: str
    deadline: float
    final: bool
    """The second reminder, shortly before the deadline."""
    language: str | None = None
    """The language the letter is written in (the player's; None: English)."""


@dataclass
class ClockOutcome:
    """What a look at a table's clocks produced: its events and bot turns, and the reminders to send."""

    outcome: Outcome
    reminders: list[Reminder] = field(default_factory=list)


def pauses(table: Table, seat: TableSeat) -> bool:
    """Whether a timeout pauses the game rather than hand the seat to a bot: at a friendly table where
    every other seat is a bot, nobody waits for the player but the bots, so the game waits for them to
    choose (a fresh bank, or the bot to finish)."""
    return not table.rated and all(other.kind == SEAT_BOT for other in table.seats if other.index != seat.index)


class Timeouts:
    """Timeouts, reminders and taking a seat back."""

    def __init__(
        self, store: TableRepository, views: TableViews, seating: Seating, settings: Settings, now: TimeSource
    ) -> None:
        self.store = store
        self.views = views
        self.seating = seating
        self.settings = settings
        self.now = now

    def due_tables(self) -> list[str]:
        """The running tables whose clocks need a look now."""
        with self.store.db.reading() as session:
            return self.store.due_ids(session, self.now())

    def expire(self, table_id: str) -> ClockOutcome:
        """Hand every seat whose time has run out to the replacement bot, and note the reminders due."""
        now = self.now()
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            if table.status != RUNNING or table.clock is None or table.clock_due is None or table.clock_due > now:
                return ClockOutcome(Outcome({}, []))  # another process has been here first
            timing = Clocks.from_dict(table.clock)
            reminders = []
            for seat in table.seats:
                due = timing.reminder_due(seat.index)
                if due is None or due > now or seat.index in timing.expired(now):
                    continue
                timing.mark_reminded(seat.index)
                player = session.get(Player, seat.player_id) if seat.player_id is not None else None
                if seat.kind != SEAT_PLAYER or player is None:
                    continue
                to = self._reminder_address(player, now)
                if to is not None:
                    deadline = timing.deadline(seat.index)
                    assert deadline is not None
                    final = timing.seats[seat.index].reminded > 1
                    reminders.append(Reminder(to, player.name, table.id, table.game, deadline, final, player.language))
            change = clocks.changed(timing)
            table.clock, table.clock_due = change.clock, change.due
            events = []
            for index in timing.expired(now):
                seat = table.seats[index]
                if seat.kind != SEAT_PLAYER or seat.timed_out:
                    continue
                name = seat_name(seat)
                paused = pauses(table, seat)
                if paused:
                    self.pause(table, seat)
                else:
                    self.seating.replace_by_bot(table, seat, timed_out=True)
                events.append(
                    {
                        "type": "timeout",
                        "table": table.id,
                        "seat": index,
                        "name": name,
                        "bot": None if paused else seat.bot_level,
                        "rated": table.rated,
                        "may_return": not table.rated,
                        "paused": paused,
                    }
                )
            self.store.save(session, table, touch=bool(events))
            if not events:
                return ClockOutcome(Outcome({}, [], clock_due=table.clock_due), reminders)
            state = self.store.position(session, table)
            events.append(self.views.table_event(table))
            return ClockOutcome(Outcome({}, events, bot_turns(table, state), table.clock_due), reminders)

    @staticmethod
    def pause(table: Table, seat: TableSeat) -> None:
        """The game waits for the seat's player, whose time ran out: its clock stops, the seat stays theirs."""
        seat.timed_out = True
        assert table.clock is not None
        timing = Clocks.from_dict(table.clock)
        timing.stop(seat.index)
        change = clocks.changed(timing)
        table.clock, table.clock_due = change.clock, change.due

    def _reminder_address(self, player: Player, now: float) -> str | None:
        """Where a reminder may go now, counted, or None: only to a confirmed address that wants
        reminders, and not past the day's number."""
        if not (player.email and player.email_reminders and player.email_confirmed):
            return None
        open_mail_day(player, mail_day(now))
        if player.reminders_today >= self.settings.limits.reminders_per_day:
            return None
        player.reminders_today += 1
        return player.email

    def take_back(self, table_id: str, caller: Caller) -> Outcome:
        """A player whose time ran out, or whose seat was handed to the stand-in while they were away,
        takes their seat back from the bot (friendly tables only)."""
        player = signed_in(caller)
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            if table.status != RUNNING:
                raise ConflictError(f"the table is {table.status}: a seat can be taken back only while the game runs")
            seat = next(
                (
                    s
                    for s in table.seats
                    if s.player_id == player and (s.timed_out or s.away) and s.kind in (SEAT_BOT, SEAT_PLAYER)
                ),
                None,
            )
            if seat is None:
                raise ConflictError(
                    "you have no seat here that the bot took over when your time ran out or while you were away"
                )
            if table.rated:
                raise ForbiddenError("in a rated game running out of time is final: the bot plays the seat on")
            token = claim(seat, player)
            seat.bot_level, seat.replaced, seat.timed_out, seat.away = None, False, False, False
            table.person_moved_at = self.now()  # a person is back at the table
            if table.clock is not None:
                timing = Clocks.from_dict(table.clock)
                timing.restart(seat.index, table.to_move, self.now())
                change = clocks.changed(timing)
                table.clock, table.clock_due = change.clock, change.due
            self.store.save(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome(
            {"table": view, "seat": seat.index, "seat_token": token}, [self.views.table_event(table)],
            clock_due=table.clock_due,
        )  # fmt: skip
