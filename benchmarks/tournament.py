"""A Swiss tournament played by scripted players through the HTTP API, with the time each round's pairing took.

Starts ``mozaika serve`` on a fresh SQLite database, registers ``--players`` accounts, and
holds a ``--rounds``-round Swiss of 2-player Azul (``--table-size`` for tables of 3 or 4).
The creator starts it; every table of every round is played by its players' scripted
stand-ins, who move as a browser does (``POST /api/tables/{id}/moves``), each choosing a
random legal move from the table's view as their session sees it. The next round is paired
by the server when the last table of a round ends, and heard of over the tournament's live
channel (``WS /api/tournaments/{id}/live``).

    python benchmarks/tournament.py --players 64 --rounds 6

Prints, for each round, the time the server took to pair it (reading the standings and
searching the Swiss pairing, from the server's log) and to make and begin its tables (in the
same transaction), how long the round was played, and at the end the rematches (none while
avoidable) and the final top of the standings.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))

from load import start_server

PAIRED = re.compile(r"round (\d+) paired in ([\d.]+) ms \((\d+) players\), its (\d+) tables made in ([\d.]+) ms")


async def register(client: httpx.AsyncClient, name: str) -> dict[str, str]:
    answer = await client.post("/api/accounts", json={"username": name, "password": "correct horse battery"})
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['token']}"}


async def play_table(
    client: httpx.AsyncClient, table_id: str, players: dict[int, dict[str, str]], rng: random.Random
) -> int:
    """The table's players make random legal moves until the game ends; returns the moves made."""
    seat_players = [players[seat["id"]] for seat in await seats(client, table_id, players)]
    view = await read(client, table_id, seat_players[0])
    moves = 0
    while view["status"] == "running":
        mover = seat_players[view["to_move"][0]]
        mine = await read(client, table_id, mover)
        if mine["status"] != "running" or not mine["legal_moves"]:
            view = mine
            continue
        body = {"move": rng.choice(mine["legal_moves"]), "seq": mine["seq"]}
        try:
            answer = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=mover)
        except httpx.TransportError:  # a kept connection the server closed meanwhile: read the table again
            view = await read(client, table_id, mover)
            continue
        if answer.status_code == 409:  # the move was played before its answer was lost
            view = await read(client, table_id, mover)
            continue
        answer.raise_for_status()
        view = answer.json()["table"]
        moves += 1
    return moves


async def read(client: httpx.AsyncClient, table_id: str, headers: dict[str, str]) -> dict[str, Any]:
    """The table as this player sees it (asked again when a kept connection was closed under the request)."""
    for _ in range(5):
        try:
            answer = await client.get(f"/api/tables/{table_id}", headers=headers)
        except httpx.TransportError:
            continue
        answer.raise_for_status()
        found: dict[str, Any] = answer.json()
        return found
    raise SystemExit(f"table {table_id} could not be read")


async def seats(client: httpx.AsyncClient, table_id: str, players: dict[int, dict[str, str]]) -> list[dict[str, Any]]:
    """The table's seats in order, each with its player's id (as each player's own view says)."""
    found: dict[int, int] = {}
    for player_id, headers in players.items():
        found[(await read(client, table_id, headers))["you"]] = player_id
    return [{"seat": seat, "id": found[seat]} for seat in sorted(found)]


async def run(arguments: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="mozaika-tournament-"))
    server, url = start_server(folder, 1, options=("--log-level", "info"))
    rng = random.Random(arguments.seed)
    try:
        limits = httpx.Limits(max_connections=arguments.connections)
        async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
            began = time.perf_counter()
            gate = asyncio.Semaphore(4)

            async def one(number: int) -> dict[str, str]:
                async with gate:
                    return await register(client, f"swiss{number:03d}")

            tokens = await asyncio.gather(*(one(number) for number in range(arguments.players)))
            ids = [(await client.get("/api/me", headers=headers)).json()["id"] for headers in tokens]
            by_id = dict(zip(ids, tokens, strict=True))
            print(f"{arguments.players} accounts registered in {time.perf_counter() - began:.1f} s")
            created = await client.post(
                "/api/tournaments",
                json={"name": "Benchmark Swiss", "game": "azul", "players": arguments.table_size, "clock": "fast",
                      "rounds": arguments.rounds, "format": "swiss"},
                headers=tokens[0],
            )  # fmt: skip
            created.raise_for_status()
            tournament = created.json()["id"]
            for headers in tokens[1:]:
                (await client.post(f"/api/tournaments/{tournament}/join", headers=headers)).raise_for_status()
            live_url = url.replace("http", "ws", 1) + f"/api/tournaments/{tournament}/live"
            async with websockets.connect(live_url) as live:
                started = await client.post(f"/api/tournaments/{tournament}/start", headers=tokens[0])
                started.raise_for_status()
                page = started.json()
                round_times: list[float] = []
                moves = 0
                while page["status"] == "running":
                    number = page["round"]
                    tables = page["rounds"][-1]["tables"]
                    round_began = time.perf_counter()
                    played = await asyncio.gather(*(
                        play_table(client, table["table"], {p["id"]: by_id[p["id"]] for p in table["players"]}, rng)
                        for table in tables
                    ))  # fmt: skip
                    moves += sum(played)
                    round_times.append(time.perf_counter() - round_began)
                    # The last table's end pairs the next round (or ends the tournament): the live event says so.
                    while True:
                        event = json.loads(await asyncio.wait_for(live.recv(), 60))
                        if event["round"] != number or event["status"] != "running":
                            break
                    page = (await client.get(f"/api/tournaments/{tournament}", headers=tokens[0])).json()
            total = time.perf_counter() - began
        report(page, round_times, moves, total, (folder / "server.log").read_text())
    finally:
        server.terminate()
        server.wait(timeout=30)


def report(page: dict[str, Any], round_times: list[float], moves: int, total: float, log: str) -> None:
    pairings = {int(m[1]): (float(m[2]), int(m[3]), int(m[4]), float(m[5])) for m in PAIRED.finditer(log)}
    print(f"\n{len(page['standings'])} players, {len(page['rounds'])} rounds, status {page['status']}, "
          f"{moves} moves in {total:.1f} s\n")  # fmt: skip
    print("| round | players | tables | bye | pairing | tables made | round played |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for played, seconds in zip(page["rounds"], round_times, strict=True):
        pairing, players, tables, made = pairings[played["round"]]
        bye = "yes" if played["bye"] else "no"
        print(
            f"| {played['round']} | {players} | {tables} | {bye} | {pairing:.1f} ms | {made:.1f} ms | {seconds:.1f} s |"
        )
    met: dict[frozenset[int], int] = {}
    for played in page["rounds"]:
        for table in played["tables"]:
            for pair in combinations([p["id"] for p in table["players"]], 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    print(f"\nrematches: {sum(count - 1 for count in met.values() if count > 1)}")
    print("top of the standings:")
    for line in page["standings"][:5]:
        print(f"  {line['rank']}. {line['name']}: {line['points']:g} points, Buchholz {line['buchholz']:g}, "
              f"score {line['score']}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--table-size", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--connections", type=int, default=32, help="HTTP connections the players share")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
