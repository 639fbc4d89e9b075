"""What a finished game adds to its players' standing: a row per seated player, and ratings per board.

Written in the transaction that finishes the game, so that profiles and leaderboards read
indexed rows, never replay games; a game's review, when it is done, adds the points each
player lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from mozaika.server.community.boards import variant_of
from mozaika.server.storage.community import BoardRating, GameResultRow
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.results import new_ratings
from mozaika.server.tables.shapes import Table

START_MU, START_SIGMA = 25.0, 25.0 / 3


def standing_places(scores: Sequence[int], winners: Sequence[int], abandoned: Sequence[bool]) -> list[int]:
    """Each seat's place from 0: the seats ahead of it (a winner is ahead of everyone it tied with);
    a player who abandoned the game comes after everyone who stayed."""
    ahead = [
        0 if seat in winners else sum(1 for other, points in enumerate(scores) if points > score or other in winners)
        for seat, score in enumerate(scores)
    ]
    stayed = [place for place, gone in zip(ahead, abandoned, strict=True) if not gone]
    last = 1 + max(stayed, default=-1)
    return [last if gone else place for place, gone in zip(ahead, abandoned, strict=True)]


def record_results(session: Session, table: Table, places: list[int], scores: list[int], rated: bool) -> None:
    """Each seated player's result; on a rated table, also their new ratings for this game and variant.

    ``places`` count an abandoned seat last (as ratings do); a seat that abandoned never wins.
    """
    variant = variant_of(table.options)
    finished = utc_now()
    seated = [seat for seat in table.seats if seat.player_id is not None]
    ratings: dict[int, float] = {}
    if rated and seated and len(seated) == len(table.seats):
        ratings = _rate_board(session, table.game, variant, [seat.player_id for seat in seated], places)  # type: ignore[misc]
    for seat in seated:
        assert seat.player_id is not None
        session.add(
            GameResultRow(
                table_id=table.id,
                seat=seat.index,
                player_id=seat.player_id,
                game=table.game,
                variant=variant,
                players=table.players,
                score=scores[seat.index],
                place=places[seat.index],
                won=places[seat.index] == 0 and not seat.replaced,
                rated=bool(ratings),
                rating=ratings.get(seat.player_id),
                finished_at=finished,
            )
        )
    session.flush()


def _rate_board(session: Session, game: str, variant: str, players: list[int], places: list[int]) -> dict[int, float]:
    """The players' new ratings for the board (openskill's ordinal), written to ``board_ratings``."""
    stored = {
        row.player_id: row
        for row in session.scalars(
            select(BoardRating).where(
                BoardRating.game == game, BoardRating.variant == variant, BoardRating.player_id.in_(players)
            )
        )
    }
    for player in players:
        if player not in stored:
            row = BoardRating(
                player_id=player, game=game, variant=variant, mu=START_MU, sigma=START_SIGMA, rated_games=0
            )
            row.ordinal = START_MU - 3 * START_SIGMA
            session.add(row)
            stored[player] = row
    before = [(stored[player].mu, stored[player].sigma) for player in players]
    after = new_ratings(before, places)
    ordinals = {}
    for player, (mu, sigma) in zip(players, after, strict=True):
        row = stored[player]
        row.mu, row.sigma, row.ordinal = mu, sigma, mu - 3 * sigma
        row.rated_games = (row.rated_games or 0) + 1
        ordinals[player] = round(row.ordinal, 3)
    return ordinals


def record_review(session: Session, table_id: str, review: dict[str, Any]) -> None:
    """The points each seat lost over its decisions, from the game's finished review."""
    for seat in range(len(review.get("players", []))):
        chosen = [move for move in review.get("moves", []) if move["seat"] == seat and not move["forced"]]
        loss, decisions = sum(float(move["loss"]) for move in chosen), len(chosen)
        session.execute(
            update(GameResultRow)
            .where(GameResultRow.table_id == table_id, GameResultRow.seat == seat)
            .values(review_loss=round(loss, 3), review_decisions=decisions)
        )
