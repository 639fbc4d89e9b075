"""Tables as callers see them: the lobby, a table's view, and the events that tell watchers of a change."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mozaika.catalogue.registry import game_ids, game_spec
from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.boards import variant_of
from mozaika.server.clocks import TimeSource
from mozaika.server.errors import BadRequestError, NotSignedInError
from mozaika.server.players.accounts import Caller, clean_name, profile_key
from mozaika.server.players.presence import Presence
from mozaika.server.players.ratings import shown
from mozaika.server.settings import Settings
from mozaika.server.storage.community import PlayerBoard
from mozaika.server.tables.access import holds
from mozaika.server.tables.gamelog import Entry, fields_of_entries, public_position, round_starts
from mozaika.server.tables.repository import LOBBY_SIZE, TableRepository, game_of
from mozaika.server.tables.results import with_shown_ratings
from mozaika.server.tables.shapes import (
    ABORTED,
    FINISHED,
    OPEN,
    RUNNING,
    SEAT_BOT,
    SEAT_PLAYER,
    STATUSES,
    PrivateEvent,
    Table,
    TableSeat,
)
from mozaika.server.tables.steps import undo_rights
from mozaika.server.tables.watchers import belongs, check_watch, open_to_all

PLAYING = "playing"
"""The lobby's word for the games in progress anyone may watch: running tables where a person moved
lately (``Settings.playing_window_seconds``), none invite-only unless opened to spectators."""
PLAYING_SIZE = 60
"""The games in progress listed at most: those with the latest people's moves."""


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
                "guide": spec.guide.to_dict() if spec.guide is not None else None,
            }
        )
    return catalogue


REMEMBERED_TABLES = 2048
"""How many tables' round starts a process keeps (a few numbers each)."""

BOT_NAMES = ("Ada", "Bruno", "Cyril", "Dora")
"""A bot's name by its seat (the first letter is the seat's place: Bruno sits second), so that three
bots of one level at a table are told apart in the log, the scores and the result."""


def bot_name(seat_index: int) -> str:
    return BOT_NAMES[seat_index % len(BOT_NAMES)]


def seat_name(seat: TableSeat) -> str | None:
    """The seat's player, or "Bot <name> (level)" for a bot seat (the one form every client uses)."""
    if seat.kind == SEAT_BOT and not seat.replaced:
        return f"Bot {bot_name(seat.index)} ({seat.bot_level})"
    return seat.player_name


