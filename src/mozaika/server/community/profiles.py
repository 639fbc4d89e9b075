"""A player's page: who they are, their statistics per game and variant, their rating's history,
the points they lose per move by the reviews, and their recent games.

Every number comes from rows written as games end (each player's totals per game and variant
in ``player_boards``, and their results in ``game_results``): a page costs a few index reads,
however many games were played.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from mozaika.catalogue.registry import game_spec
from mozaika.server.errors import NotFoundError
from mozaika.server.players.accounts import profile_key
from mozaika.server.players.ratings import shown
from mozaika.server.storage.community import GameResultRow, PlayerBoard
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import Player, in_utc

RECENT_GAMES = 20
RATING_HISTORY = 50
"""The points of a rating graph: the ratings after the last this many games."""
LOSS_WINDOW = 10
"""The trend of points lost per move compares the last this many reviewed games with all of them."""
GUEST_KEY = re.compile(r"^~(g[A-Za-z0-9_-]{12})$")
ACCOUNT_ID = re.compile(r"^~([0-9]{1,12})$")


def find_player(session: Session, key: str) -> Player:
    """The player a page key names, or 404. ``~id`` finds an account too (for clients that know only an
    account's id); never a guest."""
    guest, account = GUEST_KEY.match(key), ACCOUNT_ID.match(key)
    if guest is not None:
        player = session.scalar(select(Player).where(Player.page_key == guest.group(1)))
    elif account is not None:
        player = session.scalar(select(Player).where(Player.id == int(account.group(1)), Player.username.is_not(None)))
    else:
        player = session.scalar(select(Player).where(Player.username == key.strip().lower()))
    if player is None:
        raise NotFoundError(f"there is no player {key!r}")
    return player


class Profiles:
    """Players' public pages (never their e-mail addresses)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def page(self, key: str, viewer: int | None = None) -> dict[str, Any]:
        """The page of the player ``key`` names, as the player ``viewer`` (if any) sees it."""
        with self.db.reading() as session:
            player = find_player(session, key)
            recent = recent_games(session, player.id)
            boards = statistics(session, player.id)
            finished = sum(board["played"] for board in boards)
            return {
                "username": player.username,
                "profile": profile_key(player.username, player.page_key),
                "name": player.name,
                "guest": player.is_guest,
                "you": viewer is not None and viewer == player.id,
                "rating": {
                    "mu": round(player.rating_mu, 3),
                    "sigma": round(player.rating_sigma, 3),
                    "ordinal": round(player.rating_mu - 3 * player.rating_sigma, 3),
                    "rated_games": player.rated_games,
                    **shown(player.rating_mu - 3 * player.rating_sigma, player.rated_games),
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


_LATEST = (
    select(
        GameResultRow.table_id, GameResultRow.rating, GameResultRow.finished_at, GameResultRow.review_loss,
        GameResultRow.review_decisions,
    )
    .where(
        GameResultRow.player_id == bindparam("player"),
        GameResultRow.game == bindparam("game"),
        GameResultRow.variant == bindparam("variant"),
    )
    .order_by(GameResultRow.finished_at.desc())
    .limit(RATING_HISTORY)
)  # fmt: skip
"""A board's last games (built once: a page asks once per game and variant)."""


def statistics(session: Session, player_id: int) -> list[dict[str, Any]]:
    """Per game and variant, the most played first: games played and won, average and best score,
    the rating and its history, and the points lost per move by the reviews with their trend."""
    boards = session.scalars(
        select(PlayerBoard)
        .where(PlayerBoard.player_id == player_id)
        .order_by(PlayerBoard.played.desc(), PlayerBoard.game, PlayerBoard.variant)
    ).all()
    return [_board(session, board) for board in boards if board.played]


def _board(session: Session, board: PlayerBoard) -> dict[str, Any]:
    # The board's last games, newest first: the rating graph's points and the recent reviews.
    latest = session.execute(_LATEST, {"player": board.player_id, "game": board.game, "variant": board.variant}).all()
    rated = [(table, rating, at) for table, rating, at, _, _ in reversed(latest) if rating is not None]
    # The last point is after the board's latest rated game; each one before, a rated game earlier.
    first_count = board.rated_games - len(rated) + 1
    history = [
        {"table": table, "rating": round(rating, 3), "at": in_utc(at).isoformat(), **shown(rating, first_count + n)}
        for n, (table, rating, at) in enumerate(rated)
    ]
    reviewed = [(loss or 0.0, decisions) for _, _, _, loss, decisions in latest if decisions][:LOSS_WINDOW]
    rating = None
    if board.mu is not None and board.sigma is not None and board.ordinal is not None:
        rating = {
            "mu": round(board.mu, 3),
            "sigma": round(board.sigma, 3),
            "ordinal": round(board.ordinal, 3),
            "rated_games": board.rated_games,
            **shown(board.ordinal, board.rated_games),
        }
    return {
        "game": board.game,
        "title": game_spec(board.game).title,
        "variant": board.variant,
        "played": board.played,
        "won": board.won,
        "average_score": round(board.score_total / board.played, 2),
        "best_score": board.best_score,
        "rating": rating,
        "rating_history": history,
        **_losses(board, reviewed),
    }


def _losses(board: PlayerBoard, recent: list[tuple[float, int]]) -> dict[str, Any]:
    """The points lost per move over every reviewed game of the board, over the last few, and the
    difference (below zero: the player loses fewer points than they used to)."""
    if not board.review_decisions:
        return {"average_loss": None, "recent_average_loss": None, "loss_trend": None, "reviewed_games": 0}
    overall = board.review_loss / board.review_decisions
    decisions = sum(count for _, count in recent)
    latest = sum(loss for loss, _ in recent) / decisions if decisions else overall
    return {
        "average_loss": round(overall, 3),
        "recent_average_loss": round(latest, 3),
        "loss_trend": round(latest - overall, 3),
        "reviewed_games": board.reviewed_games,
    }
