"""A table's chat: lines said and read back."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from mozaika.server.accounts import Caller
from mozaika.server.errors import BadRequestError
from mozaika.server.models import ChatMessage
from mozaika.server.tables.base import Outcome, TableStore


class TableChat(TableStore):
    """What players say at a table."""

    def say(self, table_id: str, caller: Caller, text: str) -> Outcome:
        player = self._signed_in(caller)
        cleaned = text.strip()
        if not cleaned:
            raise BadRequestError("the message is empty")
        if len(cleaned) > self.settings.limits.chat_characters:
            raise BadRequestError(f"a message is at most {self.settings.limits.chat_characters} characters")
        with self.db.transaction() as session:
            table = self._table(session, table_id)
            message = ChatMessage(table_id=table.id, player_id=player, name=caller.name or "?", text=cleaned)
            session.add(message)
            session.flush()
            line = self._chat_line(message)
        return Outcome(line, [{"type": "chat", "table": table_id, "message": line}])

    def chat(self, table_id: str) -> list[dict[str, Any]]:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            lines = session.scalars(
                select(ChatMessage)
                .where(ChatMessage.table_id == table.id)
                .order_by(ChatMessage.id.desc())
                .limit(self.settings.limits.chat_history)
            ).all()
            return [self._chat_line(line) for line in reversed(lines)]

    @staticmethod
    def _chat_line(message: ChatMessage) -> dict[str, Any]:
        return {
            "id": message.id,
            "name": message.name,
            "text": message.text,
            "at": message.created_at.isoformat(),
        }
