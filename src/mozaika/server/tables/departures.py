"""When people stop playing: handing an away player's seat to the stand-in, and aborting a game that
has only begun by both players' agreement (docs/server.md, "Playing people"; docs/rulings.md, R-29, R-31).

Resigning is abandoning (``Seating.abandon``): the stand-in plays the seat to the end, and the result
names the seats whose players resigned.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from mozaika.core.clocks import Clocks
from mozaika.server import clocks
from mozaika.server.errors import BadRequestError, ConflictError, ForbiddenError
from mozaika.server.players.accounts import Caller
from mozaika.server.tables.access import own_seat
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.seating import Seating
from mozaika.server.tables.shapes import ABORTED, RUNNING, SEAT_PLAYER, Outcome, Table
from mozaika.server.tables.steps import bot_turns
from mozaika.server.tables.views import TableViews


def _duration(seconds: float) -> str:
    if seconds >= 60:
        minutes = round(seconds / 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{round(seconds)} seconds"


class Departures:
    """Seats handed over while their players are away, and games aborted by agreement."""

    def __init__(self, store: TableRepository, views: TableViews, seating: Seating) -> None:
        self.store = store
        self.views = views
        self.seating = seating

    def hand_over(self, table_id: str, caller: Caller, seat_index: int) -> Outcome:
        """Another player at an untimed friendly game hands the seat of a player away for long enough
        to the stand-in; its player takes it back on return (``POST .../return``)."""
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            mine = own_seat(table, caller)
            if table.status != RUNNING:
                raise ConflictError(f"the table is {table.status}: seats are handed over only while the game runs")
            wait = self.views.hand_over_after(table)
            if wait is None:
                raise ForbiddenError(
                    "only an untimed friendly game's seat can be handed to the stand-in: at a timed table the "
                    "clock does it, and a rated game waits for its players"
                )
            if not 0 <= seat_index < len(table.seats):
                raise BadRequestError(f"the table has seats 0 to {len(table.seats) - 1}, not {seat_index}")
            seat = table.seats[seat_index]
            if seat.index == mine.index:
                raise BadRequestError("to leave your own seat to a bot, resign (POST .../abandon)")
            if seat.kind != SEAT_PLAYER:
                raise ConflictError(f"seat {seat_index} is not a person's: a bot plays it already")
            presence = self.views.presence.of(seat.player_id, table.id)
            away = self.views.now() - presence.away_since if presence.away_since is not None else 0.0
            if presence.online or away < wait:
                raise ConflictError(
                    f"{seat.player_name or 'the player'} has not been away for {_duration(wait)}: "
                    "a seat is handed over only once its player has been away that long",
                    details={"away_seconds": round(away, 1), "hand_over_after": wait},
                )
            self.seating.replace_by_bot(table, seat)
            seat.away = True
            self.store.save(session, table)
            state = self.store.position(session, table)
            view = self.views.view_of(session, table, caller, state)
        return Outcome({"table": view}, [self.views.table_event(table)], bot_turns(table, state), table.clock_due)

    def abort(self, table_id: str, caller: Caller) -> Outcome:
        """Propose to abort the game, or agree to the other player's proposal: the game then ends
        without a result, unrated, and is not counted in anyone's statistics."""
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            mine = own_seat(table, caller)
            self._abortable(session, table)
            if table.abort_offer is not None and table.abort_offer != mine.index:
                table.status, table.abort_offer, table.to_move = ABORTED, None, []
                if table.clock is not None:
                    timing = Clocks.from_dict(table.clock)
                    for seat in table.seats:
                        timing.stop(seat.index)
                    table.clock, table.clock_due = clocks.changed(timing).clock, None
            else:
                table.abort_offer = mine.index
            self.store.save(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view}, [self.views.table_event(table)], clock_due=table.clock_due)

    def decline(self, table_id: str, caller: Caller) -> Outcome:
        """Decline the other player's proposal to abort, or withdraw one's own: the game goes on."""
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            own_seat(table, caller)
            if table.status != RUNNING or table.abort_offer is None:
                raise ConflictError("nobody has proposed to abort this game")
            table.abort_offer = None
            self.store.save(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view}, [self.views.table_event(table)])

    def _abortable(self, session: Session, table: Table) -> None:
        """Refused unless the table is a friendly 2-player game of two people, still in its first round."""
        if table.status != RUNNING:
            raise ConflictError(f"the table is {table.status}: only a running game can be aborted")
        if table.rated:
            raise ForbiddenError("a rated game cannot be aborted: resign instead (POST .../abandon)")
        if table.players != 2 or any(seat.kind != SEAT_PLAYER for seat in table.seats):
            raise ForbiddenError(
                "only a friendly game of two people can be aborted by agreement: resign instead (POST .../abandon)"
            )
        if self.store.position(session, table).round > 1:
            raise ConflictError("the first round is over: the game can no longer be aborted; resign instead")
