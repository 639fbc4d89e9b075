"""The community's pages at scale: profiles, leaderboards and the games in progress over 100,000 finished games.

Fills a fresh database (SQLite in a temporary folder, and PostgreSQL with ``--postgres URL``,
where a database of its own is created and dropped) as ``mozaika serve`` would have left it
after ``--games`` finished 2-4 player games among ``--players`` accounts (one of them,
the busiest, in a tenth of all games), with their per-player results and ratings, plus
``--running`` games being played (one in five invite-only).  Then asks the server, in
process, for ``--requests`` of each: a player's page (``GET /api/players/{name}``: the
busiest player's in one request of four), a leaderboard page (``GET /api/leaderboard/{game}``
with a random page and variant, signed in, so that the caller's own place is found), and
the games in progress (``GET /api/tables?status=playing``); and prints the 50th and 99th
percentiles of each, in milliseconds: through HTTP (in process), and in the services alone (the
queries and the making of the answers, without HTTP and its hops between threads).

    python benchmarks/community.py
    python benchmarks/community.py --postgres postgresql+psycopg://mozaika:mozaika@127.0.0.1:55433/mozaika
    python benchmarks/community.py --keep --sqlite /tmp/community.db --postgres ...   (fill once, measure again)

Bounded: at most 200,000 games and 2,000 requests of each kind.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import insert

from mozaika.server import Settings, create_app
from mozaika.server.boards import all_variants, variant_of
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import new_token, token_hash
from mozaika.server.ratelimit import RateLimits
from mozaika.server.services import Services
from mozaika.server.storage.community import GameResultRow, PlayerBoard
from mozaika.server.storage.database import Database, migrate
from mozaika.server.storage.models import GameTable, LoginSession, Player, Seat
from mozaika.server.tables.standings import standing_places

GAMES = ("azul", "chocolatier", "pavilion")
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "azul": [{"wall": "coloured"}, {"wall": "grey"}],
    "chocolatier": [{"box": "coloured", "special_factories": False}, {"box": "brown", "special_factories": True}],
    "pavilion": [{"board": "coloured"}, {"board": "colourless"}],
}
CHUNK = 5_000


def fill(url: str, games: int, players: int, running: int, rng: random.Random) -> str:
    """The database after these games; the busiest player's session token (for signed-in requests)."""
    database = Database(url)
    try:
        migrate(database.engine)
        start = datetime(2026, 1, 1, tzinfo=UTC)
        with database.engine.begin() as connection:
            connection.execute(
                insert(Player),
                [
                    {"id": n, "name": f"Player {n}", "username": f"player{n}", "rating_mu": 25.0,
                     "rating_sigma": 25.0 / 3, "rated_games": 0, "email_reminders": False, "email_confirmed": False,
                     "reminders_today": 0, "confirmations_today": 0, "email_invites": False, "created_at": start}
                    for n in range(1, players + 1)
                ],
            )  # fmt: skip
            token = new_token()
            session = {"token_hash": token_hash(token), "player_id": 1, "created_at": datetime.now(UTC)}
            connection.execute(insert(LoginSession), [session])
        boards: dict[tuple[int, str, str], dict[str, Any]] = {}
        tables: list[dict[str, Any]] = []
        seats: list[dict[str, Any]] = []
        results: list[dict[str, Any]] = []

        def flush() -> None:
            with database.engine.begin() as connection:
                connection.execute(insert(GameTable), tables)
                connection.execute(insert(Seat), seats)
                if results:
                    connection.execute(insert(GameResultRow), results)
            tables.clear()
            seats.clear()
            results.clear()

        for number in range(games + running):
            game = rng.choice(GAMES)
            options = rng.choice(OPTIONS[game])
            count = rng.choice((2, 2, 3, 4))
            seated = rng.sample(range(2, players + 1), count)
            if rng.random() < 0.1:
                seated[0] = 1  # the busiest player
            at = start + timedelta(minutes=number)
            table_id = f"t{number:07d}"
            finished = number < games
            scores = [rng.randint(0, 90) for _ in seated]
            best = max(scores)
            winners = [seat for seat, score in enumerate(scores) if score == best]
            tables.append(
                {"id": table_id, "game": game, "players": count, "options": options, "seed": number,
                 "status": "finished" if finished else "running", "owner_id": seated[0], "rated": True,
                 "undo_allowed": False, "seq": 100 if finished else 20, "to_move": [] if finished else [0],
                 "result": {"scores": scores, "winners": winners, "rounds": 5} if finished else None,
                 "created_at": at, "updated_at": at, "invite_only": not finished and rng.random() < 0.2,
                 "autostart": False}
            )  # fmt: skip
            for index, player in enumerate(seated):
                seats.append({"table_id": table_id, "index": index, "kind": "player", "player_id": player,
                              "replaced": False, "timed_out": False})  # fmt: skip
            if finished:
                places = standing_places(scores, winners, [False] * count)
                variant = variant_of(options)
                for index, player in enumerate(seated):
                    board = boards.setdefault(
                        (player, game, variant),
                        {"player_id": player, "game": game, "variant": variant, "played": 0, "won": 0,
                         "score_total": 0, "best_score": 0, "reviewed_games": 0, "review_loss": 0.0,
                         "review_decisions": 0, "mu": 25.0, "sigma": 25.0 / 3, "ordinal": 0.0, "rated_games": 0},
                    )  # fmt: skip
                    loss = rng.uniform(0, 60)
                    board["mu"] += (count / 2 - places[index]) * 0.3
                    board["sigma"] = max(1.0, board["sigma"] * 0.97)
                    board["ordinal"] = board["mu"] - 3 * board["sigma"]
                    board["played"] += 1
                    board["rated_games"] += 1
                    board["won"] += places[index] == 0
                    board["score_total"] += scores[index]
                    board["best_score"] = max(board["best_score"], scores[index])
                    board["reviewed_games"] += 1
                    board["review_loss"] += loss
                    board["review_decisions"] += 20
                    results.append(
                        {"table_id": table_id, "seat": index, "player_id": player, "game": game,
                         "variant": variant, "players": count, "score": scores[index], "place": places[index],
                         "won": places[index] == 0, "rated": True, "rating": board["ordinal"],
                         "review_loss": loss, "review_decisions": 20, "finished_at": at}
                    )  # fmt: skip
            if len(tables) >= CHUNK:
                flush()
        flush()
        with database.engine.begin() as connection:
            rows = list(boards.values())
            for first in range(0, len(rows), CHUNK):
                connection.execute(insert(PlayerBoard), rows[first : first + CHUNK])
            connection.exec_driver_sql("ANALYZE")  # as a database in use has its statistics
        return token
    finally:
        database.dispose()


