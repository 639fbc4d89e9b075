"""Filling tables: create, join, invite, leave, start, and abandon a running game to a bot."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from mozaika.bots import LEVELS
from mozaika.catalogue.registry import GameSpec, game_ids, game_spec
from mozaika.core.clocks import Clocks
from mozaika.core.errors import OptionError
from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.clocks import TimeSource
from mozaika.server.errors import BadRequestError, ConflictError, ForbiddenError
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import new_seed, new_table_id, new_token, token_hash
from mozaika.server.settings import Settings
from mozaika.server.storage.community import Invitation
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.access import own_seat, signed_in
from mozaika.server.tables.quotas import check_bot_table_quota, check_table_quota
from mozaika.server.tables.repository import TableRepository, game_of
from mozaika.server.tables.shapes import (
    CANCELLED,
    OPEN,
    RUNNING,
    SEAT_BOT,
    SEAT_INVITED,
    SEAT_OPEN,
    SEAT_PLAYER,
    Outcome,
    SeatRequest,
    Table,
    TableRequest,
    TableSeat,
)
from mozaika.server.tables.steps import advance, bot_turns, resolve_chance
from mozaika.server.tables.views import TableViews


class Seating:
    """Tables created and seats taken, given up and handed to bots."""

    def __init__(self, store: TableRepository, views: TableViews, settings: Settings, now: TimeSource) -> None:
        self.store = store
        self.views = views
        self.settings = settings
        self.now = now

    def create(self, caller: Caller, request: TableRequest) -> Outcome:
        owner = signed_in(caller)
        spec, options = checked_game(request.game, request.players, request.options)
        seats = list(request.seats) if request.seats is not None else [SeatRequest("me")]
        seats += [SeatRequest(SEAT_OPEN)] * (request.players - len(seats))
        if len(seats) != request.players:
            raise BadRequestError(f"{len(seats)} seats described for a table of {request.players}")
        if sum(seat.kind == "me" for seat in seats) != 1:
            raise BadRequestError('exactly one seat must be "me": the creator sits at the table')
        if request.rated and caller.is_guest:
            raise ForbiddenError("rated tables are for accounts: register to play rated games")
        undo = request.undo if request.undo is not None else not request.rated
        if request.rated and undo:
            raise BadRequestError("rated tables do not allow undo")
        created = utc_now()
        table = Table(
            id=new_table_id(), game=spec.id, players=request.players, options=options, seed=new_seed(),
            status=OPEN, owner_id=owner, owner_name=caller.name or "?", rated=request.rated, undo_allowed=undo,
            seq=0, to_move=[], result=None,
            clock=clocks.new_clocks(request.clock, rated=request.rated, players=request.players), clock_due=None,
            created_at=created, updated_at=created,
        )  # fmt: skip
        data: dict[str, object] = {}
        invites: dict[str, str] = {}
        for index, wanted in enumerate(seats):
            seat = TableSeat(index)
            if wanted.kind == "me":
                data["seat"] = index
                data["seat_token"] = claim(seat, owner)
            elif wanted.kind == "invite":
                invites[str(index)] = _invite(seat)
            elif wanted.kind == "bot":
                if request.rated:
                    raise BadRequestError("rated tables are played by accounts only, not bots")
                seat.kind = SEAT_BOT
                seat.bot_level = _level(wanted.level)
            elif wanted.kind != SEAT_OPEN:
                raise BadRequestError(f"a seat is 'me', 'open', 'invite' or 'bot', not {wanted.kind!r}")
            table.seats.append(seat)
        table.invite_only = any(seat.kind == SEAT_INVITED for seat in table.seats) and not any(
            seat.kind == SEAT_OPEN for seat in table.seats
        )
        table.autostart = request.autostart
        with self.store.db.transaction() as session:
            check_table_quota(session, owner, any(seat.kind == SEAT_BOT for seat in table.seats), self.settings.limits)
            self.store.insert(session, table)
            self.store.name_seats(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view, "invites": invites, **data}, [self.views.table_event(table)])

    def join(self, table_id: str, caller: Caller, seat_index: int | None, invite: str | None) -> Outcome:
        player = signed_in(caller)
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            if table.status != OPEN:
                raise ConflictError(f"the table is {table.status}: seats can be taken only before the start")
            if any(seat.player_id == player and seat.kind == SEAT_PLAYER for seat in table.seats):
                raise ConflictError("you already have a seat at this table")
            if table.rated and caller.is_guest:
                raise ForbiddenError("rated tables are for accounts: register to play rated games")
            if invite is not None:
                seat = next((s for s in table.seats if s.invite_hash == token_hash(invite)), None)
                if seat is None or seat.kind != SEAT_INVITED:
                    raise ForbiddenError("this invite link is not valid for this table (or its seat is taken)")
            elif (reserved := _reserved_for(table, player)) is not None and seat_index is None:
                seat = reserved
            else:
                free = [s for s in table.seats if s.kind == SEAT_OPEN]
                if seat_index is not None:
                    free = [s for s in free if s.index == seat_index]
                    if not free:
                        raise ConflictError(f"seat {seat_index} is not open")
                if not free:
                    raise ConflictError("the table has no open seat")
                seat = free[0]
            token = claim(seat, player)
            forget_invitation(session, table.id, player)
            if table.autostart and not _waiting_seats(table):
                view, events, state = self.begin(session, table, caller)
            else:
                self.store.save(session, table)
                view, events, state = self.views.view_of(session, table, caller), [self.views.table_event(table)], None
        data = {"table": view, "seat": seat.index, "seat_token": token}
        if state is None:
            return Outcome(data, events)
        self.store.positions.remember(table.id, table.seq, state)
        return Outcome(data, events, bot_turns(table, state), table.clock_due)

    def new_invites(self, table_id: str, caller: Caller) -> Outcome:
        """New invite links for the unclaimed invited seats: only their hashes are kept, so the
        creator on another device gets new ones (and the old links stop working)."""
        with self.store.db.transaction() as session:
            table = self._creators_open_table(
                session, table_id, caller, "make its invite links", "invites are for seats before the start"
            )
            invites = {str(seat.index): _invite(seat) for seat in table.seats if seat.kind == SEAT_INVITED}
            if not invites:
                raise ConflictError("the table has no invited seat waiting for its player")
            self.store.save(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view, "invites": invites}, [])

    def seat_bot(self, table_id: str, caller: Caller, seat_index: int, level: str) -> Outcome:
        """The creator seats a bot of ``level`` in an open or invited seat before the start (friendly tables)."""
        with self.store.db.transaction() as session:
            table = self._creators_open_table(
                session, table_id, caller, "seat a bot", "bots are seated before the start"
            )
            if table.rated:
                raise BadRequestError("rated tables are played by accounts only, not bots")
            seat = next((s for s in table.seats if s.index == seat_index), None)
            if seat is None or seat.kind not in (SEAT_OPEN, SEAT_INVITED):
                raise ConflictError(f"seat {seat_index} is not waiting for a player")
            if not any(other.kind == SEAT_BOT for other in table.seats):
                check_bot_table_quota(session, table.owner_id, self.settings.limits)
            seat.kind, seat.bot_level, seat.invite_hash = SEAT_BOT, _level(level), None
            self.store.save(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view}, [self.views.table_event(table)])

    def leave(self, table_id: str, caller: Caller) -> Outcome:
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            seat = own_seat(table, caller)
            if table.status != OPEN:
                raise ConflictError("the game has started: abandon it instead (a bot takes your seat)")
            if table.owner_id == caller.player_id:
                table.status = CANCELLED
            else:
                # An invited seat stays invite-only: its link (kept) can bring its player back.
                seat.kind = SEAT_INVITED if seat.invite_hash is not None else SEAT_OPEN
                seat.player_id, seat.token_hash = None, None
            self.store.save(session, table)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view}, [self.views.table_event(table)])

    def start(self, table_id: str, caller: Caller) -> Outcome:
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            if table.owner_id != caller.player_id:
                raise ForbiddenError("only the table's creator can start the game")
            if table.status != OPEN:
                raise ConflictError(f"the table is {table.status}, not waiting to start")
            waiting = _waiting_seats(table)
            if waiting:
                raise ConflictError(f"seats {', '.join(str(i + 1) for i in waiting)} are still empty")
            view, events, state = self.begin(session, table, caller)
        self.store.positions.remember(table.id, table.seq, state)
        return Outcome({"table": view}, events, bot_turns(table, state), table.clock_due)

    def begin(
        self, session: Session, table: Table, caller: Caller
    ) -> tuple[dict[str, Any], list[dict[str, Any]], State]:
        """The game begins at the full table: the first draws made, the view and the events."""
        events, state = self.begin_game(session, table)
        view = self.views.view_of(session, table, caller, state, undoers=[])
        return view, events, state

    def begin_game(self, session: Session, table: Table) -> tuple[list[dict[str, Any]], State]:
        """The game begins at the full table: the first draws made; the events and the first position."""
        table.status = RUNNING
        table.person_moved_at = self.now()  # the game's start counts as its people's first act
        self.store.save(session, table)
        state = game_of(table).start()
        entries = resolve_chance(state, table.seq)
        advance(session, table, entries, state, self.now())
        return [self.views.table_event(table), self.views.step_event(table, entries, state)], state

    def abandon(self, table_id: str, caller: Caller) -> Outcome:
        """Leave a running game: a bot of the server's replacement level plays the seat from now on."""
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            seat = own_seat(table, caller)
            if table.status != RUNNING:
                raise ConflictError(f"the table is {table.status}: only a running game can be abandoned")
            self.replace_by_bot(table, seat)
            self.store.save(session, table)
            state = self.store.position(session, table)
            view = self.views.view_of(session, table, caller, state)
        return Outcome({"table": view}, [self.views.table_event(table)], bot_turns(table, state), table.clock_due)

    def open_to_spectators(self, table_id: str, caller: Caller, spectators: bool) -> Outcome:
        """The creator of an invite-only table lets anyone watch it, or only its people again (``watchers``)."""
        player = signed_in(caller)
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            if table.owner_id != player:
                raise ForbiddenError("only the table's creator can open it to spectators or close it")
            if not table.invite_only:
                raise ConflictError("this table is not invite-only: anyone may watch it already")
            table.spectators_open = spectators
            self.store.save(session, table, touch=False)
            view = self.views.view_of(session, table, caller)
        return Outcome({"table": view}, [self.views.table_event(table)])

    def replace_by_bot(self, table: Table, seat: TableSeat, *, timed_out: bool = False) -> None:
        """The replacement bot plays the seat from now on; the seat's clock stops."""
        seat.kind, seat.bot_level, seat.token_hash = SEAT_BOT, self.settings.replacement_bot, None
        seat.replaced, seat.timed_out = True, timed_out
        if table.clock is not None:
            timing = Clocks.from_dict(table.clock)
            timing.stop(seat.index)
            change = clocks.changed(timing)
            table.clock, table.clock_due = change.clock, change.due

    def _creators_open_table(self, session: Session, table_id: str, caller: Caller, doing: str, why: str) -> Table:
        """The table, locked, when the caller created it and it waits for its start; else why not."""
        player = signed_in(caller)
        table = self.store.read(session, table_id, lock=True)
        if table.owner_id != player:
            raise ForbiddenError(f"only the table's creator can {doing}")
        if table.status != OPEN:
            raise ConflictError(f"the table is {table.status}: {why}")
        return table


