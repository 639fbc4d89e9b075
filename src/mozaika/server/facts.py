"""What playing a move needs to know about a table, read in one query without the ORM.

A move is the server's hot path: reading the table and its seats as plain rows, and
writing the log and the new sequence number as plain statements, costs a fraction of
loading and flushing ORM objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session

from mozaika.server.errors import NotFoundError
from mozaika.server.models import Base, GameTable, Seat


@dataclass
class SeatFacts:
    index: int
    kind: str
    player_id: int | None
    token_hash: str | None
    bot_level: str | None


@dataclass
class TableFacts:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    seq: int
    to_move: list[int]
    undo_allowed: bool
    result: dict[str, Any] | None
    clock: dict[str, Any] | None
    clock_due: float | None
    seats: list[SeatFacts]

    @classmethod
    def of(cls, table: GameTable) -> TableFacts:
        """The facts of a table already loaded as an ORM object."""
        seats = [SeatFacts(s.index, s.kind, s.player_id, s.token_hash, s.bot_level) for s in table.seats]
        return cls(
            table.id, table.game, table.players, dict(table.options), table.seed, table.status, table.seq,
            list(table.to_move), table.undo_allowed, table.result, table.clock, table.clock_due, seats,
        )  # fmt: skip


_COLUMNS = (
    GameTable.id, GameTable.game, GameTable.players, GameTable.options, GameTable.seed, GameTable.status,
    GameTable.seq, GameTable.to_move, GameTable.undo_allowed, GameTable.result, GameTable.clock, GameTable.clock_due,
    Seat.index, Seat.kind, Seat.player_id, Seat.token_hash, Seat.bot_level,
)  # fmt: skip


# Built once: constructing a statement costs more than running it.
_READ = (
    select(*_COLUMNS)
    .join(Seat, Seat.table_id == GameTable.id)
    .where(GameTable.id == bindparam("table_id"))
    .order_by(Seat.index)
)
_READ_LOCKED = _READ.with_for_update(of=GameTable)
_LOG = insert(Base.metadata.tables["log_entries"])
_TABLES = Base.metadata.tables["game_tables"]
_ADVANCE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table_id"))
    .values(
        seq=bindparam("new_seq"),
        to_move=bindparam("new_to_move"),
        clock=bindparam("new_clock"),
        clock_due=bindparam("new_clock_due"),
        updated_at=bindparam("now"),
    )
)


def read_facts(session: Session, table_id: str, *, lock: bool) -> TableFacts:
    """The table and its seats; with ``lock``, its row stays locked until the transaction ends."""
    # Through the connection: a plain statement needs none of the session's ORM machinery.
    rows = session.connection().execute(_READ_LOCKED if lock else _READ, {"table_id": table_id}).all()
    if not rows:
        raise NotFoundError(f"there is no table {table_id!r}")
    first = rows[0]
    return TableFacts(
        id=first.id, game=first.game, players=first.players, options=first.options, seed=first.seed,
        status=first.status, seq=first.seq, to_move=first.to_move, undo_allowed=first.undo_allowed,
        result=first.result, clock=first.clock, clock_due=first.clock_due,
        seats=[SeatFacts(*row[12:]) for row in rows],
    )  # fmt: skip


def write_advance(session: Session, table: TableFacts, entries: list[dict[str, Any]], now: datetime) -> None:
    """Append log entries and set the table's sequence number, seats to move and clocks (from ``table``)."""
    connection = session.connection()
    connection.execute(_LOG, entries)
    connection.execute(
        _ADVANCE,
        {
            "table_id": table.id,
            "new_seq": table.seq,
            "new_to_move": table.to_move,
            "new_clock": table.clock,
            "new_clock_due": table.clock_due,
            "now": now,
        },
    )
