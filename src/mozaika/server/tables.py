"""Tables: create, join, start, play, undo, abandon, chat, and read back records and replays.

Every change happens in one transaction that first locks the table's row and checks
the sequence number the client quoted, so a stale or repeated submission changes
nothing.  A method that changed a table returns the events to broadcast; the caller
broadcasts them only after the transaction has committed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from mozaika.bots import LEVELS
from mozaika.errors import MozaikaError, NotationError, OptionError
from mozaika.protocol import State
from mozaika.records import Record
from mozaika.records import replay as replay_record
from mozaika.registry import game_ids, game_spec
from mozaika.server.accounts import Caller, clean_name
from mozaika.server.credentials import new_seed, new_table_id, new_token, token_hash
from mozaika.server.database import Database
from mozaika.server.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    MoveRefusedError,
    NotFoundError,
    NotSignedInError,
    StaleMoveError,
)
from mozaika.server.facts import SeatFacts, TableFacts, read_facts, write_advance
from mozaika.server.games import (
    CHANCE,
    MOVE,
    UNDO,
    Entry,
    Game,
    PositionCache,
    public_position,
    replay,
    undoable_move,
)
from mozaika.server.models import ChatMessage, GameTable, LogEntry, Player, Seat, utc_now
from mozaika.server.results import final_result, game_statistics, new_ratings, rank_order
from mozaika.server.settings import Settings

AnySeat = TypeVar("AnySeat", Seat, SeatFacts)
OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
STATUSES = (OPEN, RUNNING, FINISHED, CANCELLED)
SEAT_OPEN, SEAT_INVITED, SEAT_PLAYER, SEAT_BOT = "open", "invited", "player", "bot"


@dataclass(frozen=True)
class SeatRequest:
    """How a new table's seat is filled: ``me`` (the creator), ``open``, ``invite`` or ``bot`` (with a level)."""

    kind: str
    level: str | None = None


@dataclass(frozen=True)
class TableRequest:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: Sequence[SeatRequest] | None = None
    rated: bool = False
    undo: bool | None = None


@dataclass
class Outcome:
    """What a change produced: the data for the caller, and the events for every watcher."""

    data: dict[str, Any]
    events: list[dict[str, Any]]
    bot_turns: list[BotTurn] = field(default_factory=list)
    """The bot seats that must move next, with their positions: the caller wakes the table's bots."""


@dataclass(frozen=True)
class BotTurn:
    """A bot seat that must move now, with what its worker needs."""

    table_id: str
    seat: int
    level: str
    seq: int
    position: str
    seed: int


def game_catalogue() -> list[dict[str, Any]]:
    """Every game a table can be created for, with its options and its tiles' look."""
    catalogue = []
    for game_id in game_ids():
        spec = game_spec(game_id)
        catalogue.append(
            {
                "id": spec.id,
                "title": spec.title,
                "players": list(spec.players),
                "options": [{"name": o.name, "values": list(o.values), "help": o.help} for o in spec.options],
                "theme": spec.theme.to_dict() if spec.theme is not None else None,
                "board": dict(spec.board) if spec.board is not None else None,
            }
        )
    return catalogue


@dataclass(frozen=True)
class HintRequest:
    """A position to analyse for the seat on turn (with a fresh seed: the table's would tell the next draws)."""

    table_id: str
    seat: int
    seq: int
    position: str


