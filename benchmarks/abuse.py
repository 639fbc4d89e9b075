"""Abuse test of the game server: a flood of wrong sign-ins while live tables play, on loopback.

Starts ``mozaika serve`` (rate limits on, as deployed) on a fresh SQLite database,
registers the accounts under attack, opens ``--tables`` 2-player Azul tables played
by scripted WebSocket players (as in ``load.py``, some against a bot), and measures
their moves' submission-to-broadcast latency and the lobby's (``GET /api/tables``)
first in quiet, then while ``--threads`` threads send wrong passwords as fast as the
server answers: for one account, or with ``--accounts N`` for N accounts, each thread
from an address of its own in ``X-Forwarded-For`` (the server trusts loopback as its
proxy, ``--proxy-ip 127.0.0.1``), so that the flood is within the per-address limits
and each first attempt costs a password hash.  The attackers run in a process of their
own, at a lower CPU priority (``--attacker-niceness``, 10 by default), standing in for
machines of their own: the server gets the same flood, but the figures do not count
the attackers' own work on the shared cores as the server's latency.

    python benchmarks/abuse.py --tables 10 --seconds 20
    python benchmarks/abuse.py --tables 10 --seconds 20 --accounts 40 --threads 32

Prints the moves' and the lobby's 50th, 90th and 99th percentiles in each phase, and
how the sign-in attempts were answered (401 wrong password, 429 rate-limited, 503 busy)
with their own p99.  Bounded: at most 30 tables, 120 s a phase and 20,000 sign-in
attempts, loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import threading
import time
from collections import Counter
from multiprocessing.connection import Connection
from typing import Any

import httpx

from load import (
    Measurements,
    latency_figures,
    measure_on_a_fresh_server,
    open_table,
    percentile,
    scripted_player,
)

VICTIM, PASSWORD = "victim", "the right password"
MOST_ATTEMPTS = 20_000


def victims(accounts: int) -> list[str]:
    return [VICTIM] if accounts == 1 else [f"{VICTIM}{number}" for number in range(accounts)]


def flood_from_a_process_of_its_own(
    url: str, threads: int, accounts: int, start_at: float, seconds: float, niceness: int, results: Connection
) -> None:
    """The flood, from ``start_at`` (``time.time()``) for ``seconds``; sends back the answers' codes and times.

    In a process of its own, at a CPU priority ``niceness`` lower, standing in for the
    attackers' own machines: threads in the measuring process would make its event loop
    wait for their interpreter lock, and the attackers' own work (making requests, reading
    answers) would take the cores the server needs; the figures would count both as the
    server's latency.  The server gets the same flood either way.
    """
    if niceness:
        os.nice(niceness)
    time.sleep(max(0.0, start_at - time.time()))
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    codes: Counter[int] = Counter()
    times: list[float] = []
    flood(url, threads, accounts, stop, codes, times)
    timer.cancel()
    results.send((dict(codes), times))
    results.close()


def flood(
    url: str, threads: int, accounts: int, stop: threading.Event, codes: Counter[int], times: list[float]
) -> None:
    """``threads`` threads sending wrong passwords for the victims until ``stop`` (or the attempts run out)."""
    lock = threading.Lock()
    names = victims(accounts)

    def attacker(number: int) -> None:
        attempt = 0
        with httpx.Client(base_url=url, timeout=60) as client:
            while not stop.is_set():
                with lock:
                    if sum(codes.values()) >= MOST_ATTEMPTS:
                        return
                attempt += 1
                name = names[(number + attempt) % len(names)]
                # With several accounts, each thread comes from an address of its own (as its proxy says).
                claimed = {"X-Forwarded-For": f"10.0.0.{number}"}
                started = time.perf_counter()
                status = client.post(
                    "/api/sessions",
                    json={"username": name, "password": "a wrong guess"},
                    headers=claimed if accounts > 1 else None,
                )
                with lock:
                    codes[status.status_code] += 1
                    times.append(time.perf_counter() - started)

    workers = [threading.Thread(target=attacker, args=(number,)) for number in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


async def run(url: str, options: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(options.seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for number, name in enumerate(victims(options.accounts)):
            claimed = {"X-Forwarded-For": f"10.250.0.{number}"} if options.accounts > 1 else None
            registered = await client.post(
                "/api/accounts", json={"username": name, "password": PASSWORD}, headers=claimed
            )
            registered.raise_for_status()
        bot_tables = int(options.tables * options.bots)
        opened = [await open_table(client, number, number < bot_tables) for number in range(options.tables)]
        for table_id, players in opened:
            (await client.post(f"/api/tables/{table_id}/start", headers=players[0])).raise_for_status()
    measured = Measurements()
    measured.measuring_from = time.monotonic() + options.warmup
    flood_from = measured.measuring_from + options.seconds
    deadline = flood_from + options.seconds
    address = url.replace("http://", "ws://")
    think = tuple(options.think)
    players = [
        scripted_player(
            address, table_id, seat, headers, think, deadline, random.Random(rng.random()), measured, seat == 0
        )
        for table_id, seats in opened
        for seat, headers in enumerate(seats)
    ]
    codes: Counter[int] = Counter()
    sign_in_times: list[float] = []
    lobby: list[tuple[float, float]] = []

    async def attack() -> None:
        receiving, sending = multiprocessing.Pipe(duplex=False)
        start_at = time.time() + (flood_from - time.monotonic())
        niceness = options.attacker_niceness
        arguments = (url, options.threads, options.accounts, start_at, options.seconds, niceness, sending)
        attackers = multiprocessing.get_context("spawn").Process(
            target=flood_from_a_process_of_its_own, args=arguments, daemon=True
        )
        attackers.start()
        sending.close()
        found_codes, found_times = await asyncio.to_thread(receiving.recv)
        await asyncio.to_thread(attackers.join)
        codes.update(found_codes)
        sign_in_times.extend(found_times)

    async def look_at_the_lobby() -> None:
        """A player in the lobby: the list of tables, four times a second."""
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            while time.monotonic() < deadline:
                started = time.monotonic()
                (await client.get("/api/tables")).raise_for_status()
                if started >= measured.measuring_from:
                    lobby.append((time.monotonic() - started, started))
                await asyncio.sleep(0.25)

    await asyncio.gather(attack(), look_at_the_lobby(), *players)
    quiet = [lat for lat, at in zip(measured.latencies, measured.moments, strict=True) if at < flood_from]
    flooded = [lat for lat, at in zip(measured.latencies, measured.moments, strict=True) if at >= flood_from]
    return {
        "tables": options.tables,
        "bot_tables": bot_tables,
        "seconds_per_phase": options.seconds,
        "threads": options.threads,
        "accounts": options.accounts,
        "quiet": latency_figures(quiet),
        "flood": latency_figures(flooded),
        "lobby_quiet": latency_figures([took for took, at in lobby if at < flood_from]),
        "lobby_flood": latency_figures([took for took, at in lobby if at >= flood_from]),
        "sign_in_attempts": sum(codes.values()),
        "sign_in_answers": {str(code): count for code, count in sorted(codes.items())},
        "sign_in_p99_ms": round(1000 * percentile(sign_in_times, 0.99), 1) if sign_in_times else None,
        "refused_moves": len(measured.errors),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10, choices=range(1, 31), metavar="1-30")
    parser.add_argument("--bots", type=float, default=0.5, help="Share of the tables where one seat is a bot.")
    parser.add_argument("--seconds", type=float, default=20.0, help="How long each phase (quiet, flood) lasts.")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--threads", type=int, default=8, choices=range(1, 65), metavar="1-64")
    parser.add_argument(
        "--attacker-niceness",
        type=int,
        default=10,
        choices=range(20),
        metavar="0-19",
        help="How much lower the attackers' CPU priority is (0: they share the cores with the server equally).",
    )
    parser.add_argument("--accounts", type=int, default=1, choices=range(1, 201), metavar="1-200")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"))
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    options = parser.parse_args()
    if not 1 <= options.seconds <= 120:
        parser.error("--seconds is 1-120")
    trust = ("--proxy-ip", "127.0.0.1") if options.accounts > 1 else ()
    result = measure_on_a_fresh_server(run, options, bot_workers=options.bot_workers, server_options=trust)
    if options.json:
        print(json.dumps(result, indent=1))
        return
    whom = "one account" if options.accounts == 1 else f"{options.accounts} accounts from as many addresses"
    print(
        f"{result['tables']} live tables ({result['bot_tables']} with a bot), {options.seconds} s quiet, "
        f"then {options.seconds} s of {options.threads} threads sending wrong passwords for {whom}"
    )
    for phase in ("quiet", "flood"):
        for what, key in (("moves", phase), ("lobby", f"lobby_{phase}")):
            found = result[key] or {}
            print(
                f"  {phase:5}  {what:5} {found.get('moves', 0):5}  p50 {found.get('p50_ms')} ms  "
                f"p90 {found.get('p90_ms')} ms  p99 {found.get('p99_ms')} ms"
            )
    answers = ", ".join(f"{count} x {code}" for code, count in result["sign_in_answers"].items())
    print(f"  sign-in attempts {result['sign_in_attempts']}: {answers}; their p99 {result['sign_in_p99_ms']} ms")
    print(f"  refused moves {result['refused_moves']}")


if __name__ == "__main__":
    main()
