"""Swiss tournaments: create, join, leave, start, and move each one on when its round's last table ends.

A round is closed and the next paired in one transaction, after the compare-and-set that
moves the tournament's round on (:func:`~mozaika.server.tournaments.rounds.claim_round`):
the process that ends a round's last game does it at once, and every process's watch
(:mod:`.watch`) also looks now and then, so that a round goes on even when the process
that ended its last game died before it could.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mozaika.core.clocks import parse_time_control
from mozaika.server import clocks
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    NotSignedInError,
)
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import new_table_id
from mozaika.server.players.emails import mail_day, open_mail_day
from mozaika.server.players.letters import round_letter
from mozaika.server.players.mail import Letter
from mozaika.server.settings import Settings
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import GameTable, Player, in_utc
from mozaika.server.storage.tournaments import Tournament, TournamentEntry, TournamentPlayer
from mozaika.server.tables import Arranged, Arrangements
from mozaika.server.tables.seating import checked_game
from mozaika.server.tournaments import views
from mozaika.server.tournaments.rounds import (
    ACTIVE,
    CALLED_OFF,
    DONE,
    ENDED,
    RUNNING,
    UPCOMING,
    WITHDRAWN,
    Paired,
    claim_round,
    close_round,
    members,
    pair_next,
    round_over,
    seed,
)

log = logging.getLogger("mozaika.server")

MAX_PLAYERS = 256
UPCOMING_PER_CREATOR = 5
FINISHED_LISTED = 20
LONGEST_WAIT = timedelta(days=60)
"""How far ahead a tournament may be set to start."""


@dataclass(frozen=True)
class TournamentRequest:
    name: str
    game: str
    players: int
    options: dict[str, Any]
    clock: str
    rounds: int
    rated: bool = True
    starts_at: datetime | None = None


@dataclass
class Progress:
    """A committed change to a tournament: the tables it began, its live event and the letters it owes."""

    tournament_id: str
    event: dict[str, Any]
    arranged: list[Arranged] = field(default_factory=list)
    letters: list[Letter] = field(default_factory=list)


class Tournaments:
    """The tournaments of one process, over the database and the tables' arrangements."""

    def __init__(
        self, db: Database, arrangements: Arrangements, settings: Settings, now: TimeSource = wall_clock
    ) -> None:
        self.db = db
        self.arrangements = arrangements
        self.settings = settings
        self.now = now
        self.rng = random.Random()

    def moment(self) -> datetime:
        return datetime.fromtimestamp(self.now(), UTC)

    # Reading

    def listing(self, caller: Caller) -> dict[str, Any]:
        """Upcoming (soonest first), running, and the latest finished tournaments."""
        with self.db.reading() as session:
            found: dict[str, Any] = {}
            for status, order in (
                (UPCOMING, (Tournament.starts_at.is_(None), Tournament.starts_at, Tournament.created_at)),
                (RUNNING, (Tournament.started_at.desc(),)),
                (DONE, (Tournament.finished_at.desc(),)),
            ):
                query = select(Tournament).where(Tournament.status == status).order_by(*order)
                if status == DONE:
                    query = query.limit(FINISHED_LISTED)
                found[status] = views.summaries(session, session.scalars(query).all(), caller.player_id)
            return {"upcoming": found[UPCOMING], "running": found[RUNNING], "finished": found[DONE]}

    def page(self, tournament_id: str, caller: Caller) -> dict[str, Any]:
        with self.db.reading() as session:
            return views.page(session, _tournament(session, tournament_id), caller.player_id)

    def of_table(self, table_id: str) -> dict[str, Any]:
        """The tournament a table was arranged for, and its round there (404 for any other table)."""
        with self.db.reading() as session:
            entry = session.scalar(select(TournamentEntry).where(TournamentEntry.table_id == table_id).limit(1))
            if entry is None:
                raise NotFoundError(f"table {table_id!r} is no tournament's table")
            tournament = _tournament(session, entry.tournament_id)
            return {
                "tournament": tournament.id, "name": tournament.name, "round": entry.round,
                "round_count": tournament.rounds, "board": entry.board, "status": tournament.status,
            }  # fmt: skip

    def event_of(self, tournament_id: str) -> dict[str, Any]:
        """The live event that the tournament changed (a table's result), naming no new tables."""
        with self.db.reading() as session:
            return views.event(_tournament(session, tournament_id))

    # Changing

    def create(self, caller: Caller, request: TournamentRequest) -> dict[str, Any]:
        """A new tournament, its creator its first player; open to join until it starts."""
        creator = _account(caller)
        _spec, options = checked_game(request.game, request.players, request.options)
        if request.players > 2:
            checked_game(request.game, request.players - 1, request.options)  # a round may seat one fewer
        if request.clock == "none":
            raise BadRequestError(
                "a tournament needs a clock, so that every round ends: fast, normal, slow, M+S or 12h, 24h, 72h"
            )
        clocks.new_clocks(request.clock, rated=request.rated, players=request.players)  # a clock it can read
        now = self.moment()
        starts_at = request.starts_at
        if starts_at is not None:
            starts_at = starts_at.astimezone(UTC)
            if starts_at <= now:
                raise BadRequestError("starts_at must be in the future")
            if starts_at > now + LONGEST_WAIT:
                raise BadRequestError(f"a tournament starts within {LONGEST_WAIT.days} days")
        with self.db.transaction() as session:
            waiting = session.scalar(
                select(func.count()).where(Tournament.creator_id == creator, Tournament.status == UPCOMING)
            )
            if (waiting or 0) >= UPCOMING_PER_CREATOR:
                raise ConflictError(f"you have {UPCOMING_PER_CREATOR} tournaments waiting to start already")
            tournament = Tournament(
                id=new_table_id(), name=request.name, game=request.game, players=request.players, options=options,
                clock=request.clock, rated=request.rated, format="swiss", rounds=request.rounds, status=UPCOMING,
                round=0, creator_id=creator, starts_at=starts_at, created_at=now,
            )  # fmt: skip
            session.add(tournament)
            session.add(TournamentPlayer(tournament_id=tournament.id, player_id=creator, state=ACTIVE, joined_at=now))
            session.flush()
            return views.page(session, tournament, creator)

    def join(self, caller: Caller, tournament_id: str) -> Progress:
        player = _account(caller)
        with self.db.transaction() as session:
            tournament = _tournament(session, tournament_id, lock=True)
            if tournament.status != UPCOMING:
                raise ConflictError(f"the tournament is {tournament.status}: players join before it starts")
            if session.get(TournamentPlayer, (tournament_id, player)) is None:
                count = session.scalar(select(func.count()).where(TournamentPlayer.tournament_id == tournament_id))
                if (count or 0) >= MAX_PLAYERS:
                    raise ConflictError(f"the tournament is full ({MAX_PLAYERS} players)")
                session.add(TournamentPlayer(tournament_id=tournament_id, player_id=player, state=ACTIVE,
                                             joined_at=self.moment()))  # fmt: skip
                session.flush()
            return Progress(tournament_id, views.event(tournament))

    def leave(self, caller: Caller, tournament_id: str) -> Progress:
        """Before the start, off the list; while it runs, withdrawn: never paired again (the table
        being played, if any, is played out)."""
        player = _account(caller)
        with self.db.transaction() as session:
            tournament = _tournament(session, tournament_id, lock=True)
            member = session.get(TournamentPlayer, (tournament_id, player))
            if member is None or member.state != ACTIVE:
                raise ConflictError("you are not playing in this tournament")
            if tournament.status == UPCOMING:
                session.delete(member)
            elif tournament.status == RUNNING:
                member.state, member.left_after = WITHDRAWN, tournament.round
            else:
                raise ConflictError(f"the tournament is {tournament.status}")
            session.flush()
            return Progress(tournament_id, views.event(tournament))

    def start(self, caller: Caller, tournament_id: str) -> Progress:
        """The creator starts the tournament: round 1 is paired and its tables begin."""
        player = _account(caller)
        with self.db.transaction() as session:
            tournament = _tournament(session, tournament_id, lock=True)
            if tournament.creator_id != player:
                raise ForbiddenError("only the tournament's creator starts it")
            if tournament.status != UPCOMING:
                raise ConflictError(f"the tournament is {tournament.status} already")
            if _active(session, tournament_id) < 2:
                raise ConflictError("a tournament needs 2 players at least")
            progress = self._begin(session, tournament)
            if progress is None:
                raise ConflictError("the tournament was started meanwhile")
            return progress

    def start_due(self, tournament_id: str) -> Progress | None:
        """At ``starts_at``: start the tournament, or call it off with fewer than 2 players."""
        with self.db.transaction() as session:
            tournament = _tournament(session, tournament_id)
            if tournament.status != UPCOMING or tournament.starts_at is None:
                return None
            if in_utc(tournament.starts_at) > self.moment():
                return None
            if _active(session, tournament_id) < 2:
                if not claim_round(session, tournament, CALLED_OFF, 0):
                    return None
                tournament.finished_at = self.moment()
                return Progress(tournament_id, views.event(tournament))
            return self._begin(session, tournament)

    def advance(self, tournament_id: str) -> Progress | None:
        """Once the current round's last table has ended: close it, then pair the next or finish."""
        with self.db.transaction() as session:
            tournament = _tournament(session, tournament_id)
            if tournament.status != RUNNING or not round_over(session, tournament):
                return None
            closing = tournament.round
            last = closing >= tournament.rounds
            if not claim_round(session, tournament, DONE if last else RUNNING, closing if last else closing + 1):
                return None
            close_round(session, tournament_id, closing)
            if not last and _active(session, tournament_id) < 2:
                tournament.status, tournament.round, last = DONE, closing, True
            if last:
                tournament.finished_at = self.moment()
                session.flush()
                return Progress(tournament_id, views.event(tournament))
            return self._paired(session, tournament, pair_next(session, tournament, self.arrangements, self.rng))

    def _begin(self, session: Session, tournament: Tournament) -> Progress | None:
        if not claim_round(session, tournament, RUNNING, 1):
            return None
        tournament.started_at = self.moment()
        seed(session, tournament.id)
        return self._paired(session, tournament, pair_next(session, tournament, self.arrangements, self.rng))

    def _paired(self, session: Session, tournament: Tournament, paired: Paired) -> Progress:
        session.flush()
        log.info(
            "tournament %s: round %d paired in %.1f ms (%d players), its %d tables made in %.1f ms",
            tournament.id, paired.round, paired.pairing_seconds * 1000,
            sum(map(len, paired.players)) + (paired.bye is not None), len(paired.arranged),
            paired.arranging_seconds * 1000,
        )  # fmt: skip
        tables = [
            {"table": arranged.table.id, "players": players}
            for arranged, players in zip(paired.arranged, paired.players, strict=True)
        ]
        letters = self._round_letters(session, tournament, paired)
        return Progress(tournament.id, views.event(tournament, tables), paired.arranged, letters)

    def _round_letters(self, session: Session, tournament: Tournament, paired: Paired) -> list[Letter]:
        """A letter to each player who asked for reminders (to a confirmed address, within the day's
        number): when the tournament starts, and at each round of a turn-based one."""
        control = parse_time_control(tournament.clock)
        if tournament.round > 1 and not (control is not None and not control.is_real_time):
            return []
        base = self.settings.public_url.rstrip("/")
        letters = []
        day = mail_day(self.now())
        for arranged, players in zip(paired.arranged, paired.players, strict=True):
            for player_id in players:
                player = session.get(Player, player_id)
                if player is None or not (player.email and player.email_reminders and player.email_confirmed):
                    continue
                open_mail_day(player, day)
                if player.reminders_today >= self.settings.limits.reminders_per_day:
                    continue
                player.reminders_today += 1
                letters.append(
                    round_letter(
                        player.email,
                        player.name,
                        tournament.game,
                        tournament.name,
                        tournament.round,
                        tournament.rounds,
                        f"{base}/tables/{arranged.table.id}",
                        f"{base}/tournaments/{tournament.id}",
                        player.language,
                    )
                )
        return letters

    # What the watch looks for

    def due_starts(self) -> list[str]:
        with self.db.reading() as session:
            return list(
                session.scalars(
                    select(Tournament.id).where(Tournament.status == UPCOMING, Tournament.starts_at <= self.moment())
                )
            )

    def rounds_over(self) -> list[str]:
        """The running tournaments whose current round has no table still open or running."""
        with self.db.reading() as session:
            running = session.scalars(select(Tournament).where(Tournament.status == RUNNING)).all()
            return [t.id for t in running if round_over(session, t)]

    def of_tables(self, table_ids: list[str]) -> list[str]:
        """The tournaments these tables belong to."""
        if not table_ids:
            return []
        with self.db.looking_up() as connection:
            return list(
                connection.execute(
                    select(TournamentEntry.tournament_id).where(TournamentEntry.table_id.in_(table_ids)).distinct()
                ).scalars()
            )

    def ended_tables(self, tournament_id: str) -> bool:
        """Whether some table of the tournament's current round has ended (its page shows the result)."""
        with self.db.reading() as session:
            tournament = _tournament(session, tournament_id)
            return bool(
                session.scalar(
                    select(func.count())
                    .select_from(TournamentEntry)
                    .join(GameTable, GameTable.id == TournamentEntry.table_id)
                    .where(
                        TournamentEntry.tournament_id == tournament_id,
                        TournamentEntry.round == tournament.round,
                        GameTable.status.in_(ENDED),
                    )
                )
            )


def _account(caller: Caller) -> int:
    if caller.player_id is None:
        raise NotSignedInError("sign in to play in tournaments")
    if caller.is_guest:
        raise ForbiddenError("tournaments are for accounts: register to play in them")
    return caller.player_id


def _tournament(session: Session, tournament_id: str, lock: bool = False) -> Tournament:
    query = select(Tournament).where(Tournament.id == tournament_id)
    if lock and session.get_bind().dialect.name == "postgresql":
        query = query.with_for_update()
    found = session.scalar(query)
    if found is None:
        raise NotFoundError(f"no tournament {tournament_id!r}")
    return found


def _active(session: Session, tournament_id: str) -> int:
    return len([m for m in members(session, tournament_id) if m.state == ACTIVE])
