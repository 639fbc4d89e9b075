"""The deployment of docs/deploy.md: nginx in front of two ``mozaika serve`` processes on PostgreSQL and
Redis; a game played in the browser through nginx survives each process's restart by SIGTERM."""

from __future__ import annotations

import random
import signal
import uuid
from contextlib import ExitStack
from pathlib import Path

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
        ready = proxied.get("/readyz")
        assert ready.status_code == 200 and ready.json()["checks"]["redis"] == "ok"
        assert proxied.get("/metrics").status_code == 403  # nginx keeps the metrics in

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
