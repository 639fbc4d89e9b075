"""Tables as callers see them: the lobby, a table's view, and the events that tell watchers of a change."""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from mozaika.catalogue.registry import game_ids, game_spec
from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.accounts import Caller, clean_name
from mozaika.server.errors import BadRequestError, NotSignedInError
from mozaika.server.facts import TableFacts
from mozaika.server.games import Entry, fields_of_entries, moves_to_take_back, public_position
from mozaika.server.models import GameTable, Seat
from mozaika.server.tables.base import FINISHED, OPEN, RUNNING, SEAT_BOT, STATUSES, TableStore


def game_catalogue() -> list[dict[str, Any]]:
    """Every game a table can be created for, with its options and its tiles' look."""
    catalogue = []
    for game_id in game_ids():
        spec = game_spec(game_id)
        catalogue.append(
            {
                "id": spec.id,
                "title": spec.title,
                "players": list(spec.players),
                "options": [{"name": o.name, "values": list(o.values), "help": o.help} for o in spec.options],
                "theme": spec.theme.to_dict() if spec.theme is not None else None,
                "board": dict(spec.board) if spec.board is not None else None,
            }
        )
    return catalogue


class TableViews(TableStore):
    """Reading tables for the lobby and for the players and watchers at a table."""

    def view(self, table_id: str, caller: Caller) -> dict[str, Any]:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            return self._view(session, table, caller)

    def lobby(self, caller: Caller, status: str | None, mine: bool) -> list[dict[str, Any]]:
        """Open and running tables (or those of one status); with ``mine``, only the caller's, their turn first."""
        if status is not None and status not in STATUSES:
            raise BadRequestError(f"status is one of {', '.join(STATUSES)}, not {status!r}")
        if mine and not caller.signed_in:
            raise NotSignedInError("sign in (or play as a guest) to see your tables")
        with self.db.reading() as session:
            query = select(GameTable)
            if status is not None:
                query = query.where(GameTable.status == status)
            elif not mine:
                query = query.where(or_(GameTable.status == OPEN, GameTable.status == RUNNING))
            if mine:
                query = query.join(Seat, Seat.table_id == GameTable.id).where(Seat.player_id == caller.player_id)
            tables = session.scalars(query.order_by(GameTable.updated_at.desc()).limit(200)).unique().all()
            now = self.now()
            summaries = [self._summary(table, caller, now) for table in tables]
        # The caller's turns first, the most pressing first: the seat with the least time left.
        summaries.sort(
            key=lambda summary: (
                not summary["your_turn"],
                clocks.time_left(summary["clock"], summary["you"], now) if summary["your_turn"] else 0.0,
            )
        )
        return summaries

    @staticmethod
    def _seat_name(seat: Seat) -> str | None:
        """The seat's player, or "Bot (level)" for a bot seat (the one form every client uses)."""
        if seat.kind == SEAT_BOT and not seat.replaced:
            return f"Bot ({seat.bot_level})"
        return seat.player.name if seat.player is not None else None

    def _names(self, table: GameTable) -> list[str]:
        """The players' names for records and results: a seat handed to a bot says so after its player."""

        def name(seat: Seat) -> str:
            plain = self._seat_name(seat) or f"Seat {seat.index + 1}"
            return f"{plain} / Bot ({seat.bot_level})" if seat.replaced else plain

        return [clean_name(name(seat), self.settings.limits) for seat in table.seats]

    def _seats(self, table: GameTable, caller: Caller) -> list[dict[str, Any]]:
        return [
            {
                "index": seat.index,
                "kind": seat.kind,
                "name": self._seat_name(seat),
                "level": seat.bot_level,
                "account": seat.player.username if seat.player is not None else None,
                "replaced": seat.replaced,
                "timed_out": seat.timed_out,
                "you": self._holds(seat, caller),
                # The caller's own seat, which the bot took when their time ran out (a friendly table's).
                "can_return": seat.timed_out
                and not table.rated
                and caller.player_id is not None
                and seat.player_id == caller.player_id,
            }
            for seat in table.seats
        ]

    def _summary(self, table: GameTable, caller: Caller, now: float | None = None) -> dict[str, Any]:
        seats = self._seats(table, caller)
        you = next((seat["index"] for seat in seats if seat["you"]), None)
        return {
            "id": table.id,
            "game": table.game,
            "title": game_spec(table.game).title,
            "players": table.players,
            "options": table.options,
            "status": table.status,
            "rated": table.rated,
            "undo": table.undo_allowed,
            "hints": not table.rated,
            "owner": table.owner.name,
            "owner_you": caller.signed_in and caller.player_id == table.owner_id,
            "seq": table.seq,
            "to_move": list(table.to_move),
            "seats": seats,
            "you": you,
            "your_turn": table.status == RUNNING and you is not None and you in table.to_move,
            **self._final_scores(table),
            "clock": clocks.view(table.clock, self.now() if now is None else now),
            "created_at": table.created_at.isoformat(),
            "updated_at": table.updated_at.isoformat(),
        }

    @staticmethod
    def _final_scores(table: GameTable) -> dict[str, Any]:
        """A finished table's scores by seat and its winners, which the lobby lists."""
        if table.status != FINISHED or table.result is None:
            return {}
        players = sorted(table.result["players"], key=lambda player: player["seat"])
        return {"scores": [player["score"] for player in players], "winners": list(table.result["winners"])}

    @staticmethod
    def _bot_replies(table: GameTable | TableFacts, seat: int) -> frozenset[int]:
        """The seats whose moves an undo by ``seat`` takes back with its own: all the others, where all are bots."""
        others = [other for other in table.seats if other.index != seat]
        if all(other.kind == SEAT_BOT for other in others):
            return frozenset(other.index for other in others)
        return frozenset()

    def _view(
        self, session: Session, table: GameTable, caller: Caller | None, state: State | None = None
    ) -> dict[str, Any]:
        summary = self._summary(table, caller or Caller())
        if table.status in (RUNNING, FINISHED):
            state = state if state is not None else self._position(session, table)
            summary["round"] = state.round
            summary["scores"] = state.scores
            summary["position"] = public_position(state)
            you = summary["you"]
            mine = table.status == RUNNING and you is not None and you in state.to_move
            legal = state.legal_moves(you) if mine else []
            summary["legal_moves"] = [str(move) for move in legal]
            summary["move_fields"] = {str(move): move.fields() for move in legal}
            if table.status == RUNNING and table.undo_allowed and you is not None:
                newest_first = self._entries_newest_first(session, table.id)
                summary["can_undo"] = bool(moves_to_take_back(newest_first, you, self._bot_replies(table, you)))
            else:
                summary["can_undo"] = False
        summary["result"] = table.result
        return summary

    def _table_event(self, table: GameTable) -> dict[str, Any]:
        """The lobby's event for a table; made inside the session, which loads the names it shows."""
        return {"type": "table", "table": table.id, "summary": self._summary(table, Caller())}

    def _step_event(self, table: GameTable | TableFacts, entries: list[Entry], state: State | None) -> dict[str, Any]:
        event: dict[str, Any] = {
            "type": "step",
            "table": table.id,
            "seq": table.seq,
            "status": table.status,
            "entries": [entry.to_dict() for entry in entries],
            "clock": clocks.view(table.clock, self.now()),
        }
        fields = fields_of_entries(table.game, table.options, entries)
        if state is not None:
            legal = {seat: state.legal_moves(seat) for seat in state.to_move}
            event.update(
                round=state.round,
                to_move=list(state.to_move),
                scores=state.scores,
                position=public_position(state),
                # Public knowledge, sent so that a client needs no second request to move.
                legal_moves={str(seat): [str(move) for move in moves] for seat, moves in legal.items()},
            )
            fields.update((str(move), move.fields()) for moves in legal.values() for move in moves)
        event["move_fields"] = fields
        if table.status == FINISHED:
            event["result"] = table.result
        return event
