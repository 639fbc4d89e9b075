"""The answers of moderation: players as administrators see them, reported lines, the audit log."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from mozaika.server.answers.common import Answer, Moment
from mozaika.server.answers.history import ChatMessage


class ModeratedPlayer(Answer):
    """A player as the administrators see them."""

    id: int
    name: str
    username: str | None = Field(description="None for a guest.")
    guest: bool
    admin: bool
    muted: bool = Field(description="Their chat lines are refused.")
    banned: bool = Field(description="No sign-in, no session, no seat.")
    since: Moment


class BanDone(Answer):
    player: ModeratedPlayer
    tables: list[str] = Field(description="The tables whose seats the ban changed (bots took running seats).")


class TableClosed(Answer):
    table: str
    status: Literal["cancelled"]


class ChatLineRemoved(Answer):
    table: str
    message: int


class ChatLineReported(Answer):
    message: int
    reported: Literal[True]


class ReportedLine(Answer):
    """A chat line players reported, with how many did and why."""

    message: ChatMessage
    table: str
    player: int = Field(description="The id of the player who said it.")
    reports: int
    reasons: list[str]
    last_reported: Moment


class AuditRecord(Answer):
    """One administrator's action."""

    id: int
    at: Moment
    admin: str = Field(description="The administrator's username, or the server's command line.")
    action: str = Field(description="grant, revoke, mute, unmute, ban, unban, close_table, remove_chat")
    target: str = Field(description="player:<id>, table:<id> or chat:<id>.")
    details: dict[str, Any]
