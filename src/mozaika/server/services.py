"""The server's services, created once per process and shared by every handler."""

from __future__ import annotations

import os
import socket
import uuid
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool

from mozaika.server.analysis.board import Analysis
from mozaika.server.analysis.hints import Hints
from mozaika.server.analysis.reviews import ReviewRunner, Reviews
from mozaika.server.bots.leases import BotLeases
from mozaika.server.bots.player import BotPlayer
from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.clockwatch import ClockWatch
from mozaika.server.community.friends import Friends
from mozaika.server.community.leaderboards import Leaderboards
from mozaika.server.community.profiles import Profiles
from mozaika.server.community.rematch import Rematches
from mozaika.server.community.spectators import Spectators
from mozaika.server.live.admission import LiveAdmission
from mozaika.server.live.hub import Hub
from mozaika.server.live.publisher import Publisher
from mozaika.server.metrics import Metrics
from mozaika.server.pairing import PairingLive, PairingRequests
from mozaika.server.players.accounts import Accounts
from mozaika.server.players.emails import EmailSettings
from mozaika.server.players.mail import Mailer
from mozaika.server.players.passwords import PasswordChecks
from mozaika.server.players.presence import Presence
from mozaika.server.ratelimit import RateLimiter
from mozaika.server.settings import Settings
from mozaika.server.storage.database import Database
from mozaika.server.tables import Tables
from mozaika.server.tournaments.service import Tournaments
from mozaika.server.tournaments.watch import TournamentWatch


@dataclass
class Services:
    settings: Settings
    db: Database
    accounts: Accounts
    emails: EmailSettings
    tables: Tables
    hub: Hub
    publisher: Publisher
    bots: BotPlayer
    reviews: Reviews
    reviewer: ReviewRunner
    analysis: Analysis
    limiter: RateLimiter
    hints: Hints
    clocks: ClockWatch
    profiles: Profiles
    leaderboards: Leaderboards
    friends: Friends
    rematches: Rematches
    spectators: Spectators
    admission: LiveAdmission
    """How many live connections each address, and each table's anonymous watchers, may hold here."""
    tournaments: Tournaments
    tournament_watch: TournamentWatch
    presence: Presence
    pairing: PairingLive
    password_checks: PasswordChecks = field(default_factory=PasswordChecks)
    """Sign-ins and registrations run here, in threads of their own, never in the pool every
    other request needs; past its bound they are answered 503 at once."""
    mailer: Mailer | None = None
    metrics: Metrics = field(default_factory=Metrics)
    draining: bool = False
    """Set once the process was told to stop (SIGTERM): ``/readyz`` answers 503 from then on."""

    @classmethod
    def create(cls, settings: Settings, now: TimeSource = wall_clock) -> Services:
        """The services of one process; ``now`` is where the clocks read the time."""
        db = Database(settings.database_url)
        presence = Presence(
            settings.redis_url, namespace=settings.database_url, now=now, grace=settings.presence_grace_seconds
        )
        tables = Tables.create(db, settings, now, presence)
        hub = Hub(settings.redis_url)
        presence.watched = hub.channels
        presence.deliver = hub.deliver_here
        hub.seats_changed = presence.forget

        async def seated(table_ids: list[str]) -> dict[str, list[int | None]]:
            return await run_in_threadpool(tables.views.people, table_ids)

        presence.seated = seated
        publisher = Publisher(hub)
        leases = BotLeases(
            db, f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}", settings.bot_lease_seconds
        )
        metrics = Metrics()
        bots = BotPlayer(
            tables.moves, publisher.publish, settings.bot_workers, leases, settings.background_workers, metrics,
            stand_in_pace=settings.stand_in_pace_seconds, now=now,
        )  # fmt: skip
        reviews = Reviews(db, tables.history)
        reviewer = ReviewRunner(reviews, bots, hub.publish, settings)
        mailer = Mailer.from_url(settings.smtp_url) if settings.smtp_url else None
        clocks = ClockWatch(
            tables.timeouts, publisher.publish, settings.clock_check_seconds, mailer, settings.public_url,
            idle=tables.idle, idle_interval=settings.idle_check_seconds,
        )  # fmt: skip
        publisher.connect(bots=bots, clocks=clocks, reviews=reviewer)
        tournaments = Tournaments(db, tables.arrangements, settings, now)
        tournament_watch = TournamentWatch(tournaments, publisher, hub, settings.tournament_check_seconds, mailer)
        publisher.follow_endings(tournament_watch)
        hints = Hints(bots, settings)
        limiter = RateLimiter(settings.rate_limits, settings.redis_url, namespace=settings.database_url)
        limiter.on_refusal = lambda action: metrics.rate_limit_refusals.labels(action).inc()
        service = cls(
            settings=settings,
            db=db,
            accounts=Accounts(db, settings.limits, settings.session_idle_days),
            emails=EmailSettings(db, settings.limits, now),
            tables=tables,
            hub=hub,
            publisher=publisher,
            bots=bots,
            reviews=reviews,
            reviewer=reviewer,
            analysis=Analysis(tables.history, hints, settings),
            limiter=limiter,
            hints=hints,
            clocks=clocks,
            mailer=mailer,
            profiles=Profiles(db),
            leaderboards=Leaderboards(db, settings.leaderboard_min_games),
            friends=Friends(db, settings.public_url),
            rematches=Rematches(tables.store, tables.views, tables.seating, settings.limits),
            spectators=Spectators(settings.redis_url, namespace=settings.database_url),
            admission=LiveAdmission(settings.limits.live_per_address, settings.limits.anonymous_watchers_per_table),
            tournaments=tournaments,
            tournament_watch=tournament_watch,
            presence=presence,
            metrics=metrics,
            pairing=PairingLive(PairingRequests(db, tables.arrangements, settings.pairing, now), hub, publisher),
        )
        return service
