"""Real server processes: a SIGKILL loses nothing acknowledged, and several servers share one game."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
import websockets

from mozaika.notation.records import Record, replay

from serverkit import postgres_database, require_services, wait_for
from serverprocess import HttpPlayer, ServerProcess, free_port, http_client, play_until, two_servers


def test_a_killed_server_restarts_from_the_last_acknowledged_move(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'mozaika.db'}"
    # The bots that take over the abandoned seat play fast: the game must end within the test.  Its two
    # games are not reviewed as they end (up to half a minute of a core each, which nothing here reads).
    options = ("--replacement-bot", "beginner", "--no-review-every-game")
    server = ServerProcess(database, tmp_path / "server.log", None, 1, *options).start()
    try:
        alice, bob = HttpPlayer(server, "Alice"), HttpPlayer(server, "Bob")
        table_id = alice.post("/api/tables", {"game": "azul", "players": 2}).json()["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        bot_table = alice.post(
            "/api/tables",
            {"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]},
        ).json()["table"]["id"]
        alice.post(f"/api/tables/{bot_table}/start")
        alice.post(f"/api/tables/{bot_table}/abandon")  # now two bots play it, across the restart
        alice.post(f"/api/tables/{table_id}/start")
        acknowledged: dict[int, str] = {}
        stop = threading.Event()
        players = threading.Thread(
            target=play_until, args=([alice, bob], table_id, random.Random(4), stop, acknowledged)
        )
        players.start()
        deadline = time.monotonic() + 120
        while len(acknowledged) < 12:  # well into the game, far from its end
            assert time.monotonic() < deadline and players.is_alive(), "the players made no progress"
            time.sleep(0.05)
        workers = server.children()
        assert workers, "the bot table should have started a bot worker"
        server.kill()  # in the middle of a move, most likely
        stop.set()
        players.join(120)
        assert acknowledged, "no move was acknowledged before the kill"
        deadline = time.monotonic() + 60
        while any(Path(f"/proc/{pid}").exists() for pid in workers):  # no orphaned bot workers are left
            assert time.monotonic() < deadline, "the bot workers outlived their server"
            time.sleep(0.2)

        server.start()
        assert alice.get(f"/api/tables/{table_id}")["status"] == "running", "the kill came in the middle of the game"
        log = alice.get(f"/api/tables/{table_id}/log?since=0")
        moves = {entry["seq"]: entry["text"] for entry in log["entries"] if entry["kind"] == "move"}
        assert [entry["seq"] for entry in log["entries"]] == list(range(1, log["seq"] + 1))  # nothing twice
        last = max(acknowledged)
        assert log["seq"] >= last
        for seq, move in acknowledged.items():  # nothing acknowledged is lost
            assert moves[seq] == move
        assert log["seq"] - last <= 1 + 20, "at most the one unacknowledged move (and its draws) may follow"

        stop.clear()
        play_until([alice, bob], table_id, random.Random(5), stop, acknowledged)
        record = Record.from_dict(alice.get(f"/api/tables/{table_id}/record"))
        assert replay(record).scores == alice.get(f"/api/tables/{table_id}/result")["scores"]
        deadline = time.monotonic() + 300
        while alice.get(f"/api/tables/{bot_table}")["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish their game after the restart"
            time.sleep(0.5)
        replay(Record.from_dict(alice.get(f"/api/tables/{bot_table}/record")))
    finally:
        server.stop()


@pytest.fixture
def postgres() -> Iterator[str]:
    with postgres_database() as url:
        yield url


def test_a_move_through_one_server_reaches_a_watcher_on_another(postgres: str, tmp_path: Path) -> None:
    _, redis = require_services()
    with ExitStack() as running:
        # Both start at once; each is stopped at the end even if the other fails to start.
        first, second = two_servers(running, postgres, redis, tmp_path)
        alice, bob = HttpPlayer(first, "Alice"), HttpPlayer(second, "Bob")
        table_id = alice.post("/api/tables", {"game": "azul", "players": 2}).json()["table"]["id"]
        assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200  # the same table, seen by both
        alice.post(f"/api/tables/{table_id}/start")

        async def watch_on_second() -> dict:
            address = f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live"
            async with websockets.connect(address, additional_headers=bob.headers) as socket:
                hello = json.loads(await socket.recv())
                view = alice.get(f"/api/tables/{table_id}")
                await asyncio.to_thread(
                    alice.post, f"/api/tables/{table_id}/moves", {"move": view["legal_moves"][0], "seq": view["seq"]}
                )
                # The start's own table event may reach this server through Redis after the hello: the
                # move's step is the first step to come.
                while (event := json.loads(await asyncio.wait_for(socket.recv(), 120)))["type"] == "table":
                    pass
                return {"hello": hello, "event": event, "move": view["legal_moves"][0]}

        seen = asyncio.run(watch_on_second())
        assert seen["event"]["type"] == "step"
        assert seen["event"]["entries"][0]["text"] == seen["move"] and seen["event"]["entries"][0]["seat"] == 0
        assert seen["event"]["seq"] == seen["hello"]["table"]["seq"] + 1
        # A repeated submission through the other server is refused: the sequence number is shared.
        view = bob.get(f"/api/tables/{table_id}")
        repeated = bob.post(f"/api/tables/{table_id}/moves", {"move": view["legal_moves"][0], "seq": view["seq"] - 1})
        assert repeated.status_code == 409

        # Someone watches through the second server: the first counts them in the games in progress.
        lobby = running.enter_context(http_client(first.url, timeout=30))

        def spectators() -> int:
            playing = lobby.get("/api/tables?status=playing").json()
            return int(next(summary for summary in playing if summary["id"] == table_id)["spectators"])

        async def spectate_on_second() -> None:
            async with websockets.connect(f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live") as socket:
                await socket.recv()
                await asyncio.to_thread(wait_for, lambda: spectators() == 1, 60, "the spectator counted")

        assert spectators() == 0
        asyncio.run(spectate_on_second())
        wait_for(lambda: spectators() == 0, 60, "the spectator gone")


def test_when_the_server_playing_a_table_s_bots_dies_another_takes_them_over(postgres: str, tmp_path: Path) -> None:
    """A server dies holding a table's bot lease; once the lease runs out, another server plays the bot's move.

    The bot is a stand-in for a person who left while another person plays on: it waits for a person's
    pace before it moves, holding its lease, so the first server is surely playing the table when it is
    killed, with the bot's move still to come (two bots playing each other could end the whole game
    before the kill on a loaded machine).
    """
    _, redis = require_services()
    with ExitStack() as running:
        # A lease of 3 s (10 s served), renewed before each move, and a pace that fits in it: the
        # takeover comes within about 7 s of the kill (the lease, the next look, the pace).
        options = ("--replacement-bot", "beginner", "--bot-lease-seconds", "3", "--stand-in-pace", "2")
        first, second = two_servers(running, postgres, redis, tmp_path, *options)
        alice, bob, watcher = HttpPlayer(first, "Alice"), HttpPlayer(first, "Bob"), HttpPlayer(second, "Watcher")
        table_id = alice.post("/api/tables", {"game": "azul", "players": 2}).json()["table"]["id"]
        assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
        alice.post(f"/api/tables/{table_id}/start")
        started = watcher.get(f"/api/tables/{table_id}")
        # Whoever must move leaves, through the first server: its stand-in waits there for its pace.
        leaving = (alice, bob)[started["to_move"][0]]
        assert leaving.post(f"/api/tables/{table_id}/abandon").status_code == 200
        first.kill()
        at_kill = watcher.get(f"/api/tables/{table_id}")
        assert at_kill["seq"] == started["seq"] and at_kill["status"] == "running", "the stand-in moved before the kill"
        # The dead server's lease runs out (3 s), the second server's next look (2 s) takes the table,
        # and its stand-in moves at the pace (2 s).
        wait_for(lambda: watcher.get(f"/api/tables/{table_id}")["seq"] > at_kill["seq"], 120, "another server's bot")
        log = watcher.get(f"/api/tables/{table_id}/log?since=0")
        assert [entry["seq"] for entry in log["entries"]] == list(range(1, log["seq"] + 1))  # nothing twice
        stand_in = [entry for entry in log["entries"] if entry["seq"] > at_kill["seq"] and entry["kind"] == "move"]
        assert stand_in and stand_in[0]["seat"] == started["to_move"][0]


def test_moves_are_acknowledged_and_bots_woken_while_redis_is_down(postgres: str, tmp_path: Path) -> None:
    _, redis = require_services()
    nothing_listening = f"redis://127.0.0.1:{free_port()}/0"
    with ExitStack() as running:
        healthy = ServerProcess(postgres, tmp_path / "healthy.log", redis).launch()
        running.callback(healthy.stop)
        cut_off = ServerProcess(postgres, tmp_path / "cut-off.log", nothing_listening).launch()
        running.callback(cut_off.stop)
        healthy.wait_until_ready()
        cut_off.wait_until_ready()  # it starts without Redis, and keeps trying to reach it
        alice, bob = HttpPlayer(healthy, "Alice"), HttpPlayer(cut_off, "Bob")
        table_id = alice.post("/api/tables", {"game": "azul", "players": 2}).json()["table"]["id"]
        assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
        alice.post(f"/api/tables/{table_id}/start")
        view = alice.get(f"/api/tables/{table_id}")
        assert alice.post(f"/api/tables/{table_id}/moves", {"move": view["legal_moves"][0], "seq": view["seq"]})
        mine = bob.get(f"/api/tables/{table_id}")
        moved = bob.post(f"/api/tables/{table_id}/moves", {"move": mine["legal_moves"][0], "seq": mine["seq"]})
        assert moved.status_code == 200, moved.text  # acknowledged, though no one could be told through Redis
        assert alice.get(f"/api/tables/{table_id}")["seq"] > mine["seq"]  # the other server sees it in the log
        # A bot behind the cut-off server is woken all the same.
        seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]
        bot_table = bob.post("/api/tables", {"game": "azul", "players": 2, "seats": seats}).json()["table"]["id"]
        bob.post(f"/api/tables/{bot_table}/start")
        view = bob.get(f"/api/tables/{bot_table}")
        played = bob.post(f"/api/tables/{bot_table}/moves", {"move": view["legal_moves"][0], "seq": view["seq"]})
        assert played.status_code == 200, played.text
        wait_for(lambda: bob.get(f"/api/tables/{bot_table}")["your_turn"], 120, "the bot's move")
        # The chat (and every other change) is acknowledged too.
        assert bob.post(f"/api/tables/{table_id}/chat", {"text": "still here"}).status_code == 201


def guests_from(server: ServerProcess, addresses: list[str]) -> list[int]:
    """Register a guest for each address claimed in ``X-Forwarded-For``; the answers' status codes."""
    with http_client(server.url) as client:
        return [
            client.post("/api/guests", json={"name": "Guest"}, headers={"X-Forwarded-For": address}).status_code
            for address in addresses
        ]


def test_forwarding_headers_are_believed_only_from_a_proxy_named_by_the_server(tmp_path: Path) -> None:
    """Claimed addresses do not go round the per-address limits (30 guests a minute here)."""
    claimed = [f"10.0.{number}.1" for number in range(40)]
    direct = ServerProcess(f"sqlite:///{tmp_path / 'direct.db'}", tmp_path / "direct.log").start()
    try:
        codes = guests_from(direct, claimed)
    finally:
        direct.stop()
    assert codes.count(201) == 30 and set(codes[30:]) == {429}

    proxied = ServerProcess(
        f"sqlite:///{tmp_path / 'proxied.db'}", tmp_path / "proxied.log", None, 1, "--proxy-ip", "127.0.0.1"
    )
    proxied.start()
    try:
        assert guests_from(proxied, claimed) == [201] * 40  # behind the proxy, each claimed address is its own
    finally:
        proxied.stop()
