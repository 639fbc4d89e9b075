"""Clocks across real server processes: a SIGKILL keeps them, and two servers agree on them.

The clocks are wall-clock times stored with the table.  Instead of waiting minutes for
a bank to run out, a test moves a table's stored times back (as if the seat had been
thinking that much longer); the servers then find the deadline passed on their own.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import websockets

from serverkit import postgres_database, require_services, rewind_clocks
from serverprocess import HttpPlayer, ServerProcess, two_servers

CLOCK_FIELDS = ("running", "since", "deadline")


def timed_table(first: ServerProcess, second: ServerProcess, clock: str) -> tuple[str, HttpPlayer, HttpPlayer]:
    alice, bob = HttpPlayer(first, "Alice"), HttpPlayer(second, "Bob")
    table_id = alice.post("/api/tables", {"game": "azul", "players": 2, "clock": clock}).json()["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, alice, bob


def play_first(player: HttpPlayer, table_id: str) -> dict[str, Any]:
    view = player.get(f"/api/tables/{table_id}")
    response = player.post(f"/api/tables/{table_id}/moves", {"move": view["legal_moves"][0], "seq": view["seq"]})
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()["table"]
    return table


def stored_clocks(view: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What the server stores of each seat's clock (``remaining`` depends on when one asks)."""
    seats = view["clock"]["seats"]
    return [(*(seat[name] for name in CLOCK_FIELDS), seat["bank"] if not seat["running"] else None) for seat in seats]


def test_a_server_killed_during_a_timed_game_resumes_with_the_right_times(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'mozaika.db'}"
    server = ServerProcess(database, tmp_path / "server.log", None, 1, "--replacement-bot", "beginner").start()
    try:
        table_id, alice, bob = timed_table(server, server, "normal")
        play_first(alice, table_id)
        play_first(bob, table_id)
        before = alice.get(f"/api/tables/{table_id}")
        assert before["clock"]["seats"][0]["running"]
        server.kill()
        server.start()
        after = alice.get(f"/api/tables/{table_id}")
        assert stored_clocks(after) == stored_clocks(before)
        spent = after["clock"]["now"] - before["clock"]["now"]  # the running clock ran on meanwhile
        for seat, running in ((0, True), (1, False)):
            expected = before["clock"]["seats"][seat]["remaining"] - (spent if running else 0.0)
            assert abs(after["clock"]["seats"][seat]["remaining"] - expected) < 0.01
        # While it was down, Alice's time ran out: the restarted server hands her seat to the bot.
        server.kill()
        rewind_clocks(database, table_id, 400.0)
        server.start()
        deadline = time.monotonic() + 120
        while not (view := bob.get(f"/api/tables/{table_id}"))["seats"][0]["timed_out"]:
            assert time.monotonic() < deadline, "the restarted server did not notice the timeout"
            time.sleep(0.1)
        assert view["seats"][0]["kind"] == "bot" and view["seats"][1]["kind"] == "player"
    finally:
        server.stop()


def test_two_servers_agree_on_the_clocks_and_either_enforces_a_timeout(tmp_path: Path) -> None:
    _, redis = require_services()
    with ExitStack() as running:
        postgres = running.enter_context(postgres_database())
        first, second = two_servers(running, postgres, redis, tmp_path, "--replacement-bot", "beginner")
        table_id, alice, bob = timed_table(first, second, "fast")
        play_first(alice, table_id)  # through the first server
        seen_by_first = alice.get(f"/api/tables/{table_id}")
        seen_by_second = bob.get(f"/api/tables/{table_id}")
        assert stored_clocks(seen_by_first) == stored_clocks(seen_by_second)
        assert seen_by_first["clock"]["seats"][1]["running"] and not seen_by_first["clock"]["seats"][0]["running"]

        async def watch_on_second() -> list[dict[str, Any]]:
            address = f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live"
            async with websockets.connect(address, additional_headers=alice.headers) as socket:
                events = [json.loads(await socket.recv())]  # hello
                await asyncio.to_thread(rewind_clocks, postgres, table_id, 200.0)  # Bob's two minutes are gone
                while not any(event["type"] == "step" for event in events[1:]):  # until the bot has moved
                    events.append(json.loads(await asyncio.wait_for(socket.recv(), 120)))
                return events

        events = asyncio.run(watch_on_second())
        timeouts = [event for event in events if event["type"] == "timeout"]
        assert [(event["seat"], event["name"], event["bot"]) for event in timeouts] == [(1, "Bob", "beginner")]
        step = next(event for event in events if event["type"] == "step")
        assert step["entries"][0]["seat"] == 1  # the bot played Bob's turn
        assert not step["clock"]["seats"][1]["running"] and step["clock"]["seats"][0]["running"]
        assert stored_clocks(alice.get(f"/api/tables/{table_id}")) == stored_clocks(bob.get(f"/api/tables/{table_id}"))
