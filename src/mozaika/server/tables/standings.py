"""What a finished game adds to its players' standing: a row per seated player, and ratings per board.

Written in the transaction that finishes the game, so that profiles and leaderboards read
indexed rows, never replay games; a game's review, when it is done, adds the points each
player lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mozaika.server.boards import variant_of
from mozaika.server.storage.community import GameResultRow, PlayerBoard
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.results import new_ratings, rating_change
from mozaika.server.tables.shapes import Table

START_MU, START_SIGMA = 25.0, 25.0 / 3


def standing_places(scores: Sequence[int], winners: Sequence[int], abandoned: Sequence[bool]) -> list[int]:
    """Each seat's place from 0: the seats ahead of it (a winner is ahead of everyone it tied with);
    a player who abandoned the game comes after everyone who stayed."""
    stayed = [seat for seat, gone in enumerate(abandoned) if not gone]
    ahead = {
        seat: 0 if seat in winners else sum(1 for other in stayed if scores[other] > scores[seat] or other in winners)
        for seat in stayed
    }
    last = 1 + max(ahead.values(), default=-1)
    return [ahead.get(seat, last) for seat in range(len(scores))]


def record_results(
    session: Session, table: Table, places: list[int], scores: list[int], rated: bool, at: datetime | None = None
) -> list[dict[str, Any]]:
    """Each seated player's result and their totals for the game and variant; on a rated table (every
    seat an account's), also their new ratings there, which it returns by seat (the rating on the
    game and variant's leaderboard before and after the game; none when the game was not rated).

    ``places`` count an abandoned seat last (as ratings do); a seat that abandoned never wins.
    ``at`` is when the game ended (now, by default).
    """
    variant = variant_of(table.options)
    finished = at if at is not None else utc_now()
    seated = [seat for seat in table.seats if seat.player_id is not None]
    players = [seat.player_id for seat in seated if seat.player_id is not None]
    boards = _boards(session, table.game, variant, players)
    changes: dict[int, dict[str, Any]] = {}
    if rated and seated and len(seated) == len(table.seats):
        changes = _rate(boards, players, places)
    for seat in seated:
        assert seat.player_id is not None
        won = places[seat.index] == 0 and not seat.replaced
        board = boards[seat.player_id]
        board.played += 1
        board.won += int(won)
        board.score_total += scores[seat.index]
        board.best_score = max(board.best_score, scores[seat.index]) if board.played > 1 else scores[seat.index]
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
                won=won,
                rated=bool(changes),
                rating=changes[seat.player_id]["after"] if changes else None,
                finished_at=finished,
            )
        )
    session.flush()
    return [changes[seat.player_id] for seat in seated if seat.player_id is not None] if changes else []


def _boards(session: Session, game: str, variant: str, players: list[int]) -> dict[int, PlayerBoard]:
    """The players' totals for the board, new ones for those who never played it."""
    stored = {
        row.player_id: row
        for row in session.scalars(
            select(PlayerBoard)
            .where(PlayerBoard.game == game, PlayerBoard.variant == variant, PlayerBoard.player_id.in_(players))
            .with_for_update()
        )
    }
    for player in players:
        if player not in stored:
            stored[player] = PlayerBoard(
                player_id=player, game=game, variant=variant, played=0, won=0, score_total=0, best_score=0,
                reviewed_games=0, review_loss=0.0, review_decisions=0, rated_games=0,
            )  # fmt: skip
            session.add(stored[player])
    return stored


def _rate(boards: dict[int, PlayerBoard], players: list[int], places: list[int]) -> dict[int, dict[str, Any]]:
    """The players' new ratings for the board; for each, the conservative rating (ordinal) before and after."""
    before = [
        (board.mu, board.sigma) if board.mu is not None and board.sigma is not None else (START_MU, START_SIGMA)
        for board in (boards[player] for player in players)
    ]
    changes = {}
    for player, (mu, sigma), (old_mu, old_sigma) in zip(players, new_ratings(before, places), before, strict=True):
        board = boards[player]
        board.mu, board.sigma, board.ordinal = mu, sigma, mu - 3 * sigma
        board.rated_games += 1
        changes[player] = rating_change((old_mu, old_sigma), (mu, sigma), board.rated_games)
    return changes


def record_review(session: Session, table_id: str, review: dict[str, Any]) -> None:
    """The points each seat lost over its decisions, from the game's finished review, on its result
    and in its player's totals (once per game: a review made again replaces its numbers)."""
    rows = {
        row.seat: row
        for row in session.scalars(select(GameResultRow).where(GameResultRow.table_id == table_id).with_for_update())
    }
    for seat, row in rows.items():
        chosen = [move for move in review.get("moves", []) if move["seat"] == seat and not move["forced"]]
        loss, decisions = round(sum(float(move["loss"]) for move in chosen), 3), len(chosen)
        board = session.get(PlayerBoard, (row.player_id, row.game, row.variant), with_for_update=True)
        if board is not None:
            if row.review_decisions is not None:  # reviewed before: take its numbers out first
                board.reviewed_games -= 1
                board.review_loss -= row.review_loss or 0.0
                board.review_decisions -= row.review_decisions
            board.reviewed_games += 1
            board.review_loss += loss
            board.review_decisions += decisions
        row.review_loss, row.review_decisions = loss, decisions
