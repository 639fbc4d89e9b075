"""Which server process plays a table's bots: the one holding the table's bot lease.

A process takes the lease (or renews its own) before each bot move, for a few seconds;
a lease is taken with one conditional UPDATE, so that of two processes asking at once
exactly one gets it.  When the holder dies, its lease runs out and any live process
that looks for tables waiting on a bot (every ``SWEEP_SECONDS``) takes it over.  The
lease only spares double work: a bot's move is applied exactly once in any case,
since it quotes the table's sequence number like every move.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import or_, select, update

from mozaika.server.storage.database import Database
from mozaika.server.storage.models import GameTable, Seat, utc_now

SWEEP_SECONDS = 2.0
"""How often each process looks for tables whose bots no live process is playing."""


class BotLeases:
    def __init__(self, db: Database, holder: str, seconds: float) -> None:
        self.db = db
        self.holder = holder
        self.duration = timedelta(seconds=seconds)

    def take(self, table_id: str) -> bool:
        """Take the table's bot lease, or renew this process's own; False while another process holds it."""
        now = utc_now()
        with self.db.transaction() as session:
            taken = session.execute(
                update(GameTable)
                .where(
                    GameTable.id == table_id,
                    or_(
                        GameTable.bot_lease_holder.is_(None),
                        GameTable.bot_lease_holder == self.holder,
                        GameTable.bot_lease_until < now,
                    ),
                )
                .values(bot_lease_holder=self.holder, bot_lease_until=now + self.duration)
                .execution_options(synchronize_session=False)
            )
            return bool(getattr(taken, "rowcount", 0))

    def release(self, table_id: str) -> None:
        """Give the lease back (when the table waits for no bot), so that no one waits for it to run out."""
        with self.db.transaction() as session:
            session.execute(
                update(GameTable)
                .where(GameTable.id == table_id, GameTable.bot_lease_holder == self.holder)
                .values(bot_lease_holder=None, bot_lease_until=None)
                .execution_options(synchronize_session=False)
            )

    def release_all(self) -> int:
        """Give back every lease this process holds (it is shutting down): other processes take the
        tables over at their next look, without waiting for the leases to run out."""
        with self.db.transaction() as session:
            released = session.execute(
                update(GameTable)
                .where(GameTable.bot_lease_holder == self.holder)
                .values(bot_lease_holder=None, bot_lease_until=None)
                .execution_options(synchronize_session=False)
            )
            return int(getattr(released, "rowcount", 0) or 0)

    def unplayed(self) -> list[str]:
        """Running tables where a bot must move and no process holds the lease (or its lease ran out)."""
        now = utc_now()
        with self.db.reading() as session:
            rows = session.execute(
                select(GameTable.id, GameTable.to_move, Seat.index)
                .join(Seat, Seat.table_id == GameTable.id)
                .where(
                    GameTable.status == "running",
                    Seat.kind == "bot",
                    or_(GameTable.bot_lease_until.is_(None), GameTable.bot_lease_until < now),
                )
            ).all()
        return sorted({table_id for table_id, to_move, seat in rows if seat in (to_move or [])})
