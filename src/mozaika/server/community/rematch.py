"""Play again: the same table once more (same seats, bots included, same options and clock), every
player of the game offered their seat back, and the game under way as the last of them sits down."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.orm import Session

from mozaika.core.clocks import Clocks
from mozaika.server.errors import ConflictError, ForbiddenError
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import new_seed, new_table_id
from mozaika.server.settings import Limits
from mozaika.server.storage.community import Invitation
from mozaika.server.storage.models import GameTable, utc_now
from mozaika.server.tables.access import signed_in
from mozaika.server.tables.quotas import check_table_quota
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.seating import Seating, claim
from mozaika.server.tables.shapes import FINISHED, OPEN, SEAT_BOT, SEAT_INVITED, Outcome, Table, TableSeat
from mozaika.server.tables.steps import bot_turns
from mozaika.server.tables.views import TableViews


class Rematches:
    """Tables set up to play a finished one again."""

    def __init__(self, store: TableRepository, views: TableViews, seating: Seating, limits: Limits) -> None:
        self.store = store
        self.views = views
        self.seating = seating
        self.limits = limits

    def play_again(self, table_id: str, caller: Caller, autostart: bool = True) -> Outcome:
        """The finished table's rematch: a new one the first time it is asked for, the same one after."""
        player = signed_in(caller)
        with self.store.db.transaction() as session:
            old = self.store.read(session, table_id, lock=True)
            if old.status != FINISHED:
                raise ConflictError(f"the table is {old.status}: a game is played again once it is over")
            mine = next((seat for seat in old.seats if seat.player_id == player), None)
            if mine is None:
                raise ForbiddenError("only the game's players can set it up again")
            if old.rematch is not None:
                rematch = self.store.read(session, old.rematch, lock=False)
                return Outcome({"table": self.views.view_of(session, rematch, caller)}, [])
            table, token = self._rematch_of(session, old, mine.index, player, caller, autostart)
            session.execute(update(GameTable).where(GameTable.id == old.id).values(rematch=table.id))
            old.rematch = table.id
            events = [self.views.table_event(old)]
            if autostart and not any(seat.kind == SEAT_INVITED for seat in table.seats):
                # Nobody to wait for (the others were bots): the game begins at once.
                view, begun, state = self.seating.begin(session, table, caller)
                events += begun
            else:
                view, state = self.views.view_of(session, table, caller), None
                events.append(self.views.table_event(table))
        data = {"table": view, "seat": mine.index, "seat_token": token}
        if state is None:
            return Outcome(data, events)
        self.store.positions.remember(table.id, table.seq, state)
        return Outcome(data, events, bot_turns(table, state), table.clock_due)

    def _rematch_of(
        self, session: Session, old: Table, my_seat: int, player: int, caller: Caller, autostart: bool
    ) -> tuple[Table, str]:
        """The new table, the caller seated where they sat (the seat's token with it)."""
        check_table_quota(session, player, any(seat.kind == SEAT_BOT for seat in old.seats), self.limits)
        created = utc_now()
        clock = None
        if old.clock is not None:
            clock = Clocks.start(Clocks.from_dict(old.clock).control, old.players).to_dict()
        table = Table(
            id=new_table_id(), game=old.game, players=old.players, options=dict(old.options), seed=new_seed(),
            status=OPEN, owner_id=player, owner_name=caller.name or "?", rated=old.rated,
            undo_allowed=old.undo_allowed, seq=0, to_move=[], result=None, clock=clock, clock_due=None,
            created_at=created, updated_at=created, invite_only=old.invite_only, autostart=autostart,
        )  # fmt: skip
        invited: list[int] = []
        token = ""
        for before in old.seats:
            seat = TableSeat(before.index)
            if before.index == my_seat:
                token = claim(seat, player)
            elif before.kind == SEAT_BOT and not before.replaced:
                seat.kind, seat.bot_level = SEAT_BOT, before.bot_level
            elif before.player_id is not None:
                # Kept for the player who sat there; their lobby offers it to them.
                seat.kind, seat.player_id = SEAT_INVITED, before.player_id
                invited.append(before.player_id)
            table.seats.append(seat)
        self.store.insert(session, table)
        self.store.name_seats(session, table)
        for invitee in invited:
            session.add(Invitation(table_id=table.id, player_id=invitee, sender_id=player))
        session.flush()
        return table, token
