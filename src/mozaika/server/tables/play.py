"""Playing at a table: moves by players and bots, undo, hints, and the bot turns a change leaves."""

from __future__ import annotations

from itertools import chain

from sqlalchemy.orm import Session

from mozaika.core.errors import NotationError
from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.clocks import TimeSource
from mozaika.server.errors import ConflictError, ForbiddenError, MoveRefusedError
from mozaika.server.players.accounts import Caller
from mozaika.server.tables.access import check_running, own_seat
from mozaika.server.tables.gamelog import MOVE, UNDO, Entry, moves_to_take_back, replay
from mozaika.server.tables.repository import TableRepository, game_of
from mozaika.server.tables.shapes import SEAT_BOT, SEAT_PLAYER, BotTurn, HintRequest, Outcome, Table
from mozaika.server.tables.steps import (
    advance,
    bot_replies,
    bot_turns,
    bots_to_move,
    reseeded,
    resolve_chance,
    undo_rights,
    why_illegal,
)
from mozaika.server.tables.views import TableViews


class Moves:
    """Moves, undo and hints, each checked against the sequence number the caller quoted."""

    def __init__(self, store: TableRepository, views: TableViews, now: TimeSource) -> None:
        self.store = store
        self.views = views
        self.now = now

    def play(self, table_id: str, caller: Caller, text: str, seq: int, *, view: bool = True) -> Outcome:
        """Play the caller's move, written in the game's notation, at sequence number ``seq``.

        The outcome's data holds the new sequence number and, with ``view``, the table as the
        caller now sees it, made in the same transaction from the position just played.
        """
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            seat = own_seat(table, caller)
            outcome, state, undoers = self._play(session, table, seat.index, text, seq)
            if view:
                outcome.data["table"] = self.views.view_of(session, table, caller, state, undoers=undoers)
        self.store.positions.remember(table_id, table.seq, state)
        return outcome

    def play_bot(self, turn: BotTurn, text: str) -> Outcome:
        with self.store.db.transaction() as session:
            table = self.store.read(session, turn.table_id, lock=True)
            seat = table.seats[turn.seat]
            if seat.kind != SEAT_BOT:
                raise ConflictError(f"seat {turn.seat + 1} is no longer a bot's")
            # A bot that took over a person's seat plays as their stand-in: the log says so.
            outcome, state, _ = self._play(session, table, turn.seat, text, turn.seq, stand_in=seat.replaced)
        self.store.positions.remember(turn.table_id, table.seq, state)
        return outcome

    def _play(
        self, session: Session, table: Table, seat: int, text: str, seq: int, *, stand_in: bool = False
    ) -> tuple[Outcome, State, list[int]]:
        check_running(table, seq)
        state = self.store.position(session, table)
        if seat not in state.to_move:
            waiting = ", ".join(str(s + 1) for s in state.to_move)
            raise ConflictError(f"it is not your turn: seat {waiting} must move", details={"to_move": state.to_move})
        if clocks.has_run_out(table.clock, seat, self.now()):
            raise ConflictError("your time has run out: the bot takes over your seat")
        if table.seats[seat].timed_out and table.seats[seat].kind == SEAT_PLAYER:  # paused (timeouts.pauses)
            raise ConflictError(
                "your time has run out and the game waits for you: play on with a fresh bank (POST .../return) "
                "or let the bot finish (POST .../abandon)"
            )
        try:
            move = state.parse_move(text)
        except NotationError as error:
            raise MoveRefusedError(f"{text!r} is not a move of this game: {error}") from None
        if move not in state.legal_moves(seat):
            raise MoveRefusedError(why_illegal(state, move, seat))
        before = table.seq
        state.play(move)
        if table.seats[seat].kind == SEAT_PLAYER:  # a person's move (not a bot's, not a stand-in's): the lobby shows it
            table.person_moved_at = self.now()
        entries = [Entry(before + 1, MOVE, seat, str(move), stand_in), *resolve_chance(state, before + 1)]
        advance(session, table, entries, state, self.now())
        # Newest first: what was just written, then the log before it, read only if needed.
        newest_first = chain(reversed(entries), self.store.entries_newest_first(session, table.id, before=before + 1))
        undoers = undo_rights(table, newest_first)
        events = [self.views.step_event(table, entries, state, undoers)]
        return Outcome({"seq": table.seq}, events, bot_turns(table, state), table.clock_due), state, undoers

    def undo(self, table_id: str, caller: Caller, seq: int) -> Outcome:
        """Take back the caller's last move, while no one else has acted and nothing was drawn since.

        Where every other seat is a bot's, the bots' replies since that move go back with it
        (one undo entry each, newest first), so the undo outlives the bots' quick answers.
        """
        with self.store.db.transaction() as session:
            table = self.store.read(session, table_id, lock=True)
            seat = own_seat(table, caller)
            if not table.undo_allowed:
                raise ForbiddenError("this table does not allow undo")
            check_running(table, seq)
            log = self.store.entries(session, table.id)
            moves = moves_to_take_back(reversed(log), seat.index, bot_replies(table, seat.index))
            if not moves:
                raise ConflictError(
                    "there is no move of yours to take back: someone has acted or tiles were drawn since"
                )
            entries = [Entry(table.seq + 1 + index, UNDO, seat.index, move.text) for index, move in enumerate(moves)]
            table.person_moved_at = self.now()
            state = replay(game_of(table), [*log, *entries])
            # Whether the move taken back had ended the seat's turn: then its clock reopens that turn.
            after_move = replay(game_of(table), [entry for entry in log if entry.seq <= moves[-1].seq])
            ended_turn = seat.index not in after_move.to_move
            advance(session, table, entries, state, self.now(), undo=(seat.index, ended_turn))
            undoers = undo_rights(table, reversed([*log, *entries]))
            view = self.views.view_of(session, table, caller, state, undoers=undoers)
        self.store.positions.remember(table.id, table.seq, state)
        events = [self.views.step_event(table, entries, state, undoers)]
        return Outcome({"seq": table.seq, "table": view}, events, bot_turns(table, state), table.clock_due)

    def bot_turns(self, table_id: str) -> list[BotTurn]:
        """The bot seats that must move now at this table (none unless it is running)."""
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            if not bots_to_move(table):
                return []
            state = self.store.position(session, table)
        return bot_turns(table, state)

    def hint_request(self, table_id: str, caller: Caller) -> HintRequest:
        """What a hint analyses: the caller's position on turn, at a friendly table (rated games have no hints)."""
        with self.store.db.reading() as session:
            table = self.store.read(session, table_id, lock=False)
            if table.rated:
                raise ForbiddenError("rated games have no hints")
            check_running(table, table.seq)
            seat = own_seat(table, caller)
            if seat.index not in table.to_move:
                raise ConflictError("a hint is for the player on turn; it is not your turn")
            state = self.store.position(session, table)
        return HintRequest(table.id, seat.index, table.seq, reseeded(state), state.game_id, state.options)
