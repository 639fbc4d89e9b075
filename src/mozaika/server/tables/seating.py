"""Filling tables: create, join, invite, leave, start, and abandon a running game to a bot."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from mozaika.bots import LEVELS
from mozaika.catalogue.registry import game_ids, game_spec
from mozaika.core.clocks import Clocks
from mozaika.core.errors import OptionError
from mozaika.server import clocks
from mozaika.server.accounts import Caller
from mozaika.server.credentials import new_seed, new_table_id, new_token, token_hash
from mozaika.server.errors import BadRequestError, ConflictError, ForbiddenError
from mozaika.server.facts import TableFacts
from mozaika.server.models import GameTable, Seat
from mozaika.server.quotas import check_bot_table_quota, check_table_quota
from mozaika.server.tables.base import (
    CANCELLED,
    OPEN,
    RUNNING,
    SEAT_BOT,
    SEAT_INVITED,
    SEAT_OPEN,
    SEAT_PLAYER,
    Outcome,
    SeatRequest,
    TableRequest,
)
from mozaika.server.tables.play import TablePlay


class TableSeating(TablePlay):
    """Tables created and seats taken, given up and handed to bots."""

    def create(self, caller: Caller, request: TableRequest) -> Outcome:
        owner = self._signed_in(caller)
        if request.game not in game_ids():
            raise BadRequestError(f"there is no game {request.game!r}; the games are: {', '.join(game_ids())}")
        spec = game_spec(request.game)
        if request.players not in spec.players:
            allowed = ", ".join(map(str, spec.players))
            raise BadRequestError(f"{spec.title} is played by {allowed} players, not {request.players}")
        try:
            options = spec.resolve_options(request.options)
        except OptionError as error:
            raise BadRequestError(str(error)) from None
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
        timing = clocks.new_clocks(request.clock, rated=request.rated, players=request.players)
        secrets: dict[str, Any] = {"invites": {}}
        table = GameTable(
            id=new_table_id(),
            game=spec.id,
            players=request.players,
            options=options,
            seed=new_seed(),
            status=OPEN,
            owner_id=owner,
            rated=request.rated,
            undo_allowed=undo,
            seq=0,
            to_move=[],
            clock=timing,
            clock_due=None,
        )
        for index, wanted in enumerate(seats):
            seat = Seat(index=index, kind=SEAT_OPEN, replaced=False, timed_out=False)
            if wanted.kind == "me":
                secrets["seat"] = index
                secrets["seat_token"] = self._claim(seat, owner)
            elif wanted.kind == "invite":
                secrets["invites"][str(index)] = self._invite(seat)
            elif wanted.kind == "bot":
                if request.rated:
                    raise BadRequestError("rated tables are played by accounts only, not bots")
                seat.kind = SEAT_BOT
                seat.bot_level = self._level(wanted.level)
            elif wanted.kind != SEAT_OPEN:
                raise BadRequestError(f"a seat is 'me', 'open', 'invite' or 'bot', not {wanted.kind!r}")
            table.seats.append(seat)
        with self.db.transaction() as session:
            check_table_quota(session, owner, any(seat.kind == SEAT_BOT for seat in table.seats), self.settings.limits)
            session.add(table)
            session.flush()
            view = self._view(session, table, caller)
            events = [self._table_event(table)]
        return Outcome({"table": view, **secrets}, events)

    def join(self, table_id: str, caller: Caller, seat_index: int | None, invite: str | None) -> Outcome:
        player = self._signed_in(caller)
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
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
            else:
                free = [s for s in table.seats if s.kind == SEAT_OPEN]
                if seat_index is not None:
                    free = [s for s in free if s.index == seat_index]
                    if not free:
                        raise ConflictError(f"seat {seat_index} is not open")
                if not free:
                    raise ConflictError("the table has no open seat")
                seat = free[0]
            token = self._claim(seat, player)
            self._touch(table)
            view = self._view(session, table, caller)
            events = [self._table_event(table)]
        return Outcome({"table": view, "seat": seat.index, "seat_token": token}, events)

    def new_invites(self, table_id: str, caller: Caller) -> Outcome:
        """New invite links for the unclaimed invited seats: only their hashes are kept, so the
        creator on another device gets new ones (and the old links stop working)."""
        with self.db.transaction() as session:
            table = self._creators_open_table(
                session, table_id, caller, "make its invite links", "invites are for seats before the start"
            )
            invites = {str(seat.index): self._invite(seat) for seat in table.seats if seat.kind == SEAT_INVITED}
            if not invites:
                raise ConflictError("the table has no invited seat waiting for its player")
            view = self._view(session, table, caller)
        return Outcome({"table": view, "invites": invites}, [])

    def seat_bot(self, table_id: str, caller: Caller, seat_index: int, level: str) -> Outcome:
        """The creator seats a bot of ``level`` in an open or invited seat before the start (friendly tables)."""
        with self.db.transaction() as session:
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
            seat.kind, seat.bot_level, seat.invite_hash = SEAT_BOT, self._level(level), None
            self._touch(table)
            view = self._view(session, table, caller)
            events = [self._table_event(table)]
        return Outcome({"table": view}, events)

    def leave(self, table_id: str, caller: Caller) -> Outcome:
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            seat = self._own_seat(table.seats, caller)
            if table.status != OPEN:
                raise ConflictError("the game has started: abandon it instead (a bot takes your seat)")
            if table.owner_id == caller.player_id:
                table.status = CANCELLED
            else:
                # An invited seat stays invite-only: its link (kept) can bring its player back.
                seat.kind = SEAT_INVITED if seat.invite_hash is not None else SEAT_OPEN
                seat.player_id, seat.token_hash = None, None
            self._touch(table)
            view = self._view(session, table, caller)
            events = [self._table_event(table)]
        return Outcome({"table": view}, events)

    def start(self, table_id: str, caller: Caller) -> Outcome:
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            if table.owner_id != caller.player_id:
                raise ForbiddenError("only the table's creator can start the game")
            if table.status != OPEN:
                raise ConflictError(f"the table is {table.status}, not waiting to start")
            waiting = [seat.index for seat in table.seats if seat.kind in (SEAT_OPEN, SEAT_INVITED)]
            if waiting:
                raise ConflictError(f"seats {', '.join(str(i + 1) for i in waiting)} are still empty")
            table.status = RUNNING
            session.flush()
            facts = TableFacts.of(table)
            state = self._game(facts).start()
            entries = self._resolve_chance(state, facts.seq)
            self._advance(session, facts, entries, state)
            session.refresh(table)
            view = self._view(session, table, caller, state)
            events = [self._table_event(table), self._step_event(facts, entries, state)]
        self.positions.remember(facts.id, facts.seq, state)
        return self._outcome({"table": view}, events, facts, state)

    def abandon(self, table_id: str, caller: Caller) -> Outcome:
        """Leave a running game: a bot of the server's replacement level plays the seat from now on."""
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            seat = self._own_seat(table.seats, caller)
            if table.status != RUNNING:
                raise ConflictError(f"the table is {table.status}: only a running game can be abandoned")
            self._replace_by_bot(table, seat)
            self._touch(table)
            state = self._position(session, table)
            view = self._view(session, table, caller, state)
            events = [self._table_event(table)]
        return self._outcome({"table": view}, events, table, state)

    def _replace_by_bot(self, table: GameTable, seat: Seat, *, timed_out: bool = False) -> None:
        """The replacement bot plays the seat from now on; the seat's clock stops."""
        seat.kind, seat.bot_level, seat.token_hash = SEAT_BOT, self.settings.replacement_bot, None
        seat.replaced, seat.timed_out = True, timed_out
        if table.clock is not None:
            timing = Clocks.from_dict(table.clock)
            timing.stop(seat.index)
            change = clocks.changed(timing)
            table.clock, table.clock_due = change.clock, change.due

    def _creators_open_table(self, session: Session, table_id: str, caller: Caller, doing: str, why: str) -> GameTable:
        """The table, locked, when the caller created it and it waits for its start; else why not."""
        player = self._signed_in(caller)
        table = self._locked(session, table_id)
        if table.owner_id != player:
            raise ForbiddenError(f"only the table's creator can {doing}")
        if table.status != OPEN:
            raise ConflictError(f"the table is {table.status}: {why}")
        return table

    @staticmethod
    def _invite(seat: Seat) -> str:
        """Reserves the seat for whoever brings the returned invite token (a new one replaces the old)."""
        invite = new_token()
        seat.kind, seat.invite_hash = SEAT_INVITED, token_hash(invite)
        return invite

    @staticmethod
    def _claim(seat: Seat, player_id: int) -> str:
        token = new_token()
        seat.kind, seat.player_id, seat.token_hash = SEAT_PLAYER, player_id, token_hash(token)
        return token

    @staticmethod
    def _level(level: str | None) -> str:
        if level is None or level not in LEVELS:
            raise BadRequestError(f"a bot seat needs a level: {', '.join(LEVELS)}")
        return level
