"""Presence across real server processes on one PostgreSQL and one Redis: a player connected to one
process is online at the tables watched through the other, and goes away when they close the page or
when their process is killed without a word.

The servers' grace is short (``--presence-grace 1``); the 20 s are tested on a fake clock in
tests/test_server_presence.py. Each wait is for an event, bounded, never a sleep.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import websockets

from serverkit import postgres_database, require_services
from serverprocess import HttpPlayer, two_servers


async def next_presence(socket: Any, seat: int, online: bool, timeout: float = 60.0) -> dict[str, Any]:
    """The first ``presence`` event that says the seat's player is (or is not) at the table."""
    async with asyncio.timeout(timeout):
        while True:
            event = json.loads(await socket.recv())
            if event["type"] == "presence" and event["seats"][seat]["online"] is online:
                return event


def test_a_player_on_one_process_is_seen_on_the_other_and_leaves_when_their_process_dies(tmp_path: Path) -> None:
    _, redis = require_services()
    with ExitStack() as running:
        postgres = running.enter_context(postgres_database())
        options = ("--presence-grace", "1")
        first, second = two_servers(running, postgres, redis, tmp_path, *options)
        alice, bob = HttpPlayer(first, "Alice"), HttpPlayer(second, "Bob")
        table_id = alice.post("/api/tables", {"game": "azul", "players": 2}).json()["table"]["id"]
        assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
        assert alice.post(f"/api/tables/{table_id}/start").status_code == 200

        async def scenario() -> None:
            on_first = f"ws://127.0.0.1:{first.port}/api/tables/{table_id}/live"
            bobs_lobby = f"ws://127.0.0.1:{second.port}/api/lobby/live"
            async with websockets.connect(on_first, additional_headers=alice.headers) as watching:
                hello = json.loads(await watching.recv())
                assert [seat["online"] for seat in hello["table"]["seats"]] == [True, False]
                async with websockets.connect(bobs_lobby, additional_headers=bob.headers):
                    await next_presence(watching, 1, True)  # Bob's lobby, on the other process
                    assert alice.get(f"/api/tables/{table_id}")["seats"][1]["online"] is True
                gone = await next_presence(watching, 1, False)
                assert gone["seats"][1]["away_seconds"] >= 1.0
                # Bob opens the table on the second process, which is then killed without a word.
                async with websockets.connect(
                    f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live", additional_headers=bob.headers
                ) as bobs_table:
                    await bobs_table.recv()
                    await next_presence(watching, 1, True)
                    await asyncio.to_thread(second.kill)
                    await next_presence(watching, 1, False)
                assert alice.get(f"/api/tables/{table_id}")["seats"][1]["online"] is False

        asyncio.run(scenario())
