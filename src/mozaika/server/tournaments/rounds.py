"""A tournament's rounds in the database: closing one when its last table has ended, pairing the next.

Both run inside the caller's transaction, after it won the compare-and-set that moves the
tournament's round on (:func:`claim_round`), so that a round is closed and the next one
paired exactly once, however many server processes notice at the same moment.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from mozaika.server.storage.models import GameTable, Player
from mozaika.server.storage.tournaments import Tournament, TournamentEntry, TournamentPlayer
from mozaika.server.tables import CANCELLED, FINISHED, Arranged, Arrangement, Arrangements
from mozaika.server.tables.standings import standing_places
from mozaika.server.tournaments.pairing import Standing, pair_round
from mozaika.server.tournaments.scoring import (
    BYE_POINTS,
    CANCELLED_POINTS,
    GamePlayed,
    Line,
    meetings,
    standings,
    table_points,
)

ACTIVE, WITHDRAWN, DROPPED = "active", "withdrawn", "dropped"
UPCOMING, RUNNING, DONE, CALLED_OFF = "upcoming", "running", "finished", "cancelled"
ENDED = (FINISHED, CANCELLED)
"""A table's statuses once its game is over, either way."""


@dataclass
class Paired:
    """A round paired: its tables, arranged and begun in the caller's transaction, and who has them."""

    round: int
    arranged: list[Arranged]
    players: list[list[int]]
    """Each table's players, in seat order."""
    bye: int | None
    pairing_seconds: float = 0.0
    """How long the pairing itself took (the standings read, the Swiss pairing searched)."""
    arranging_seconds: float = 0.0
    """How long making and beginning the round's tables took (in the same transaction)."""


def claim_round(session: Session, tournament: Tournament, status: str, round_number: int) -> bool:
    """Move the tournament from its round to ``round_number`` (and ``status``), unless someone else did first."""
    moved = session.execute(
        update(Tournament)
        .where(
            Tournament.id == tournament.id,
            Tournament.round == tournament.round,
            Tournament.status == tournament.status,
        )
        .values(round=round_number, status=status)
        .execution_options(synchronize_session=False)
    )
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        return False
    tournament.round, tournament.status = round_number, status
    return True


def round_over(session: Session, tournament: Tournament) -> bool:
    """Whether every table of the tournament's current round has ended (finished or cancelled)."""
    statuses = session.scalars(
        select(GameTable.status)
        .join(TournamentEntry, TournamentEntry.table_id == GameTable.id)
        .where(TournamentEntry.tournament_id == tournament.id, TournamentEntry.round == tournament.round)
    ).all()
    return all(status in ENDED for status in statuses)


def close_round(session: Session, tournament_id: str, round_number: int) -> list[int]:
    """Write each entry's points, score and place, and drop the players who missed the round; returns them."""
    entries = session.scalars(
        select(TournamentEntry).where(
            TournamentEntry.tournament_id == tournament_id,
            TournamentEntry.round == round_number,
            TournamentEntry.table_id.is_not(None),
        )
    ).all()
    by_table: dict[str, list[TournamentEntry]] = {}
    for entry in entries:
        assert entry.table_id is not None
        by_table.setdefault(entry.table_id, []).append(entry)
    missed: list[int] = []
    for table_id, at_table in by_table.items():
        table = session.get(GameTable, table_id)
        if table is None or table.status == CANCELLED or table.result is None:
            for entry in at_table:
                entry.points, entry.place = CANCELLED_POINTS, None
            continue
        result = table.result
        replaced = [seat.replaced for seat in table.seats]
        places = standing_places(result["scores"], result["winners"], replaced)
        points = table_points(places)
        seat_of = {seat.player_id: seat.index for seat in table.seats}
        for entry in at_table:
            seat = seat_of[entry.player_id]
            entry.points, entry.score, entry.place = points[seat], result["scores"][seat], places[seat]
            played = result["players"][seat]
            own_moves = played["statistics"].get("moves", 0) - played.get("stand_in_moves", 0)
            entry.missed = replaced[seat] and own_moves <= 0
            if entry.missed:
                missed.append(entry.player_id)
    if missed:
        for member in session.scalars(
            select(TournamentPlayer).where(
                TournamentPlayer.tournament_id == tournament_id,
                TournamentPlayer.player_id.in_(missed),
                TournamentPlayer.state == ACTIVE,
            )
        ):
            member.state, member.left_after = DROPPED, round_number
    return missed


