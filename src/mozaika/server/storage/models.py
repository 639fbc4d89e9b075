"""The server's tables: players and their sessions, game tables, seats, the move log and chat.

The move log is append-only and is the truth about every game: a table's position
is the replay of its log (see :mod:`mozaika.server.tables.gamelog`).  ``GameTable.seq`` is
the number of log entries, and advancing it is a compare-and-set, so that a move
is applied exactly once however many processes serve the table.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utc_now() -> datetime:
    return datetime.now(UTC)


def in_utc(moment: datetime) -> datetime:
    """A stored moment with its zone: SQLite gives them back without one; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class Player(Base):
    """An account (with a username and a password hash) or a guest (a display name only)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(64), unique=True, index=True)
    """The account's login name, lower-cased; None for a guest."""
    password_hash: Mapped[str | None] = mapped_column(String(255))
    rating_mu: Mapped[float] = mapped_column(Float, default=25.0)
    rating_sigma: Mapped[float] = mapped_column(Float, default=25.0 / 3)
    rated_games: Mapped[int] = mapped_column(Integer, default=0)
    email: Mapped[str | None] = mapped_column(String(254))
    """Where turn-based reminders go (accounts only); None when not given."""
    email_reminders: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether the player wants an e-mail when it is their turn in a turn-based game (off by default)."""
    email_confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether the address's owner opened the confirmation link: nothing else is mailed before."""
    email_token: Mapped[str | None] = mapped_column(String(64), index=True)
    """A hash of the pending confirmation link's token (the token itself is only in the letter)."""
    email_token_expires: Mapped[float | None] = mapped_column(Float)
    """When the pending confirmation link stops working (seconds since the epoch)."""
    mail_day: Mapped[str | None] = mapped_column(String(10))
    """The day (UTC, ``2026-11-25``) the two counts below are for."""
    reminders_today: Mapped[int] = mapped_column(Integer, default=0)
    confirmations_today: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the player last made a request (to the minute): friends see who is online."""
    email_invites: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether a direct invitation to a table is also mailed (to a confirmed address; off by default)."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The language the player's letters are written in (``de``); None for English."""
    role: Mapped[str | None] = mapped_column(String(16))
    """``admin`` for the server's administrators (``mozaika admin grant``); None for everyone else."""
    muted: Mapped[bool] = mapped_column(Boolean, default=False)
    """Muted by an administrator: the player's chat lines are refused."""
    banned: Mapped[bool] = mapped_column(Boolean, default=False)
    """Banned by an administrator: no sign-in, no session, no seat."""
    page_key: Mapped[str | None] = mapped_column(String(16), unique=True, index=True)
    """A guest's page is at ``~`` and this random key (an account's at its username): guests' pages cannot be
    found by counting. None for accounts."""

    @property
    def is_guest(self) -> bool:
        return self.username is None


