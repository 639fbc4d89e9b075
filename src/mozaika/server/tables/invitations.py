"""What an invite link shows before anyone signs in: who invites, to which game, and whether a seat waits.

The table's id is the secret part of the link (unguessable, as for a replay), so this
says no more than the link's holder would see on joining: the game, its options, the
number of players and the name of the player who made the table.
"""

from __future__ import annotations

from typing import Any

from mozaika.server.players.accounts import clean_name
from mozaika.server.settings import Settings
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.shapes import SEAT_INVITED, SEAT_OPEN


def invitation(store: TableRepository, settings: Settings, table_id: str) -> dict[str, Any]:
    """The invitation of ``table_id`` (404 when there is no such table)."""
    with store.db.reading() as session:
        table = store.read(session, table_id, lock=False)
    waiting = sum(1 for seat in table.seats if seat.kind in (SEAT_OPEN, SEAT_INVITED))
    return {
        "table": table.id,
        "game": table.game,
        "options": table.options,
        "players": table.players,
        "host": clean_name(table.owner_name, settings.limits),
        "status": table.status,
        "seats_waiting": waiting,
    }
