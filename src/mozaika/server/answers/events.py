"""The WebSocket events (docs/server.md, "Live play"): the same shapes as the HTTP answers."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from mozaika.server.answers.common import Answer, ErrorDetail, Number
from mozaika.server.answers.history import ChatMessage, StepEvent
from mozaika.server.answers.pairing import PairedEvent, PairingEvent
from mozaika.server.answers.reviews import ReviewStatus
from mozaika.server.answers.tables import BotLevel, TableSummary, TableView


class HelloEvent(Answer):
    """The first event of a table's connection (without ``?since=N``): the table as the caller sees it."""

    type: Literal["hello"]
    table: TableView


class TableEvent(Answer):
    """A table's seats or status changed (on the table's connection and the lobby's)."""

    type: Literal["table"]
    table: str = Field(description="The table's id.")
    summary: TableSummary = Field(description="The table's summary, as a caller without a seat sees it.")


class TimeoutEvent(Answer):
    """A seat's time ran out: the bot took it, or (``paused``) the game waits for its player; a ``table``
    event follows."""

    type: Literal["timeout"]
    table: str
    seat: int
    name: str | None = Field(description="The name of the player who ran out of time.")
    bot: BotLevel | None = Field(description="The level of the bot that plays the seat on; null when paused.")
    rated: bool
    may_return: bool = Field(description="The player may take the seat back (friendly tables).")
    paused: bool = Field(
        description="A friendly table whose other seats are all bots waits for its player: a fresh bank "
        "(POST .../return) or the bot to finish (POST .../abandon)."
    )


class SeatOnline(Answer):
    """A seat's player is at the table or not (as in a seat's view)."""

    seat: int
    online: bool
    away_seconds: Number | None = Field(
        description="How long its player has been without a connection; null while online or without a person."
    )


class PresenceEvent(Answer):
    """A seat's player came to the table or left it: each seat's presence now (docs/server.md, Presence)."""

    type: Literal["presence"]
    table: str
    seats: list[SeatOnline] = Field(description="By seat.")


class ChatEvent(Answer):
    """Someone said something at the table."""

    type: Literal["chat"]
    table: str
    message: ChatMessage


class ChatRemovedEvent(Answer):
    """The server's administrators removed a chat line: clients stop showing it."""

    type: Literal["chat_removed"]
    table: str
    message: int = Field(description="The removed line's id.")


class ReviewEvent(Answer):
    """A finished game's review was queued, done or failed (GET .../review fetches it)."""

    type: Literal["review"]
    table: str
    status: ReviewStatus
    done: int
    total: int


class ErrorEvent(Answer):
    """A refused message or connection: nothing changed (a refused connection is then closed, code 4400)."""

    type: Literal["error"]
    error: ErrorDetail


class PongEvent(Answer):
    """The answer to a ``ping``."""

    type: Literal["pong"]


class RestartingEvent(Answer):
    """The server process is stopping (a restart, an upgrade): the connection closes next (code 1012);
    the client reconnects and catches up from the log with ``?since=N``."""

    type: Literal["restarting"]


TableLiveEvent = Annotated[
    HelloEvent
    | StepEvent
    | TableEvent
    | TimeoutEvent
    | PresenceEvent
    | ChatEvent
    | ChatRemovedEvent
    | ReviewEvent
    | ErrorEvent
    | PongEvent
    | RestartingEvent,
    Field(discriminator="type"),
]
"""Any event a table's connection sends."""
LobbyLiveEvent = Annotated[TableEvent | PairedEvent | PairingEvent | RestartingEvent, Field(discriminator="type")]
"""The events the lobby's connection sends."""
