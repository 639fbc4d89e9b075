"""A move's reads and writes on SQLite go straight to the driver (mozaika.server.storage.driver): they
read and write what SQLAlchemy's statements do."""

from __future__ import annotations

import sqlite3
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from mozaika.server.players.accounts import Accounts
from mozaika.server.settings import Settings
from mozaika.server.storage import driver as driver_module
from mozaika.server.storage.database import Database, migrate
from mozaika.server.storage.models import utc_now
from mozaika.server.tables import SeatRequest, Table, TableRepository, TableRequest, Tables
from mozaika.server.tables.gamelog import Entry


def running_tables(path: Path) -> tuple[Database, list[str]]:
    """Two running tables of Azul, one of them timed, on a fresh SQLite database."""
    url = f"sqlite:///{path}"
    settings = Settings.from_environment(database_url=url)
    db = Database(url)
    migrate(db.engine)
    accounts = Accounts(db, settings.limits, settings.session_idle_days)
    tables = Tables.create(db, settings)
    ids = []
    for clock in (None, "5+3"):
        first, _ = accounts.guest("Ada")
        second, _ = accounts.guest("Bo")
        seats = [SeatRequest("me"), SeatRequest("open")]
        created = tables.seating.create(first, TableRequest("azul", 2, seats=seats, clock=clock))
        table_id = created.data["table"]["id"]
        tables.seating.join(table_id, second, None, None)
        tables.seating.start(table_id, first)
        ids.append(table_id)
    return db, ids


def advance(db: Database, table_id: str) -> Table:
    """Reads the table, then writes two log entries and its next sequence number, clocks and seats to move."""
    with db.transaction() as session:
        table = TableRepository.read(session, table_id, lock=True)
        entries = [Entry(table.seq + 1, "move", 0, "1B1", stand_in=True), Entry(table.seq + 2, "chance", None, "x")]
        table.seq += 2
        table.to_move = [1]
        if table.clock is not None:  # (the clocks started at the time the table did)
            table.clock = {**table.clock, "seats": [{**seat, "since": 1000.5} for seat in table.clock["seats"]]}
            table.clock_due = 1234.5
        TableRepository.advance(session, table, entries, utc_now())
    return table


def stored(path: Path) -> list[Any]:
    with sqlite3.connect(path) as connection:
        return [
            connection.execute(
                "SELECT table_id, seq, kind, seat, text, stand_in, created_at FROM log_entries ORDER BY table_id, seq"
            ).fetchall(),
            connection.execute(
                "SELECT seq, to_move, clock, typeof(clock), clock_due, result FROM game_tables"
            ).fetchall(),
        ]


def test_the_driver_reads_and_writes_what_sqlalchemy_s_statements_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    direct_db, direct_ids = running_tables(tmp_path / "direct.db")
    direct = [advance(direct_db, table_id) for table_id in direct_ids]
    with monkeypatch.context() as patched:
        patched.setattr(driver_module.Driver, "of", classmethod(lambda cls, connection: None))
        core_db, core_ids = running_tables(tmp_path / "core.db")
        core = [advance(core_db, table_id) for table_id in core_ids]
        with core_db.reading() as session:
            read_back = [TableRepository.read(session, table_id, lock=False) for table_id in core_ids]
    with direct_db.reading() as session:
        assert [TableRepository.read(session, table_id, lock=False) for table_id in direct_ids] == direct
    assert read_back == core

    def same(table: Table) -> dict[str, Any]:
        # Table ids, seeds, seat tokens, guests' page keys and moments differ from run to run: the rest must be equal.
        return {
            **asdict(table),
            "id": "",
            "seed": 0,
            "created_at": 0,
            "updated_at": 0,
            "person_moved_at": 0,
            "seats": [asdict(seat) | {"token_hash": 0, "page_key": ""} for seat in table.seats],
        }

    assert [same(table) for table in direct] == [same(table) for table in core]
    assert direct[1].clock is not None and direct[0].clock is None and direct[1].undo_allowed is True
    assert direct[0].seats[1].player_name == "Bo" and direct[0].owner_name == "Ada"

    def without_ids(rows: list[Any]) -> list[Any]:
        log, tables = rows
        # (The first entry, the start's draw, follows the table's random seed.)
        return [[(row[1:-1], len(row[-1])) for row in log if row[1] > 1], tables]

    assert without_ids(stored(tmp_path / "direct.db")) == without_ids(stored(tmp_path / "core.db"))
    assert {row[2]: row[5] for row in stored(tmp_path / "direct.db")[0] if row[1] > 1} == {"move": 1, "chance": 0}
