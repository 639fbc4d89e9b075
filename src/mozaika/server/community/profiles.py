"""A player's page: who they are, their statistics per game and variant, their rating's history,
the points they lose per move by the reviews, and their recent games.

Every number comes from indexed rows written as games end (``game_results``,
``board_ratings``): a page costs a few index reads however many games were played.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from mozaika.catalogue.registry import game_spec
from mozaika.server.errors import NotFoundError
from mozaika.server.storage.community import BoardRating, GameResultRow
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import Player, in_utc

RECENT_GAMES = 20
RATING_HISTORY = 100
"""The points of a rating graph: the last this many rated games."""
LOSS_WINDOW = 10
"""The trend of points lost per move compares the last this many reviewed games with all of them."""
GUEST_KEY = re.compile(r"^~([0-9]{1,12})$")


def profile_key(username: str | None, player_id: int) -> str:
    """Where a player's page is: their username, or ``~id`` for a guest (usernames never begin with ``~``)."""
    return username if username is not None else f"~{player_id}"


def find_player(session: Session, key: str) -> Player:
    """The player a page key names, or 404."""
    guest = GUEST_KEY.match(key)
    if guest is not None:
        player = session.get(Player, int(guest.group(1)))
        if player is not None and not player.is_guest:
            player = None
    else:
        player = session.scalar(select(Player).where(Player.username == key.strip().lower()))
    if player is None:
        raise NotFoundError(f"there is no player {key!r}")
    return player


class Profiles:
    """Players' public pages (never their e-mail addresses)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def page(self, key: str) -> dict[str, Any]:
        with self.db.reading() as session:
            player = find_player(session, key)
            recent = recent_games(session, player.id)
            boards = statistics(session, player.id)
            finished = sum(board["played"] for board in boards)
            return {
                "username": player.username,
                "profile": profile_key(player.username, player.id),
                "name": player.name,
                "guest": player.is_guest,
                "rating": {
                    "mu": round(player.rating_mu, 3),
                    "sigma": round(player.rating_sigma, 3),
                    "ordinal": round(player.rating_mu - 3 * player.rating_sigma, 3),
                    "rated_games": player.rated_games,
                },
                "finished_games": finished,
                "recent_games": recent,
                "statistics": {"games": finished, "boards": boards},
                "member_since": in_utc(player.created_at).isoformat(),
            }


def recent_games(session: Session, player_id: int) -> list[dict[str, Any]]:
    rows = session.execute(
        select(
            GameResultRow.table_id, GameResultRow.game, GameResultRow.variant, GameResultRow.rated,
            GameResultRow.seat, GameResultRow.score, GameResultRow.won, GameResultRow.place,
            GameResultRow.players, GameResultRow.finished_at,
        )
        .where(GameResultRow.player_id == player_id)
        .order_by(GameResultRow.finished_at.desc())
        .limit(RECENT_GAMES)
    ).all()  # fmt: skip
    return [
        {
            "table": row.table_id,
            "game": row.game,
            "variant": row.variant,
            "rated": row.rated,
            "seat": row.seat,
            "score": row.score,
            "won": row.won,
            "place": row.place + 1,
            "players": row.players,
            "finished_at": in_utc(row.finished_at).isoformat(),
            "replay": f"/replay/{row.table_id}",
            "review": f"/replay/{row.table_id}#review",
        }
        for row in rows
    ]


def statistics(session: Session, player_id: int) -> list[dict[str, Any]]:
    """Per game and variant: games played and won, average and best score, rating and its history,
    and the points lost per move (from the reviews) with their trend."""
    won = func.sum(case((GameResultRow.won, 1), else_=0))
    rows = session.execute(
        select(
            GameResultRow.game, GameResultRow.variant, func.count(), won, func.avg(GameResultRow.score),
            func.max(GameResultRow.score), func.sum(GameResultRow.review_loss),
            func.sum(GameResultRow.review_decisions),
        )
        .where(GameResultRow.player_id == player_id)
        .group_by(GameResultRow.game, GameResultRow.variant)
        .order_by(func.count().desc(), GameResultRow.game, GameResultRow.variant)
    ).all()  # fmt: skip
    ratings = {
        (row.game, row.variant): row
        for row in session.scalars(select(BoardRating).where(BoardRating.player_id == player_id))
    }
    boards = []
    for game, variant, played, wins, average, best, loss, decisions in rows:
        rating = ratings.get((game, variant))
        boards.append(
            {
                "game": game,
                "title": game_spec(game).title,
                "variant": variant,
                "played": played,
                "won": int(wins or 0),
                "average_score": round(float(average), 2),
                "best_score": best,
                "rating": None
                if rating is None
                else {
                    "mu": round(rating.mu, 3),
                    "sigma": round(rating.sigma, 3),
                    "ordinal": round(rating.ordinal, 3),
                    "rated_games": rating.rated_games,
                },
                "rating_history": rating_history(session, player_id, game, variant) if rating is not None else [],
                **review_losses(session, player_id, game, variant, loss, decisions),
            }
        )
    return boards


def rating_history(session: Session, player_id: int, game: str, variant: str) -> list[dict[str, Any]]:
    """The rating after each of the last rated games on this board, oldest first."""
    rows = session.execute(
        select(GameResultRow.table_id, GameResultRow.rating, GameResultRow.finished_at)
        .where(
            GameResultRow.player_id == player_id,
            GameResultRow.game == game,
            GameResultRow.variant == variant,
            GameResultRow.rating.is_not(None),
        )
        .order_by(GameResultRow.finished_at.desc())
        .limit(RATING_HISTORY)
    ).all()
    return [
        {"table": table, "rating": round(rating or 0.0, 3), "at": in_utc(at).isoformat()}
        for table, rating, at in reversed(rows)
    ]


def review_losses(
    session: Session, player_id: int, game: str, variant: str, loss: float | None, decisions: int | None
) -> dict[str, Any]:
    """The points lost per move over every reviewed game of the board, over the last few, and the
    difference (below zero: the player loses fewer points than they used to)."""
    if not decisions:
        return {"average_loss": None, "recent_average_loss": None, "loss_trend": None, "reviewed_games": 0}
    recent = session.execute(
        select(GameResultRow.review_loss, GameResultRow.review_decisions)
        .where(
            GameResultRow.player_id == player_id,
            GameResultRow.game == game,
            GameResultRow.variant == variant,
            GameResultRow.review_decisions.is_not(None),
        )
        .order_by(GameResultRow.finished_at.desc())
        .limit(LOSS_WINDOW)
    ).all()
    reviewed = session.scalar(
        select(func.count()).where(
            GameResultRow.player_id == player_id,
            GameResultRow.game == game,
            GameResultRow.variant == variant,
            GameResultRow.review_decisions.is_not(None),
        )
    )
    overall = float(loss or 0.0) / decisions
    recent_decisions = sum(count or 0 for _, count in recent)
    latest = sum(points or 0.0 for points, _ in recent) / recent_decisions if recent_decisions else overall
    return {
        "average_loss": round(overall, 3),
        "recent_average_loss": round(latest, 3),
        "loss_trend": round(latest - overall, 3),
        "reviewed_games": reviewed or 0,
    }
