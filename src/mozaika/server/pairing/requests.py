"""Quick pairing's requests: asking, looking, taking back, and matching what waits.

Every request is a row of ``pairing_requests``.  Matching runs in one transaction that
locks the candidate rows (PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED``; SQLite: its single
writer), marks the matched rows paired and makes their table
(:mod:`mozaika.server.tables.arranged`), so that however many processes match at once, no
request is seated twice and no two tables take the same request: a row is matched only by the
transaction holding its lock, and once that commits it is no longer waiting.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from mozaika.core.clocks import ClockError, parse_time_control
from mozaika.server.boards import variant_of
from mozaika.server.clocks import RATED_DEFAULT, TimeSource
from mozaika.server.errors import BadRequestError, ConflictError, ForbiddenError
from mozaika.server.pairing.matching import Waiting, groups
from mozaika.server.players.accounts import Caller
from mozaika.server.settings import PairingRules
from mozaika.server.storage.community import PlayerBoard
from mozaika.server.storage.database import Database
from mozaika.server.storage.pairing import PairingRequest
from mozaika.server.tables.access import signed_in
from mozaika.server.tables.arranged import Arranged, Arrangement, Arrangements
from mozaika.server.tables.seating import checked_game

WAITING, PAIRED = "waiting", "paired"
_seat_order = random.SystemRandom()


@dataclass(frozen=True)
class Wish:
    """What a player asks for: a game, its player count and options, a clock, rated or not."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    clock: str | None = None
    rated: bool = False


@dataclass(frozen=True)
class Queue:
    """A wish made canonical: requests with the same ``key`` are identical."""

    game: str
    players: int
    options: dict[str, Any]
    variant: str
    clock: str
    rated: bool

    @property
    def key(self) -> str:
        return f"{self.game}|{self.players}|{self.variant}|{self.clock}|{'rated' if self.rated else 'friendly'}"


@dataclass
class Pairing:
    """A table made of matched requests: the arranged table, and each player's seat."""

    arranged: Arranged
    seats: dict[int, int]
    """Each seated player's seat, by player id."""

    def event(self, player_id: int) -> dict[str, Any]:
        """The ``paired`` event for one of the players (sent to their lobby connections)."""
        table = self.arranged.table
        return {"type": "paired", "table": table.id, "seat": self.seats[player_id], "game": table.game,
                "players": table.players}  # fmt: skip


@dataclass
class Answered:
    """A request's state for its player, and the tables made on the way (to announce after the commit)."""

    state: dict[str, Any]
    pairings: list[Pairing] = field(default_factory=list)


def canonical_clock(wanted: str | None, rated: bool) -> str:
    """The clock in one name: ``none``, a preset's name (``2+10`` is ``fast``), or ``M+S``."""
    try:
        control = parse_time_control(wanted if wanted is not None else (RATED_DEFAULT if rated else "none"))
    except ClockError as error:
        raise BadRequestError(str(error)) from None
    if control is None:
        if rated:
            raise BadRequestError("rated games need a clock: fast, normal, slow, minutes+seconds or 12h, 24h, 72h")
        return "none"
    return control.name if control.name != "custom" else control.label


def queue_of(wish: Wish) -> Queue:
    """The canonical queue of a wish, or why no table could be made for it."""
    spec, options = checked_game(wish.game, wish.players, wish.options)
    clock = canonical_clock(wish.clock, wish.rated)
    return Queue(spec.id, wish.players, options, variant_of(options), clock, wish.rated)


