"""Leaderboards: per game and variant, the players by conservative rating (openskill's ordinal),
those with enough rated games only, a page at a time, with the caller's own place. Each line shows
its rating as every page does (``players.ratings``): a provisional one is marked, and ranks where
its ordinal puts it, which counts its uncertainty against it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from mozaika.catalogue.registry import game_spec
from mozaika.server.boards import all_variants, known_game, known_variant
from mozaika.server.players.accounts import profile_key
from mozaika.server.players.ratings import PROVISIONAL_GAMES, shown
from mozaika.server.storage.community import PlayerBoard
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import Player

MIN_RATED_GAMES = 1
"""A player is on a leaderboard after this many rated games of its game and variant."""
PAGE_SIZES = (1, 100)


class Leaderboards:
    def __init__(self, db: Database, min_rated_games: int = MIN_RATED_GAMES) -> None:
        self.db = db
        self.min_rated_games = min_rated_games

    def board(self, game: str, variant: str | None, page: int, size: int, player_id: int | None) -> dict[str, Any]:
        known_game(game)
        chosen = known_variant(game, variant)
        on_board = and_(
            PlayerBoard.game == game,
            PlayerBoard.variant == chosen,
            PlayerBoard.ordinal.is_not(None),
            PlayerBoard.rated_games >= max(1, self.min_rated_games),
        )
        with self.db.reading() as session:
            total = session.scalar(select(func.count()).select_from(PlayerBoard).where(on_board)) or 0
            rows = session.execute(
                select(PlayerBoard, Player.name, Player.username)
                .join(Player, Player.id == PlayerBoard.player_id)
                .where(on_board)
                .order_by(PlayerBoard.ordinal.desc(), PlayerBoard.player_id)
                .offset((page - 1) * size)
                .limit(size)
            ).all()
            first = (page - 1) * size + 1
            entries = [
                _entry(first + offset, rating, name, username, player_id)
                for offset, (rating, name, username) in enumerate(rows)
            ]
            you = None
            if player_id is not None:
                you = _own_place(session, on_board, player_id, game, chosen, self.min_rated_games)
        return {
            "game": game,
            "title": game_spec(game).title,
            "variant": chosen,
            "variants": all_variants(game),
            "min_rated_games": self.min_rated_games,
            "provisional_games": PROVISIONAL_GAMES,
            "page": page,
            "size": size,
            "total": total,
            "pages": max(1, -(-total // size)),
            "entries": entries,
            "you": you,
        }


def _entry(place: int, rating: PlayerBoard, name: str, username: str | None, player_id: int | None) -> dict[str, Any]:
    return {
        "place": place,
        "name": name,
        "profile": profile_key(username, None),  # rated games are for accounts only
        "ordinal": round(rating.ordinal or 0.0, 3),
        "mu": round(rating.mu or 0.0, 3),
        "sigma": round(rating.sigma or 0.0, 3),
        "rated_games": rating.rated_games,
        **shown(rating.ordinal, rating.rated_games),
        "you": rating.player_id == player_id,
    }


def _own_place(
    session: Session, on_board: Any, player_id: int, game: str, variant: str, min_rated_games: int
) -> dict[str, Any] | None:
    """The caller's place (one more than those rated above them), when they are on the board."""
    mine = session.get(PlayerBoard, (player_id, game, variant))
    player = session.get(Player, player_id)
    if mine is None or player is None or mine.ordinal is None or mine.rated_games < min_rated_games:
        return None
    above = session.scalar(
        select(func.count())
        .select_from(PlayerBoard)
        .where(
            on_board,
            or_(
                PlayerBoard.ordinal > mine.ordinal,
                and_(PlayerBoard.ordinal == mine.ordinal, PlayerBoard.player_id < player_id),
            ),
        )
    )
    return _entry((above or 0) + 1, mine, player.name, player.username, player_id)