def checked_game(game: str, players: int, wanted: dict[str, Any]) -> tuple[GameSpec, dict[str, Any]]:
    """The game's registration and its options resolved, or why this game cannot be set up so."""
    if game not in game_ids():
        raise BadRequestError(f"there is no game {game!r}; the games are: {', '.join(game_ids())}")
    spec = game_spec(game)
    if players not in spec.players:
        allowed = ", ".join(map(str, spec.players))
        raise BadRequestError(f"{spec.title} is played by {allowed} players, not {players}")
    try:
        return spec, spec.resolve_options(wanted)
    except OptionError as error:
        raise BadRequestError(str(error)) from None


def _waiting_seats(table: Table) -> list[int]:
    return [seat.index for seat in table.seats if seat.kind in (SEAT_OPEN, SEAT_INVITED)]


def _reserved_for(table: Table, player: int) -> TableSeat | None:
    """The seat kept for this player (at a table set up to play a game again), if any."""
    return next((s for s in table.seats if s.kind == SEAT_INVITED and s.player_id == player), None)


def _invite(seat: TableSeat) -> str:
    """Reserves the seat for whoever brings the returned invite token (a new one replaces the old)."""
    invite = new_token()
    seat.kind, seat.invite_hash = SEAT_INVITED, token_hash(invite)
    return invite


def claim(seat: TableSeat, player_id: int) -> str:
    """The seat becomes the player's; the seat's new secret token (only its hash is kept)."""
    token = new_token()
    seat.kind, seat.player_id, seat.token_hash = SEAT_PLAYER, player_id, token_hash(token)
    return token


def _level(level: str | None) -> str:
    if level is None or level not in LEVELS:
        raise BadRequestError(f"a bot seat needs a level: {', '.join(LEVELS)}")
    return level


def forget_invitation(session: Session, table_id: str, player: int) -> None:
    """The player took a seat: their direct invitation to the table has done its work."""
    session.execute(delete(Invitation).where(Invitation.table_id == table_id, Invitation.player_id == player))
