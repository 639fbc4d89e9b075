"""The deployment of docs/deploy.md: nginx in front of two ``mozaika serve`` processes on PostgreSQL and
Redis; a game played in the browser through nginx survives each process's restart by SIGTERM."""

from __future__ import annotations

import random
import signal
import socket
import uuid
from contextlib import ExitStack
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mozaika.cli.app import app as cli
from mozaika.notation.records import Record, replay
from nginxkit import Nginx

from browserkit import Person, chromium
from serverkit import postgres_database, require_services
from serverprocess import ServerProcess, http_client


def restart(server: ServerProcess) -> None:
    """SIGTERM, a graceful stop, then the same server started again."""
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    server.process.wait(60)
    server.start()


def test_a_game_through_nginx_loses_nothing_when_each_server_restarts(tmp_path: Path) -> None:
    _, redis = require_services()
    with postgres_database() as database, ExitStack() as running:
        servers = []
        for name in ("first", "second"):
            # No review of the finished game: up to half a minute of a core, and nothing this test reads.
            options = ("--proxy-ip", "127.0.0.1", "--log-level", "info", "--no-review-every-game")
            server = ServerProcess(database, tmp_path / f"{name}.log", redis, 1, *options).launch()
            running.callback(server.stop)
            servers.append(server)
        for server in servers:
            server.wait_until_ready()
        (tmp_path / "nginx").mkdir()
        proxy = Nginx(tmp_path / "nginx", [server.port for server in servers]).start()
        running.callback(proxy.stop)

        proxied = running.enter_context(http_client(proxy.url))
        ready = running.enter_context(http_client(f"http://127.0.0.1:{servers[0].port}")).get("/readyz")
        assert ready.status_code == 200 and ready.json()["checks"]["redis"] == "ok"
        for inside in ("/metrics", "/readyz", "/docs", "/openapi.json"):  # nginx keeps them in
            assert proxied.get(inside).status_code == 403, inside

        browser = running.enter_context(chromium())
        jana = Person(browser, proxy.url)
        running.callback(jana.close)
        jana.open("/")
        jana.register(f"jana{uuid.uuid4().hex[:6]}")
        table_id = jana.create_table("azul", ["bot:beginner"])
        choose = random.Random(3)
        played: dict[int, str] = {}
        restarted = []
        while jana.wait_for_turn_or_end() == "turn":
            seq = jana.seq()
            move = choose.choice(jana.table()["legal_moves"])
            jana.play(move)  # waits until the page shows it: the move came back over the WebSocket
            played[seq + 1] = move
            if len(played) in (4, 9):  # mid-game, one server after the other
                server = servers[len(restarted)]
                restart(server)
                restarted.append(server)
        assert len(restarted) == 2, "the game ended before both servers were restarted"
        assert not jana.errors, jana.errors

        log = proxied.get(f"/api/tables/{table_id}/log?since=0").json()
        entries = log["entries"]
        assert [entry["seq"] for entry in entries] == list(range(1, log["seq"] + 1))
        for seq, move in played.items():  # every move the page made is in the log, where it was made
            assert entries[seq - 1]["kind"] == "move" and entries[seq - 1]["text"] == move
        result = proxied.get(f"/api/tables/{table_id}/result").json()
        record = Record.from_dict(proxied.get(f"/api/tables/{table_id}/record").json())
        assert replay(record).scores == result["scores"]
        shown = [int(text) for text in jana.page.locator(".final-score").all_inner_texts()]
        assert shown == result["scores"]
        for server in restarted:
            assert "stopping: telling" in server.log.read_text()  # each stopped gracefully
        checked = CliRunner().invoke(cli, ["check-db", "--database", database])
        assert checked.exit_code == 0, checked.output


ATTACKER = "127.0.0.9"
"""Another loopback address (Linux routes all of 127.0.0.0/8 to loopback): one client that is not the players."""


def flood(port: int, table_id: str, sockets: int) -> list[socket.socket]:
    """``sockets`` connections from one address, each asking to watch the table live, none ever closed."""
    opened = []
    request = (
        f"GET /api/tables/{table_id}/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()
    for _ in range(sockets):
        held = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(ATTACKER, 0))
        held.sendall(request)
        opened.append(held)
    return opened


def answered(held: socket.socket) -> bytes:
    try:
        return held.recv(64)
    except (ConnectionResetError, TimeoutError):
        return b""


def test_one_address_opening_1100_sockets_through_nginx_leaves_every_other_player_served(tmp_path: Path) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 4_096:
        pytest.skip(f"this machine lets a process open only {hard} files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65_536, hard))
    with ExitStack() as running:
        running.callback(resource.setrlimit, resource.RLIMIT_NOFILE, (soft, hard))
        database = f"sqlite:///{tmp_path / 'mozaika.db'}"
        server = ServerProcess(database, tmp_path / "server.log", None, 1, "--proxy-ip", "127.0.0.1").start()
        running.callback(server.stop)
        (tmp_path / "nginx").mkdir()
        proxy = Nginx(tmp_path / "nginx", [server.port]).start()
        running.callback(proxy.stop)
        proxied = running.enter_context(http_client(proxy.url))
        players = []
        for name in ("Jana", "Petr"):
            token = proxied.post("/api/guests", json={"name": name}).json()["token"]
            players.append({"Authorization": f"Bearer {token}"})
        table_id = proxied.post("/api/tables", json={"game": "azul", "players": 2}, headers=players[0]).json()
        table_id = table_id["table"]["id"]
        assert proxied.post(f"/api/tables/{table_id}/join", json={}, headers=players[1]).status_code == 200
        assert proxied.post(f"/api/tables/{table_id}/start", headers=players[0]).status_code == 200

        held = flood(proxy.port, table_id, 1_100)
        running.callback(lambda: [connection.close() for connection in held])
        answers = [answered(connection) for connection in held]
        upgraded = sum(answer.startswith(b"HTTP/1.1 101") for answer in answers)
        refused = sum(answer.startswith(b"HTTP/1.1 429") for answer in answers)
        assert 0 < upgraded <= 64 and refused >= 1_100 - 64, (upgraded, refused)

        # Meanwhile every other player is served: moves, the lobby, their own live connection.
        rng = random.Random(11)
        for _ in range(6):
            view = proxied.get(f"/api/tables/{table_id}", headers=players[0]).json()
            seat = view["to_move"][0]
            mine = proxied.get(f"/api/tables/{table_id}", headers=players[seat]).json()
            moved = proxied.post(
                f"/api/tables/{table_id}/moves",
                json={"move": rng.choice(mine["legal_moves"]), "seq": mine["seq"]},
                headers=players[seat],
            )
            assert moved.status_code == 200, moved.text
        assert proxied.get("/api/tables").status_code == 200
        assert proxied.get("/healthz").status_code == 200
