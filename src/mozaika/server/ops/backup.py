"""``mozaika backup`` and ``mozaika restore``: a copy of the whole database, taken while the server runs.

SQLite: the online backup API copies the database page by page while servers keep writing
(a write during the copy restarts it where needed), so the copy is one consistent moment of
the database.  The copy is then checked: SQLite's integrity check, and every game replayed
from its log (:mod:`mozaika.server.ops.dbcheck`).  PostgreSQL: ``pg_dump`` in its custom
format (one consistent snapshot too), restored with ``pg_restore``; the password goes to
them in the environment, never on a command line.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import make_url

from mozaika.server.ops.dbcheck import CheckReport, check_database
from mozaika.server.ops.schema import SchemaError, check_revision, check_sqlite_file, dump_differences, dump_entries
from mozaika.server.storage.database import Database, migrate

PAGES_AT_ONCE = 256
"""SQLite pages copied per step of an online backup: between steps, servers may write."""


class BackupError(Exception):
    """A backup or restore that cannot be done, and why."""


@dataclass(frozen=True)
class BackupReport:
    file: Path
    bytes: int
    check: CheckReport | None
    """The replay of every game in the copy (SQLite copies only)."""


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    if not parsed.database or parsed.database == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up")
    return Path(parsed.database)


def backup(url: str, file: Path) -> BackupReport:
    """Copy the database at ``url`` into ``file`` (which must not exist yet)."""
    if file.exists():
        raise BackupError(f"{file} exists already: back up into a new file")
    source = sqlite_path(url)
    if source is None:
        _postgres_tool(url, ["pg_dump", "--format=custom", "--no-owner", "--file", str(file)])
        return BackupReport(file, file.stat().st_size, None)
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    partial = file.with_name(file.name + ".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as reading, sqlite3.connect(partial) as writing:
        reading.backup(writing, pages=PAGES_AT_ONCE)
        writing.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, without a -wal beside it
    try:
        _integrity(partial)
        database = Database(f"sqlite:///{partial}")
        try:
            report = check_database(database)
        finally:
            database.dispose()
    except Exception:
        partial.unlink(missing_ok=True)
        raise
    partial.rename(file)
    return BackupReport(file, file.stat().st_size, report)


def restore(url: str, file: Path) -> None:
    """Replace the database at ``url`` with the backup in ``file``; no server may be using it meanwhile."""
    if not file.is_file():
        raise BackupError(f"there is no backup at {file}")
    target = sqlite_path(url)
    if target is None:
        _check_dump(url, file)
        _postgres_tool(url, ["pg_restore", "--clean", "--if-exists", "--no-owner", "--exit-on-error", str(file)])
        return
    _integrity(file)
    try:
        check_sqlite_file(file)
    except SchemaError as error:
        raise BackupError(str(error)) from None
    _check_games(file)
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(file) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)


def _check_games(file: Path) -> None:
    """Every game of an SQLite backup replayed from its log, as ``backup`` checks its copy: in a copy
    migrated to this version's schema, as the server migrates the restored database when it starts."""
    with tempfile.TemporaryDirectory(prefix="mozaika-restore-") as folder:
        copy = Path(folder) / "restored.db"
        shutil.copyfile(file, copy)
        database = Database(f"sqlite:///{copy}")
        try:
            migrate(database.engine)
            report = check_database(database)
        finally:
            database.dispose()
    if report.mismatches:
        listed = "; ".join(str(mismatch) for mismatch in report.mismatches[:5])
        raise BackupError(f"{file}: {len(report.mismatches)} of its games do not match their logs: {listed}")


def _check_dump(url: str, file: Path) -> None:
    """A PostgreSQL dump holds what ``pg_dump`` writes of Mozaika's database, at a version this one knows."""
    listing = _postgres_output(url, ["pg_restore", "--list", str(file)], needs_database=False)
    rows = _postgres_output(
        url, ["pg_restore", "--data-only", "--table=alembic_version", "--file=-", str(file)], needs_database=False
    )
    copied = rows.split("FROM stdin;", 1)[1].split("\\.", 1)[0].split() if "FROM stdin;" in rows else []
    try:
        revision = check_revision(copied[0] if len(copied) == 1 else None, str(file))
        problems = dump_differences(dump_entries(listing), revision)
    except SchemaError as error:
        raise BackupError(str(error)) from None
    if problems:
        raise BackupError(f"{file} holds what a Mozaika backup never does: " + "; ".join(problems[:5]))


def _integrity(file: Path) -> None:
    try:
        with sqlite3.connect(f"file:{file}?mode=ro", uri=True) as connection:
            found = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{file} is not a sound SQLite database: {error}") from None
    if found != [("ok",)]:
        raise BackupError(f"SQLite's integrity check of {file} failed: {found[:5]}")


def _postgres_tool(url: str, command: list[str]) -> None:
    """Run ``pg_dump`` or ``pg_restore`` against the database of ``url``."""
    _postgres_output(url, command)


def _postgres_output(url: str, command: list[str], *, needs_database: bool = True) -> str:
    """What ``pg_dump`` or ``pg_restore`` prints, run against the database of ``url`` (or, without
    ``needs_database``, reading a dump only)."""
    if shutil.which(command[0]) is None:
        raise BackupError(f"{command[0]} is not installed (Debian: apt install postgresql-client)")
    parsed = make_url(url)
    environment = dict(os.environ)
    if parsed.password is not None:
        environment["PGPASSWORD"] = str(parsed.password)
    plain = parsed.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    finished = subprocess.run(
        [*command, *(["--dbname", plain] if needs_database else [])],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    if finished.returncode != 0:
        raise BackupError(f"{command[0]} failed: {finished.stderr.strip()[-2000:]}")
    return finished.stdout
