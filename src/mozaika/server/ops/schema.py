"""The schema objects a database may hold: exactly those Mozaika's migrations make, nothing more.

A database is trusted as a whole: a trigger or a view slipped into a backup runs with the
server's rights on every write (a trigger that makes every chatting account an administrator
is one ``CREATE TRIGGER``).  So ``mozaika restore`` takes only what ``mozaika backup`` makes,
and ``mozaika check-db`` looks for what does not belong:

- SQLite: every table, index, trigger and view, with its SQL, compared with a database the
  migrations made from nothing up to the same revision (what the migrations make is the same
  text whatever the path: SQLite keeps each object's ``CREATE`` statement as it was run).
- PostgreSQL: a dump's table of contents (``pg_restore --list``) holds only the kinds of object
  ``pg_dump`` writes for Mozaika's tables (tables, their data, sequences, keys, indexes), and
  only of the tables and indexes the migrations make; a live database has no trigger, function,
  view, rule, policy or extension besides PL/pgSQL, which PostgreSQL installs itself.
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sqlalchemy import Connection, text

from mozaika.server.storage.database import alembic_config, connect, migrate

OBJECT_KINDS = ("table", "index", "trigger", "view")
DUMPED_KINDS = frozenset(
    {
        "TABLE",
        "TABLE DATA",
        "SEQUENCE",
        "SEQUENCE SET",
        "SEQUENCE OWNED BY",
        "DEFAULT",
        "CONSTRAINT",
        "FK CONSTRAINT",
        "INDEX",
        "SCHEMA",
        "COMMENT",
        "ACL",
    }
)
"""What ``pg_dump`` writes for Mozaika's tables; anything else in a dump (a function, a trigger, an
extension, a view, a rule...) was not made by Mozaika."""


class SchemaError(Exception):
    """A database or backup whose schema is not one Mozaika's migrations make, and why."""


@dataclass(frozen=True)
class SchemaObject:
    kind: str
    name: str
    table: str
    sql: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name!r}" + (f" on {self.table!r}" if self.table != self.name else "")


