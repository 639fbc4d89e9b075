"""Tables: create, join, start, play, undo, abandon, chat, and read back records and replays.

Each concern is a small service (``seating``, ``moves``, ``history``, ``chat``, ``timeouts``,
and ``views`` for what callers see), and every one of them works on the same store
(:class:`TableRepository`) and the same shape of a table (:class:`Table`); the steps they
share are plain functions (:mod:`.steps`). :class:`Tables` puts them together once per
process.
"""

from __future__ import annotations

from dataclasses import dataclass

from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.players.presence import Presence
from mozaika.server.settings import Settings
from mozaika.server.storage.database import Database
from mozaika.server.tables.arranged import Arranged, Arrangement, Arrangements
from mozaika.server.tables.chat import Chat
from mozaika.server.tables.departures import Departures
from mozaika.server.tables.idle import IdleTables
from mozaika.server.tables.play import Moves
from mozaika.server.tables.records import History
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.seating import Seating
from mozaika.server.tables.shapes import (
    ABORTED,
    CANCELLED,
    FINISHED,
    OPEN,
    RUNNING,
    SEAT_BOT,
    SEAT_INVITED,
    SEAT_OPEN,
    SEAT_PLAYER,
    STATUSES,
    BotTurn,
    HintRequest,
    Outcome,
    SeatRequest,
    Table,
    TableRequest,
    TableSeat,
)
from mozaika.server.tables.timeouts import ClockOutcome, Reminder, Timeouts
from mozaika.server.tables.views import TableViews, game_catalogue


@dataclass(frozen=True)
class Tables:
    """The table services of one process, over one store."""

    store: TableRepository
    views: TableViews
    seating: Seating
    moves: Moves
    history: History
    chat: Chat
    timeouts: Timeouts
    arrangements: Arrangements
    idle: IdleTables
    departures: Departures
    now: TimeSource

    @classmethod
    def create(
        cls, db: Database, settings: Settings, now: TimeSource = wall_clock, presence: Presence | None = None
    ) -> Tables:
        """The services over ``db``; ``now`` is where the clocks read the time (a test moves it by hand);
        ``presence`` says which players are at their tables (by default, this process's connections)."""
        store = TableRepository(db)
        views = TableViews(store, settings, now, presence if presence is not None else Presence(now=now))
        seating = Seating(store, views, settings, now)
        return cls(
            store=store,
            views=views,
            seating=seating,
            moves=Moves(store, views, now),
            history=History(store, views),
            chat=Chat(store, settings),
            timeouts=Timeouts(store, views, seating, settings, now),
            arrangements=Arrangements(store, seating),
            idle=IdleTables(store, views, seating, settings, now),
            departures=Departures(store, views, seating),
            now=now,
        )


__all__ = [
    "ABORTED",
    "CANCELLED",
    "FINISHED",
    "OPEN",
    "RUNNING",
    "SEAT_BOT",
    "SEAT_INVITED",
    "SEAT_OPEN",
    "SEAT_PLAYER",
    "STATUSES",
    "Arranged",
    "Arrangement",
    "Arrangements",
    "BotTurn",
    "Chat",
    "ClockOutcome",
    "Departures",
    "HintRequest",
    "History",
    "IdleTables",
    "Moves",
    "Outcome",
    "Reminder",
    "SeatRequest",
    "Seating",
    "Table",
    "TableRepository",
    "TableRequest",
    "TableSeat",
    "TableViews",
    "Tables",
    "Timeouts",
    "game_catalogue",
]
