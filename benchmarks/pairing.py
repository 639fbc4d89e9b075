"""Quick pairing under load: simulated players asking, looking and taking back, over two server processes.

Makes a fresh PostgreSQL database, starts two ``mozaika serve`` processes on it sharing one
Redis (without rate limits: every player comes from one address), and lets ``--players``
scripted players (guests, half on each process) ask to be paired for one of a few games as
people do: players arrive over the first 70% of the run; each asks, then looks at the request
now and then (as a script without the lobby socket does: every 2-3 s) until paired (and goes to
the table for the rest of the run) or out of patience (a quarter change their minds within a
second, the others wait 1-8 s), takes it back, waits a moment and asks again, perhaps for
another game.  Measures each answer's time, and at the end checks in the
database that every table's seats are the requests the players were told were paired there,
and none twice.

    python benchmarks/pairing.py --postgres postgresql+psycopg://mozaika:mozaika@127.0.0.1:55432/mozaika \\
        --redis redis://127.0.0.1:56379/0 --players 500 --seconds 30

Prints one line: the answers of asking (``POST /api/pairing``), of all pairing requests, the
tables made, and how many requests were seated twice (must be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

WISHES = [
    ({"game": "azul", "players": 2, "clock": "fast"}, 5),
    ({"game": "azul", "players": 2, "clock": "normal"}, 3),
    ({"game": "pavilion", "players": 3, "clock": "normal"}, 2),
    ({"game": "chocolatier", "players": 4}, 1),
    ({"game": "azul", "players": 2, "options": {"wall": "grey"}, "clock": "slow"}, 1),
]
"""What the players ask for, with how often: most want a quick two-player Azul, as on any site."""


@dataclass
class Figures:
    asks: list[float] = field(default_factory=list)
    looks: list[float] = field(default_factory=list)
    cancels: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    told: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))
    """Each player's id: the tables they were told they were paired to."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def postgres_database(server: str) -> Iterator[str]:
    """A new database of its own on the PostgreSQL server, dropped after the run."""
    import psycopg

    name = f"mozaika_bench_pairing_{uuid.uuid4().hex[:10]}"
    admin = server.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def start_server(database: str, redis: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [
        sys.executable, "-m", "mozaika", "serve", "--port", str(port), "--database", database, "--redis", redis,
        "--bot-workers", "1", "--background-workers", "1", "--log-level", "warning", "--no-rate-limits",
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return server, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start:\n" + log.read_text())


async def timed(figures: list[float], send: Callable[[], Awaitable[httpx.Response]]) -> httpx.Response:
    """Sends a request, timing its answer; once more if the server had just closed the idle connection
    it went out on (every pairing request may be sent twice: the same request again is the same answer)."""
    for attempt in range(3):
        began = time.perf_counter()
        try:
            response = await send()
        except httpx.TransportError:
            if attempt == 2:
                raise
            continue
        figures.append((time.perf_counter() - began) * 1000)
        return response
    raise AssertionError("unreachable")


async def sign_up(client: httpx.AsyncClient, number: int, gate: asyncio.Semaphore) -> tuple[int, dict[str, str]]:
    """A guest for the player, before the run: signing up is not what is measured."""
    async with gate:
        created = await timed([], lambda: client.post("/api/guests", json={"name": f"P{number}"}))
        created.raise_for_status()
        headers = {"Authorization": f"Bearer {created.json()['token']}"}
        me = (await timed([], lambda: client.get("/api/me", headers=headers))).json()["id"]
    return me, headers


async def player(
    client: httpx.AsyncClient, me: int, headers: dict[str, str], until: float, rng: random.Random, figures: Figures
) -> None:
    await asyncio.sleep(rng.uniform(0, (until - time.monotonic()) * 0.7))  # people arrive over the run
    wishes, weights = zip(*WISHES, strict=True)
    while time.monotonic() < until:
        wish = rng.choices(wishes, weights)[0]
        answer = await timed(figures.asks, lambda wish=wish: client.post("/api/pairing", json=wish, headers=headers))
        if answer.status_code != 200:
            figures.errors[f"ask {answer.status_code}"] += 1
            await asyncio.sleep(1)
            continue
        state = answer.json()
        # A quarter change their minds at once; the others wait a few seconds at most.
        patience = time.monotonic() + (rng.uniform(0.2, 1.0) if rng.random() < 0.25 else rng.uniform(1, 8))
        while state["status"] == "waiting" and time.monotonic() < min(patience, until):
            look_at = time.monotonic() + rng.uniform(2.0, 3.0)
            if look_at > min(patience, until):
                await asyncio.sleep(max(0.0, min(patience, until) - time.monotonic()))
                break
            await asyncio.sleep(look_at - time.monotonic())
            looked = await timed(figures.looks, lambda: client.get("/api/pairing", headers=headers))
            state = looked.json() if looked.status_code == 200 else state
        if state["status"] == "waiting":
            taken = await timed(figures.cancels, lambda: client.delete("/api/pairing", headers=headers))
            state = taken.json() if taken.status_code == 200 else state
        if state["status"] == "paired":
            figures.told[me].add(state["table"])
            return  # at the table: a game lasts longer than the run
        await asyncio.sleep(rng.uniform(1.0, 3.0))  # a moment, then maybe another game


def seated(database: str) -> dict[int, set[str]]:
    """Each player's tables, as the database has them (every table here was made by pairing)."""
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT player_id, table_id FROM seats")).all()
    finally:
        engine.dispose()
    found: dict[int, set[str]] = defaultdict(set)
    for player_id, table_id in rows:
        found[player_id].add(table_id)
    return found


def percentile(values: list[float], share: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=1000, method="inclusive")[round(share * 1000) - 1]


async def run(urls: list[str], players: int, seconds: float, seed: int) -> Figures:
    figures = Figures()
    limits = httpx.Limits(max_connections=players, max_keepalive_connections=players)
    clients = [httpx.AsyncClient(base_url=url, timeout=60, limits=limits) for url in urls]
    gate = asyncio.Semaphore(20)
    try:
        accounts = await asyncio.gather(
            *(sign_up(clients[number % len(clients)], number, gate) for number in range(players))
        )
        until = time.monotonic() + seconds
        await asyncio.gather(*(
            player(clients[number % len(clients)], me, headers, until, random.Random(seed * 100_000 + number), figures)
            for number, (me, headers) in enumerate(accounts)
        ))  # fmt: skip
    finally:
        for client in clients:
            await client.aclose()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", default=os.environ.get("MOZAIKA_TEST_POSTGRES_URL"), required=False)
    parser.add_argument("--redis", default=os.environ.get("MOZAIKA_TEST_REDIS_URL"))
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    if not arguments.postgres or not arguments.redis:
        raise SystemExit("give --postgres URL and --redis URL (or MOZAIKA_TEST_POSTGRES_URL, MOZAIKA_TEST_REDIS_URL)")
    load_before = os.getloadavg()[0]
    with (
        tempfile.TemporaryDirectory(prefix="mozaika-pairing-") as folder,
        postgres_database(arguments.postgres) as database,
    ):
        servers = [start_server(database, arguments.redis, Path(folder) / f"server{index}.log") for index in (1, 2)]
        try:
            figures = asyncio.run(
                run([url for _, url in servers], arguments.players, arguments.seconds, arguments.seed)
            )
        finally:
            for process, _ in servers:
                process.terminate()
            for process, _ in servers:
                process.wait(30)
        in_database = seated(database)
    told = {player: tables for player, tables in figures.told.items() if tables}
    twice = sum(
        len(in_database.get(player, set()) ^ told.get(player, set())) for player in set(in_database) | set(told)
    )
    tables = len(set().union(*in_database.values())) if in_database else 0
    every = figures.asks + figures.looks + figures.cancels
    print(
        f"pairing: {arguments.players} players over 2 processes, {arguments.seconds:.0f} s: "
        f"{len(figures.asks)} asks p50 {percentile(figures.asks, 0.5):.1f} ms "
        f"p90 {percentile(figures.asks, 0.9):.1f} ms "
        f"p99 {percentile(figures.asks, 0.99):.1f} ms; {len(figures.looks)} looks, {len(figures.cancels)} taken back; "
        f"all {len(every)} pairing requests p99 "
        f"{percentile(every, 0.99):.1f} ms; {tables} tables; seated twice or unannounced: {twice}; "
        f"errors: {dict(figures.errors) or 'none'}; load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after, on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
