"""``mozaika backup``, ``restore`` and ``check-db``: a server's database copied, put back and checked."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mozaika.cli.common import console, fail

DatabaseOption = Annotated[
    str | None,
    typer.Option(help="SQLAlchemy URL of the database (default: $MOZAIKA_DATABASE_URL, else the server's SQLite)."),
]


def database_url(database: str | None) -> str:
    from mozaika.server.settings import Settings

    return Settings.from_environment(database_url=database, bot_workers=1).database_url


def backup_command(
    file: Annotated[Path, typer.Argument(help="The backup to write (a new file).")],
    database: DatabaseOption = None,
) -> None:
    """Copy the server's database into FILE, while the server runs, and check the copy.

    SQLite: the online backup API, then SQLite's integrity check and every game replayed
    from its log in the copy.  PostgreSQL: pg_dump's custom format (restore it with
    mozaika restore).
    """
    from mozaika.server.ops.backup import BackupError, backup

    try:
        report = backup(database_url(database), file)
    except BackupError as error:
        fail(str(error))
    console.print(f"Backed up into {report.file} ({report.bytes:,} bytes).", highlight=False, soft_wrap=True)
    if report.check is not None:
        check = report.check
        console.print(
            f"The copy: {check.tables} tables, {check.entries} log entries replayed, "
            f"{len(check.mismatches)} mismatches.",
            highlight=False,
            soft_wrap=True,
        )
        for mismatch in check.mismatches:
            console.print(f"  {mismatch}", highlight=False, soft_wrap=True)
        for problem in check.schema:
            console.print(f"  schema: {problem}", highlight=False, soft_wrap=True)
        if check.mismatches or check.schema:
            raise typer.Exit(2)


def restore_command(
    file: Annotated[Path, typer.Argument(help="A backup made by mozaika backup.")],
    database: DatabaseOption = None,
) -> None:
    """Replace the database with the backup in FILE. Stop every server using the database first;
    start them again afterwards (a newer version migrates the restored database forward)."""
    from mozaika.server.ops.backup import BackupError, restore

    url = database_url(database)
    try:
        restore(url, file)
    except BackupError as error:
        fail(str(error))
    console.print(f"Restored {file}. Check it with: mozaika check-db", highlight=False, soft_wrap=True)


def check_db_command(database: DatabaseOption = None) -> None:
    """Replay every stored game from its log and compare it with the stored table: its position
    (sequence number, seats to move, status), clocks and result. Exits with 2 on any mismatch."""
    from mozaika.server.ops.dbcheck import check_database
    from mozaika.server.storage.database import Database

    db = Database(database_url(database))
    try:
        report = check_database(db)
    finally:
        db.dispose()
    for mismatch in report.mismatches:
        console.print(f"mismatch at table {mismatch}", highlight=False, soft_wrap=True)
    for problem in report.schema:
        console.print(f"schema: {problem}", highlight=False, soft_wrap=True)
    if report.replayed:
        replayed = f"{report.tables} tables, {report.entries} log entries replayed: " + (
            f"{len(report.mismatches)} mismatches." if report.mismatches else "every game matches its log."
        )
    else:
        replayed = "No game was replayed: this version cannot read them."
    console.print(
        replayed
        + (
            f" The schema holds {len(report.schema)} {'thing' if len(report.schema) == 1 else 'things'}"
            " Mozaika's migrations do not make."
            if report.schema
            else " The schema is exactly what Mozaika's migrations make."
        ),
        highlight=False,
        soft_wrap=True,
    )
    if report.mismatches or report.schema:
        raise typer.Exit(2)


admin_app = typer.Typer(
    help="The server's administrators: accounts that may mute and ban players, close tables and remove chat lines.",
    no_args_is_help=True,
)


def _set_role(username: str, database: str | None, admin: bool) -> None:
    from mozaika.server.errors import NotFoundError
    from mozaika.server.players.roles import set_role
    from mozaika.server.storage.database import Database, migrate

    db = Database(database_url(database))
    try:
        migrate(db.engine)
        name = set_role(db, username, admin)
    except NotFoundError as error:
        fail(error.message)
    finally:
        db.dispose()
    done = "is now an administrator" if admin else "is no longer an administrator"
    console.print(f"{username} ({name}) {done}; the audit log says so.", highlight=False, soft_wrap=True)


@admin_app.command("grant")
def grant_command(
    username: Annotated[str, typer.Argument(help="The account's username.")], database: DatabaseOption = None
) -> None:
    """Make an account an administrator: its admin page is at /admin."""
    _set_role(username, database, admin=True)


@admin_app.command("revoke")
def revoke_command(
    username: Annotated[str, typer.Argument(help="The account's username.")], database: DatabaseOption = None
) -> None:
    """An administrator goes back to being a player."""
    _set_role(username, database, admin=False)
