"""Who may act at a table: the caller's seat, found by their session or by the seat's token."""

from __future__ import annotations

from mozaika.server.errors import ConflictError, ForbiddenError, NotSignedInError, StaleMoveError
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import token_hash
from mozaika.server.tables.shapes import RUNNING, SEAT_PLAYER, Table, TableSeat


def signed_in(caller: Caller) -> int:
    """The caller's player id; refused when they are not signed in."""
    if caller.player_id is None:
        raise NotSignedInError("sign in, register or play as a guest first")
    return caller.player_id


def holds(seat: TableSeat, caller: Caller) -> bool:
    """Whether the caller holds this player's seat, by their session or by the seat's token."""
    if seat.kind != SEAT_PLAYER:
        return False
    if caller.player_id is not None and seat.player_id == caller.player_id:
        return True
    return caller.seat_token is not None and seat.token_hash == token_hash(caller.seat_token)


def own_seat(table: Table, caller: Caller) -> TableSeat:
    """The seat the caller holds; refused when they hold none."""
    for seat in table.seats:
        if holds(seat, caller):
            return seat
    if not caller.signed_in and caller.seat_token is None:
        raise NotSignedInError("sign in, or give your seat's token, to act at a table")
    raise ForbiddenError("you hold no seat at this table")


def check_running(table: Table, seq: int) -> None:
    """Refused unless the game runs and the caller saw its latest position (``seq``)."""
    if table.status != RUNNING:
        raise ConflictError(f"the table is {table.status}: no moves can be made")
    if seq != table.seq:
        raise StaleMoveError(
            f"the table is at move {table.seq}, but this was sent from move {seq}: refresh and try again",
            details={"seq": table.seq},
        )
