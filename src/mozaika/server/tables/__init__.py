"""Tables: create, join, start, play, undo, abandon, chat, and read back records and replays.

The operations live by concern in this package's modules (``seating``, ``play``,
``records``, ``chat``, ``views``, ``timeouts``, over the shared ``base``); ``Tables`` is the one
service the API layer and the bot runner use.
"""

from __future__ import annotations

from mozaika.server.tables.base import (
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
    TableRequest,
)
from mozaika.server.tables.chat import TableChat
from mozaika.server.tables.timeouts import ClockOutcome, Reminder, TableTimeouts
from mozaika.server.tables.views import game_catalogue


class Tables(TableTimeouts, TableChat):
    """The service behind the table endpoints and the live connections."""


__all__ = [
    "CANCELLED",
    "FINISHED",
    "OPEN",
    "RUNNING",
    "SEAT_BOT",
    "SEAT_INVITED",
    "SEAT_OPEN",
    "SEAT_PLAYER",
    "STATUSES",
    "BotTurn",
    "ClockOutcome",
    "HintRequest",
    "Outcome",
    "Reminder",
    "SeatRequest",
    "TableRequest",
    "Tables",
    "game_catalogue",
]
