"""The database connection: SQLite by default, PostgreSQL with the same code, migrated on start."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from threading import Lock
from typing import Any

import orjson
from sqlalchemy import Connection, Engine, create_engine, event, exc, inspect, text
from sqlalchemy.orm import Session, sessionmaker

from mozaika.server.jsontext import json_text

# Any constant will do: it names the lock two starting servers take turns on.
_MIGRATION_LOCK = 0x4D6F7A61
NEWEST_REVISION = "0014_lang69"
"""The newest migration (``migrations/versions``; a test checks it is Alembic's head): a database
already there is left as it is, without loading Alembic and its migrations (a restart's few
tenths of a second)."""
_KEPT_LOOKUPS = 2
"""How many SQLite connections :meth:`Database.looking_up` keeps out of the pool (at most)."""


def connect(url: str, *, for_writing: bool = True) -> Engine:
    """An engine for ``url``; SQLite gets write-ahead logging and, for writing, one writer at a time."""
    # JSON columns (a table's players, options, clock, result...) are read and written at every
    # move: orjson, several times faster than the standard library, for the same values.
    json = {"json_serializer": json_text, "json_deserializer": orjson.loads}
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **json)
        _configure_sqlite(engine, "BEGIN IMMEDIATE" if for_writing else "BEGIN")
        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True, **json)


_JOINED = "mozaika.joined"
"""Where a session of SQLite's writer keeps the connection whose transaction it joined."""


def connection_of(session: Session) -> Connection:
    """The connection of a session's transaction, for plain statements.

    A session of SQLite's writer hands over the connection it joined without its own
    bookkeeping: a move's transaction runs plain statements only, and a session that never
    begins a transaction of its own costs a fraction to open and close.
    """
    joined: Connection | None = session.info.get(_JOINED)
    return joined if joined is not None else session.connection()


def _configure_sqlite(engine: Engine, begin: str) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" below open each transaction, instead of the driver.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        # WAL survives a killed process (a commit is in the log before it returns);
        # synchronous=NORMAL only risks the last commits on a power cut.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A writing transaction takes the write lock at the start: one that read a table's
        # sequence number can never be refused the write that advances it.  Reading ones
        # take no lock: in WAL mode they see the last commit while a writer works.  (Straight to
        # the driver: the statement needs none of SQLAlchemy's work on a statement's way.)
        connection.connection.driver_connection.execute(begin)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the schema to the newest migration, or to ``revision`` (safe to run from several processes)."""
    if revision == "head" and revision_of(engine) == NEWEST_REVISION:
        return
    from alembic import command

    config = alembic_config()
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite alters a table by building a new copy and dropping the old one (Alembic's
            # batch mode): with foreign keys on, that drop would delete every row that refers to
            # the table (a session's player, a table's seats and log). The pragma only takes
            # effect outside a transaction, so it goes to the driver's connection directly.
            _pragma(connection, "foreign_keys=OFF")
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"the migration left rows that refer to nothing: {broken[:5]}")
        finally:
            if sqlite:
                _pragma(connection, "foreign_keys=ON")


def alembic_config() -> Any:
    """Alembic's configuration of Mozaika's migrations (``alembic.config.Config``; Alembic is
    imported here, only when a migration is run or read)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "mozaika.server.storage:migrations")
    return config


def revision_of(engine: Engine) -> str | None:
    """The migration the database is at, as Alembic's version table records it (None: none yet)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        versions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return versions[0] if len(versions) == 1 else None


def database_unavailable(error: BaseException) -> bool:
    """Whether an error says the database could not be reached or lost the connection (a restart, a
    failover, a full pool), rather than that a statement was wrong: the request may simply be tried again."""
    if isinstance(error, exc.DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, exc.OperationalError | exc.InterfaceError | exc.DisconnectionError | exc.TimeoutError)


def _pragma(connection: Connection, setting: str) -> None:
    driver_connection: Any = connection.connection.dbapi_connection
    driver_connection.execute(f"PRAGMA {setting}")


class Database:
    """An engine and its sessions: transactions that write, and lighter ones that only read."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = connect(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._reader = connect(url, for_writing=False) if self.engine.dialect.name == "sqlite" else self.engine
        self._reading_sessions = sessionmaker(self._reader, expire_on_commit=False)
        self._write_lock = Lock()
        self._writing: AbstractContextManager[Any] = self._write_lock if self.is_sqlite else nullcontext()
        # SQLite's one writer at a time keeps one connection, taken in turns under the lock: a
        # transaction then skips taking a connection from the pool and handing it back (a
        # fifth of a move's transaction).  Its sessions join the connection's transaction.
        self._writer: Connection | None = None
        self._writer_session: Session | None = None
        self._joined_sessions = sessionmaker(expire_on_commit=False, join_transaction_mode="rollback_only")
        self._lookups: list[Connection] = []
        """Connections kept for :meth:`looking_up` on SQLite (taken and given back whole: a list's
        ``pop`` and ``append`` are atomic)."""

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def writes_locally_now(self) -> bool:
        """Whether a short write would start at once and wait on nothing outside the process:
        SQLite's one writer is free (it is a file on this machine). PostgreSQL's transactions
        wait on the network: never."""
        return self.is_sqlite and not self._write_lock.locked()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed at the end of the block, or rolled back on an error."""
        # SQLite has one writer at a time.  Threads of this process queue here, and the
        # next one starts the moment the last commits, instead of polling SQLite's lock.
        if not self.is_sqlite:
            with self._sessions() as session, session.begin():
                yield session
            return
        with self._writing:
            connection, reused = self._writer, self._writer_session
            if connection is None or reused is None or connection.closed or connection.invalidated:
                connection = self._writer = self.engine.connect()
                reused = self._writer_session = self._joined_sessions(bind=connection, info={_JOINED: connection})
            session = reused
            # The connection's transaction commits at the end of the block (or rolls back on an
            # error); the session only flushes into it.
            with connection.begin():
                try:
                    yield session
                    session.flush()
                finally:
                    # A session that began nothing of its own and holds nothing (a move's: plain
                    # statements only) is as good as new: it serves the next transaction. Closing
                    # one that did leaves its objects readable after the block, detached.
                    if session.in_transaction() or session.identity_map or session.new:
                        session.close()

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads only: it sees one consistent snapshot, and writes nothing."""
        # Closing the session ends its transaction (nothing was written) and keeps what it
        # loaded readable, unlike a rollback, which would expire it.
        with self._reading_sessions() as session:
            yield session

    @contextmanager
    def looking_up(self) -> Iterator[Connection]:
        """A connection for one quick read of plain statements (no session, no objects): the
        lookups every request makes.

        On SQLite a few such connections stay out of the pool between lookups, each serving one
        lookup at a time: taking a connection from the pool and handing it back cost more than
        the lookup. Each lookup's transaction ends with it (an open one would hold back the
        write-ahead log's checkpoints).
        """
        if not self.is_sqlite:
            with self._reader.connect() as connection:
                yield connection
            return
        try:
            connection = self._lookups.pop()
        except IndexError:
            connection = self._reader.connect()
        try:
            yield connection
            connection.rollback()
        except BaseException:
            connection.close()
            raise
        if len(self._lookups) < _KEPT_LOOKUPS and not connection.invalidated:
            self._lookups.append(connection)
        else:
            connection.close()

    def dispose(self) -> None:
        while self._lookups:
            self._lookups.pop().close()
        with self._writing:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
        self.engine.dispose()
        if self._reader is not self.engine:
            self._reader.dispose()