def measure(url: str, token: str, players: int, requests: int, rng: random.Random) -> dict[str, list[float]]:
    """Milliseconds per request of each kind, through the application (in process)."""
    settings = Settings(
        database_url=url,
        start_bot_workers_early=False,
        review_every_game=False,
        allowed_hosts=("testserver",),
        rate_limits=RateLimits(enabled=False),
    )
    timings: dict[str, list[float]] = {"profile": [], "leaderboard": [], "playing": []}
    headers = {"Authorization": f"Bearer {token}"}
    with TestClient(create_app(settings)) as client:
        for _ in range(20):  # warm up: the first requests build FastAPI's and SQLAlchemy's caches
            client.get("/api/players/player1")
            client.get("/api/leaderboard/azul", headers=headers)
            client.get("/api/tables?status=playing")
        for number in range(requests):
            name = "player1" if number % 4 == 0 else f"player{rng.randint(2, players)}"
            game = rng.choice(GAMES)
            variant = rng.choice(all_variants(game))
            asks = {
                "profile": (f"/api/players/{name}", {}),
                "leaderboard": (
                    f"/api/leaderboard/{game}?variant={variant}&page={rng.randint(1, 20)}&size=25",
                    headers,
                ),
                "playing": ("/api/tables?status=playing", {}),
            }
            for kind, (address, sent) in asks.items():
                began = time.perf_counter()
                answer = client.get(address, headers=sent)
                timings[kind].append((time.perf_counter() - began) * 1000)
                if answer.status_code != 200:
                    raise SystemExit(f"{address}: {answer.status_code} {answer.text[:200]}")
    return timings


