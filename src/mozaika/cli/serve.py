"""``mozaika serve``: the game server."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import replace
from typing import Annotated

import typer

from mozaika.bots import LEVELS
from mozaika.cli.common import console, fail

LOG_FORMATS = ("text", "json")
"""As :data:`mozaika.server.ops.logs.LOG_FORMATS` (the server is imported only when it runs)."""
METRICS_TOKEN_ENV = "MOZAIKA_METRICS_TOKEN"


def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the database, e.g. postgresql+psycopg://user:pass@host/mozaika "
            "(default: $MOZAIKA_DATABASE_URL, else SQLite in your data directory)."
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(help="Redis URL, to share live events with other server processes (default: $MOZAIKA_REDIS_URL)."),
    ] = None,
    bot_workers: Annotated[
        int | None, typer.Option(min=1, help="Processes that search bot moves (default: cores - 1, at least 1).")
    ] = None,
    background_workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Processes, at a lower CPU priority, that search hints, the analysis board and reviews "
            "(a bot's move never waits for them).",
        ),
    ] = 1,
    replacement_bot: Annotated[
        str, typer.Option(help="The bot level that plays on for a player who leaves a running game.")
    ] = "medium",
    hint_bot: Annotated[
        str,
        typer.Option(help="The level whose search answers hints and the analysis board (one that searches)."),
    ] = "expert",
    review_bot: Annotated[
        str, typer.Option(help="The level whose search reviews finished games (one that searches).")
    ] = "expert",
    stand_in_pace: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Seconds a stand-in bot (playing the seat of a player who left or ran out of time) takes "
            "for a move while other people play on: a person's pace, so that its player can come back.",
        ),
    ] = 4.0,
    hand_over_after: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Seconds a player of an untimed friendly game must have been away before the others may hand "
            "their seat to a stand-in bot (they take it back on their return).",
        ),
    ] = 300.0,
    presence_grace: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Seconds a player stays shown at the table after their last connection closed (so that a "
            "reload does not flicker).",
        ),
    ] = 20.0,
    bot_lease_seconds: Annotated[
        float,
        typer.Option(
            min=1.0,
            help="How long a process's claim to play a table's bots lasts unrenewed: when the process dies, "
            "the longest before another takes the table's bots over.",
        ),
    ] = 10.0,
    secure_cookies: Annotated[
        bool, typer.Option("--secure-cookies", help="Send the session cookie over HTTPS only (behind TLS).")
    ] = False,
    review_every_game: Annotated[
        bool,
        typer.Option(help="Review every game as it ends (any finished game can also be reviewed on request)."),
    ] = True,
    review_seconds: Annotated[
        float, typer.Option(min=0.01, help="The most search seconds a game's review takes, split over its moves.")
    ] = 30.0,
    leaderboard_min_games: Annotated[
        int,
        typer.Option(
            min=1,
            help="Rated games of a game and variant a player needs to be on its leaderboard "
            "(below 5 their rating is marked provisional).",
        ),
    ] = 1,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN",
            help="Another site (https://example.org) whose pages may act for their users here; repeatable. "
            "The server's own pages always may.",
        ),
    ] = None,
    no_rate_limits: Annotated[
        bool,
        typer.Option(
            "--no-rate-limits",
            help="Turn the rate limits and the cap of connections per address off: for load tests on loopback only.",
        ),
    ] = False,
    connections_per_address: Annotated[
        int,
        typer.Option(
            min=1,
            help="Connections (HTTP and WebSocket) one address may hold open at once; a --proxy-ip's are not counted.",
        ),
    ] = 64,  # Limits.connections_per_address: the server's modules load only once it starts
    smtp: Annotated[
        str | None,
        typer.Option(
            help="SMTP URL for turn-based e-mail reminders, e.g. smtp+starttls://user:pass@mail.example.org"
            "?from=mozaika@example.org (default: no e-mail)."
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="The address players reach the server at, for links in e-mails (default: this one)."),
    ] = None,
    proxy_ip: Annotated[
        list[str] | None,
        typer.Option(
            "--proxy-ip",
            metavar="ADDRESS",
            help="A reverse proxy's address (or network) whose X-Forwarded-For and X-Forwarded-Proto are believed; "
            "repeat for several. Without it no forwarding header is.",
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            metavar="NAME",
            help="A host name the server answers to besides IP addresses, localhost and the hosts of --public-url "
            "and --allowed-origin; repeat for several.",
        ),
    ] = None,
    metrics_ip: Annotated[
        list[str] | None,
        typer.Option(
            "--metrics-ip",
            metavar="ADDRESS",
            help="An address or network besides loopback that may read /metrics (a Prometheus on another host); "
            "repeatable. A bearer token in $MOZAIKA_METRICS_TOKEN also opens it.",
        ),
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the address in a browser.")] = False,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    log_format: Annotated[
        str, typer.Option(help="text (for people) or json (one object a line, each with its request's id).")
    ] = "text",
) -> None:
    """Run the game server: online tables for every game, live over WebSockets, stored in SQL.

    The database is created and migrated on the first start.  The API and its
    documentation are at http://HOST:PORT/docs.
    """
    from mozaika.server import Settings, serve

    settings = Settings.from_environment(database_url=database, redis_url=redis, bot_workers=bot_workers)
    if replacement_bot not in LEVELS:
        fail(f"--replacement-bot is one of {', '.join(LEVELS)}, not {replacement_bot!r}")
    searching = [name for name, level in LEVELS.items() if level.bot == "mcts"]
    for option, chosen in (("--hint-bot", hint_bot), ("--review-bot", review_bot)):
        if chosen not in searching:
            fail(f"{option} is a level that searches, one of {', '.join(searching)}, not {chosen!r}")
    address = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    proxies = tuple(proxy_ip or ())
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            fail(f"--proxy-ip takes an IP address or network (10.0.0.5, 10.0.0.0/24), not {proxy!r}")
    metrics_from = tuple(metrics_ip or ())
    for network in metrics_from:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            fail(f"--metrics-ip takes an IP address or network (10.0.0.5, 10.0.0.0/24), not {network!r}")
    if log_format not in LOG_FORMATS:
        fail(f"--log-format is one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    if log_level.lower() not in ("debug", "info", "warning", "error", "critical"):
        fail(f"--log-level is debug, info, warning or error, not {log_level!r}")
    if smtp is not None:
        from mozaika.server.players.mail import Mailer, MailSettingsError

        try:
            Mailer.from_url(smtp)
        except MailSettingsError as error:
            fail(f"--smtp: {error}")
    settings = replace(
        settings,
        secure_cookies=secure_cookies,
        replacement_bot=replacement_bot,
        hint_bot=hint_bot,
        review_bot=review_bot,
        stand_in_pace_seconds=stand_in_pace,
        hand_over_seconds=hand_over_after,
        presence_grace_seconds=presence_grace,
        bot_lease_seconds=bot_lease_seconds,
        review_every_game=review_every_game,
        review_seconds=review_seconds,
        leaderboard_min_games=leaderboard_min_games,
        allowed_origins=tuple(allowed_origin or ()),
        rate_limits=replace(settings.rate_limits, enabled=not no_rate_limits),
        limits=replace(
            settings.limits,
            connections_per_address=0 if no_rate_limits else connections_per_address,
            live_per_address=0 if no_rate_limits else settings.limits.live_per_address,
        ),
        smtp_url=smtp,
        public_url=public_url or address,
        trusted_proxies=proxies,
        background_workers=background_workers,
        allowed_hosts=tuple(allowed_host or ()),
        metrics_from=metrics_from,
        metrics_token=os.environ.get(METRICS_TOKEN_ENV) or None,
        log_format=log_format,
    )
    if log_format == "text":  # with json, standard error holds only JSON lines (uvicorn's say where it listens)
        console.print(
            f"Mozaika is serving at {address} (API documentation: {address}/docs)", highlight=False, soft_wrap=True
        )
    serve(settings, host=host, port=port, log_level=log_level, open_url=address if open_browser else None)
