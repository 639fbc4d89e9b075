"""The bots' replies while people flood the server with questions for the expert, on loopback.

Starts ``mozaika serve`` (rate limits on, trusting loopback as its proxy so that each
asker comes from an address of its own) on a fresh SQLite database, opens ``--tables``
2-player Azul tables where a scripted player plays an ``easy`` bot, and measures each
bot's reply: from the broadcast of the player's move to the broadcast of the bot's.
First in quiet, then while ``--askers`` people each ask the analysis board's expert
about positions of their own (``POST /api/analysis/best``, a second of search each) as
fast as they are answered.

    python benchmarks/questions.py --tables 4 --askers 8 --seconds 20

Prints the bots' replies' 50th, 90th and 99th percentiles in each phase, and how the
questions were answered (200, 429 rate-limited, 503 busy).  Bounded: at most 20
tables, 32 askers and 120 s a phase, loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from collections import Counter
from typing import Any

import httpx
import websockets

from load import latency_figures, measure_on_a_fresh_server


async def bot_table(client: httpx.AsyncClient, number: int) -> tuple[str, dict[str, str]]:
    """A new player (from an address of their own) at a new table against an easy bot, started."""
    claimed = {"X-Forwarded-For": f"10.2.{number // 250 % 250}.{number % 250}"}
    answer = await client.post("/api/guests", json={"name": f"Player {number}"}, headers=claimed)
    answer.raise_for_status()
    headers = {"Authorization": f"Bearer {answer.json()['token']}", **claimed}
    created = await client.post(
        "/api/tables",
        json={"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]},
        headers=headers,
    )
    created.raise_for_status()
    table_id = created.json()["table"]["id"]
    (await client.post(f"/api/tables/{table_id}/start", headers=headers)).raise_for_status()
    return table_id, headers


async def player(
    client: httpx.AsyncClient,
    address: str,
    table_id: str,
    headers: dict[str, str],
    until: float,
    rng: random.Random,
    replies: list[tuple[float, float]],
) -> None:
    """Plays seat 1 at once whenever it is on turn; notes each bot reply's time and when it came."""
    async with websockets.connect(f"{address}/api/tables/{table_id}/live", additional_headers=headers) as live:
        hello = json.loads(await live.recv())["table"]
        seq, legal = hello["seq"], hello["legal_moves"]
        waiting_since: float | None = None
        while time.monotonic() < until:
            if legal:
                body = {"move": rng.choice(legal), "seq": seq, "view": False}  # as the browser sends it
                (await client.post(f"/api/tables/{table_id}/moves", json=body, headers=headers)).raise_for_status()
                legal = []
            try:
                message = json.loads(await asyncio.wait_for(live.recv(), max(0.1, until - time.monotonic())))
            except TimeoutError:
                return
            if message["type"] != "step":
                continue
            for entry in message["entries"]:
                if entry["kind"] != "move":
                    continue
                if entry["seat"] == 0:
                    waiting_since = time.perf_counter()
                elif waiting_since is not None:
                    replies.append((time.perf_counter() - waiting_since, time.monotonic()))
                    waiting_since = None
            seq = message["seq"]
            legal = message.get("legal_moves", {}).get("0", [])
            if message["status"] == "finished":
                return


async def asker(url: str, number: int, start: float, until: float, answers: Counter[int]) -> None:
    """One person asking the expert about new positions, from an address of their own."""
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    claimed = {"X-Forwarded-For": f"10.1.0.{number}"}
    async with httpx.AsyncClient(base_url=url, timeout=60, headers=claimed) as client:
        while time.monotonic() < until:
            board = await client.post("/api/analysis/start", json={"game": "azul", "players": 2 + number % 3})
            if board.status_code != 200:
                answers[board.status_code] += 1
                await asyncio.sleep(0.2)
                continue
            asked = await client.post("/api/analysis/best", json={"line": board.json()["line"]})
            answers[asked.status_code] += 1
            if asked.status_code != 200:
                await asyncio.sleep(0.2)


async def run(url: str, options: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(options.seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        tables = [await bot_table(client, number) for number in range(options.tables)]
    measuring_from = time.monotonic() + options.warmup
    flood_from = measuring_from + options.seconds
    until = flood_from + options.seconds
    replies: list[tuple[float, float]] = []
    answers: Counter[int] = Counter()
    address = url.replace("http://", "ws://")

    async def keep_playing(table_id: str, headers: dict[str, str]) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            while time.monotonic() < until:  # a finished game is followed by a new one
                await player(client, address, table_id, headers, until, random.Random(rng.random()), replies)
                if time.monotonic() < until:
                    table_id, headers = await bot_table(client, rng.randrange(1000, 60000))

    await asyncio.gather(
        *(keep_playing(table_id, headers) for table_id, headers in tables),
        *(asker(url, number, flood_from, until, answers) for number in range(options.askers)),
    )
    return {
        "tables": options.tables,
        "askers": options.askers,
        "seconds_per_phase": options.seconds,
        "quiet": latency_figures([took for took, at in replies if measuring_from <= at < flood_from], "replies"),
        "flood": latency_figures([took for took, at in replies if at >= flood_from], "replies"),
        "questions": {str(code): count for code, count in sorted(answers.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4, choices=range(1, 21), metavar="1-20")
    parser.add_argument("--askers", type=int, default=8, choices=range(1, 33), metavar="1-32")
    parser.add_argument("--seconds", type=float, default=20.0, help="How long each phase (quiet, flood) lasts.")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    options = parser.parse_args()
    if not 1 <= options.seconds <= 120:
        parser.error("--seconds is 1-120")
    result = measure_on_a_fresh_server(run, options, server_options=("--proxy-ip", "127.0.0.1"))
    if options.json:
        print(json.dumps(result, indent=1))
        return
    print(
        f"{result['tables']} tables of a player against an easy bot, {options.seconds} s quiet, then "
        f"{options.seconds} s of {result['askers']} people asking the analysis board's expert"
    )
    for phase in ("quiet", "flood"):
        found = result[phase] or {}
        print(
            f"  {phase:5}  bot replies {found.get('replies', 0):4}  p50 {found.get('p50_ms')} ms  "
            f"p90 {found.get('p90_ms')} ms  p99 {found.get('p99_ms')} ms"
        )
    answers = ", ".join(f"{count} x {code}" for code, count in result["questions"].items())
    print(f"  questions: {answers}")


if __name__ == "__main__":
    main()