def measure_services(url: str, players: int, requests: int, rng: random.Random) -> dict[str, list[float]]:
    """Milliseconds per call of the services behind the same requests, in this thread: the queries and
    the answers' making, without HTTP and its hops between threads."""
    service = Services.create(Settings(database_url=url, review_every_game=False))
    busiest = Caller(player_id=1, name="Player 1")
    calls = {
        "profile": lambda name, game, variant: service.profiles.page(name),
        "leaderboard": lambda name, game, variant: service.leaderboards.board(
            game, variant, rng.randint(1, 20), 25, busiest.player_id
        ),
        "playing": lambda name, game, variant: service.tables.views.lobby(Caller(), "playing", False),
    }
    timings: dict[str, list[float]] = {kind: [] for kind in calls}
    try:
        for number in range(requests + 20):
            name = "player1" if number % 4 == 0 else f"player{rng.randint(2, players)}"
            game = rng.choice(GAMES)
            variant = rng.choice(all_variants(game))
            for kind, call in calls.items():
                began = time.perf_counter()
                call(name, game, variant)
                if number >= 20:  # the first calls warm the caches up
                    timings[kind].append((time.perf_counter() - began) * 1000)
    finally:
        service.db.dispose()
    return timings


def show(name: str, where: str, timings: dict[str, list[float]]) -> None:
    for kind, values in timings.items():
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(
            f"{name:10} {where:8} {kind:12} n={len(values):5}  p50 {statistics.median(values):6.1f} ms"
            f"  p99 {p99:6.1f} ms  {'ok' if p99 < 50 else 'OVER 50 ms'}"
        )


@contextlib.contextmanager
def postgres_database(server: str, keep: bool) -> Iterator[str]:
    """A database of its own on the PostgreSQL server: new and dropped after, or with ``keep`` one
    kept from run to run (``mozaika_bench_community``)."""
    import psycopg

    name = "mozaika_bench_community" if keep else f"mozaika_bench_{uuid.uuid4().hex[:10]}"
    admin = server.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server.rpartition('/')[0]}/{name}"
    finally:
        if not keep:
            with psycopg.connect(admin, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def filled(url: str) -> str | None:
    """The busiest player's session token, when the database holds a run's games already."""
    database = Database(url)
    try:
        migrate(database.engine)
        with database.engine.begin() as connection:
            if not connection.exec_driver_sql("SELECT count(*) FROM game_results").scalar():
                return None
            token = new_token()  # a fresh session for this run: a kept one may have ended
            session = {"token_hash": token_hash(token), "player_id": 1, "created_at": datetime.now(UTC)}
            connection.execute(insert(LoginSession), [session])
            return token
    finally:
        database.dispose()


def report(name: str, url: str, arguments: argparse.Namespace) -> None:
    rng = random.Random(arguments.seed)
    token = filled(url) if arguments.keep else None
    if token is None:
        began = time.perf_counter()
        token = fill(url, arguments.games, arguments.players, arguments.running, rng)
        print(f"{name}: {arguments.games:,} finished games and {arguments.running} running written in "
              f"{time.perf_counter() - began:.0f} s")  # fmt: skip
    else:
        print(f"{name}: the games of an earlier run")
    print(f"load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())} on {os.cpu_count()} cores")
    show(name, "HTTP", measure(url, token, arguments.players, arguments.requests, rng))
    show(name, "service", measure_services(url, arguments.players, arguments.requests, rng))
    print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--running", type=int, default=300)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--postgres", help="a PostgreSQL server's URL: a database of its own is made there")
    parser.add_argument("--sqlite", help="the SQLite file to use (by default one in a temporary folder)")
    parser.add_argument(
        "--keep", action="store_true", help="keep the filled databases, and measure those of an earlier run again"
    )
    arguments = parser.parse_args()
    if not 1 <= arguments.games <= 200_000 or not 1 <= arguments.requests <= 2_000 or arguments.players < 5:
        parser.error("at most 200,000 games and 2,000 requests, and at least 5 players")
    with tempfile.TemporaryDirectory() as folder:
        report("SQLite", f"sqlite:///{arguments.sqlite or Path(folder) / 'community.db'}", arguments)
    if arguments.postgres:
        with postgres_database(arguments.postgres, arguments.keep) as url:
            report("PostgreSQL", url, arguments)


if __name__ == "__main__":
    main()
