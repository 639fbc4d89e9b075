"""Playing at a table: moves by players and bots, undo, hints, and the bot turns a change leaves."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy.orm import Session

from mozaika.core.errors import MozaikaError, NotationError
from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.accounts import Caller
from mozaika.server.errors import ConflictError, ForbiddenError, MoveRefusedError
from mozaika.server.facts import TableFacts, read_facts, write_advance
from mozaika.server.games import CHANCE, MOVE, UNDO, Entry, moves_to_take_back, replay
from mozaika.server.models import GameTable, utc_now
from mozaika.server.tables.base import RUNNING, SEAT_BOT, BotTurn, HintRequest, Outcome
from mozaika.server.tables.records import TableRecords


class TablePlay(TableRecords):
    """Moves, undo and hints, each checked against the sequence number the caller quoted."""

    def play(self, table_id: str, caller: Caller, text: str, seq: int, *, view: bool = True) -> Outcome:
        """Play the caller's move, written in the game's notation, at sequence number ``seq``.

        The outcome's data holds the new sequence number and, with ``view``, the table
        as the caller now sees it (live connections get the step event instead).
        """
        with self.db.transaction() as session:
            facts = read_facts(session, table_id, lock=True)
            seat = self._own_seat(facts.seats, caller)
            outcome, state = self._play(session, facts, seat.index, text, seq)
        self.positions.remember(table_id, facts.seq, state)
        if view:
            outcome.data["table"] = self.view(table_id, caller)
        return outcome

    def play_bot(self, turn: BotTurn, text: str) -> Outcome:
        with self.db.transaction() as session:
            facts = read_facts(session, turn.table_id, lock=True)
            if facts.seats[turn.seat].kind != SEAT_BOT:
                raise ConflictError(f"seat {turn.seat + 1} is no longer a bot's")
            outcome, state = self._play(session, facts, turn.seat, text, turn.seq)
        self.positions.remember(turn.table_id, facts.seq, state)
        return outcome

    def _play(self, session: Session, table: TableFacts, seat: int, text: str, seq: int) -> tuple[Outcome, State]:
        self._check_running(table, seq)
        state = self._position(session, table)
        if seat not in state.to_move:
            waiting = ", ".join(str(s + 1) for s in state.to_move)
            raise ConflictError(f"it is not your turn: seat {waiting} must move", details={"to_move": state.to_move})
        if clocks.has_run_out(table.clock, seat, self.now()):
            raise ConflictError("your time has run out: the bot takes over your seat")
        try:
            move = state.parse_move(text)
        except NotationError as error:
            raise MoveRefusedError(f"{text!r} is not a move of this game: {error}") from None
        if move not in state.legal_moves(seat):
            raise MoveRefusedError(self._why_illegal(state, move, seat))
        state.play(move)
        entries = [Entry(table.seq + 1, MOVE, seat, str(move)), *self._resolve_chance(state, table.seq + 1)]
        self._advance(session, table, entries, state)
        events = [self._step_event(table, entries, state)]
        return self._outcome({"seq": table.seq}, events, table, state), state

    def undo(self, table_id: str, caller: Caller, seq: int) -> Outcome:
        """Take back the caller's last move, while no one else has acted and nothing was drawn since.

        Where every other seat is a bot's, the bots' replies since that move go back with it
        (one undo entry each, newest first), so the undo outlives the bots' quick answers.
        """
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            seat = self._own_seat(table.seats, caller)
            if not table.undo_allowed:
                raise ForbiddenError("this table does not allow undo")
            self._check_running(table, seq)
            log = self._entries(session, table.id)
            moves = moves_to_take_back(reversed(log), seat.index, self._bot_replies(table, seat.index))
            if not moves:
                raise ConflictError(
                    "there is no move of yours to take back: someone has acted or tiles were drawn since"
                )
            entries = [Entry(table.seq + 1 + index, UNDO, seat.index, move.text) for index, move in enumerate(moves)]
            state = replay(self._game(table), [*log, *entries])
            facts = TableFacts.of(table)
            # Whether the move taken back had ended the seat's turn: then its clock reopens that turn.
            after_move = replay(self._game(table), [entry for entry in log if entry.seq <= moves[-1].seq])
            ended_turn = seat.index not in after_move.to_move
            self._advance(session, facts, entries, state, undo=(seat.index, ended_turn))
            session.refresh(table)
            view = self._view(session, table, caller, state)
        self.positions.remember(facts.id, facts.seq, state)
        events = [self._step_event(facts, entries, state)]
        return self._outcome({"seq": facts.seq, "table": view}, events, facts, state)

    def bot_turns(self, table_id: str) -> list[BotTurn]:
        """The bot seats that must move now at this table (none unless it is running)."""
        with self.db.reading() as session:
            table = read_facts(session, table_id, lock=False)
            if not self._bots_to_move(table):
                return []
            state = self._position(session, table)
        return self._bot_turns(table, state)

    def _bot_turns(self, table: GameTable | TableFacts, state: State) -> list[BotTurn]:
        """What each bot seat that must move now needs (its worker gets the position, not the table)."""
        if table.status != RUNNING:
            return []
        bots = {seat.index: seat.bot_level for seat in table.seats if seat.kind == SEAT_BOT}
        movers = [seat for seat in state.to_move if seat in bots]
        if not movers:
            return []
        text = self._reseeded(state)
        return [
            BotTurn(table.id, seat, bots[seat] or "medium", table.seq, text, random.getrandbits(32)) for seat in movers
        ]

    def _outcome(
        self, data: dict[str, Any], events: list[dict[str, Any]], table: GameTable | TableFacts, state: State
    ) -> Outcome:
        return Outcome(data, events, self._bot_turns(table, state))

    def hint_request(self, table_id: str, caller: Caller) -> HintRequest:
        """What a hint analyses: the caller's position on turn, at a friendly table (rated games have no hints)."""
        with self.db.reading() as session:
            table = self._table(session, table_id)
            if table.rated:
                raise ForbiddenError("rated games have no hints")
            self._check_running(table, table.seq)
            seat = self._own_seat(table.seats, caller)
            if seat.index not in table.to_move:
                raise ConflictError("a hint is for the player on turn; it is not your turn")
            state = self._position(session, table)
        return HintRequest(table.id, seat.index, table.seq, self._reseeded(state), state.game_id, state.options)

    @staticmethod
    def _resolve_chance(state: State, seq: int) -> list[Entry]:
        entries = []
        while state.is_chance:
            outcome = state.sample_chance()
            state.apply_chance(outcome)
            seq += 1
            entries.append(Entry(seq, CHANCE, None, str(outcome)))
        return entries

    def _advance(
        self,
        session: Session,
        table: TableFacts,
        entries: list[Entry],
        state: State,
        *,
        undo: tuple[int, bool] | None = None,
    ) -> None:
        """Write entries to the log and advance the table (and ``table``) and its clocks, in the caller's
        transaction; ``undo`` is the seat whose undo the entries are, and whether its undone move had
        ended its turn."""
        now = utc_now()
        table.seq = entries[-1].seq
        table.to_move = list(state.to_move)
        undo_by, reopens_turn = undo if undo is not None else (None, False)
        timing = clocks.advanced(
            table.clock,
            state.to_move,
            table.seats,
            self.now(),
            over=state.is_over,
            undo_by=undo_by,
            reopens_turn=reopens_turn,
        )
        table.clock, table.clock_due = timing.clock, timing.due
        rows = [{"table_id": table.id, **entry.to_dict(), "created_at": now} for entry in entries]
        write_advance(session, table, rows, now)
        if state.is_over:
            finished = session.get(GameTable, table.id)
            assert finished is not None
            self._finish(session, finished, state)
            session.flush()
            table.status, table.result = finished.status, finished.result

    @staticmethod
    def _why_illegal(state: State, move: Any, seat: int) -> str:
        trial = state.copy()
        try:
            trial.play(move)
        except MozaikaError as error:
            return str(error)
        return f"{move} is another seat's move, not seat {seat + 1}'s"

    @staticmethod
    def _reseeded(state: State) -> str:
        """The position for a bot or a hint, with a fresh seed: the table's would tell the next draws."""
        position = state.copy()
        position.reseed(random.getrandbits(62))
        return position.to_json()

    @staticmethod
    def _bots_to_move(table: GameTable | TableFacts) -> bool:
        return table.status == RUNNING and any(
            seat.kind == SEAT_BOT and seat.index in table.to_move for seat in table.seats
        )
