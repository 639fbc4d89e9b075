"""Who is an administrator: granted on the server's machine (``mozaika admin grant NAME``), checked on
every administrator's request."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from mozaika.server.errors import ForbiddenError, NotFoundError
from mozaika.server.players.accounts import Caller
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import AuditEntry, Player

ADMIN = "admin"
COMMAND_LINE = "the server's command line"
"""The name the audit log gives to what ``mozaika admin`` did."""


def is_admin(db: Database, player_id: int) -> bool:
    with db.looking_up() as connection:
        found = connection.execute(select(Player.role, Player.banned).where(Player.id == player_id)).first()
    return found is not None and found.role == ADMIN and not found.banned


def require_admin(db: Database, caller: Caller) -> Player:
    """The caller's account, when it is an administrator's; everyone else is refused with 403."""
    if caller.player_id is not None:
        with db.reading() as session:
            player = session.get(Player, caller.player_id)
        if player is not None and player.role == ADMIN and not player.banned:
            return player
    raise ForbiddenError("this is for the server's administrators only")


def audit(session: Any, admin: Player | None, action: str, target: str, **details: Any) -> None:
    """Note an administrator's action in the audit log, in the transaction that does it."""
    session.add(
        AuditEntry(
            admin_id=admin.id if admin is not None else None,
            admin_name=(admin.username or admin.name) if admin is not None else COMMAND_LINE,
            action=action,
            target=target,
            details=details,
        )
    )


def set_role(db: Database, username: str, admin: bool) -> str:
    """Make an account an administrator (or no longer one), from the server's machine; its display name."""
    with db.transaction() as session:
        player = session.scalar(select(Player).where(Player.username == username.strip().lower()))
        if player is None:
            raise NotFoundError(f"there is no account {username!r} (guests cannot be administrators)")
        player.role = ADMIN if admin else None
        audit(session, None, "grant" if admin else "revoke", f"player:{player.id}", username=player.username)
        return player.name
