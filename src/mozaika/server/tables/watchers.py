"""Who may watch a table: anyone, except at an invite-only table (created with invited seats and no
open one), which only its own people may watch until its creator opens it to spectators.

An invite-only table's people are its creator, every player who holds or held one of its seats
(by their session or the seat's token; a player whose seat a stand-in took over still belongs),
the players invited to it by name, and the server's administrators (who moderate it). Holders of
an invite link take their seat with it before the game starts (an unused link stops working when
a bot is seated in its place), so at a running or finished table they are among its players.
The rule covers everything that shows the game: the table's view and live connection, its log,
its chat (read and written), and after the end its result, record, replay, review and the
analysis board started from it.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from mozaika.server.errors import ForbiddenError
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import token_hash
from mozaika.server.players.roles import ADMIN
from mozaika.server.storage.community import Invitation
from mozaika.server.storage.models import Player
from mozaika.server.tables.shapes import Table

CLOSED_MESSAGE = (
    "this game is played at an invite-only table: only its players and the people invited may watch it, "
    "unless its creator opens it to spectators"
)


def open_to_all(table: Table) -> bool:
    """Whether anyone may watch the table."""
    return not table.invite_only or table.spectators_open


def belongs(session: Session, table: Table, caller: Caller) -> bool:
    """Whether the caller is one of the table's people (see the module), who may always watch it."""
    player = caller.player_id
    if player is not None and (player == table.owner_id or any(seat.player_id == player for seat in table.seats)):
        return True
    if caller.seat_token is not None:
        hashed = token_hash(caller.seat_token)
        if any(seat.token_hash == hashed for seat in table.seats):
            return True
    if player is None:
        return False
    invited = session.scalar(
        select(Invitation.table_id).where(Invitation.table_id == table.id, Invitation.player_id == player).limit(1)
    )
    if invited is not None:
        return True
    standing = session.execute(select(Player.role, Player.banned).where(Player.id == player)).first()
    return standing is not None and standing.role == ADMIN and not standing.banned


def may_watch(session: Session, table: Table, caller: Caller) -> bool:
    return open_to_all(table) or belongs(session, table, caller)


def check_watch(session: Session, table: Table, caller: Caller | None) -> None:
    """Refused (403) unless the caller may watch the table; ``None`` is the server itself, which may."""
    if caller is not None and not may_watch(session, table, caller):
        raise ForbiddenError(CLOSED_MESSAGE)