class TableViews:
    """Reading tables for the lobby and for the players and watchers at a table."""

    def __init__(self, store: TableRepository, settings: Settings, now: TimeSource, presence: Presence) -> None:
        self.store = store
        self.settings = settings
        self.now = now
        self.presence = presence
        self._round_starts: OrderedDict[tuple[str, int, str], list[list[int]]] = OrderedDict()
        """Each table's scores as its rounds began, by its round and status: a round's start never changes."""

    def view(self, table_id: str, caller: Caller) -> dict[str, Any]:
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            check_watch(session, table, caller)
            return self.view_of(session, table, caller)

    def check_watch(self, table_id: str, caller: Caller) -> None:
        """Refused (403) unless the caller may watch the table (``tables.watchers``)."""
        with self.store.db.reading() as session:
            check_watch(session, self.store.read(session, table_id, lock=False), caller)

    def belongs(self, table_id: str, caller: Caller) -> bool:
        """Whether the caller is one of the table's people, who may watch it even when it is closed to spectators."""
        with self.store.db.reading() as session:
            return belongs(session, self.store.read(session, table_id, lock=False), caller)

    def people(self, table_ids: list[str]) -> dict[str, list[int | None]]:
        """The person of each seat of the tables (None for a seat without one), whose presence it shows."""
        with self.store.db.reading() as session:
            tables = self.store.read_many(session, table_ids)
        return {table.id: [person(seat) for seat in table.seats] for table in tables}

    def seated(self, table_id: str, caller: Caller) -> bool:
        """Whether the caller holds a seat at the table (anyone else watches it)."""
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
        return any(holds(seat, caller) for seat in table.seats)

    def lobby(self, caller: Caller, status: str | None, mine: bool) -> list[dict[str, Any]]:
        """Open and running tables (or those of one status); with ``mine``, only the caller's, their turn first."""
        if status == PLAYING and not mine:
            return self.playing(caller)
        public, size = not mine, LOBBY_SIZE
        if status == PLAYING:
            status = RUNNING
        if status is not None and status not in STATUSES:
            raise BadRequestError(f"status is one of {', '.join(STATUSES)} or {PLAYING}, not {status!r}")
        if mine and not caller.signed_in:
            raise NotSignedInError("sign in (or play as a guest) to see your tables")
        now = self.now()
        with self.store.db.reading() as session:
            ids = self.store.lobby_ids(session, status, caller.player_id if mine else None, public=public, size=size)
            tables = self.store.read_many(session, ids)
            summaries = [self.summary(table, caller, now) for table in tables]
            with_ratings(session, tables, summaries)
        # The caller's turns first, the most pressing first: the seat with the least time left.
        summaries.sort(
            key=lambda summary: (
                not summary["your_turn"],
                clocks.time_left(summary["clock"], summary["you"], now) if summary["your_turn"] else 0.0,
            )
        )
        return summaries

    def playing(self, caller: Caller) -> list[dict[str, Any]]:
        """The games in progress anyone may watch where a person moved lately: games of two people or more
        first, then one person's against bots, each the latest person's move first."""
        now = self.now()
        with self.store.db.reading() as session:
            since = now - self.settings.playing_window_seconds
            tables = self.store.read_many(session, self.store.playing_ids(session, since, PLAYING_SIZE))
            tables.sort(key=lambda table: (people(table) < 2, -(table.person_moved_at or 0.0)))
            summaries = [self.summary(table, caller, now) for table in tables]
            with_ratings(session, tables, summaries)
        return summaries

    def names(self, table: Table) -> list[str]:
        """The players' names for records and results: a seat handed to a bot says so after its player."""

        def name(seat: TableSeat) -> str:
            plain = seat_name(seat) or f"Seat {seat.index + 1}"
            return f"{plain} / Bot ({seat.bot_level})" if seat.replaced else plain

        return [clean_name(name(seat), self.settings.limits) for seat in table.seats]

    def seats(self, table: Table, caller: Caller, now: float) -> list[dict[str, Any]]:
        return [
            {
                "index": seat.index,
                "kind": seat.kind,
                "name": seat_name(seat),
                "level": seat.bot_level,
                "bot_name": bot_name(seat.index) if seat.kind == SEAT_BOT and not seat.replaced else None,
                "account": seat.account,
                "replaced": seat.replaced,
                "timed_out": seat.timed_out,
                "profile": profile_key(seat.account, seat.page_key) if seat.player_id is not None else None,
                "you": holds(seat, caller),
                # The caller's seat, which a stand-in plays (or played to the end) since they left it.
                "played_for_you": seat.replaced and caller.player_id is not None and seat.player_id == caller.player_id,
                # The caller's own seat, which the bot took when their time ran out or they were away
                # (a friendly table's).
                "can_return": (seat.timed_out or seat.away)
                and not table.rated
                and caller.player_id is not None
                and seat.player_id == caller.player_id,
                "away": seat.away,
                **self.presence.of(person(seat), table.id).fields(now),
            }
            for seat in table.seats
        ]

    def online(self, table: Table) -> list[bool]:
        """Whether each seat's player is at the table now (a seat without a person: false)."""
        return [self.presence.of(person(seat), table.id).online for seat in table.seats]

    def hand_over_after(self, table: Table) -> float | None:
        """How long a player must have been away before the others may hand their seat to the stand-in:
        only in untimed friendly games (a clock hands it over by itself)."""
        if table.rated or table.clock is not None or table.status != RUNNING:
            return None
        return self.settings.hand_over_seconds

    def summary(self, table: Table, caller: Caller, now: float | None = None) -> dict[str, Any]:
        now = self.now() if now is None else now
        seats = self.seats(table, caller, now)
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
            "owner": table.owner_name,
            "owner_you": caller.signed_in and caller.player_id == table.owner_id,
            "seq": table.seq,
            "to_move": list(table.to_move),
            "seats": seats,
            "you": you,
            "your_turn": table.status == RUNNING and you is not None and you in table.to_move,
            **_final_scores(table),
            "clock": clocks.view(table.clock, now),
            "created_at": table.created_at.isoformat(),
            "updated_at": table.updated_at.isoformat(),
            "autostart": table.autostart,
            "rematch": table.rematch,
            "people": people(table),
            "invite_only": table.invite_only,
            "spectators_open": table.spectators_open,
            "idle_ended": table.idle_ended,
            "hand_over_after": self.hand_over_after(table),
            "abort_offer": table.abort_offer if table.status == RUNNING else None,
        }

    def view_of(
        self,
        session: Session,
        table: Table,
        caller: Caller | None,
        state: State | None = None,
        *,
        undoers: list[int] | None = None,
    ) -> dict[str, Any]:
        """The table as ``caller`` sees it; ``state`` and ``undoers`` (who may undo), where the caller
        knows them already, spare reading them again."""
        summary = self.summary(table, caller or Caller())
        if table.status in (RUNNING, FINISHED, ABORTED):  # an aborted game's board stays as it was left
            state = state if state is not None else self.store.position(session, table)
            summary["round"] = state.round
            summary["scores"] = state.scores
            summary["round_starts"] = self.round_starts(session, table, state.round)
            summary["position"] = public_position(state)
            you = summary["you"]
            # A seat whose time ran out waits for its player's choice (timeouts.pauses): no moves meanwhile.
            mine = (
                table.status == RUNNING and you is not None and you in state.to_move and not table.seats[you].timed_out
            )
            legal = state.legal_moves(you) if mine else []
            summary["legal_moves"] = [str(move) for move in legal]
            summary["move_fields"] = {str(move): move.fields() for move in legal}
            if you is None or table.status == ABORTED:
                summary["can_undo"] = False
            else:
                if undoers is None:
                    undoers = undo_rights(table, self.store.entries_newest_first(session, table.id))
                summary["can_undo"] = you in undoers
        summary["result"] = with_shown_ratings(table.result)
        return summary

    def round_starts(self, session: Session, table: Table, round_: int) -> list[list[int]]:
        """The scores as each round began, so that a client opened mid-game shows the last round's points."""
        key = (table.id, round_, table.status)
        found = self._round_starts.get(key)
        if found is None:
            entries = self.store.entries(session, table.id, before=table.seq + 1)
            found = self._round_starts[key] = round_starts(game_of(table), entries)
            while len(self._round_starts) > REMEMBERED_TABLES:
                self._round_starts.popitem(last=False)
        return found

    def table_event(self, table: Table) -> dict[str, Any]:
        """The lobby's event for a table; for an invite-only one, its creator's and players' only (R-26)."""
        event = {"type": "table", "table": table.id, "summary": self.summary(table, Caller())}
        if open_to_all(table):
            return event
        people = [table.owner_id, *(seat.player_id for seat in table.seats if seat.player_id is not None)]
        return PrivateEvent(event, people)

    def step_event(
        self, table: Table, entries: list[Entry], state: State | None, undoers: Iterable[int] = ()
    ) -> dict[str, Any]:
        event: dict[str, Any] = {
            "type": "step",
            "table": table.id,
            "seq": table.seq,
            "status": table.status,
            "entries": [entry.to_dict() for entry in entries],
            "clock": clocks.view(table.clock, self.now()),
            "online": self.online(table),
        }
        fields = fields_of_entries(table.game, table.options, entries)
        if state is not None:
            # Public knowledge, sent so that a client needs no second request to move: each legal
            # move's text, and its fields by text (a step's largest part, made once a move).
            legal: dict[str, list[str]] = {}
            for seat in state.to_move:
                moves = state.legal_moves(seat)
                texts = legal[str(seat)] = [str(move) for move in moves]
                fields.update(zip(texts, [move.fields() for move in moves], strict=True))
            event.update(
                round=state.round,
                to_move=list(state.to_move),
                scores=state.scores,
                position=public_position(state),
                legal_moves=legal,
                may_undo=list(undoers),
            )
        event["move_fields"] = fields
        if table.status == FINISHED:
            event["result"] = table.result
        return event


