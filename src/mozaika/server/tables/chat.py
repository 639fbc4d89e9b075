"""A table's chat: lines said and read back."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from mozaika.server.errors import BadRequestError, ForbiddenError
from mozaika.server.players.accounts import Caller, profile_key
from mozaika.server.settings import Settings
from mozaika.server.storage.community import Mute
from mozaika.server.storage.models import ChatMessage, Player
from mozaika.server.tables.access import signed_in
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.shapes import Outcome
from mozaika.server.tables.watchers import check_watch


class Chat:
    """What players say at a table."""

    def __init__(self, store: TableRepository, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    def say(self, table_id: str, caller: Caller, text: str) -> Outcome:
        player = signed_in(caller)
        cleaned = text.strip()
        if not cleaned:
            raise BadRequestError("the message is empty")
        if len(cleaned) > self.settings.limits.chat_characters:
            raise BadRequestError(f"a message is at most {self.settings.limits.chat_characters} characters")
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=False)
            check_watch(session, table, caller)
            # Read each time: a connection opened before a mute or a ban must not outlive it.
            standing = session.execute(
                select(Player.muted, Player.banned, Player.username, Player.page_key).where(Player.id == player)
            ).one()
            if standing.muted or standing.banned:
                raise ForbiddenError("the server's administrators have muted you: your chat lines are refused")
            message = ChatMessage(table_id=table.id, player_id=player, name=caller.name or "?", text=cleaned)
            session.add(message)
            session.flush()
            line = _chat_line(message, profile_key(standing.username, standing.page_key))
        return Outcome(line, [{"type": "chat", "table": table_id, "message": line}])

    def lines(self, table_id: str, caller: Caller | None = None) -> list[dict[str, Any]]:
        """The table's chat, oldest first (the newest lines the server keeps showing), without the
        lines of the players the caller muted."""
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            check_watch(session, table, caller)
            query = (
                select(ChatMessage, Player.username, Player.page_key)
                .join(Player, Player.id == ChatMessage.player_id)
                .where(ChatMessage.table_id == table.id)
            )
            if caller is not None and caller.player_id is not None:
                muted = select(Mute.muted_id).where(Mute.player_id == caller.player_id)
                query = query.where(ChatMessage.player_id.not_in(muted))
            lines = session.execute(
                query.order_by(ChatMessage.id.desc()).limit(self.settings.limits.chat_history)
            ).all()
            return [_chat_line(line, profile_key(username, page_key)) for line, username, page_key in reversed(lines)]


def _chat_line(message: ChatMessage, profile: str) -> dict[str, Any]:
    return {
        "id": message.id,
        "player": message.player_id,
        "profile": profile,
        "name": message.name,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }
