"""A tournament across two server processes sharing PostgreSQL and Redis: a round paired through one
reaches the watchers of the other, and the game that ends it on one moves the tournament on for both."""

from __future__ import annotations

import asyncio
import json
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import websockets

from serverkit import postgres_database, require_services
from serverprocess import ServerProcess, http_client, two_servers


class Account:
    def __init__(self, server: ServerProcess, username: str) -> None:
        self.client = http_client(server.url)
        answer = self.client.post("/api/accounts", json={"username": username, "password": "correct horse battery"})
        answer.raise_for_status()
        self.client.cookies.clear()
        self.client.headers["Authorization"] = f"Bearer {answer.json()['token']}"
        self.id = self.client.get("/api/me").json()["id"]

    def get(self, path: str) -> Any:
        return self.client.get(path).json()

    def post(self, path: str, body: Any = None) -> httpx.Response:
        return self.client.post(path, json=body or {})


def test_a_round_paired_and_ended_through_one_server_reaches_the_other(tmp_path: Path) -> None:
    _, redis = require_services()
    with ExitStack() as running:
        postgres = running.enter_context(postgres_database())
        first, second = two_servers(running, postgres, redis, tmp_path)
        jana, petr = Account(first, "jana"), Account(second, "petr")
        created = jana.post("/api/tournaments", {"name": "Two servers", "game": "azul", "players": 2, "rounds": 1})
        tid = created.json()["id"]
        assert petr.post(f"/api/tournaments/{tid}/join").status_code == 200

        async def watch_on_second() -> list[dict[str, Any]]:
            async with websockets.connect(f"ws://127.0.0.1:{second.port}/api/tournaments/{tid}/live") as socket:
                await asyncio.sleep(0.5)  # subscribed before the start
                started = await asyncio.to_thread(jana.post, f"/api/tournaments/{tid}/start")
                assert started.status_code == 200, started.text
                events = [json.loads(await asyncio.wait_for(socket.recv(), 30))]
                table = events[0]["tables"][0]["table"]
                await asyncio.to_thread(play_out, table, {jana.id: jana, petr.id: petr})
                while events[-1]["status"] != "finished":
                    events.append(json.loads(await asyncio.wait_for(socket.recv(), 30)))
                return events

        events = asyncio.run(watch_on_second())
        assert events[0]["round"] == 1 and sorted(events[0]["tables"][0]["players"]) == sorted([jana.id, petr.id])
        assert events[-1]["status"] == "finished"
        page = petr.get(f"/api/tournaments/{tid}")
        assert page["status"] == "finished" and sum(line["points"] for line in page["standings"]) == 1.0


def play_out(table: str, players: dict[int, Account]) -> None:
    """Each player moves through their own server, a random legal move, until the game ends."""
    rng = random.Random(2)
    while True:
        for player in players.values():
            view = player.get(f"/api/tables/{table}")
            if view["status"] != "running":
                return
            if view["legal_moves"]:
                player.post(f"/api/tables/{table}/moves", {"move": rng.choice(view["legal_moves"]), "seq": view["seq"]})