def with_ratings(session: Session, tables: list[Table], summaries: list[dict[str, Any]]) -> None:
    """Each seated player's shown rating for the game and variant, in the summaries of the rated tables
    still to be played (one query for all; a finished table's players have moved on since)."""
    rated = [(table, summary) for table, summary in zip(tables, summaries, strict=True) if table.rated]
    rated = [(table, summary) for table, summary in rated if table.status in (OPEN, RUNNING)]
    players = {seat.player_id for table, _ in rated for seat in table.seats if seat.player_id is not None}
    if not players:
        return
    boards = {
        (row.player_id, row.game, row.variant): shown(row.ordinal, row.rated_games)
        for row in session.execute(
            select(
                PlayerBoard.player_id, PlayerBoard.game, PlayerBoard.variant, PlayerBoard.ordinal,
                PlayerBoard.rated_games,
            ).where(PlayerBoard.player_id.in_(sorted(players)), PlayerBoard.ordinal.is_not(None))
        )
    }  # fmt: skip
    for table, summary in rated:
        variant = variant_of(table.options)
        for seat, view in zip(table.seats, summary["seats"], strict=True):
            if seat.player_id is not None and seat.kind == SEAT_PLAYER:
                view["rating"] = boards.get((seat.player_id, table.game, variant), shown(None, 0))


def people(table: Table) -> int:
    """How many of the table's seats people hold now (not bots, not stand-ins)."""
    return sum(1 for seat in table.seats if seat.kind == SEAT_PLAYER)


def person(seat: TableSeat) -> int | None:
    """The person whose presence a seat shows: its player, also while a stand-in plays for them."""
    if seat.kind == SEAT_PLAYER or (seat.kind == SEAT_BOT and seat.replaced):
        return seat.player_id
    return None


def _final_scores(table: Table) -> dict[str, Any]:
    """A finished table's scores by seat and its winners, which the lobby lists."""
    if table.status != FINISHED or table.result is None:
        return {}
    players = sorted(table.result["players"], key=lambda player: player["seat"])
    return {"scores": [player["score"] for player in players], "winners": list(table.result["winners"])}
