"""How many tables one player may hold at once: the lobby and the bot workers are shared by everyone."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mozaika.server.errors import ConflictError
from mozaika.server.settings import Limits
from mozaika.server.storage.models import GameTable, Seat


def check_table_quota(session: Session, owner_id: int, with_bots: bool, limits: Limits) -> None:
    """Refuse a new table when its creator already has as many waiting (or bot) tables as allowed."""
    waiting = session.scalar(
        select(func.count()).select_from(GameTable).where(GameTable.owner_id == owner_id, GameTable.status == "open")
    )
    if (waiting or 0) >= limits.open_tables_per_player:
        raise ConflictError(
            f"you already have {waiting} tables waiting for players: start, or leave, one of them first"
        )
    if with_bots:
        check_bot_table_quota(session, owner_id, limits)


def check_bot_table_quota(session: Session, owner_id: int, limits: Limits) -> None:
    """Refuse one more unfinished table with bots (a new one, or a waiting one given its first bot)."""
    with_bot_seats = select(Seat.table_id).where(Seat.kind == "bot").distinct()
    unfinished = session.scalar(
        select(func.count())
        .select_from(GameTable)
        .where(
            GameTable.owner_id == owner_id,
            GameTable.status.in_(("open", "running")),
            GameTable.id.in_(with_bot_seats),
        )
    )
    if (unfinished or 0) >= limits.bot_tables_per_player:
        raise ConflictError(
            f"you already have {unfinished} unfinished tables with bots: finish, or leave, one of them first"
        )
