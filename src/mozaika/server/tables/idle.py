"""Tables every person has left end by themselves (``docs/rulings.md``, R-25).

A running friendly table that no clock will act on (untimed, or paused because its person
ran out of time against bots) and where no person has moved for ``Settings.idle_table_seconds``
has been left by everyone: each person's seat goes to the stand-in, which plays the game to
its end at once, and the result says so (``idle_ended``); such a game counts for nobody's
statistics. Timed tables need no look: their clocks hand a silent person's seat over (R-22).

Any server process may look (one indexed query on ``person_moved_at``); the table's row is
locked and read again, so exactly one process ends it.
"""

from __future__ import annotations

from mozaika.server.clocks import TimeSource
from mozaika.server.settings import Settings
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.seating import Seating
from mozaika.server.tables.shapes import RUNNING, SEAT_PLAYER, Outcome, Table
from mozaika.server.tables.steps import bot_turns
from mozaika.server.tables.views import TableViews


class IdleTables:
    """Finds the tables every person has left, and hands their seats to the stand-ins."""

    def __init__(
        self, store: TableRepository, views: TableViews, seating: Seating, settings: Settings, now: TimeSource
    ) -> None:
        self.store = store
        self.views = views
        self.seating = seating
        self.settings = settings
        self.now = now

    def idle_tables(self) -> list[str]:
        """The running tables no clock will act on where no person has moved for the idle time."""
        with self.store.db.reading() as session:
            return self.store.idle_ids(session, self.now() - self.settings.idle_table_seconds)

    def end(self, table_id: str) -> Outcome:
        """Hand every person's seat of a left table to the stand-in; nothing when another process (or a
        person's move) came first, or the table is not one every person left."""
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            if not self.left_by_everyone(table):
                return Outcome({}, [])
            for seat in table.seats:
                if seat.kind == SEAT_PLAYER:
                    self.seating.replace_by_bot(table, seat)
            table.idle_ended = True
            self.store.save(session, table)
            state = self.store.position(session, table)
        return Outcome({}, [self.views.table_event(table)], bot_turns(table, state), table.clock_due)

    def left_by_everyone(self, table: Table) -> bool:
        """Whether the table is running, friendly, without a clock that will act, with a person's seat,
        and no person has moved at it for the idle time."""
        quiet_since = self.now() - self.settings.idle_table_seconds
        return (
            table.status == RUNNING
            and not table.rated
            and not table.idle_ended
            and table.clock_due is None
            and table.person_moved_at is not None
            and table.person_moved_at < quiet_since
            and any(seat.kind == SEAT_PLAYER for seat in table.seats)
        )
