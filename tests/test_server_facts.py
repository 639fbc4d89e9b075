"""The move's hot path on SQLite (mozaika.server.facts) reads and writes what SQLAlchemy's statements do."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mozaika.server import facts
from mozaika.server.accounts import Accounts
from mozaika.server.database import Database, migrate
from mozaika.server.models import utc_now
from mozaika.server.settings import Settings
from mozaika.server.tables import SeatRequest, TableRequest, Tables


def running_tables(path: Path) -> tuple[Database, list[str]]:
    """Two running tables of Azul, one of them timed, on a fresh SQLite database."""
    url = f"sqlite:///{path}"
    settings = Settings.from_environment(database_url=url)
    db = Database(url)
    migrate(db.engine)
    accounts = Accounts(db, settings.limits, settings.session_idle_days)
    tables = Tables(db, settings)
    ids = []
    for clock in (None, "5+3"):
        first, _ = accounts.guest("Ada")
        second, _ = accounts.guest("Bo")
        seats = [SeatRequest("me"), SeatRequest("open")]
        table_id = tables.create(first, TableRequest("azul", 2, seats=seats, clock=clock)).data["table"]["id"]
        tables.join(table_id, second, None, None)
        tables.start(table_id, first)
        ids.append(table_id)
    return db, ids


def advance(db: Database, table_id: str) -> facts.TableFacts:
    """Reads the table, then writes two log entries and its next sequence number, clocks and seats to move."""
    with db.transaction() as session:
        table = facts.read_facts(session, table_id, lock=True)
        now = utc_now()
        rows = [
            {"table_id": table_id, "seq": table.seq + 1, "kind": "move", "seat": 0, "text": "1B1", "created_at": now},
            {
                "table_id": table_id,
                "seq": table.seq + 2,
                "kind": "chance",
                "seat": None,
                "text": "x",
                "created_at": now,
            },
        ]
        rows = [{**row, "created_at": now} for row in rows]
        table.seq += 2
        table.to_move = [1]
        if table.clock is not None:  # (the clocks started at the time the table did)
            table.clock = {**table.clock, "seats": [{**seat, "since": 1000.5} for seat in table.clock["seats"]]}
            table.clock_due = 1234.5
        facts.write_advance(session, table, rows, now)
    return table


def stored(path: Path) -> list[Any]:
    with sqlite3.connect(path) as connection:
        return [
            connection.execute("SELECT * FROM log_entries ORDER BY table_id, seq").fetchall(),
            connection.execute(
                "SELECT seq, to_move, clock, typeof(clock), clock_due, result FROM game_tables"
            ).fetchall(),
        ]


def test_the_plain_statements_read_and_write_what_sqlalchemy_s_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain_db, plain_ids = running_tables(tmp_path / "plain.db")
    plain = [advance(plain_db, table_id) for table_id in plain_ids]
    with monkeypatch.context() as patched:
        patched.setattr(facts, "_plain", lambda connection: None)
        core_db, core_ids = running_tables(tmp_path / "core.db")
        core = [advance(core_db, table_id) for table_id in core_ids]
        with core_db.reading() as session:
            read_back = [facts.read_facts(session, table_id, lock=False) for table_id in core_ids]
    with plain_db.reading() as session:
        assert [facts.read_facts(session, table_id, lock=False) for table_id in plain_ids] == plain
    assert read_back == core

    def same(table: facts.TableFacts, table_id: str) -> dict[str, Any]:
        # Table ids, seeds and seat tokens are random: the rest must be equal.
        return {
            **vars(table),
            "id": table_id,
            "seed": 0,
            "seats": [vars(seat) | {"token_hash": 0} for seat in table.seats],
        }

    assert [same(table, "") for table in plain] == [same(table, "") for table in core]
    assert plain[1].clock is not None and plain[0].clock is None and plain[1].undo_allowed is True

    def without_ids(rows: list[Any]) -> list[Any]:
        log, tables = rows
        # (The first entry, the start's draw, follows the table's random seed.)
        return [[(row[1:-1], len(row[-1])) for row in log if row[1] > 1], tables]

    assert without_ids(stored(tmp_path / "plain.db")) == without_ids(stored(tmp_path / "core.db"))
