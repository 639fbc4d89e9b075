"""The community's tables: each player's part in every finished game, ratings per game and variant,
who follows whom, who muted whom, and direct invitations to a table.

Profiles, leaderboards and friends' pages read these with indexed queries: nothing here is
worked out by replaying games when someone asks.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from mozaika.server.storage.models import Base, utc_now


class GameResultRow(Base):
    """One seated player's part in a finished game (bots have none), written as the game ends."""

    __tablename__ = "game_results"
    __table_args__ = (
        Index("ix_game_results_player_board", "player_id", "game", "variant", "finished_at"),
        Index("ix_game_results_player_finished", "player_id", "finished_at"),
    )

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(32))
    variant: Mapped[str] = mapped_column(String(64))
    """The game's options in one canonical text (``wall=grey``): games count apart per variant."""
    players: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    """0 for a winner; a player who abandoned the game counts below everyone who stayed."""
    won: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    rating: Mapped[float | None] = mapped_column(Float)
    """The conservative rating (openskill's ordinal) for this game and variant after this game, when rated."""
    review_loss: Mapped[float | None] = mapped_column(Float)
    """The points lost over the player's decisions, by the game's review (None until it is reviewed)."""
    review_decisions: Mapped[int | None] = mapped_column(Integer)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class PlayerBoard(Base):
    """A player's totals for one game and variant, kept as each game ends (and each review is done):
    a profile reads them, and a leaderboard ranks their ratings."""

    __tablename__ = "player_boards"
    __table_args__ = (Index("ix_player_boards_board_ordinal", "game", "variant", "ordinal"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[str] = mapped_column(String(64), primary_key=True)
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    score_total: Mapped[int] = mapped_column(Integer, default=0)
    best_score: Mapped[int] = mapped_column(Integer, default=0)
    reviewed_games: Mapped[int] = mapped_column(Integer, default=0)
    review_loss: Mapped[float] = mapped_column(Float, default=0.0)
    """The points lost over every reviewed decision, by the reviews."""
    review_decisions: Mapped[int] = mapped_column(Integer, default=0)
    mu: Mapped[float | None] = mapped_column(Float)
    """The openskill rating for this game and variant; None before a rated game."""
    sigma: Mapped[float | None] = mapped_column(Float)
    ordinal: Mapped[float | None] = mapped_column(Float)
    """``mu - 3 sigma``: the leaderboard's order."""
    rated_games: Mapped[int] = mapped_column(Integer, default=0)


class Follow(Base):
    """A player follows another (their friend, one way)."""

    __tablename__ = "follows"

    follower_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    followed_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class Mute(Base):
    """A player no longer sees another's chat (for them only)."""

    __tablename__ = "mutes"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class Invitation(Base):
    """A player invited to a waiting table by name: shown in their lobby until they join or it closes."""

    __tablename__ = "invitations"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True, index=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