class Tables:
    """The service behind the table endpoints and the live connections."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.positions = PositionCache()

    # --- creating and filling tables -----------------------------------------------

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
        )
        for index, wanted in enumerate(seats):
            seat = Seat(index=index, kind=SEAT_OPEN, replaced=False)
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
        player = self._signed_in(caller)
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            if table.owner_id != player:
                raise ForbiddenError("only the table's creator can make its invite links")
            if table.status != OPEN:
                raise ConflictError(f"the table is {table.status}: invites are for seats before the start")
            invites = {str(seat.index): self._invite(seat) for seat in table.seats if seat.kind == SEAT_INVITED}
            if not invites:
                raise ConflictError("the table has no invited seat waiting for its player")
            view = self._view(session, table, caller)
        return Outcome({"table": view, "invites": invites}, [])

    def leave(self, table_id: str, caller: Caller) -> Outcome:
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            seat = self._own_seat(table.seats, caller)
            if table.status != OPEN:
                raise ConflictError("the game has started: abandon it instead (a bot takes your seat)")
            if table.owner_id == caller.player_id:
                table.status = CANCELLED
            else:
                seat.kind, seat.player_id, seat.token_hash = SEAT_OPEN, None, None
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
            seat.kind, seat.bot_level, seat.replaced = SEAT_BOT, self.settings.replacement_bot, True
            seat.token_hash = None
            self._touch(table)
            state = self._position(session, table)
            view = self._view(session, table, caller, state)
            events = [self._table_event(table)]
        return self._outcome({"table": view}, events, table, state)

    # --- playing ----------------------------------------------------------------------

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
        """Take back the caller's last move, while no one else has acted and nothing was drawn since."""
        with self.db.transaction() as session:
            table = self._locked(session, table_id)
            seat = self._own_seat(table.seats, caller)
            if not table.undo_allowed:
                raise ForbiddenError("this table does not allow undo")
            self._check_running(table, seq)
            log = self._entries(session, table.id)
            move = undoable_move(reversed(log))
            if move is None or move.seat != seat.index:
                raise ConflictError(
                    "there is no move of yours to take back: someone has acted or tiles were drawn since"
                )
            entries = [Entry(table.seq + 1, UNDO, seat.index, move.text)]
            state = replay(self._game(table), [*log, *entries])
            facts = TableFacts.of(table)
            self._advance(session, facts, entries, state)
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

    def tables_waiting_for_bots(self) -> list[str]:
        with self.db.reading() as session:
            return list(
                session.scalars(
                    select(GameTable.id)
                    .join(Seat, Seat.table_id == GameTable.id)
                    .where(GameTable.status == RUNNING, Seat.kind == SEAT_BOT)
                    .distinct()
                )
            )

    # --- chat ---------------------------------------------------------------------------

    def say(self, table_id: str, caller: Caller, text: str) -> Outcome:
        player = self._signed_in(caller)
        cleaned = text.strip()
        if not cleaned:
            raise BadRequestError("the message is empty")
        if len(cleaned) > self.settings.limits.chat_characters:
            raise BadRequestError(f"a message is at most {self.settings.limits.chat_characters} characters")
        with self.db.transaction() as session:
            table = self._table(session, table_id)
            message = ChatMessage(table_id=table.id, player_id=player, name=caller.name or "?", text=cleaned)
            session.add(message)
            session.flush()
            line = self._chat_line(message)
        return Outcome(line, [{"type": "chat", "table": table_id, "message": line}])

    def chat(self, table_id: str) -> list[dict[str, Any]]:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            lines = session.scalars(
                select(ChatMessage)
                .where(ChatMessage.table_id == table.id)
                .order_by(ChatMessage.id.desc())
                .limit(self.settings.limits.chat_history)
            ).all()
            return [self._chat_line(line) for line in reversed(lines)]

    # --- reading --------------------------------------------------------------------------

    def view(self, table_id: str, caller: Caller) -> dict[str, Any]:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            return self._view(session, table, caller)

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
        return HintRequest(table.id, seat.index, table.seq, self._reseeded(state))

    def lobby(self, caller: Caller, status: str | None, mine: bool) -> list[dict[str, Any]]:
        """Open and running tables (or those of one status); with ``mine``, only the caller's, their turn first."""
        if status is not None and status not in STATUSES:
            raise BadRequestError(f"status is one of {', '.join(STATUSES)}, not {status!r}")
        if mine and not caller.signed_in:
            raise NotSignedInError("sign in (or play as a guest) to see your tables")
        with self.db.reading() as session:
            query = select(GameTable)
            if status is not None:
                query = query.where(GameTable.status == status)
            elif not mine:
                query = query.where(or_(GameTable.status == OPEN, GameTable.status == RUNNING))
            if mine:
                query = query.join(Seat, Seat.table_id == GameTable.id).where(Seat.player_id == caller.player_id)
            tables = session.scalars(query.order_by(GameTable.updated_at.desc()).limit(200)).unique().all()
            summaries = [self._summary(table, caller) for table in tables]
        summaries.sort(key=lambda summary: not summary["your_turn"])
        return summaries

    def entries_since(self, table_id: str, seq: int) -> dict[str, Any]:
        """The log entries after ``seq`` and the position now: what a reconnecting client missed."""
        with self.db.reading() as session:
            table = read_facts(session, table_id, lock=False)
            if seq < 0 or seq > table.seq:
                raise BadRequestError(f"the table has {table.seq} log entries; cannot resume from {seq}")
            entries = self._entries(session, table.id, after=seq)
            state = self._position(session, table) if table.status != OPEN else None
            return self._step_event(table, entries, state)

    def record(self, table_id: str) -> Record:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            if table.status != FINISHED:
                raise ConflictError("the record is published when the game is over (it holds the seed of the draws)")
            state = self._position(session, table)
            return Record.from_state(state, self._names(table))

    def replay_step(self, table_id: str, step: int) -> dict[str, Any]:
        """A finished game's position after ``step`` of its record's steps (0 = before the first draw)."""
        record = self.record(table_id)
        if not 0 <= step <= len(record.steps):
            raise NotFoundError(f"the game has {len(record.steps)} steps; there is no step {step}")
        state = replay_record(record, upto=step)
        return {
            "step": step,
            "steps": len(record.steps),
            "text": record.steps[step - 1] if step else None,
            "round": state.round,
            "to_move": list(state.to_move),
            "scores": state.scores,
            "position": public_position(state),
        }

    def result(self, table_id: str) -> dict[str, Any]:
        with self.db.reading() as session:
            table = self._table(session, table_id)
            if table.status != FINISHED or table.result is None:
                raise ConflictError(f"the table is {table.status}: the result comes at the end of the game")
            return {"table": table.id, "game": table.game, "names": self._names(table), **table.result}

    # --- helpers ----------------------------------------------------------------------------

    def _game(self, table: GameTable | TableFacts) -> Game:
        return Game(table.game, table.players, dict(table.options), table.seed)

    def _position(self, session: Session, table: GameTable | TableFacts) -> State:
        return self.positions.position(
            table.id, self._game(table), table.seq, lambda after: self._entries(session, table.id, after=after)
        )

    @staticmethod
    def _entries(
        session: Session, table_id: str, after: int = 0, *, before: int | None = None, page: int | None = None
    ) -> list[Entry]:
        """A table's log entries numbered above ``after`` (and below ``before``): all in order, or, with
        ``page``, that many from the newest back."""
        query = select(LogEntry.seq, LogEntry.kind, LogEntry.seat, LogEntry.text).where(
            LogEntry.table_id == table_id, LogEntry.seq > after
        )
        if before is not None:
            query = query.where(LogEntry.seq < before)
        query = query.order_by(LogEntry.seq) if page is None else query.order_by(LogEntry.seq.desc()).limit(page)
        return [Entry(seq, kind, seat, text) for seq, kind, seat, text in session.execute(query)]

    @staticmethod
    def _entries_newest_first(session: Session, table_id: str, page: int = 8) -> Iterator[Entry]:
        """The table's log entries from the last back, read a few at a time as they are wanted."""
        entries = Tables._entries(session, table_id, page=page)
        while True:
            yield from entries
            if len(entries) < page:
                return
            entries = Tables._entries(session, table_id, before=entries[-1].seq, page=page)

    @staticmethod
    def _resolve_chance(state: State, seq: int) -> list[Entry]:
        entries = []
        while state.is_chance:
            outcome = state.sample_chance()
            state.apply_chance(outcome)
            seq += 1
            entries.append(Entry(seq, CHANCE, None, str(outcome)))
        return entries

    def _advance(self, session: Session, table: TableFacts, entries: list[Entry], state: State) -> None:
        """Write entries to the log and advance the table (and ``table``), in the caller's transaction."""
        now = utc_now()
        table.seq = entries[-1].seq
        table.to_move = list(state.to_move)
        rows = [{"table_id": table.id, **entry.to_dict(), "created_at": now} for entry in entries]
        write_advance(session, table, rows, now)
        if state.is_over:
            finished = session.get(GameTable, table.id)
            assert finished is not None
            self._finish(session, finished, state)
            session.flush()
            table.status, table.result = finished.status, finished.result

    def _finish(self, session: Session, table: GameTable, state: State) -> None:
        session.flush()
        rows = session.execute(
            select(LogEntry.seq, LogEntry.kind, LogEntry.seat, LogEntry.text, LogEntry.created_at)
            .where(LogEntry.table_id == table.id)
            .order_by(LogEntry.seq)
        ).all()
        entries = [Entry(seq, kind, seat, text) for seq, kind, seat, text, _ in rows]
        statistics = game_statistics(self._game(table), entries, [row[4] for row in rows])
        result = final_result(state, statistics)
        if table.rated:
            result["ratings"] = self._rate(session, table, state)
        table.result = result
        table.status = FINISHED

    def _rate(self, session: Session, table: GameTable, state: State) -> list[dict[str, float]]:
        players = [session.get(Player, seat.player_id) if seat.player_id is not None else None for seat in table.seats]
        accounts = [player for player in players if player is not None and not player.is_guest]
        if len(accounts) != len(players):
            return []
        before = [(player.rating_mu, player.rating_sigma) for player in accounts]
        after = new_ratings(before, rank_order(state))
        changes = []
        for player, (mu, sigma), (old_mu, old_sigma) in zip(accounts, after, before, strict=True):
            player.rating_mu, player.rating_sigma = mu, sigma
            player.rated_games += 1
            changes.append(
                {
                    "before": round(old_mu - 3 * old_sigma, 3),
                    "after": round(mu - 3 * sigma, 3),
                    "mu": round(mu, 3),
                    "sigma": round(sigma, 3),
                }
            )
        return changes

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
    def _check_running(table: GameTable | TableFacts, seq: int) -> None:
        if table.status != RUNNING:
            raise ConflictError(f"the table is {table.status}: no moves can be made")
        if seq != table.seq:
            raise StaleMoveError(
                f"the table is at move {table.seq}, but this was sent from move {seq}: refresh and try again",
                details={"seq": table.seq},
            )

    @staticmethod
    def _invite(seat: Seat) -> str:
        """Reserves the seat for whoever brings the returned invite token (a new one replaces the old)."""
        invite = new_token()
        seat.kind, seat.invite_hash = SEAT_INVITED, token_hash(invite)
        return invite

    @staticmethod
    def _claim(seat: Seat, player_id: int) -> str:
        token = new_token()
        seat.kind, seat.player_id, seat.token_hash, seat.invite_hash = SEAT_PLAYER, player_id, token_hash(token), None
        return token

    @staticmethod
    def _level(level: str | None) -> str:
        if level is None or level not in LEVELS:
            raise BadRequestError(f"a bot seat needs a level: {', '.join(LEVELS)}")
        return level

    @staticmethod
    def _signed_in(caller: Caller) -> int:
        if caller.player_id is None:
            raise NotSignedInError("sign in, register or play as a guest first")
        return caller.player_id

    @staticmethod
    def _holds(seat: Seat | SeatFacts, caller: Caller) -> bool:
        """Whether the caller holds this player's seat, by their session or by the seat's token."""
        if seat.kind != SEAT_PLAYER:
            return False
        if caller.player_id is not None and seat.player_id == caller.player_id:
            return True
        return caller.seat_token is not None and seat.token_hash == token_hash(caller.seat_token)

    @classmethod
    def _own_seat(cls, seats: Sequence[AnySeat], caller: Caller) -> AnySeat:
        """The seat the caller holds; refused when they hold none."""
        for seat in seats:
            if cls._holds(seat, caller):
                return seat
        if not caller.signed_in and caller.seat_token is None:
            raise NotSignedInError("sign in, or give your seat's token, to act at a table")
        raise ForbiddenError("you hold no seat at this table")

    @staticmethod
    def _table(session: Session, table_id: str) -> GameTable:
        table = session.get(GameTable, table_id)
        if table is None:
            raise NotFoundError(f"there is no table {table_id!r}")
        return table

    @staticmethod
    def _locked(session: Session, table_id: str) -> GameTable:
        """The table, its row locked until the end of the transaction."""
        table = session.scalar(select(GameTable).where(GameTable.id == table_id).with_for_update(of=GameTable))
        if table is None:
            raise NotFoundError(f"there is no table {table_id!r}")
        return table

    @staticmethod
    def _bots_to_move(table: GameTable | TableFacts) -> bool:
        return table.status == RUNNING and any(
            seat.kind == SEAT_BOT and seat.index in table.to_move for seat in table.seats
        )

    @staticmethod
    def _touch(table: GameTable) -> None:
        table.updated_at = utc_now()

    @staticmethod
    def _seat_name(seat: Seat) -> str | None:
        if seat.kind == SEAT_BOT and not seat.replaced:
            return f"{seat.bot_level} (bot)"
        if seat.player is not None:
            suffix = f" ({seat.bot_level} bot)" if seat.replaced else ""
            return seat.player.name + suffix
        return None

    def _names(self, table: GameTable) -> list[str]:
        return [
            clean_name(self._seat_name(seat) or f"Seat {seat.index + 1}", self.settings.limits) for seat in table.seats
        ]

    def _seats(self, table: GameTable, caller: Caller) -> list[dict[str, Any]]:
        return [
            {
                "index": seat.index,
                "kind": seat.kind,
                "name": self._seat_name(seat),
                "level": seat.bot_level,
                "account": seat.player.username if seat.player is not None else None,
                "replaced": seat.replaced,
                "you": self._holds(seat, caller),
            }
            for seat in table.seats
        ]

    def _summary(self, table: GameTable, caller: Caller) -> dict[str, Any]:
        seats = self._seats(table, caller)
        you = next((seat["index"] for seat in seats if seat["you"]), None)
        return {
            "id": table.id,
            "game": table.game,
            "title": game_spec(table.game).title,
            "players": table.players,
            "options": table.options,
            "status": table.status,
            "rated": table.rated,
            "undo": table.undo_allowed,
            "hints": not table.rated,
            "owner": table.owner.name,
            "owner_you": caller.signed_in and caller.player_id == table.owner_id,
            "seq": table.seq,
            "to_move": list(table.to_move),
            "seats": seats,
            "you": you,
            "your_turn": table.status == RUNNING and you is not None and you in table.to_move,
            "created_at": table.created_at.isoformat(),
            "updated_at": table.updated_at.isoformat(),
        }

    def _view(
        self, session: Session, table: GameTable, caller: Caller | None, state: State | None = None
    ) -> dict[str, Any]:
        summary = self._summary(table, caller or Caller())
        if table.status in (RUNNING, FINISHED):
            state = state if state is not None else self._position(session, table)
            summary["round"] = state.round
            summary["scores"] = state.scores
            summary["position"] = public_position(state)
            you = summary["you"]
            mine = table.status == RUNNING and you is not None and you in state.to_move
            summary["legal_moves"] = [str(move) for move in state.legal_moves(you)] if mine else []
            if table.status == RUNNING and table.undo_allowed and you is not None:
                last = undoable_move(self._entries_newest_first(session, table.id))
                summary["can_undo"] = last is not None and last.seat == you
            else:
                summary["can_undo"] = False
        summary["result"] = table.result
        return summary

    def _table_event(self, table: GameTable) -> dict[str, Any]:
        """The lobby's event for a table; made inside the session, which loads the names it shows."""
        return {"type": "table", "table": table.id, "summary": self._summary(table, Caller())}

    @staticmethod
    def _step_event(table: GameTable | TableFacts, entries: list[Entry], state: State | None) -> dict[str, Any]:
        event: dict[str, Any] = {
            "type": "step",
            "table": table.id,
            "seq": table.seq,
            "status": table.status,
            "entries": [entry.to_dict() for entry in entries],
        }
        if state is not None:
            event.update(
                round=state.round,
                to_move=list(state.to_move),
                scores=state.scores,
                position=public_position(state),
                # Public knowledge, sent so that a client needs no second request to move.
                legal_moves={str(seat): [str(move) for move in state.legal_moves(seat)] for seat in state.to_move},
            )
        if table.status == FINISHED:
            event["result"] = table.result
        return event

    @staticmethod
    def _chat_line(message: ChatMessage) -> dict[str, Any]:
        return {
            "id": message.id,
            "name": message.name,
            "text": message.text,
            "at": message.created_at.isoformat(),
        }