class PairingRequests:
    """Asks, looks, takes back, and matches; every method is one or two short transactions."""

    def __init__(self, db: Database, arrangements: Arrangements, rules: PairingRules, now: TimeSource) -> None:
        self.db = db
        self.arrangements = arrangements
        self.rules = rules
        self.now = now

    # --- a player's request ---------------------------------------------------------------

    def ask(self, caller: Caller, wish: Wish) -> Answered:
        player = signed_in(caller)
        if wish.rated and caller.is_guest:
            raise ForbiddenError(
                "rated games are for accounts: register to play rated games; guests pair for friendly ones"
            )
        queue = queue_of(wish)
        rating = self._rating(player, queue) if queue.rated else 0.0
        try:
            with self.db.transaction() as session:
                now = self.now()
                mine = session.scalar(
                    select(PairingRequest).where(PairingRequest.player_id == player).with_for_update()
                )
                if mine is not None and mine.status == WAITING and mine.alive_until > now:
                    if mine.queue != queue.key:
                        raise ConflictError(
                            f"you already wait for {_described(mine)}: "
                            "take that request back first (DELETE /api/pairing)"
                        )
                    mine.alive_until = max(mine.alive_until, now + self.rules.grace_seconds)
                else:
                    if mine is not None:  # paired before, or its player went away: a new request replaces it
                        session.delete(mine)
                        session.flush()
                    mine = PairingRequest(
                        player_id=player, game=queue.game, players=queue.players, options=queue.options,
                        variant=queue.variant, clock=queue.clock, rated=queue.rated, queue=queue.key, rating=rating,
                        asked_at=now, alive_until=now + self.rules.grace_seconds, status=WAITING,
                    )  # fmt: skip
                    session.add(mine)
                    session.flush()
                pairings = self._match(session, queue, now, mine)
                state = self._state(session, mine, now)
        except IntegrityError:  # the same player asked twice at the same moment (two tabs): one request stands
            raise ConflictError("you already asked to be paired: one request at a time") from None
        return Answered(state, pairings)

    def look(self, caller: Caller) -> dict[str, Any]:
        """Where the caller's request stands; looking keeps a waiting request alive (a script that polls)."""
        player = signed_in(caller)
        now = self.now()
        with self.db.reading() as session:
            mine = session.scalar(select(PairingRequest).where(PairingRequest.player_id == player))
            if mine is None or mine.status == PAIRED or mine.alive_until <= now:
                return self._state(session, mine, now)
            if mine.alive_until - now >= self.rules.grace_seconds / 2:  # alive for a good while yet: no write
                return self._state(session, mine, now)
        with self.db.transaction() as session:
            session.execute(
                update(PairingRequest)
                .where(PairingRequest.player_id == player, PairingRequest.status == WAITING)
                .where(PairingRequest.alive_until > now, PairingRequest.alive_until < now + self.rules.grace_seconds)
                .values(alive_until=now + self.rules.grace_seconds)
            )
            mine = session.scalar(select(PairingRequest).where(PairingRequest.player_id == player))
            return self._state(session, mine, now)

    def cancel(self, caller: Caller) -> dict[str, Any]:
        """Takes the caller's waiting request back; one already paired stays, and its table is named."""
        player = signed_in(caller)
        with self.db.transaction() as session:
            now = self.now()
            session.execute(
                delete(PairingRequest).where(PairingRequest.player_id == player, PairingRequest.status == WAITING)
            )
            mine = session.scalar(select(PairingRequest).where(PairingRequest.player_id == player))
            return self._state(session, mine, now)

    # --- what every process does ----------------------------------------------------------

    def sweep(self) -> list[Pairing]:
        """Removes the requests of players who went away (and old paired ones), then matches every queue
        where enough wait: the rated ranges widen as time passes, so a queue may match without a new request."""
        now = self.now()
        gone = or_(
            (PairingRequest.status == WAITING) & (PairingRequest.alive_until <= now),
            (PairingRequest.status == PAIRED) & (PairingRequest.paired_at < now - self.rules.paired_kept_seconds),
        )
        with self.db.looking_up() as connection:  # most looks find nothing to remove: no write then
            found = connection.execute(select(PairingRequest.id).where(gone).limit(1)).first()
        if found is not None:
            with self.db.transaction() as session:
                session.execute(delete(PairingRequest).where(gone))
        made: list[Pairing] = []
        for queue in self._full_queues(now):
            with self.db.transaction() as session:
                made += self._match(session, queue, self.now())
        return made

    def keep_alive(self, connected: Iterable[int]) -> int:
        """The waiting requests of these players (connected to this process's lobby) live on; how many."""
        players = set(connected)
        if not players:
            return 0
        now = self.now()
        until = now + self.rules.connection_seconds
        with self.db.looking_up() as connection:
            waiting = connection.execute(
                select(PairingRequest.player_id).where(
                    PairingRequest.status == WAITING,
                    PairingRequest.alive_until > now,
                    PairingRequest.alive_until < until,
                )
            ).scalars()
            due = sorted(players.intersection(waiting))
        if not due:
            return 0
        with self.db.transaction() as session:
            session.execute(
                update(PairingRequest)
                .where(PairingRequest.player_id.in_(due), PairingRequest.status == WAITING)
                .where(PairingRequest.alive_until > now, PairingRequest.alive_until < until)
                .values(alive_until=until)
            )
        return len(due)

    def left(self, player_id: int, until: float) -> None:
        """The player's last lobby connection to this process closed: their request lives until ``until``
        (``closed_seconds`` more), enough for another process that holds a connection of theirs to say so."""
        with self.db.looking_up() as connection:  # most who leave the lobby wait for nothing: no write
            waiting = connection.execute(
                select(PairingRequest.id).where(
                    PairingRequest.player_id == player_id, PairingRequest.status == WAITING,
                    PairingRequest.alive_until > until,
                )
            ).first()  # fmt: skip
        if waiting is None:
            return
        with self.db.transaction() as session:
            session.execute(
                update(PairingRequest)
                .where(PairingRequest.player_id == player_id, PairingRequest.status == WAITING)
                .where(PairingRequest.alive_until > until)
                .values(alive_until=until)
            )

    def queues(self) -> list[dict[str, Any]]:
        """How many wait for what: each queue with live requests, the fullest first."""
        now = self.now()
        with self.db.looking_up() as connection:
            rows = connection.execute(
                select(
                    PairingRequest.queue, PairingRequest.game, PairingRequest.players, PairingRequest.options,
                    PairingRequest.clock, PairingRequest.rated,
                ).where(PairingRequest.status == WAITING, PairingRequest.alive_until > now)
            ).all()  # fmt: skip
        counts = Counter(row.queue for row in rows)
        first = {row.queue: row for row in reversed(rows)}
        return [
            {
                "game": row.game,
                "players": row.players,
                "options": row.options,
                "clock": row.clock,
                "rated": row.rated,
                "waiting": counts[key],
            }
            for key, row in sorted(first.items(), key=lambda item: (-counts[item[0]], item[0]))
        ]

    # --- inside the transactions ------------------------------------------------------------

    def _match(self, session: Session, queue: Queue, now: float, mine: PairingRequest | None = None) -> list[Pairing]:
        """Pairs what waits in ``queue``: locks the candidate rows (``FOR UPDATE SKIP LOCKED``: a row another
        transaction is matching is left to it), seats each group, marks its rows paired.

        A new request (``mine``) needs only the oldest others of a friendly queue; a rated one, and the
        regular look, weigh every request waiting there.  Two requests made at the same moment may each
        miss the other (neither is committed yet): the next look, within ``check_seconds``, pairs them.
        """
        candidates = (
            select(PairingRequest)
            .where(PairingRequest.status == WAITING, PairingRequest.queue == queue.key)
            .where(PairingRequest.alive_until > now)
            .order_by(PairingRequest.asked_at, PairingRequest.id)
            .with_for_update(skip_locked=True)
        )
        if mine is not None and not queue.rated:
            candidates = candidates.where(PairingRequest.id != mine.id).limit(queue.players - 1)
        rows = list(session.scalars(candidates).all())
        if mine is not None and not queue.rated:
            rows.append(mine)
        if len(rows) < queue.players:
            return []
        by_id = {row.id: row for row in rows}
        waiting = [Waiting(row.id, row.player_id, row.rating, row.asked_at) for row in rows]
        made = []
        for group in groups(waiting, queue.players, rated=queue.rated, now=now, rules=self.rules):
            players = [member.player_id for member in group]
            _seat_order.shuffle(players)  # who waited longest gets no seat of advantage
            arranged = self.arrangements.arrange(
                session, Arrangement(queue.game, players, queue.options, queue.clock, queue.rated)
            )
            seats = {player: seat for seat, player in enumerate(players)}
            for member in group:
                row = by_id[member.id]
                row.status, row.table_id, row.seat, row.paired_at = PAIRED, arranged.table.id, seats[row.player_id], now
            made.append(Pairing(arranged, seats))
        session.flush()
        return made

    def _full_queues(self, now: float) -> list[Queue]:
        with self.db.looking_up() as connection:
            rows = connection.execute(
                select(
                    PairingRequest.queue, PairingRequest.game, PairingRequest.players, PairingRequest.options,
                    PairingRequest.variant, PairingRequest.clock, PairingRequest.rated,
                ).where(PairingRequest.status == WAITING, PairingRequest.alive_until > now)
            ).all()  # fmt: skip
        counts = Counter(row.queue for row in rows)
        found = {row.queue: row for row in rows if counts[row.queue] >= row.players}
        return [Queue(row.game, row.players, row.options, row.variant, row.clock, row.rated) for row in found.values()]

    def _rating(self, player: int, queue: Queue) -> float:
        """The player's rating for the game and variant, as shown (a player without rated games has 0)."""
        with self.db.looking_up() as connection:
            ordinal = connection.execute(
                select(PlayerBoard.ordinal).where(
                    PlayerBoard.player_id == player,
                    PlayerBoard.game == queue.game,
                    PlayerBoard.variant == queue.variant,
                )
            ).scalar()
        return float(ordinal) if ordinal is not None else 0.0

    def _state(self, session: Session, mine: PairingRequest | None, now: float) -> dict[str, Any]:
        if mine is None or (mine.status == WAITING and mine.alive_until <= now):
            return {"status": "none"}
        request = {"game": mine.game, "players": mine.players, "options": mine.options, "clock": mine.clock,
                   "rated": mine.rated}  # fmt: skip
        if mine.status == PAIRED:
            return {"status": "paired", "table": mine.table_id, "seat": mine.seat, "request": request}
        others = session.execute(
            select(PairingRequest.id).where(
                PairingRequest.status == WAITING, PairingRequest.queue == mine.queue,
                PairingRequest.alive_until > now, PairingRequest.id != mine.id,
            )
        ).all()  # fmt: skip
        waited = round(max(0.0, now - mine.asked_at), 1)
        return {"status": "waiting", "request": request, "waited": waited, "others": len(others)}


def _described(row: PairingRequest) -> str:
    kind = "rated" if row.rated else "friendly"
    return f"a {kind} {row.players}-player game of {row.game} ({row.clock})"
