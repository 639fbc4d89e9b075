"""The table store: tables read and written as :class:`~mozaika.server.tables.shapes.Table`,
their logs, and their positions (replayed from the log, cached).

Every change happens in one transaction that first reads the table with its row locked
and checks the sequence number the client quoted, so a stale or repeated submission
changes nothing.  Tables are read and written with plain statements, not ORM objects:
a move is the server's hot path, and a statement built once costs a fraction of
loading and flushing objects.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, bindparam, insert, or_, select, update
from sqlalchemy.orm import Session, aliased

from mozaika.core.protocol import State
from mozaika.server.errors import NotFoundError
from mozaika.server.storage.database import Database, connection_of
from mozaika.server.storage.driver import Driver
from mozaika.server.storage.models import Base, GameTable, LogEntry, Player, Seat, in_utc, utc_now
from mozaika.server.tables.gamelog import Entry, Game, PositionCache
from mozaika.server.tables.shapes import OPEN, RUNNING, Table, TableSeat

_OWNER = aliased(Player, name="owner")
_SEATED = aliased(Player, name="seated")
_TABLE_COLUMNS = (
    GameTable.id, GameTable.game, GameTable.players, GameTable.options, GameTable.seed, GameTable.status,
    GameTable.owner_id, _OWNER.name, GameTable.rated, GameTable.undo_allowed, GameTable.seq, GameTable.to_move,
    GameTable.result, GameTable.clock, GameTable.clock_due, GameTable.created_at, GameTable.updated_at,
    GameTable.invite_only, GameTable.autostart, GameTable.rematch, GameTable.person_moved_at, GameTable.idle_ended,
    GameTable.spectators_open, GameTable.abort_offer,
)  # fmt: skip
_SEAT_COLUMNS = (
    Seat.index, Seat.kind, Seat.player_id, Seat.bot_level, Seat.token_hash, Seat.invite_hash, Seat.replaced,
    Seat.timed_out, _SEATED.name, _SEATED.username, _SEATED.page_key, Seat.away,
)  # fmt: skip
_SEATS_FROM = len(_TABLE_COLUMNS)

# Built once: constructing a statement costs more than running it.
_SELECT = (
    select(*_TABLE_COLUMNS, *_SEAT_COLUMNS)
    .join(_OWNER, _OWNER.id == GameTable.owner_id)
    .join(Seat, Seat.table_id == GameTable.id)
    .outerjoin(_SEATED, _SEATED.id == Seat.player_id)
)
_READ = _SELECT.where(GameTable.id == bindparam("table_id")).order_by(Seat.index)
_READ_LOCKED = _READ.with_for_update(of=GameTable)
# Many tables are read in two statements, the tables' rows and then their seats' rows: joined,
# each table's columns (JSON among them) would come, and be decoded, once per seat.
_READ_MANY_TABLES = (
    select(*_TABLE_COLUMNS)
    .join(_OWNER, _OWNER.id == GameTable.owner_id)
    .where(GameTable.id.in_(bindparam("ids", expanding=True)))
)
_READ_MANY_SEATS = (
    select(Seat.table_id, *_SEAT_COLUMNS)
    .outerjoin(_SEATED, _SEATED.id == Seat.player_id)
    .where(Seat.table_id.in_(bindparam("ids", expanding=True)))
    .order_by(Seat.table_id, Seat.index)
)

_TABLES = Base.metadata.tables["game_tables"]
_SEATS = Base.metadata.tables["seats"]
_LOG = insert(Base.metadata.tables["log_entries"])
_INSERT_TABLE = insert(_TABLES)
_INSERT_SEATS = insert(_SEATS)
_WRITE_TABLE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table_id"))
    .values(
        status=bindparam("new_status"),
        result=bindparam("new_result"),
        seq=bindparam("new_seq"),
        to_move=bindparam("new_to_move"),
        clock=bindparam("new_clock"),
        clock_due=bindparam("new_clock_due"),
        abort_offer=bindparam("new_abort_offer"),
        updated_at=bindparam("now"),
        person_moved_at=bindparam("new_person_moved_at"),
        idle_ended=bindparam("new_idle_ended"),
        spectators_open=bindparam("new_spectators_open"),
    )
)
_SAVE_SEAT = (
    update(_SEATS)
    .where(and_(_SEATS.c.table_id == bindparam("seat_table"), _SEATS.c.index == bindparam("seat_index")))
    .values(
        kind=bindparam("new_kind"),
        player_id=bindparam("new_player_id"),
        bot_level=bindparam("new_bot_level"),
        token_hash=bindparam("new_token_hash"),
        invite_hash=bindparam("new_invite_hash"),
        replaced=bindparam("new_replaced"),
        timed_out=bindparam("new_timed_out"),
        away=bindparam("new_away"),
    )
)
_NAMES = select(Player.id, Player.name, Player.username, Player.page_key).where(
    Player.id.in_(bindparam("ids", expanding=True))
)
LOBBY_SIZE = 200


def _table_values(table: Table) -> dict[str, Any]:
    """What ``_WRITE_TABLE`` writes of a table: how far its game has gone, its status and clocks."""
    return {
        "table_id": table.id, "new_status": table.status, "new_result": table.result, "new_seq": table.seq,
        "new_to_move": table.to_move, "new_clock": table.clock, "new_clock_due": table.clock_due,
        "now": table.updated_at, "new_person_moved_at": table.person_moved_at, "new_idle_ended": table.idle_ended,
        "new_spectators_open": table.spectators_open, "new_abort_offer": table.abort_offer,
    }  # fmt: skip


def _table(rows: Sequence[Sequence[Any]]) -> Table:
    """A table from its rows (one a seat), in the order of ``_TABLE_COLUMNS`` and ``_SEAT_COLUMNS``."""
    return _table_of(rows[0][:_SEATS_FROM], [(None, *row[_SEATS_FROM:]) for row in rows])


def _table_of(head: Sequence[Any], seats: Sequence[Sequence[Any]]) -> Table:
    """A table from its row (``_TABLE_COLUMNS``) and its seats' (the table's id, then ``_SEAT_COLUMNS``)."""
    (
        table_id, game, players, options, seed, status, owner_id, owner_name, rated, undo_allowed, seq, to_move,
        result, clock, clock_due, created_at, updated_at, invite_only, autostart, rematch, person_moved_at,
        idle_ended, spectators_open, abort_offer,
    ) = head  # fmt: skip
    return Table(
        id=table_id, game=game, players=players, options=dict(options), seed=seed, status=status,
        owner_id=owner_id, owner_name=owner_name, rated=rated, undo_allowed=undo_allowed, seq=seq,
        to_move=list(to_move), result=result, clock=clock, clock_due=clock_due, created_at=in_utc(created_at),
        updated_at=in_utc(updated_at), seats=[TableSeat(*row[1:]) for row in seats],
        invite_only=invite_only, autostart=autostart, rematch=rematch, person_moved_at=person_moved_at,
        idle_ended=bool(idle_ended), spectators_open=bool(spectators_open), abort_offer=abort_offer,
    )  # fmt: skip


class TableRepository:
    """The database and the position cache behind every table service."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.positions = PositionCache()

    # --- tables ---------------------------------------------------------------------------

    @staticmethod
    def read(session: Session, table_id: str, *, lock: bool) -> Table:
        """The table with its seats; with ``lock``, its row stays locked until the transaction ends."""
        connection = connection_of(session)
        statement = _READ_LOCKED if lock else _READ
        driver = Driver.of(connection)
        rows: Sequence[Sequence[Any]]
        if driver is not None:
            rows = driver.rows(statement, {"table_id": table_id}, repeated=_SEATS_FROM)
        else:  # through the connection: a plain statement needs none of the session's ORM machinery
            rows = connection.execute(statement, {"table_id": table_id}).all()
        if not rows:
            raise NotFoundError(f"there is no table {table_id!r}")
        return _table(rows)

    @staticmethod
    def read_many(session: Session, table_ids: Sequence[str]) -> list[Table]:
        """These tables (those that exist), in the order asked for."""
        if not table_ids:
            return []
        connection, ids = connection_of(session), {"ids": list(table_ids)}
        heads = {row[0]: row for row in connection.execute(_READ_MANY_TABLES, ids)}
        seats: dict[str, list[Sequence[Any]]] = {}
        for row in connection.execute(_READ_MANY_SEATS, ids):
            seats.setdefault(row[0], []).append(row)
        return [_table_of(heads[table_id], seats.get(table_id, [])) for table_id in table_ids if table_id in heads]

    @staticmethod
    def lobby_ids(
        session: Session, status: str | None, player_id: int | None, *, public: bool = False, size: int = LOBBY_SIZE
    ) -> list[str]:
        """The ``size`` newest tables of a status (open and running ones by default), or any of a player's;
        with ``public``, none created invite-only."""
        query = select(GameTable.id)
        if public:
            query = query.where(or_(GameTable.invite_only.is_(False), GameTable.spectators_open.is_(True)))
        if status is not None:
            query = query.where(GameTable.status == status)
        elif player_id is None:
            query = query.where(or_(GameTable.status == OPEN, GameTable.status == RUNNING))
        if player_id is not None:
            query = query.join(Seat, Seat.table_id == GameTable.id).where(Seat.player_id == player_id)
        query = query.order_by(GameTable.updated_at.desc()).limit(size)
        return list(dict.fromkeys(session.scalars(query)))

    @staticmethod
    def playing_ids(session: Session, since: float, size: int) -> list[str]:
        """The running tables anyone may watch where a person moved at ``since`` or later, the latest first."""
        query = (
            select(GameTable.id)
            .where(
                GameTable.status == RUNNING,
                GameTable.person_moved_at >= since,
                or_(GameTable.invite_only.is_(False), GameTable.spectators_open.is_(True)),
            )
            .order_by(GameTable.person_moved_at.desc())
            .limit(size)
        )
        return list(session.scalars(query))

    @staticmethod
    def idle_ids(session: Session, before: float) -> list[str]:
        """The running tables no clock will act on where no person has moved since ``before``, the
        longest idle first (``tables.idle``)."""
        query = select(GameTable.id).where(
            GameTable.status == RUNNING,
            GameTable.person_moved_at < before,
            GameTable.clock_due.is_(None),
            GameTable.idle_ended.is_(False),
        )
        return list(session.scalars(query.order_by(GameTable.person_moved_at).limit(100)))

    @staticmethod
    def due_ids(session: Session, now: float) -> list[str]:
        """The running tables whose clocks need a look at ``now``, the most overdue first."""
        query = select(GameTable.id).where(GameTable.status == RUNNING, GameTable.clock_due <= now)
        return list(session.scalars(query.order_by(GameTable.clock_due).limit(500)))

    @staticmethod
    def insert(session: Session, table: Table) -> None:
        connection = connection_of(session)
        connection.execute(
            _INSERT_TABLE,
            {
                "id": table.id, "game": table.game, "players": table.players, "options": table.options,
                "seed": table.seed, "status": table.status, "owner_id": table.owner_id, "rated": table.rated,
                "undo_allowed": table.undo_allowed, "seq": table.seq, "to_move": table.to_move,
                "result": table.result, "clock": table.clock, "clock_due": table.clock_due,
                "created_at": table.created_at, "updated_at": table.updated_at,
                "invite_only": table.invite_only, "autostart": table.autostart, "rematch": table.rematch,
                "person_moved_at": table.person_moved_at, "idle_ended": table.idle_ended,
                "spectators_open": table.spectators_open, "abort_offer": table.abort_offer,
            },
        )  # fmt: skip
        connection.execute(
            _INSERT_SEATS,
            [
                {
                    "table_id": table.id, "index": seat.index, "kind": seat.kind, "player_id": seat.player_id,
                    "bot_level": seat.bot_level, "token_hash": seat.token_hash, "invite_hash": seat.invite_hash,
                    "replaced": seat.replaced, "timed_out": seat.timed_out, "away": seat.away,
                }
                for seat in table.seats
            ],
        )  # fmt: skip

    @classmethod
    def save(cls, session: Session, table: Table, *, touch: bool = True) -> None:
        """Write the table's status, result, log position, clocks and seats as they now are, and read
        the seated players' names into the seats (for the views made from it next); with ``touch``,
        the table counts as changed now (the lobby lists the latest first)."""
        if touch:
            table.updated_at = utc_now()
        connection = connection_of(session)
        connection.execute(_WRITE_TABLE, _table_values(table))
        connection.execute(
            _SAVE_SEAT,
            [
                {
                    "seat_table": table.id, "seat_index": seat.index, "new_kind": seat.kind,
                    "new_player_id": seat.player_id, "new_bot_level": seat.bot_level,
                    "new_token_hash": seat.token_hash, "new_invite_hash": seat.invite_hash,
                    "new_replaced": seat.replaced, "new_timed_out": seat.timed_out, "new_away": seat.away,
                }
                for seat in table.seats
            ],
        )  # fmt: skip
        cls.name_seats(session, table)

    @staticmethod
    def name_seats(session: Session, table: Table) -> None:
        """Read the seated players' names into the table's seats."""
        seated = {seat.player_id for seat in table.seats if seat.player_id is not None}
        connection = connection_of(session)
        names = {row.id: row for row in connection.execute(_NAMES, {"ids": sorted(seated)})} if seated else {}
        for seat in table.seats:
            player = names.get(seat.player_id) if seat.player_id is not None else None
            seat.player_name = player.name if player is not None else None
            seat.account = player.username if player is not None else None
            seat.page_key = player.page_key if player is not None else None

    @staticmethod
    def advance(session: Session, table: Table, entries: list[Entry], now: datetime) -> None:
        """Append log entries and write the table as it now is (its sequence number, seats to move and
        clocks), without its seats: the hot path."""
        rows = [{"table_id": table.id, **entry.to_dict(), "created_at": now} for entry in entries]
        table.updated_at = now
        advanced = _table_values(table)
        connection = connection_of(session)
        driver = Driver.of(connection)
        if driver is not None:
            driver.run(_LOG, rows)
            driver.run(_WRITE_TABLE, advanced)
        else:
            connection.execute(_LOG, rows)
            connection.execute(_WRITE_TABLE, advanced)

    # --- logs and positions ---------------------------------------------------------------

    @staticmethod
    def entries(
        session: Session, table_id: str, after: int = 0, *, before: int | None = None, page: int | None = None
    ) -> list[Entry]:
        """A table's log entries numbered above ``after`` (and below ``before``): all in order, or, with
        ``page``, that many from the newest back."""
        query = select(LogEntry.seq, LogEntry.kind, LogEntry.seat, LogEntry.text, LogEntry.stand_in).where(
            LogEntry.table_id == table_id, LogEntry.seq > after
        )
        if before is not None:
            query = query.where(LogEntry.seq < before)
        query = query.order_by(LogEntry.seq) if page is None else query.order_by(LogEntry.seq.desc()).limit(page)
        rows = connection_of(session).execute(query)
        return [Entry(seq, kind, seat, text, stand_in) for seq, kind, seat, text, stand_in in rows]

    @classmethod
    def entries_newest_first(
        cls, session: Session, table_id: str, page: int = 8, *, before: int | None = None
    ) -> Iterator[Entry]:
        """The table's log entries from the last (or the last below ``before``) back, read a few at a
        time as they are wanted."""
        entries = cls.entries(session, table_id, before=before, page=page)
        while True:
            yield from entries
            if len(entries) < page:
                return
            entries = cls.entries(session, table_id, before=entries[-1].seq, page=page)

    @staticmethod
    def timed_log(session: Session, table_id: str) -> list[tuple[Entry, datetime]]:
        """Every log entry with the moment it was written."""
        rows = session.execute(
            select(LogEntry.seq, LogEntry.kind, LogEntry.seat, LogEntry.text, LogEntry.stand_in, LogEntry.created_at)
            .where(LogEntry.table_id == table_id)
            .order_by(LogEntry.seq)
        ).all()
        return [(Entry(seq, kind, seat, text, stand_in), at) for seq, kind, seat, text, stand_in, at in rows]

    def position(self, session: Session, table: Table) -> State:
        """The position after the table's ``seq`` entries, however far the log has gone since it was read.

        On PostgreSQL each statement of a reading transaction sees the latest commits: moves
        made through another process after the table was read must not be counted in.
        """
        return self.positions.position(
            table.id,
            game_of(table),
            table.seq,
            lambda after: self.entries(session, table.id, after=after, before=table.seq + 1),
        )


def game_of(table: Table) -> Game:
    """The game a table plays, with its options and the seed of its draws."""
    return Game(table.game, table.players, dict(table.options), table.seed)
