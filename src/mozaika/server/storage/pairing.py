"""Quick pairing's requests: who waits for which game, and which table a request was paired to.

A request is a row, so that every server process sees the same queue and matching is a
transaction: the rows it pairs are marked in the same transaction that makes their table.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from mozaika.server.storage.models import Base


class PairingRequest(Base):
    """A player's request to be paired with people for a game: one live request a player at the most."""

    __tablename__ = "pairing_requests"
    __table_args__ = (Index("ix_pairing_requests_queue", "status", "queue", "alive_until"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), unique=True)
    """Unique: a second request of the same player (two tabs, a double click) cannot be stored."""
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, str | int | bool]] = mapped_column(JSON)
    """The game's options as the game resolved them (every option named)."""
    variant: Mapped[str] = mapped_column(String(128))
    clock: Mapped[str] = mapped_column(String(16))
    """The time control in one canonical name: ``none``, a preset (``fast``…), or ``M+S``."""
    rated: Mapped[bool] = mapped_column(Boolean)
    queue: Mapped[str] = mapped_column(String(200))
    """What makes requests identical: game, players, variant, clock and rated, in one text."""
    rating: Mapped[float] = mapped_column(Float, default=0.0)
    """The player's rating for the game and variant when they asked (rated requests)."""
    asked_at: Mapped[float] = mapped_column(Float)
    """When the request was made (seconds since the epoch, on the server's clock)."""
    alive_until: Mapped[float] = mapped_column(Float)
    """Past this moment with no sign of its player (a lobby connection, a look at the request),
    the request is never matched and is removed."""
    status: Mapped[str] = mapped_column(String(8), default="waiting")
    """``waiting`` or ``paired``."""
    table_id: Mapped[str | None] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"))
    seat: Mapped[int | None] = mapped_column(Integer)
    paired_at: Mapped[float | None] = mapped_column(Float)
