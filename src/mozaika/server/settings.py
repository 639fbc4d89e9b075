"""How a Mozaika server is configured: command-line options, then environment variables, then defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from mozaika.server.ratelimit import RateLimits

DATABASE_ENV = "MOZAIKA_DATABASE_URL"
REDIS_ENV = "MOZAIKA_REDIS_URL"


def default_database_url() -> str:
    """SQLite in the user's data directory (created on first start)."""
    folder = Path(platformdirs.user_data_dir("mozaika", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'mozaika.db'}"


@dataclass(frozen=True)
class Limits:
    """What a client may send; anything larger is refused with 413 or 422."""

    request_bytes: int = 65_536
    """Above any valid request: a 500-character chat line of emoji is 12 KB of escaped JSON."""
    websocket_message_bytes: int = 4_096
    chat_characters: int = 500
    chat_history: int = 200
    name_characters: int = 32
    password_characters: tuple[int, int] = (8, 256)
    open_tables_per_player: int = 10
    """Tables a player has created that wait for players: the lobby is for everyone."""
    bot_tables_per_player: int = 5
    """Unfinished tables with bots that a player has created: bots' searches cost the server's cores."""
    confirmations_per_day: int = 3
    """Confirmation letters an account may have sent a day (to whatever addresses it gives)."""
    confirmation_hours: float = 48.0
    """How long a confirmation link works."""
    refused_sign_in_seconds: float = 1.0
    """How long a sign-in refused by a rate limit waits for its 429 (slowing a flood of guesses)."""
    reminders_per_day: int = 24
    """Reminders an account receives a day at the most, over all its turn-based games."""
    connections_per_address: int = 64
    """Connections (HTTP and WebSocket) one address may hold open at once, a trusted proxy's not counted;
    0 for no cap (``--no-rate-limits``, for load tests on loopback). A browser holds about 6, and a
    WebSocket or two a tab."""
    header_seconds: float = 15.0
    """How long a request's headers may take to arrive whole: a slower one (slowloris) is closed."""
    live_per_address: int = 32
    """Live connections (tables' and the lobby's) one client address may hold in a process; 0 for no cap.
    Behind a trusted proxy, the address the proxy names."""
    anonymous_watchers_per_table: int = 100
    """Live connections without a session that may watch one table in a process; 0 for no cap."""


@dataclass(frozen=True)
class PairingRules:
    """How quick pairing matches requests and how long a request lives (docs/server.md, "Quick pairing")."""

    rating_range: float = 3.0
    """How far apart (in rating points) a rated request accepts opponents as it is made."""
    range_per_second: float = 0.25
    """How much wider the accepted range grows for each second the request has waited."""
    range_max: float = 60.0
    """The widest range a request comes to accept (past it, anyone waiting for the same game)."""
    grace_seconds: float = 30.0
    """How long a request lives after its last sign of life without a lobby connection: made, or looked at
    (``GET /api/pairing``). A script that polls keeps its request; a page that closed loses it."""
    connection_seconds: float = 15.0
    """How long each look by a process holding the player's lobby connection keeps the request alive."""
    closed_seconds: float = 10.0
    """When a player's last lobby connection to a process closes, their request lives at most this long
    more (another process holding a connection of theirs says so before then)."""
    check_seconds: float = 1.0
    """How often each process matches what waits (the ranges widen with time), drops the requests of players
    who left and tells the lobbies how many wait."""
    look_seconds: float = 5.0
    """How often a process tells the database which waiting players still have a lobby connection to it."""
    paired_kept_seconds: float = 600.0
    """How long a paired request stays to be read (``GET /api/pairing``) before it is removed."""


@dataclass(frozen=True)
class Settings:
    """Everything a server process needs to know."""

    database_url: str
    redis_url: str | None = None
    bot_workers: int = 1
    """Processes that search the bots' moves."""
    background_workers: int = 1
    """Processes, at a lower CPU priority, that search hints, the analysis board and reviews:
    a bot's move never waits for them."""
    start_bot_workers_early: bool = True
    """Start the bot workers with the server (a worker's start blocks for a moment: better before any game)."""
    replacement_bot: str = "medium"
    """The level that takes over the seat of a player who abandons a running game."""
    stand_in_pace_seconds: float = 4.0
    """How long after the move before a stand-in (the bot that took over a person's seat) moves while
    other people play on: a person's pace, so that nobody is rushed and its person can come back."""
    hand_over_seconds: float = 300.0
    """How long a player of an untimed friendly game must have been away before another player at the
    table may hand their seat to the stand-in (they take it back on their return)."""
    presence_grace_seconds: float = 20.0
    """How long a player stays online at a table after their last live connection closed."""
    bot_lease_seconds: float = 10.0
    """How long a process's claim to play a table's bots lasts unrenewed: after its death, the
    longest another process waits to take the table's bots over."""
    hint_bot: str = "expert"
    """The bot whose analysis a hint shows, and how long it thinks (seconds)."""
    hint_seconds: float = 1.0
    review_bot: str = "expert"
    """The level whose search reviews games (one that searches: ``medium`` … ``master``)."""
    review_every_game: bool = True
    """Review each game as it ends (any finished game can also be reviewed on request)."""
    review_iterations: int = 10_000
    """The most search iterations a review spends on one decision."""
    review_move_seconds: float = 0.25
    """The most seconds a review's search spends on one decision."""
    review_seconds: float = 30.0
    """The most search seconds a whole game's review takes (split over its decisions)."""
    secure_cookies: bool = False
    """Send the session cookie only over HTTPS (on for any deployment behind TLS)."""
    allowed_origins: tuple[str, ...] = ()
    """Pages of other origins (``https://example.org``) whose scripts may act for their users here;
    the server's own pages always may."""
    session_idle_days: float = 30.0
    """A session unused this long has ended: its player signs in again (the cookie lasts as long)."""
    allowed_hosts: tuple[str, ...] = ()
    """Host names (``mozaika.example.org``) requests may be addressed to, besides IP addresses,
    ``localhost`` and the hosts of ``public_url`` and ``allowed_origins``: a page on another name
    that resolves to this server (DNS rebinding) is refused."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) of reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
    are believed; with none, no forwarding header is (``mozaika serve --proxy-ip``)."""
    clock_check_seconds: float = 1.0
    """How often a process looks for tables whose clocks are due (a timeout, a reminder)."""
    idle_table_seconds: float = 3600.0
    """A running friendly table that no clock acts on, where no person has moved this long, has been left by
    everyone: the stand-ins play it to its end (``docs/rulings.md``, R-25)."""
    idle_check_seconds: float = 60.0
    """How often a process looks for tables every person has left."""
    playing_window_seconds: float = 600.0
    """The lobby's games in progress are those where a person moved this recently."""
    tournament_check_seconds: float = 5.0
    """How often a process looks for tournaments due to start and rounds whose last table ended
    (the process that ends a round's last game moves the tournament on at once; this is the net)."""
    smtp_url: str | None = None
    """Where turn-based reminders are e-mailed from (``smtp://host:port?from=…``); none without it."""
    public_url: str = "http://127.0.0.1:8000"
    """The address players reach the server at: the links in e-mails start with it."""
    leaderboard_min_games: int = 1
    """A player appears on a game's leaderboard after this many rated games of it (and its variant); below
    5 their rating is marked provisional there (``players.ratings``)."""
    metrics_from: tuple[str, ...] = ()
    """Addresses or networks besides loopback that may read ``/metrics`` (``mozaika serve --metrics-ip``)."""
    metrics_token: str | None = None
    """A bearer token that also opens ``/metrics`` from anywhere (``MOZAIKA_METRICS_TOKEN``)."""
    log_format: str = "text"
    """``text`` (for people) or ``json`` (one object a line, each with the request's id)."""
    shutdown_seconds: float = 20.0
    """How long a SIGTERM waits for requests in flight before it cancels them."""
    limits: Limits = field(default_factory=Limits)
    pairing: PairingRules = field(default_factory=PairingRules)
    rate_limits: RateLimits = field(default_factory=RateLimits)

    @classmethod
    def from_environment(
        cls, *, database_url: str | None = None, redis_url: str | None = None, bot_workers: int | None = None
    ) -> Settings:
        """Options given explicitly win over ``MOZAIKA_DATABASE_URL`` / ``MOZAIKA_REDIS_URL``, then defaults."""
        database = database_url or os.environ.get(DATABASE_ENV) or default_database_url()
        redis = redis_url or os.environ.get(REDIS_ENV) or None
        workers = bot_workers if bot_workers is not None else max(1, (os.cpu_count() or 2) - 1)
        return cls(database_url=database, redis_url=redis, bot_workers=workers)
