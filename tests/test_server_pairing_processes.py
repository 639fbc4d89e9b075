"""Quick pairing across two server processes on one PostgreSQL database and one Redis: a hundred
requests at once, none seated twice, no two tables sharing one; a lobby on one process hears of a
table its player was paired to through the other."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine, text

from serverkit import postgres_database, require_services
from serverprocess import HttpPlayer, ServerProcess, two_servers

WISHES = [*[("azul", 2)] * 40, *[("chocolatier", 3)] * 30, *[("pavilion", 4)] * 30]
"""A hundred requests: 20 tables of two, 10 of three, 7 of four, and two players left waiting."""


def test_a_hundred_requests_over_two_processes_are_each_seated_once(tmp_path: Path) -> None:
    _, redis = require_services()
    with ExitStack() as running:
        postgres = running.enter_context(postgres_database())
        servers = []
        for name in ("first", "second"):
            server = ServerProcess(postgres, tmp_path / f"{name}.log", redis, 1, "--no-rate-limits").launch()
            running.callback(server.stop)
            servers.append(server)
        for server in servers:
            server.wait_until_ready()
        people = [HttpPlayer(servers[index % 2], f"P{index}") for index in range(len(WISHES))]
        start = threading.Barrier(len(people))

        def ask(index: int) -> dict[str, Any]:
            game, players = WISHES[index]
            start.wait()
            response = people[index].post("/api/pairing", {"game": game, "players": players})
            assert response.status_code == 200, response.text
            answer: dict[str, Any] = response.json()
            return answer

        with ThreadPoolExecutor(len(people)) as pool:
            answers = list(pool.map(ask, range(len(people))))
        assert {answer["status"] for answer in answers} <= {"waiting", "paired"}
        # Whoever answered "waiting" may since have been seated by a later request; the regular look
        # seats anyone a race left waiting within a second.
        deadline = time.monotonic() + 30
        while True:
            states = [person.get("/api/pairing") for person in people]
            if Counter(state["status"] for state in states)["paired"] == 98 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert Counter(state["status"] for state in states) == {"paired": 98, "waiting": 2}
        for answer, state in zip(answers, states, strict=True):
            if answer["status"] == "paired":  # what was answered stands
                assert (answer["table"], answer["seat"]) == (state["table"], state["seat"])
        assert {WISHES[index] for index, state in enumerate(states) if state["status"] == "waiting"} == {
            ("pavilion", 4)
        }

        # Each table: its players are exactly the requests paired to it, each in the seat it was told.
        tables: dict[str, list[tuple[int, int]]] = {}
        for index, state in enumerate(states):
            if state["status"] == "paired":
                tables.setdefault(state["table"], []).append((state["seat"], index))
        assert sorted(Counter(len(seats) for seats in tables.values()).items()) == [(2, 20), (3, 10), (4, 7)]
        for table_id, seats in tables.items():
            view = people[seats[0][1]].get(f"/api/tables/{table_id}")
            assert view["status"] == "running"
            assert sorted(seat for seat, _ in seats) == list(range(view["players"]))
            for seat, index in seats:
                assert view["seats"][seat]["name"] == f"P{index}"
                assert WISHES[index] == (view["game"], view["players"])
        # And in the database: no player holds two seats at these tables, and no other table was made.
        engine = create_engine(postgres)
        try:
            with engine.connect() as connection:
                seated = connection.execute(text("SELECT player_id FROM seats")).scalars().all()
                made = connection.execute(text("SELECT count(*) FROM game_tables")).scalar()
        finally:
            engine.dispose()
        assert len(seated) == len(set(seated)) == 98 and made == 37


def test_a_lobby_on_one_process_hears_of_a_pairing_made_through_the_other(tmp_path: Path) -> None:
    _, redis = require_services()
    with ExitStack() as running:
        postgres = running.enter_context(postgres_database())
        first, second = two_servers(running, postgres, redis, tmp_path)
        alice, bob = HttpPlayer(first, "Alice"), HttpPlayer(first, "Bob")

        async def wait_on_second() -> dict[str, Any]:
            address = f"ws://127.0.0.1:{second.port}/api/lobby/live"
            async with websockets.connect(address, additional_headers=alice.headers) as socket:
                await asyncio.sleep(0.5)  # the subscription to Alice's channel reaches Redis
                assert (await asyncio.to_thread(alice.post, "/api/pairing", {"game": "azul", "players": 2})).json()[
                    "status"
                ] == "waiting"
                paired = (await asyncio.to_thread(bob.post, "/api/pairing", {"game": "azul", "players": 2})).json()
                while True:
                    event: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 30))
                    if event["type"] == "paired":
                        assert event["table"] == paired["table"] and event["seat"] == 1 - paired["seat"]
                        return event

        event = asyncio.run(wait_on_second())
        assert alice.get(f"/api/tables/{event['table']}")["you"] == event["seat"]