def games_played(session: Session, tournament_id: str) -> list[GamePlayed]:
    """Every closed entry of the tournament, with the players of its table."""
    entries = session.scalars(
        select(TournamentEntry).where(
            TournamentEntry.tournament_id == tournament_id, TournamentEntry.points.is_not(None)
        )
    ).all()
    tables: dict[str, list[tuple[int, int]]] = {}
    for entry in entries:
        if entry.table_id is not None:
            tables.setdefault(entry.table_id, []).append((entry.board, entry.player_id))
    return [
        GamePlayed(
            entry.round, entry.player_id, entry.points or 0.0, entry.score,
            entry.table_id, tuple(sorted(p for _, p in tables.get(entry.table_id or "", []))),
        )
        for entry in entries
    ]  # fmt: skip


def members(session: Session, tournament_id: str) -> list[TournamentPlayer]:
    """The tournament's players in seeding order."""
    return list(
        session.scalars(
            select(TournamentPlayer)
            .where(TournamentPlayer.tournament_id == tournament_id)
            .order_by(TournamentPlayer.seed, TournamentPlayer.joined_at, TournamentPlayer.player_id)
        )
    )


def current_standings(session: Session, tournament_id: str) -> tuple[list[Line], list[GamePlayed]]:
    played = games_played(session, tournament_id)
    return standings([member.player_id for member in members(session, tournament_id)], played), played


def seed(session: Session, tournament_id: str) -> None:
    """Number the players by rating (the conservative one, overall), then by who joined first."""
    joined = members(session, tournament_id)
    ratings = {
        player.id: player.rating_mu - 3 * player.rating_sigma
        for player in session.scalars(select(Player).where(Player.id.in_([m.player_id for m in joined])))
    }
    ranked = sorted(joined, key=lambda m: (-ratings.get(m.player_id, 0.0), m.joined_at, m.player_id))
    for index, member in enumerate(ranked):
        member.seed = index
    session.flush()


def pair_next(session: Session, tournament: Tournament, arrangements: Arrangements, rng: random.Random) -> Paired:
    """Pair the tournament's current round among its active players and arrange its tables."""
    began = time.perf_counter()
    lines, played = current_standings(session, tournament.id)
    active = {m.player_id for m in members(session, tournament.id) if m.state == ACTIVE}
    field = [Standing(line.player, line.points, line.byes > 0) for line in lines if line.player in active]
    pairing = pair_round(field, tournament.players, meetings(played))
    paired = Paired(tournament.round, [], [], pairing.bye, pairing_seconds=time.perf_counter() - began)
    began = time.perf_counter()
    for board, players in enumerate(pairing.tables, start=1):
        seats = list(players)
        rng.shuffle(seats)  # who sits first is drawn: the first player has an edge in every game
        arranged = arrangements.arrange(
            session, Arrangement(tournament.game, seats, dict(tournament.options), tournament.clock, tournament.rated)
        )
        paired.arranged.append(arranged)
        paired.players.append(seats)
        for player in seats:
            session.add(TournamentEntry(
                tournament_id=tournament.id, round=tournament.round, player_id=player,
                table_id=arranged.table.id, board=board, missed=False,
            ))  # fmt: skip
    if pairing.bye is not None:
        session.add(TournamentEntry(
            tournament_id=tournament.id, round=tournament.round, player_id=pairing.bye, table_id=None,
            board=0, points=BYE_POINTS, missed=False,
        ))  # fmt: skip
    session.flush()
    paired.arranging_seconds = time.perf_counter() - began
    return paired