def revisions() -> list[str]:
    """Every migration this version knows, oldest first."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]


def check_revision(revision: str | None, where: str) -> str:
    """The revision, if this version of Mozaika made it; else why the database cannot be taken."""
    known = revisions()
    if revision is None:
        raise SchemaError(f"{where} records no schema version: it was not made by Mozaika")
    if revision not in known:
        raise SchemaError(
            f"{where} has schema version {revision!r}, which this version of Mozaika does not know"
            f" (its newest is {known[-1]!r}): restore it with the version that made it"
        )
    return revision


# --- SQLite ---------------------------------------------------------------------------


def sqlite_objects(connection: sqlite3.Connection) -> dict[tuple[str, str], SchemaObject]:
    """The schema objects of an SQLite database (SQLite's own, such as ``sqlite_sequence``, left out)."""
    rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    objects = {}
    for kind, name, table, sql in rows:
        if name.startswith("sqlite_") and not name.startswith("sqlite_autoindex_"):
            continue
        objects[(kind, name)] = SchemaObject(kind, name, table, _normalised(sql or ""))
    return objects


@cache
def expected_sqlite_objects(revision: str) -> dict[tuple[str, str], SchemaObject]:
    """What the migrations make in an empty SQLite database, up to ``revision``."""
    with tempfile.TemporaryDirectory(prefix="mozaika-schema-") as folder:
        path = Path(folder) / "expected.db"
        engine = connect(f"sqlite:///{path}")
        try:
            migrate(engine, revision)
        finally:
            engine.dispose()
        with sqlite3.connect(path) as connection:
            return sqlite_objects(connection)


def sqlite_revision(connection: sqlite3.Connection) -> str | None:
    try:
        versions = [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
    except sqlite3.DatabaseError:
        return None
    return versions[0] if len(versions) == 1 else None


def sqlite_differences(connection: sqlite3.Connection) -> list[str]:
    """What the SQLite database holds that its migrations do not make, or lacks of what they make."""
    revision = sqlite_revision(connection)
    if revision is None or revision not in revisions():
        return [f"its schema version {revision!r} is not one this version of Mozaika made"]
    found = sqlite_objects(connection)
    expected = expected_sqlite_objects(revision)
    problems = [f"{found[key]}, which Mozaika's migrations do not make" for key in sorted(found.keys() - expected)]
    problems += [f"no {expected[key]}, which the migrations make" for key in sorted(expected.keys() - found)]
    problems += [
        f"{found[key]} is not as the migrations make it"
        for key in sorted(found.keys() & expected)
        if found[key] != expected[key]
    ]
    return problems


def check_sqlite_file(path: Path) -> str:
    """The revision of an SQLite backup whose schema is exactly what Mozaika makes; else why not."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        revision = check_revision(sqlite_revision(connection), str(path))
        problems = sqlite_differences(connection)
    if problems:
        raise SchemaError(f"{path} holds what a Mozaika backup never does: " + "; ".join(problems[:5]))
    return revision


def _normalised(sql: str) -> str:
    """An object's SQL with its spacing evened out, and a table's definitions in a fixed order: Alembic's
    batch mode rebuilds a table with its constraints in an order that changes from process to process."""
    sql = re.sub(r"\s+", " ", sql).strip()
    if not sql.upper().startswith("CREATE TABLE") or "(" not in sql:
        return sql
    head, _, body = sql.partition("(")
    body, _, tail = body.rpartition(")")
    parts, depth, start = [], 0, 0
    for at, char in enumerate(body):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(body[start:at].strip())
            start = at + 1
    parts.append(body[start:].strip())
    return f"{head.strip()} ({', '.join(sorted(parts))}){tail}"


# --- PostgreSQL ------------------------------------------------------------------------


@dataclass(frozen=True)
class DumpEntry:
    """One line of ``pg_restore --list``: an object of the dump."""

    kind: str
    schema: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind.lower()} {self.schema}.{self.name}" if self.schema != "-" else self.kind.lower()


_LIST_LINE = re.compile(r"^\d+;\s*\d+\s+\d+\s+(?P<rest>.+)$")


def dump_entries(listing: str) -> list[DumpEntry]:
    """The objects of a ``pg_restore --list`` listing (its comment lines skipped)."""
    entries = []
    for line in listing.splitlines():
        found = _LIST_LINE.match(line.strip())
        if found is None:
            continue
        rest = found["rest"]
        kind = next((kind for kind in sorted(_ALL_KINDS, key=len, reverse=True) if rest.startswith(kind + " ")), None)
        if kind is None:
            kind = rest.split(" ", 1)[0]
        schema, _, name = rest[len(kind) :].strip().partition(" ")
        entries.append(DumpEntry(kind, schema, name.rsplit(" ", 1)[0] if " " in name else name))
    return entries


_ALL_KINDS = DUMPED_KINDS | {
    "FUNCTION", "PROCEDURE", "TRIGGER", "EXTENSION", "VIEW", "MATERIALIZED VIEW", "RULE", "POLICY",
    "EVENT TRIGGER", "AGGREGATE", "OPERATOR", "CAST", "TYPE", "DOMAIN", "FOREIGN TABLE", "SERVER",
    "PUBLICATION", "SUBSCRIPTION", "LARGE OBJECT", "BLOB", "COLLATION", "CONVERSION", "TEXT SEARCH CONFIGURATION",
}  # fmt: skip


def dump_differences(entries: Iterable[DumpEntry], revision: str) -> list[str]:
    """What a dump holds that a dump of Mozaika's database at ``revision`` never does."""
    expected = expected_sqlite_objects(revision)
    tables = {name for kind, name in expected if kind == "table"}
    indexes = {name for kind, name in expected if kind == "index"}
    problems = []
    for entry in entries:
        if entry.kind not in DUMPED_KINDS:
            problems.append(f"a {entry}, which Mozaika never makes")
        elif entry.kind in ("TABLE", "TABLE DATA") and entry.name not in tables:
            problems.append(f"a {entry}, which Mozaika's migrations do not make")
        elif entry.kind == "INDEX" and entry.name not in indexes:
            problems.append(f"an {entry}, which Mozaika's migrations do not make")
        elif entry.kind == "SCHEMA" and entry.name not in ("public", "- public"):
            problems.append(f"a {entry}, which Mozaika never makes")
    return problems


def postgres_differences(connection: Connection) -> list[str]:
    """What a live PostgreSQL database holds that Mozaika's migrations never make."""
    revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    if revision is None or revision not in revisions():
        return [f"its schema version {revision!r} is not one this version of Mozaika made"]
    expected = expected_sqlite_objects(revision)
    problems = []
    queries = {
        "trigger": "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal",
        "function": (
            "SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
            " LEFT JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'"
            " WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND d.objid IS NULL"
        ),
        "view": "SELECT viewname FROM pg_views WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        "materialized view": "SELECT matviewname FROM pg_matviews",
        "rule": "SELECT rulename FROM pg_rules WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        "policy": "SELECT policyname FROM pg_policies",
        "extension": "SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'",
        "event trigger": "SELECT evtname FROM pg_event_trigger",
    }
    for kind, query in queries.items():
        problems += [
            f"a {kind} {name!r}, which Mozaika never makes" for name in connection.execute(text(query)).scalars()
        ]
    tables = connection.execute(
        text("SELECT tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
    ).scalars()
    known = {name for kind, name in expected if kind == "table"}
    problems += [f"a table {name!r}, which Mozaika's migrations do not make" for name in tables if name not in known]
    return problems