class LoginSession(Base):
    """A signed-in browser or client; only a hash of its token is stored."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    last_seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=utc_now)
    """When the session was last used (to the hour): unused for ``Settings.session_idle_days``, it has ended."""
    address: Mapped[str | None] = mapped_column(String(45))
    """The address the session was opened from: a ban or a mute of its player holds there too."""

    player: Mapped[Player] = relationship(lazy="joined")


class GameTable(Base):
    """A table: its game and options, its seats, and how far its game has gone."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    """Decides the draws; secret until the game is over (it is part of the record)."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``open`` (seats being filled), ``running``, ``finished``, ``cancelled`` or ``aborted``."""
    owner_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    undo_allowed: Mapped[bool] = mapped_column(Boolean, default=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    """How many log entries the table has: the sequence number clients quote."""
    to_move: Mapped[list[int]] = mapped_column(JSON, default=list)
    """The seats that must decide now (kept for the lobby's "your turn")."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    bot_lease_holder: Mapped[str | None] = mapped_column(String(64))
    """The server process that plays this table's bots, until ``bot_lease_until``; then any other may."""
    bot_lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The time control and each seat's clock (:meth:`mozaika.core.clocks.Clocks.to_dict`); None when untimed."""
    clock_due: Mapped[float | None] = mapped_column(Float, index=True)
    """When the clocks next need a look (a timeout or a reminder), in seconds since the epoch."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now, index=True)
    invite_only: Mapped[bool] = mapped_column(Boolean, default=False)
    """Created with invited seats and no open one: kept out of every public list."""
    autostart: Mapped[bool] = mapped_column(Boolean, default=False)
    """The game starts by itself when the last seat fills."""
    rematch: Mapped[str | None] = mapped_column(String(16))
    """The table set up to play this one again, once someone asked for it."""
    person_moved_at: Mapped[float | None] = mapped_column(Float, index=True)
    """When a person (not a bot, not a stand-in) last moved here, or started the game, in seconds since
    the epoch: the lobby's games in progress, and the look for tables every person left."""
    idle_ended: Mapped[bool] = mapped_column(Boolean, default=False)
    """No person moved for ``Settings.idle_table_seconds``: the stand-ins played the game to its end."""
    spectators_open: Mapped[bool] = mapped_column(Boolean, default=False)
    """An invite-only table its creator opened to spectators: anyone may watch it."""
    abort_offer: Mapped[int | None] = mapped_column(Integer)
    """The seat whose player proposed to abort the game (a friendly 2-player game's first round)."""

    seats: Mapped[list[Seat]] = relationship(order_by="Seat.index", lazy="selectin", cascade="all, delete-orphan")
    owner: Mapped[Player] = relationship(lazy="joined")


class Seat(Base):
    """One seat of a table: open, invited (waiting for its invite link), a player's, or a bot's."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``open``, ``invited``, ``player`` or ``bot``."""
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    bot_level: Mapped[str | None] = mapped_column(String(16))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    """The hash of the seat's secret (given to whoever claims it)."""
    invite_hash: Mapped[str | None] = mapped_column(String(64))
    """The hash of the invite link's token, while the seat is ``invited``."""
    replaced: Mapped[bool] = mapped_column(Boolean, default=False)
    """True when a bot took over from a player who abandoned the game (or ran out of time)."""
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    """True when the bot took over because the player's time ran out (they may take the seat back)."""
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    """True when another player handed the seat to the bot while its player was away (they may take it back)."""

    player: Mapped[Player | None] = relationship(lazy="joined")


class LogEntry(Base):
    """One entry of a table's append-only log: a move, a chance outcome, or an undo."""

    __tablename__ = "log_entries"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``move``, ``chance`` or ``undo`` (an undo cancels the move before it)."""
    seat: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False)
    """A move the stand-in bot played for the seat's person (who left or ran out of time)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class ChatMessage(Base):
    """A line of a table's chat, as plain text (clients escape it)."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class GameReview(Base):
    """The expert's review of a finished game (``mozaika.bots.review``), made in the background."""

    __tablename__ = "game_reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``queued``, ``running``, ``done`` or ``failed``."""
    done: Mapped[int] = mapped_column(Integer, default=0)
    """Decisions reviewed so far."""
    total: Mapped[int] = mapped_column(Integer, default=0)
    """Decisions to review (known once the review has started)."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """``Review.to_dict()`` once done."""
    error: Mapped[str | None] = mapped_column(Text)
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ChatReport(Base):
    """A player's report of a chat line, for the administrators (one per player and line)."""

    __tablename__ = "chat_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("chat_messages.id", ondelete="CASCADE"), index=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class AuditEntry(Base):
    """One administrator's action, kept for good (``docs/deploy.md``, Moderation)."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now, index=True)
    admin_id: Mapped[int | None] = mapped_column(Integer)
    """The administrator's player id; None for the server's command line (``mozaika admin``)."""
    admin_name: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(64))
    """What was acted on: ``player:12``, ``table:AbC…``, ``chat:345``."""
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class ModeratedAddress(Base):
    """An address a banned or muted account opened a session from: while the ban (or the mute) holds,
    no guest is made there (or the guests made there are muted), so that neither is gone round."""

    __tablename__ = "moderated_addresses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(45), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``ban`` or ``mute``."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


# The community's tables (profiles, leaderboards, friends) belong to the same schema.
from mozaika.server.storage import community as _community  # noqa: E402, F401
from mozaika.server.storage import pairing as _pairing  # noqa: E402, F401
from mozaika.server.storage import tournaments as _tournaments  # noqa: E402, F401
