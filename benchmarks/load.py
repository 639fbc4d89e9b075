"""Load test of the game server: many live tables at once, over WebSockets, on loopback.

Starts ``mozaika serve`` on a fresh SQLite database, opens ``--tables`` 2-player
Azul tables, and plays them all at the same time.  A share of the tables (``--bots``)
seat one scripted player against a bot; the others seat two scripted players.  A
scripted player is a browser without the page: it watches its table over a WebSocket,
and when it is its turn it waits a think time, then sends a random legal move as the
browser does (``POST /api/tables/{id}/moves``), and measures the time from sending the
move to receiving the broadcast of it.

    python benchmarks/load.py --tables 200 --seconds 60

Prints moves per second (every move, the bots' included), the 50th, 90th and 99th
percentiles of the submission-to-broadcast latency, and the CPU time the server
and its bot workers used per move, all measured after a warm-up (``--warmup``):
at the start every player connects and thinks at once, a burst no real lobby sees.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Measurements:
    measuring_from: float = 0.0
    """The end of the warm-up: only what happens after it is counted."""
    latencies: list[float] = field(default_factory=list)
    moments: list[float] = field(default_factory=list)
    """When each latency was measured (time.monotonic()), in the same order."""
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    finished_tables: int = 0
    elapsed: float = 0.0
    server_cpu: float = 0.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used (Linux /proc), with its finished children's."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def family_cpu_seconds(pid: int) -> float:
    """CPU time of a process and of its live children (the server and its bot workers)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                total += cpu_seconds(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return total


def start_server(
    folder: Path, bot_workers: int, rate_limits: bool = False, options: tuple[str, ...] = ()
) -> tuple[subprocess.Popen[bytes], str]:
    """The server on a fresh SQLite database, with ``options`` for ``mozaika serve``; without
    ``rate_limits`` (hundreds of players share one address)."""
    port = free_port()
    command = [
        sys.executable, "-m", "mozaika", "serve", "--port", str(port),
        "--database", f"sqlite:///{folder / 'load.db'}", "--bot-workers", str(bot_workers), "--log-level", "warning",
    ]  # fmt: skip
    if not rate_limits:
        command.append("--no-rate-limits")
    command += options
    server = subprocess.Popen(command, stdout=(folder / "server.log").open("wb"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return server, url
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start:\n" + (folder / "server.log").read_text())


async def guest(client: httpx.AsyncClient, name: str) -> dict[str, str]:
    response = await client.post("/api/guests", json={"name": name})
    response.raise_for_status()
    return {"Authorization": f"Bearer {response.json()['token']}"}


async def open_table(client: httpx.AsyncClient, number: int, with_bot: bool) -> tuple[str, list[dict[str, str]]]:
    first = await guest(client, f"Player {number}a")
    seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"} if with_bot else {"kind": "open"}]
    created = await client.post("/api/tables", json={"game": "azul", "players": 2, "seats": seats}, headers=first)
    created.raise_for_status()
    table_id = created.json()["table"]["id"]
    players = [first]
    if not with_bot:
        second = await guest(client, f"Player {number}b")
        (await client.post(f"/api/tables/{table_id}/join", json={}, headers=second)).raise_for_status()
        players.append(second)
    return table_id, players


async def scripted_player(
    client: httpx.AsyncClient, address: str, table_id: str, seat: int, headers: dict[str, str],
    think: tuple[float, float],
    deadline: float, rng: random.Random, measured: Measurements, counts_moves: bool,
) -> None:  # fmt: skip
    """Plays one seat until the game ends or the time is up, measuring its own moves' latency."""
    # A browser answers the server's pings and sends none of its own (the websockets library's
    # default pings every 20 s, which would charge the server for 400 clients' keep-alives).
    live_address = f"{address}/api/tables/{table_id}/live"
    async with websockets.connect(live_address, additional_headers=headers, ping_interval=None) as live:
        hello = json.loads(await live.recv())["table"]
        seq, legal = hello["seq"], hello["legal_moves"]
        sent_at: float | None = None
        while time.monotonic() < deadline:
            if legal and sent_at is None:
                await asyncio.sleep(rng.uniform(*think))
                sent_at = time.perf_counter()
                body = {"move": rng.choice(legal), "seq": seq, "view": False}  # as the browser sends it
                answer = await send_move(client, table_id, body, headers)
                if answer.status_code != 200:
                    measured.errors.append(answer.json()["error"]["message"])
                    sent_at = None
                    continue
            try:
                message = json.loads(await asyncio.wait_for(live.recv(), max(0.1, deadline - time.monotonic())))
            except TimeoutError:
                break
            if message["type"] == "error":
                measured.errors.append(message["error"]["message"])
                sent_at = None
                continue
            if message["type"] != "step":
                continue
            counting = time.monotonic() >= measured.measuring_from
            for entry in message["entries"]:
                if entry["kind"] == "move" and counts_moves and counting:
                    measured.moves += 1
                if entry["kind"] == "move" and entry["seat"] == seat and sent_at is not None:
                    if counting:
                        measured.latencies.append(time.perf_counter() - sent_at)
                        measured.moments.append(time.monotonic())
                    sent_at = None
            seq = message["seq"]
            legal = message.get("legal_moves", {}).get(str(seat), [])
            if message["status"] == "finished":
                if counts_moves:
                    measured.finished_tables += 1
                return


async def send_move(
    client: httpx.AsyncClient, table_id: str, body: dict[str, Any], headers: dict[str, str]
) -> httpx.Response:
    """The move sent as the browser sends it, again if the connection was closed under it.

    The server closes a connection idle past its keep-alive time, and a request can meet the
    close on its way out. Sending the move again is safe: had the first arrived, the second
    quotes a sequence number already played, and is refused without changing anything.
    """
    address = f"/api/tables/{table_id}/moves"
    for _ in range(2):
        try:
            return await client.post(address, json=body, headers=headers)
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.WriteError):
            continue
    return await client.post(address, json=body, headers=headers)


async def run(
    url: str,
    server: int,
    tables: int,
    bot_share: float,
    seconds: float,
    warmup: float,
    think: tuple[float, float],
    seed: int,
) -> Measurements:
    rng = random.Random(seed)
    measured = Measurements()
    # The tables are set up over a few connections (hundreds opened at once overflow the
    # server's queue of new connections); then every scripted player keeps a connection of its
    # own, as a browser does.
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=httpx.Limits(max_connections=50)) as client:
        setups = [open_table(client, number, number < tables * bot_share) for number in range(tables)]
        opened = await asyncio.gather(*setups)
        for table_id, players in opened:
            (await client.post(f"/api/tables/{table_id}/start", headers=players[0])).raise_for_status()
    limits = httpx.Limits(max_connections=2 * tables + 10, max_keepalive_connections=2 * tables + 10)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        await play(client, url, server, opened, seconds, warmup, think, rng, measured)
    return measured


async def play(
    client: httpx.AsyncClient, url: str, server: int, opened: list[tuple[str, list[dict[str, str]]]],
    seconds: float, warmup: float, think: tuple[float, float], rng: random.Random, measured: Measurements,
) -> None:  # fmt: skip
    address = url.replace("http://", "ws://")
    # Every player connects and thinks at once at the start: a burst no real lobby sees.
    # The warm-up lets it pass, then the steady state is measured.
    measured.measuring_from = time.monotonic() + warmup
    deadline = measured.measuring_from + seconds
    cpu_before: list[float] = []
    asyncio.get_running_loop().call_at(measured.measuring_from, lambda: cpu_before.append(family_cpu_seconds(server)))
    players = [
        scripted_player(
            client,
            address,
            table_id,
            seat,
            headers,
            think,
            deadline,
            random.Random(rng.random()),
            measured,
            seat == 0,
        )
        for table_id, seats in opened
        for seat, headers in enumerate(seats)
    ]
    await asyncio.gather(*players)
    measured.elapsed = time.monotonic() - measured.measuring_from
    measured.server_cpu = family_cpu_seconds(server) - cpu_before[0]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--bots", type=float, default=0.5, help="Share of the tables where one seat is a bot.")
    parser.add_argument("--seconds", type=float, default=60.0, help="How long to measure.")
    parser.add_argument("--warmup", type=float, default=10.0, help="How long to play before measuring.")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"),
                        help="A scripted player's think time before each move, in seconds (uniform).")  # fmt: skip
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mozaika-load-") as folder:
        server, url = start_server(Path(folder), options.bot_workers)
        try:
            measured = asyncio.run(
                run(
                    url,
                    server.pid,
                    options.tables,
                    options.bots,
                    options.seconds,
                    options.warmup,
                    tuple(options.think),
                    options.seed,
                )
            )
        finally:
            server.terminate()
            server.wait(30)
    latencies = measured.latencies
    figures: dict[str, Any] = {
        "tables": options.tables,
        "bot_tables": int(options.tables * options.bots),
        "seconds": round(measured.elapsed, 1),
        "warmup_seconds": options.warmup,
        "think_seconds": list(options.think),
        "moves": measured.moves,
        "moves_per_second": round(measured.moves / measured.elapsed, 1),
        "measured_submissions": len(latencies),
        "latency_ms": {
            "p50": round(1000 * percentile(latencies, 0.50), 1),
            "p90": round(1000 * percentile(latencies, 0.90), 1),
            "p99": round(1000 * percentile(latencies, 0.99), 1),
            "mean": round(1000 * statistics.fmean(latencies), 1),
        }
        if latencies
        else None,
        "finished_tables": measured.finished_tables,
        "refused_moves": len(measured.errors),
        "server_cpu_ms_per_move": round(1000 * measured.server_cpu / max(1, measured.moves), 2),
        "cpu_count": os.cpu_count(),
    }
    if options.json:
        print(json.dumps(figures, indent=1))
        return
    lat = figures["latency_ms"] or {}
    print(
        f"{figures['tables']} live tables ({figures['bot_tables']} with a bot), {figures['seconds']} s "
        f"after {options.warmup} s of warm-up, "
        f"think time {options.think[0]}-{options.think[1]} s: {figures['moves']} moves, "
        f"{figures['moves_per_second']} moves/s; submission to broadcast over {len(latencies)} moves: "
        f"p50 {lat.get('p50')} ms, p90 {lat.get('p90')} ms, p99 {lat.get('p99')} ms; "
        f"{figures['finished_tables']} games finished, {figures['refused_moves']} moves refused; "
        f"server and bot workers used {figures['server_cpu_ms_per_move']} ms of CPU per move"
    )


if __name__ == "__main__":
    main()


def latency_figures(latencies: list[float], what: str = "moves") -> dict[str, Any] | None:
    """How many ``what`` were measured, and their 50th, 90th and 99th percentiles in milliseconds."""
    if not latencies:
        return None
    return {
        what: len(latencies),
        "p50_ms": round(1000 * percentile(latencies, 0.50), 1),
        "p90_ms": round(1000 * percentile(latencies, 0.90), 1),
        "p99_ms": round(1000 * percentile(latencies, 0.99), 1),
    }


def measure_on_a_fresh_server(
    measure: Callable[[str, Any], Awaitable[dict[str, Any]]],
    options: Any,
    *,
    bot_workers: int = 1,
    server_options: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Start the server (rate limits on, as deployed) on a fresh database, ``measure(url, options)``, stop it."""
    with tempfile.TemporaryDirectory(prefix="mozaika-bench-") as folder:
        server, url = start_server(Path(folder), bot_workers, rate_limits=True, options=server_options)
        try:
            return asyncio.run(measure(url, options))
        finally:
            server.terminate()
            server.wait(30)
