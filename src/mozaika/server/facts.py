"""What playing a move needs to know about a table, read in one query without the ORM.

A move is the server's hot path: reading the table and its seats as plain rows, and
writing the log and the new sequence number as plain statements, costs a fraction of
loading and flushing ORM objects.  On SQLite the statements, compiled once, go straight
to the driver's connection of the session's transaction: SQLAlchemy's execution of a
statement costs several times SQLite's own work for these one-row reads and writes.
The values pass through the columns' own conversions (JSON, booleans, times), so what
is read and written is what SQLAlchemy would read and write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Session
from sqlalchemy.sql import ClauseElement

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
_TABLE_COLUMNS = 12
"""The columns of ``_COLUMNS`` that are the table's; the seat's follow."""


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


Processor = Callable[[Any], Any]


def _binds(compiled: Any, dialect: Dialect) -> tuple[tuple[str, Processor | None, bool], ...]:
    """Each positional parameter's name, its type's conversion, and whether None goes through it."""
    binds = []
    for name in compiled.positiontup:
        kind = compiled.binds[name].type
        binds.append((name, kind.dialect_impl(dialect).bind_processor(dialect), kind.should_evaluate_none))
    return tuple(binds)


def _parameters(binds: Sequence[tuple[str, Processor | None, bool]], values: dict[str, Any]) -> tuple[Any, ...]:
    parameters = []
    for name, process, evaluate_none in binds:
        value = values[name]
        if process is not None and (value is not None or evaluate_none):
            value = process(value)
        parameters.append(value)
    return tuple(parameters)


class _Plain:
    """The hot path's statements compiled for one SQLite dialect, with their columns' conversions."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self.read = self._compiled(_READ)
        self.read_locked = self._compiled(_READ_LOCKED)
        self.results = tuple(column.type.dialect_impl(dialect).result_processor(dialect, None) for column in _COLUMNS)
        self.advance = self._compiled(_ADVANCE)
        self.advance_binds = _binds(self.advance, dialect)
        self._logs: dict[tuple[str, ...], tuple[str, tuple[tuple[str, Processor | None, bool], ...]]] = {}

    def _compiled(self, statement: ClauseElement, keys: Sequence[str] | None = None) -> Any:
        compiled: Any = statement.compile(dialect=self.dialect, column_keys=keys)
        assert compiled.positional and not compiled.post_compile_params
        return compiled

    def log(self, keys: tuple[str, ...]) -> tuple[str, tuple[tuple[str, Processor | None, bool], ...]]:
        """The insert of log rows with these columns, and its parameters' conversions."""
        found = self._logs.get(keys)
        if found is None:
            compiled = self._compiled(_LOG, keys)
            found = self._logs[keys] = (compiled.string, _binds(compiled, self.dialect))
        return found

    def rows(self, rows: list[Sequence[Any]]) -> list[Sequence[Any]]:
        """The rows converted: the table's columns once (every row repeats them), each seat's in every row."""
        if not rows:
            return rows
        table = [
            value if process is None else process(value)
            for value, process in zip(rows[0][:_TABLE_COLUMNS], self.results, strict=False)
        ]
        seat_processes = self.results[_TABLE_COLUMNS:]
        if not any(seat_processes):
            return [table + list(row[_TABLE_COLUMNS:]) for row in rows]
        return [
            table
            + [
                value if process is None else process(value)
                for value, process in zip(row[_TABLE_COLUMNS:], seat_processes, strict=True)
            ]
            for row in rows
        ]


_plain_statements: WeakKeyDictionary[Dialect, _Plain] = WeakKeyDictionary()


def _plain(connection: Connection) -> tuple[Any, _Plain] | None:
    """The driver's connection and the compiled statements, on SQLite; None elsewhere."""
    dialect = connection.dialect
    if dialect.name != "sqlite":
        return None
    plain = _plain_statements.get(dialect)
    if plain is None:
        plain = _plain_statements[dialect] = _Plain(dialect)
    return connection.connection.driver_connection, plain


def read_facts(session: Session, table_id: str, *, lock: bool) -> TableFacts:
    """The table and its seats; with ``lock``, its row stays locked until the transaction ends."""
    connection = session.connection()
    plain = _plain(connection)
    if plain is None:
        # Through the connection: a plain statement needs none of the session's ORM machinery.
        rows: list[Sequence[Any]] = list(
            connection.execute(_READ_LOCKED if lock else _READ, {"table_id": table_id}).all()
        )
    else:
        driver, statements = plain
        compiled = statements.read_locked if lock else statements.read
        rows = statements.rows(driver.execute(compiled.string, (table_id,)).fetchall())
    if not rows:
        raise NotFoundError(f"there is no table {table_id!r}")
    first = rows[0]
    return TableFacts(
        id=first[0], game=first[1], players=first[2], options=first[3], seed=first[4], status=first[5],
        seq=first[6], to_move=first[7], undo_allowed=first[8], result=first[9], clock=first[10],
        clock_due=first[11], seats=[SeatFacts(*row[_TABLE_COLUMNS:]) for row in rows],
    )  # fmt: skip


def write_advance(session: Session, table: TableFacts, entries: list[dict[str, Any]], now: datetime) -> None:
    """Append log entries and set the table's sequence number, seats to move and clocks (from ``table``)."""
    connection = session.connection()
    advance = {
        "table_id": table.id,
        "new_seq": table.seq,
        "new_to_move": table.to_move,
        "new_clock": table.clock,
        "new_clock_due": table.clock_due,
        "now": now,
    }
    plain = _plain(connection)
    if plain is None:
        connection.execute(_LOG, entries)
        connection.execute(_ADVANCE, advance)
        return
    driver, statements = plain
    sql, binds = statements.log(tuple(entries[0]))
    driver.executemany(sql, [_parameters(binds, entry) for entry in entries])
    driver.execute(statements.advance.string, _parameters(statements.advance_binds, advance))
