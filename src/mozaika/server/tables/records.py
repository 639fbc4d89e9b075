"""A table's history: the entries a reconnecting client missed, a finished game's record,
replay and result, and the result and ratings written when a game ends."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mozaika.core.protocol import State
from mozaika.notation.records import Record
from mozaika.notation.records import replay as replay_record
from mozaika.server.errors import BadRequestError, ConflictError, NotFoundError
from mozaika.server.facts import read_facts
from mozaika.server.games import Entry, fields_of_moves, public_position
from mozaika.server.models import GameTable, LogEntry, Player
from mozaika.server.results import (
    final_result,
    game_statistics,
    new_ratings,
    rank_order,
    rating_places,
    step_seconds,
)
from mozaika.server.tables.base import FINISHED, OPEN
from mozaika.server.tables.views import TableViews


class TableRecords(TableViews):
    """The log read back, and the end of a game written down."""

    def entries_since(self, table_id: str, seq: int) -> dict[str, Any]:
        """The log entries after ``seq`` and the position now: what a reconnecting client missed."""
        with self.db.reading() as session:
            table = read_facts(session, table_id, lock=False)
            if seq < 0 or seq > table.seq:
                raise BadRequestError(f"the table has {table.seq} log entries; cannot resume from {seq}")
            # Bounded: on PostgreSQL, entries committed since the table was read would not match its seq.
            entries = self._entries(session, table.id, after=seq, before=table.seq + 1)
            state = self._position(session, table) if table.status != OPEN else None
            return self._step_event(table, entries, state)

    def record(self, table_id: str) -> Record:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            if table.status != FINISHED:
                raise ConflictError("the record is published when the game is over (it holds the seed of the draws)")
            state = self._position(session, table)
            rows = self._timed_log(session, table.id)
            times = [waited for _, waited in step_seconds([entry for entry, _ in rows], [at for _, at in rows])]
            control = table.clock["control"] if table.clock is not None else None
            return Record.from_state(state, self._names(table), times=times, clock=control)

    def replay_step(self, table_id: str, step: int) -> dict[str, Any]:
        """A finished game's position after ``step`` of its record's steps (0 = before the first draw)."""
        record = self.record(table_id)
        if not 0 <= step <= len(record.steps):
            raise NotFoundError(f"the game has {len(record.steps)} steps; there is no step {step}")
        state = replay_record(record, upto=step)
        return {
            "step": step,
            "steps": len(record.steps),
            "text": record.steps[step - 1] if step else None,
            "move_fields": fields_of_moves(record.game, record.options, record.steps[step - 1 : step] if step else []),
            "round": state.round,
            "to_move": list(state.to_move),
            "scores": state.scores,
            "position": public_position(state),
        }

    def result(self, table_id: str) -> dict[str, Any]:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            if table.status != FINISHED or table.result is None:
                raise ConflictError(f"the table is {table.status}: the result comes at the end of the game")
            return {"table": table.id, "game": table.game, "names": self._names(table), **table.result}

    @staticmethod
    def _timed_log(session: Session, table_id: str) -> list[tuple[Entry, datetime]]:
        """Every log entry with the moment it was written."""
        rows = session.execute(
            select(LogEntry.seq, LogEntry.kind, LogEntry.seat, LogEntry.text, LogEntry.created_at)
            .where(LogEntry.table_id == table_id)
            .order_by(LogEntry.seq)
        ).all()
        return [(Entry(seq, kind, seat, text), at) for seq, kind, seat, text, at in rows]

    def _finish(self, session: Session, table: GameTable, state: State) -> None:
        session.flush()
        rows = self._timed_log(session, table.id)
        statistics = game_statistics(self._game(table), [entry for entry, _ in rows], [at for _, at in rows])
        result = final_result(state, statistics)
        if table.rated:
            result["ratings"] = self._rate(session, table, state)
        table.result = result
        table.status = FINISHED

    def _rate(self, session: Session, table: GameTable, state: State) -> list[dict[str, float]]:
        players = [session.get(Player, seat.player_id) if seat.player_id is not None else None for seat in table.seats]
        accounts = [player for player in players if player is not None and not player.is_guest]
        if len(accounts) != len(players):
            return []
        before = [(player.rating_mu, player.rating_sigma) for player in accounts]
        after = new_ratings(before, rating_places(rank_order(state), [seat.replaced for seat in table.seats]))
        changes = []
        for player, (mu, sigma), (old_mu, old_sigma) in zip(accounts, after, before, strict=True):
            player.rating_mu, player.rating_sigma = mu, sigma
            player.rated_games += 1
            changes.append(
                {
                    "before": round(old_mu - 3 * old_sigma, 3),
                    "after": round(mu - 3 * sigma, 3),
                    "mu": round(mu, 3),
                    "sigma": round(sigma, 3),
                }
            )
        return changes
