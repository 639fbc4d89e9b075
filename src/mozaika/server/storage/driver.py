"""A move's reads and writes, and the caller's lookup every request makes, on SQLite straight
to the driver's connection.

For the one-row reads and writes of a move, SQLAlchemy's execution of a statement costs
several times SQLite's own work. On SQLite the statements, compiled once, go to the
driver's connection of the same transaction (or, for a lookup, of no transaction); the values pass through each
column's own conversions (JSON, booleans, moments), so what is read and written is what
SQLAlchemy would read and write (``tests/test_server_driver.py`` compares the two).
Other databases take SQLAlchemy's way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Connection, Insert
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement

Processor = Callable[[Any], Any]
Bind = tuple[str, Processor | None, bool]
"""A positional parameter: its name, its type's conversion, and whether None goes through it."""


class _Compiled:
    """One statement compiled for SQLite: its text, its parameters' and its columns' conversions."""

    def __init__(self, statement: ClauseElement, dialect: Dialect, keys: Sequence[str] | None) -> None:
        compiled: Any = statement.compile(dialect=dialect, column_keys=keys)
        assert compiled.positional and not compiled.post_compile_params
        self.sql: str = compiled.string
        self.binds: tuple[Bind, ...] = tuple(
            (
                name,
                compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect),
                compiled.binds[name].type.should_evaluate_none,
            )
            for name in compiled.positiontup
        )
        columns = getattr(statement, "selected_columns", ())
        self.results: tuple[Processor | None, ...] = tuple(
            column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns
        )

    def parameters(self, values: dict[str, Any]) -> tuple[Any, ...]:
        converted = []
        for name, process, evaluate_none in self.binds:
            value = values[name]
            if process is not None and (value is not None or evaluate_none):
                value = process(value)
            converted.append(value)
        return tuple(converted)


class _Statements:
    """Every statement compiled so far for one dialect."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._compiled: dict[tuple[int, tuple[str, ...] | None], tuple[ClauseElement, _Compiled]] = {}

    def compiled(self, statement: ClauseElement, keys: tuple[str, ...] | None = None) -> _Compiled:
        # Keyed by identity: the statements are built once, at import, and kept (with the key).
        found = self._compiled.get((id(statement), keys))
        if found is None:
            found = self._compiled[(id(statement), keys)] = (statement, _Compiled(statement, self.dialect, keys))
        return found[1]


_by_dialect: WeakKeyDictionary[Dialect, _Statements] = WeakKeyDictionary()


class Driver:
    """The SQLite driver's connection of a transaction, for statements built once."""

    def __init__(self, connection: Any, statements: _Statements) -> None:
        self._connection = connection
        self._statements = statements

    @classmethod
    def of(cls, connection: Connection) -> Driver | None:
        """The driver's connection of ``connection``'s transaction, on SQLite; None elsewhere."""
        dialect = connection.dialect
        if dialect.name != "sqlite":
            return None
        statements = _by_dialect.get(dialect)
        if statements is None:
            statements = _by_dialect[dialect] = _Statements(dialect)
        return cls(connection.connection.driver_connection, statements)

    def rows(self, statement: ClauseElement, values: dict[str, Any], *, repeated: int = 0) -> list[list[Any]]:
        """The rows a select gives, each column converted; the first ``repeated`` columns are the
        same in every row (a table's, joined with each of its seats) and converted once."""
        compiled = self._statements.compiled(statement)
        rows = self._connection.execute(compiled.sql, compiled.parameters(values)).fetchall()
        if not rows:
            return []
        processes = compiled.results
        shared = [
            value if process is None else process(value)
            for value, process in zip(rows[0][:repeated], processes[:repeated], strict=True)
        ]
        own = processes[repeated:]
        return [
            shared
            + [value if process is None else process(value) for value, process in zip(row[repeated:], own, strict=True)]
            for row in rows
        ]

    def run(self, statement: ClauseElement, values: dict[str, Any] | list[dict[str, Any]]) -> None:
        """An insert or update, once or (with a list of values of the same keys) once for each."""
        many = values if isinstance(values, list) else [values]
        # An insert's columns are the keys given; an update's are named in the statement.
        compiled = self._statements.compiled(statement, tuple(many[0]) if isinstance(statement, Insert) else None)
        self._connection.executemany(compiled.sql, [compiled.parameters(row) for row in many])
