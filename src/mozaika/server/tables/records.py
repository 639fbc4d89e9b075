"""A table's history: the entries a reconnecting client missed, and a finished game's record,
replay and result."""

from __future__ import annotations

from typing import Any

from mozaika.notation.records import Record
from mozaika.notation.records import replay as replay_record
from mozaika.server.errors import BadRequestError, ConflictError, NotFoundError
from mozaika.server.players.accounts import Caller
from mozaika.server.tables.gamelog import Entry, fields_of_moves, public_position
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.results import step_seconds, with_shown_ratings
from mozaika.server.tables.shapes import FINISHED, OPEN
from mozaika.server.tables.steps import undo_rights
from mozaika.server.tables.views import TableViews
from mozaika.server.tables.watchers import check_watch


class History:
    """The log read back: what a client missed, and a finished game's record, replay and result."""

    def __init__(self, store: TableRepository, views: TableViews) -> None:
        self.store = store
        self.views = views

    def entries_since(self, table_id: str, seq: int, caller: Caller | None = None) -> dict[str, Any]:
        """The log entries after ``seq`` and the position now: what a reconnecting client missed. A
        ``caller`` must be one who may watch the table (``None``: the server itself)."""
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            check_watch(session, table, caller)
            if seq < 0 or seq > table.seq:
                raise BadRequestError(f"the table has {table.seq} log entries; cannot resume from {seq}")
            # Bounded: on PostgreSQL, entries committed since the table was read would not match its seq.
            entries = self.store.entries(session, table.id, after=seq, before=table.seq + 1)
            if table.status == OPEN:
                return self.views.step_event(table, entries, None)
            state = self.store.position(session, table)
            undoers = undo_rights(table, self.store.entries_newest_first(session, table.id, before=table.seq + 1))
            return self.views.step_event(table, entries, state, undoers)

    def record(self, table_id: str, caller: Caller | None = None) -> Record:
        record, _ = self._finished_game(table_id, caller)
        return record

    def _finished_game(self, table_id: str, caller: Caller | None) -> tuple[Record, list[Entry]]:
        """A finished game's record, and the log entries that stand behind its steps, one for one."""
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            check_watch(session, table, caller)
            if table.status != FINISHED:
                raise ConflictError("the record is published when the game is over (it holds the seed of the draws)")
            state = self.store.position(session, table)
            rows = self.store.timed_log(session, table.id)
        timed = step_seconds([entry for entry, _ in rows], [at for _, at in rows])
        control = table.clock["control"] if table.clock is not None else None
        record = Record.from_state(state, self.views.names(table), times=[waited for _, waited in timed], clock=control)
        return record, [entry for entry, _ in timed]

    def replay_step(self, table_id: str, step: int, caller: Caller | None = None) -> dict[str, Any]:
        """A finished game's position after ``step`` of its record's steps (0 = before the first draw)."""
        record, steps = self._finished_game(table_id, caller)
        if not 0 <= step <= len(record.steps):
            raise NotFoundError(f"the game has {len(record.steps)} steps; there is no step {step}")
        state = replay_record(record, upto=step)
        return {
            "step": step,
            "steps": len(record.steps),
            "text": record.steps[step - 1] if step else None,
            "stand_in": bool(step) and steps[step - 1].stand_in,
            "move_fields": fields_of_moves(record.game, record.options, record.steps[step - 1 : step] if step else []),
            "round": state.round,
            "to_move": list(state.to_move),
            "scores": state.scores,
            "position": public_position(state),
        }

    def result(self, table_id: str, caller: Caller | None = None) -> dict[str, Any]:
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            check_watch(session, table, caller)
        if table.status != FINISHED or table.result is None:
            raise ConflictError(f"the table is {table.status}: the result comes at the end of the game")
        shown = with_shown_ratings(table.result) or {}
        return {"table": table.id, "game": table.game, "names": self.views.names(table), **shown}
