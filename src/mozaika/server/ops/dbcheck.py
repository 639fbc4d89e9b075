"""``mozaika check-db``: every stored game replayed from its log and compared with what is stored.

A table's log is the truth about its game; its row keeps a summary of it for speed (the
sequence number, the seats to move, the status, the result, the clocks).  The check reads
every table that has a log, replays it with the rules engine, and reports each place where
the row and the replay disagree, or where the log itself cannot be replayed: a gap in its
numbering, an entry the engine refuses.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from mozaika.core.clocks import Clocks
from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import State
from mozaika.server.clocks import timed_seats
from mozaika.server.ops.schema import postgres_differences, revisions, sqlite_differences
from mozaika.server.storage.database import Database, revision_of
from mozaika.server.storage.models import GameTable
from mozaika.server.tables.gamelog import Entry
from mozaika.server.tables.repository import TableRepository, game_of
from mozaika.server.tables.shapes import CANCELLED, FINISHED, OPEN, RUNNING, Table

BATCH = 200
"""Tables read at once: a large database is checked without holding it all in memory."""


@dataclass(frozen=True)
class Mismatch:
    """One disagreement between a table's row and the replay of its log."""

    table: str
    what: str

    def __str__(self) -> str:
        return f"{self.table}: {self.what}"


@dataclass(frozen=True)
class CheckReport:
    tables: int
    """Tables whose games were replayed."""
    entries: int
    """Log entries replayed."""
    mismatches: list[Mismatch]
    schema: list[str] = field(default_factory=list)
    """What the database holds that Mozaika's migrations do not make (:mod:`.schema`): a trigger, a view..."""
    replayed: bool = True
    """False when no game could be read (a schema this version does not know): the counts say nothing."""


def check_database(db: Database) -> CheckReport:
    """Replay every table's log and compare it with the table's row; look for schema objects not Mozaika's."""
    revision = revision_of(db.engine)
    if revision not in revisions():  # no game can be read in a schema this version does not know
        problem = f"its schema version {revision!r} is not one this version of Mozaika made"
        return CheckReport(0, 0, [], [problem], replayed=False)
    with db.engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            schema = sqlite_differences(connection.connection.dbapi_connection)  # type: ignore[arg-type]
        else:
            schema = postgres_differences(connection)
    mismatches: list[Mismatch] = []
    tables = entries = 0
    with db.reading() as session:
        ids = list(session.scalars(select(GameTable.id).order_by(GameTable.created_at, GameTable.id)))
    for start in range(0, len(ids), BATCH):
        with db.reading() as session:
            for table in TableRepository.read_many(session, ids[start : start + BATCH]):
                log = TableRepository.entries(session, table.id)
                tables += 1
                entries += len(log)
                mismatches += [Mismatch(table.id, what) for what in check_table(table, log)]
    return CheckReport(tables, entries, mismatches, schema)


def check_table(table: Table, log: list[Entry]) -> Iterator[str]:
    """What disagrees between a table as stored and the replay of its log (nothing for a sound table)."""
    numbers = [entry.seq for entry in log]
    if numbers != list(range(1, len(log) + 1)):
        missing = sorted(set(range(1, max(numbers, default=0) + 1)) - set(numbers))
        yield f"the log's entries are not numbered 1..{len(log)} (missing {missing[:5]})"
        return
    if table.seq != len(log):
        yield f"the table says {table.seq} log entries, the log has {len(log)}"
    if table.status == OPEN:
        if log:
            yield f"a table waiting for players has {len(log)} log entries"
        return
    state, refused = _replayed(table, log)
    if refused is not None:
        yield refused
        return
    assert state is not None
    if table.status == RUNNING and state.is_over:
        yield "the game is over by its log, but the table is still running"
    if table.status == FINISHED and not state.is_over:
        yield "the table is finished, but by its log the game goes on"
    if table.status == RUNNING and sorted(table.to_move) != sorted(state.to_move):
        yield f"the seats to move are {table.to_move}, by the log {list(state.to_move)}"
    if table.status == FINISHED:
        yield from _check_result(table.result, state)
    if table.status in (RUNNING, FINISHED) and table.clock is not None:
        yield from _check_clocks(table, state)
    if table.status == CANCELLED and table.result is not None:
        yield "a cancelled table has a result"


def _replayed(table: Table, log: list[Entry]) -> tuple[State | None, str | None]:
    state = game_of(table).start()
    steps: list[Entry] = []
    for entry in log:
        if entry.kind == "undo":
            if not steps:
                return None, f"entry {entry.seq} undoes a move, but nothing stands before it"
            steps.pop()
            state = game_of(table).start()
            for step in steps:
                _apply(state, step)
            continue
        try:
            _apply(state, entry)
        except (MozaikaError, ValueError) as error:
            return None, f"entry {entry.seq} ({entry.kind} {entry.text!r}) cannot be replayed: {error}"
        steps.append(entry)
    return state, None


def _apply(state: State, entry: Entry) -> None:
    if entry.kind == "chance":
        state.apply_chance(entry.text)
    elif entry.kind == "move":
        state.play(entry.text)
    else:
        raise ValueError(f"unknown kind of entry {entry.kind!r}")


def _check_result(result: dict[str, Any] | None, state: State) -> Iterator[str]:
    if result is None:
        yield "the table is finished but has no result"
        return
    if list(result.get("scores", [])) != list(state.scores):
        yield f"the stored scores are {result.get('scores')}, by the log {list(state.scores)}"
    if sorted(result.get("winners", [])) != sorted(state.winners):
        yield f"the stored winners are seats {result.get('winners')}, by the log {sorted(state.winners)}"


def _check_clocks(table: Table, state: State) -> Iterator[str]:
    assert table.clock is not None
    clocks = Clocks.from_dict(table.clock)
    if len(clocks.seats) != table.players:
        yield f"the clock has {len(clocks.seats)} seats, the table {table.players}"
        return
    running = {seat for seat in range(table.players) if clocks.running(seat)}
    expected = set(state.to_move) & timed_seats(table.seats) if table.status == RUNNING else set()
    if running != expected:
        yield f"the clocks of seats {sorted(running)} run, by the log those of {sorted(expected)} should"
    if any(seat.bank < 0 for seat in clocks.seats):
        yield "a clock has a negative bank"
    if table.status == RUNNING and table.clock_due != clocks.next_due():
        yield f"the clocks next fall due at {table.clock_due}, by the clocks at {clocks.next_due()}"
