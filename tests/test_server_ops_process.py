"""A real ``mozaika serve``: SIGTERM stops it gracefully, and its JSON logs name each request and
hold no secret after a whole game."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import threading
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine, select

from mozaika.server.storage.models import GameTable

from serverkit import wait_for
from serverprocess import HttpPlayer, ServerProcess, http_client, play_until


def test_sigterm_tells_live_connections_and_gives_back_the_bot_leases(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'mozaika.db'}"
    # Expert bots (seconds a move): the game is still going when the server stops, however fast the
    # machine (quicker bots can play a whole game in the second before the stop).
    options = ("--log-level", "info", "--replacement-bot", "expert")
    # A new interpreter, as a person starts the server (the other tests' servers fork from a zygote).
    server = ServerProcess(database, tmp_path / "server.log", None, 1, *options, fresh=True).start()
    try:
        alice = HttpPlayer(server, "Alice")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "expert"}]
        table_id = alice.post("/api/tables", {"game": "azul", "players": 2, "seats": seats}).json()["table"]["id"]
        alice.post(f"/api/tables/{table_id}/start")
        alice.post(f"/api/tables/{table_id}/abandon")  # two bots play on: the process holds the table's lease
        carol, dave = HttpPlayer(server, "Carol"), HttpPlayer(server, "Dave")
        people = carol.post("/api/tables", {"game": "azul", "players": 2}).json()["table"]["id"]
        dave.post(f"/api/tables/{people}/join", {})
        carol.post(f"/api/tables/{people}/start")
        acknowledged: dict[int, str] = {}
        answers: list[int] = []
        stop = threading.Event()
        players = threading.Thread(
            target=play_until, args=([carol, dave], people, random.Random(5), stop, acknowledged, answers)
        )
        players.start()
        wait_for(lambda: len(acknowledged) >= 3, 120, "the players' first moves")

        async def watch_through_the_stop() -> tuple[list[dict[str, Any]], int | None]:
            received: list[dict[str, Any]] = []
            address = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/live"
            async with websockets.connect(address) as socket:
                received.append(json.loads(await socket.recv()))
                assert server.process is not None
                server.process.send_signal(signal.SIGTERM)
                try:
                    async for text in socket:
                        received.append(json.loads(text))
                except websockets.ConnectionClosed:
                    pass
                return received, socket.close_code

        received, close_code = asyncio.run(watch_through_the_stop())
        players.join(120)  # they stop when the server is gone
        stop.set()
        assert server.process is not None
        # uvicorn ends by raising the signal it caught again, once everything is stopped (systemd counts it clean).
        assert server.process.wait(60) in (0, -signal.SIGTERM)
        assert received[0]["type"] == "hello"
        assert received[-1] == {"type": "restarting"}
        assert close_code == 1012  # "service restart": the client reconnects
        engine = create_engine(database)
        try:
            with engine.connect() as connection:
                holders = connection.execute(select(GameTable.bot_lease_holder)).scalars().all()
        finally:
            engine.dispose()
        assert holders == [None, None]  # given back, not left to run out

        assert all(status < 500 for status in answers), answers  # no move was cut off half-done
        server.start()  # the bots play on after the restart
        log = carol.get(f"/api/tables/{people}/log?since=0")["entries"]
        for seq, move in acknowledged.items():  # every move answered before the stop is stored
            assert log[seq - 1]["kind"] == "move" and log[seq - 1]["text"] == move
        seq = alice.get(f"/api/tables/{table_id}")["seq"]
        assert alice.get(f"/api/tables/{table_id}")["status"] == "running", "the bots' game ended before the stop"
        try:
            wait_for(lambda: alice.get(f"/api/tables/{table_id}")["seq"] > seq, 120, "a bot move after the restart")
        except AssertionError as error:
            view = alice.get(f"/api/tables/{table_id}")
            facts = {name: view[name] for name in ("status", "seq", "to_move")}
            lines = (tmp_path / "server.log").read_text().splitlines()
            tail = "\n".join([line for line in lines if " GET /api/" not in line][-40:])
            raise AssertionError(f"{error}; the table: {facts}; the server's log ends:\n{tail}") from None
    finally:
        server.stop()


def test_json_logs_name_each_request_and_hold_no_secret_after_a_whole_game(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    database = f"sqlite:///{tmp_path / 'mozaika.db'}"
    server = ServerProcess(database, log, None, 1, "--log-format", "json", "--log-level", "debug").start()
    secrets: list[str] = []
    try:
        password = "Tajne heslo 42"
        with http_client(server.url) as jana:
            account = jana.post("/api/accounts", json={"username": "jana", "password": password}).json()
            secrets += [password, account["token"]]
            address = "jana.novakova@example.org"
            assert jana.put("/api/me/settings", json={"email": address}).status_code == 200
            secrets.append(address)
            seats = [{"kind": "me"}, {"kind": "invite"}]
            created = jana.post("/api/tables", json={"game": "azul", "players": 2, "seats": seats}).json()
            table_id = created["table"]["id"]
            invite = created["invites"]["1"]
            secrets += [invite, created["seat_token"]]
            bob = HttpPlayer(server, "Bob")
            secrets.append(bob.token)
            assert bob.client.get(f"/join/{table_id}?invite={invite}").status_code == 200  # the invite link's page
            joined = bob.post(f"/api/tables/{table_id}/join", {"invite": invite}).json()
            secrets.append(joined["seat_token"])
            assert jana.post(f"/api/tables/{table_id}/start").status_code == 200
            assert jana.post(f"/api/tables/{table_id}/chat", json={"text": "Hodně štěstí!"}).status_code == 201
            jana.post("/api/sessions", json={"username": "jana", "password": "wrong " + password})
            rng = random.Random(7)
            players = [jana, bob.client]
            while True:
                view = jana.get(f"/api/tables/{table_id}").json()
                if view["status"] != "running":
                    break
                mover = players[view["to_move"][0]]
                mine = mover.get(f"/api/tables/{table_id}").json()
                move = rng.choice(mine["legal_moves"])
                assert mover.post(f"/api/tables/{table_id}/moves", json={"move": move, "seq": mine["seq"]}).is_success
            assert view["status"] == "finished"
    finally:
        server.stop()
    parsed = [json.loads(line) for line in log.read_text().splitlines()]  # every line is JSON
    access = [line for line in parsed if line["logger"] == "mozaika.access"]
    assert len(access) > 100  # every request of the game is there
    assert all(line["request_id"] and line["status"] for line in access)
    text = log.read_text()
    for secret in secrets:
        assert secret not in text, f"a secret is in the log: {secret[:4]}…"
