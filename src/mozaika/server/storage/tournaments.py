"""Tournaments: the tournament, its players, and each player's part in each round.

A round's entries (a table or the bye for every player paired) are written in the
transaction that pairs the round and arranges its tables; each entry's points, in the one
that closes the round. Standings are read from these rows, never from replayed games.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from mozaika.server.storage.models import Base, utc_now


class Tournament(Base):
    """A Swiss tournament: its game, table size, clock and rounds, and how far it has gone."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    """The table size: 2, 3 or 4 (a round may also seat one player fewer at some tables)."""
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    clock: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column(Boolean)
    format: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``upcoming``, ``running``, ``finished`` or ``cancelled``."""
    round: Mapped[int] = mapped_column(Integer, default=0)
    """The round being played (0 before the start); advancing it is a compare-and-set."""
    creator_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class TournamentPlayer(Base):
    """A player in a tournament: active, withdrawn (left) or dropped (missed a round)."""

    __tablename__ = "tournament_players"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True, index=True)
    state: Mapped[str] = mapped_column(String(16))
    """``active``, ``withdrawn`` or ``dropped``."""
    seed: Mapped[int] = mapped_column(Integer, default=0)
    """The place in the seeding (by rating) when the tournament began, from 0."""
    left_after: Mapped[int | None] = mapped_column(Integer)
    """The last round the player was paired in, once withdrawn or dropped."""
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class TournamentEntry(Base):
    """A player's part in one round: their table (None for the bye) and, once the round is over, its points."""

    __tablename__ = "tournament_entries"
    __table_args__ = (Index("ix_tournament_entries_table", "table_id"),)

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str | None] = mapped_column(ForeignKey("game_tables.id", ondelete="SET NULL"))
    board: Mapped[int] = mapped_column(Integer, default=0)
    """The table's number in the round, from 1 (0 for the bye)."""
    points: Mapped[float | None] = mapped_column(Float)
    """None while the round is played."""
    score: Mapped[int | None] = mapped_column(Integer)
    place: Mapped[int | None] = mapped_column(Integer)
    missed: Mapped[bool] = mapped_column(Boolean, default=False)
    """The player made no move of their own at the table (rulings.md, R-27): dropped after the round."""
