"""What every table operation shares: the requests and outcomes, the statuses, and the
table store: finding and locking tables, reading their logs and positions, and knowing
which seat a caller holds.

Every change happens in one transaction that first locks the table's row and checks
the sequence number the client quoted, so a stale or repeated submission changes
nothing.  A method that changed a table returns the events to broadcast; the caller
broadcasts them only after the transaction has committed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from mozaika.core.protocol import State
from mozaika.server.accounts import Caller
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.credentials import token_hash
from mozaika.server.database import Database
from mozaika.server.errors import ConflictError, ForbiddenError, NotFoundError, NotSignedInError, StaleMoveError
from mozaika.server.facts import SeatFacts, TableFacts
from mozaika.server.games import Entry, Game, PositionCache
from mozaika.server.models import GameTable, LogEntry, Seat, utc_now
from mozaika.server.settings import Settings

AnySeat = TypeVar("AnySeat", Seat, SeatFacts)
OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
STATUSES = (OPEN, RUNNING, FINISHED, CANCELLED)
SEAT_OPEN, SEAT_INVITED, SEAT_PLAYER, SEAT_BOT = "open", "invited", "player", "bot"


@dataclass(frozen=True)
class SeatRequest:
    """How a new table's seat is filled: ``me`` (the creator), ``open``, ``invite`` or ``bot`` (with a level)."""

    kind: str
    level: str | None = None


@dataclass(frozen=True)
class TableRequest:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: Sequence[SeatRequest] | None = None
    rated: bool = False
    undo: bool | None = None
    clock: str | None = None
    """``none``, a preset (``fast``, ``normal``, ``slow``, ``12h``, ``24h``, ``72h``) or ``M+S``; by default
    untimed, or ``normal`` when rated."""


@dataclass
class Outcome:
    """What a change produced: the data for the caller, and the events for every watcher."""

    data: dict[str, Any]
    events: list[dict[str, Any]]
    bot_turns: list[BotTurn] = field(default_factory=list)
    """The bot seats that must move next, with their positions: the caller wakes the table's bots."""


@dataclass(frozen=True)
class BotTurn:
    """A bot seat that must move now, with what its worker needs."""

    table_id: str
    seat: int
    level: str
    seq: int
    position: str
    seed: int


@dataclass(frozen=True)
class HintRequest:
    """A position to analyse for the seat on turn (with a fresh seed: the table's would tell the next draws)."""

    table_id: str
    seat: int
    seq: int
    position: str
    game: str
    options: dict[str, Any]
    """The game and its options, for the fields of the moves found (the position holds them too, as JSON)."""


class TableStore:
    """The database and the position cache behind every table operation, and the lookups they share."""

    def __init__(self, db: Database, settings: Settings, now: TimeSource = wall_clock) -> None:
        self.db = db
        self.settings = settings
        self.positions = PositionCache()
        self.now = now
        """Where the clocks read the time (a test moves it by hand)."""

    def _game(self, table: GameTable | TableFacts) -> Game:
        return Game(table.game, table.players, dict(table.options), table.seed)

    def _position(self, session: Session, table: GameTable | TableFacts) -> State:
        """The position after the table's ``seq`` entries, however far the log has gone since it was read.

        On PostgreSQL each statement of a reading transaction sees the latest commits: moves
        made through another process after the table was read must not be counted in.
        """
        return self.positions.position(
            table.id,
            self._game(table),
            table.seq,
            lambda after: self._entries(session, table.id, after=after, before=table.seq + 1),
        )

    @staticmethod
    def _entries(
        session: Session, table_id: str, after: int = 0, *, before: int | None = None, page: int | None = None
    ) -> list[Entry]:
        """A table's log entries numbered above ``after`` (and below ``before``): all in order, or, with
        ``page``, that many from the newest back."""
        query = select(LogEntry.seq, LogEntry.kind, LogEntry.seat, LogEntry.text).where(
            LogEntry.table_id == table_id, LogEntry.seq > after
        )
        if before is not None:
            query = query.where(LogEntry.seq < before)
        query = query.order_by(LogEntry.seq) if page is None else query.order_by(LogEntry.seq.desc()).limit(page)
        return [Entry(seq, kind, seat, text) for seq, kind, seat, text in session.execute(query)]

    @staticmethod
    def _entries_newest_first(session: Session, table_id: str, page: int = 8) -> Iterator[Entry]:
        """The table's log entries from the last back, read a few at a time as they are wanted."""
        entries = TableStore._entries(session, table_id, page=page)
        while True:
            yield from entries
            if len(entries) < page:
                return
            entries = TableStore._entries(session, table_id, before=entries[-1].seq, page=page)

    @staticmethod
    def _table(session: Session, table_id: str) -> GameTable:
        table = session.get(GameTable, table_id)
        if table is None:
            raise NotFoundError(f"there is no table {table_id!r}")
        return table

    @staticmethod
    def _locked(session: Session, table_id: str) -> GameTable:
        """The table, its row locked until the end of the transaction."""
        table = session.scalar(select(GameTable).where(GameTable.id == table_id).with_for_update(of=GameTable))
        if table is None:
            raise NotFoundError(f"there is no table {table_id!r}")
        return table

    @staticmethod
    def _touch(table: GameTable) -> None:
        table.updated_at = utc_now()

    @staticmethod
    def _signed_in(caller: Caller) -> int:
        if caller.player_id is None:
            raise NotSignedInError("sign in, register or play as a guest first")
        return caller.player_id

    @staticmethod
    def _holds(seat: Seat | SeatFacts, caller: Caller) -> bool:
        """Whether the caller holds this player's seat, by their session or by the seat's token."""
        if seat.kind != SEAT_PLAYER:
            return False
        if caller.player_id is not None and seat.player_id == caller.player_id:
            return True
        return caller.seat_token is not None and seat.token_hash == token_hash(caller.seat_token)

    @classmethod
    def _own_seat(cls, seats: Sequence[AnySeat], caller: Caller) -> AnySeat:
        """The seat the caller holds; refused when they hold none."""
        for seat in seats:
            if cls._holds(seat, caller):
                return seat
        if not caller.signed_in and caller.seat_token is None:
            raise NotSignedInError("sign in, or give your seat's token, to act at a table")
        raise ForbiddenError("you hold no seat at this table")

    @staticmethod
    def _check_running(table: GameTable | TableFacts, seq: int) -> None:
        if table.status != RUNNING:
            raise ConflictError(f"the table is {table.status}: no moves can be made")
        if seq != table.seq:
            raise StaleMoveError(
                f"the table is at move {table.seq}, but this was sent from move {seq}: refresh and try again",
                details={"seq": table.seq},
            )
