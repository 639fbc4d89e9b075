"""A real ``mozaika serve`` process on loopback, for the tests that kill, restart or multiply servers."""

from __future__ import annotations

import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from contextlib import ExitStack
from functools import cache
from pathlib import Path
from typing import Any

import httpx

import zygote

SERVED = Path(__file__).resolve().parent / "served.py"
"""What the server processes run: ``python -m mozaika`` with cheap password hashes (served.py)."""


@cache
def _tls_settings() -> ssl.SSLContext:
    return ssl.create_default_context()


def http_client(base_url: str = "", timeout: float = 60) -> httpx.Client:
    """An HTTP client for a server the tests started, on loopback.

    The tests speak plain HTTP and never use TLS, but httpx loads the system's certificates for each
    client it makes unless it is handed TLS settings (25 ms of a core, for some hundreds of clients a
    run): all of them share one set, made once.
    """
    return httpx.Client(base_url=base_url, timeout=timeout, verify=_tls_settings())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``mozaika serve`` (through served.py) on a free port, with its output in ``log``.

    The process is forked from the test process's zygote (zygote.py), which imported the server
    once; ``command`` is the command line it runs as.  A ``fresh`` one runs that command line in a
    new interpreter, as a person starts the server.
    """

    def __init__(
        self,
        database: str,
        log: Path,
        redis: str | None = None,
        bot_workers: int = 1,
        *options: str,
        fresh: bool = False,
    ) -> None:
        self.database = database
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.command = [
            sys.executable, str(SERVED), "serve",
            "--port", str(self.port), "--database", database,
            "--bot-workers", str(bot_workers), "--log-level", "warning",
        ]  # fmt: skip
        if redis is not None:
            self.command += ["--redis", redis]
        self.command += options
        self.log = log
        self.fresh = fresh
        self.process: zygote.Forked | subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 120.0) -> ServerProcess:
        return self.launch().wait_until_ready(timeout)

    def launch(self) -> ServerProcess:
        """Starts the process without waiting for it (several servers can start at once).

        A new SQLite database starts as a copy of one migrated in this process: the server finds its
        schema made, as after a restart.  Migrating an empty database is tested on its own
        (``test_migrations_create_exactly_the_models_schema``; the PostgreSQL servers here start empty).
        """
        sqlite_file = Path(self.database.removeprefix("sqlite:///")) if self.database.startswith("sqlite:///") else None
        if sqlite_file is not None and not sqlite_file.exists():
            from serverkit import copy_migrated_sqlite  # serverkit uses this module: imported when needed

            copy_migrated_sqlite(sqlite_file)
        if self.fresh:
            with self.log.open("ab") as output:
                self.process = subprocess.Popen(self.command, stdout=output, stderr=subprocess.STDOUT)
        else:
            self.process = zygote.launch(self.command[2:], self.log)
        return self

    def wait_until_ready(self, timeout: float = 120.0) -> ServerProcess:
        assert self.process is not None, "launch() the server first"
        deadline = time.monotonic() + timeout
        with http_client(self.url, timeout=2) as probe:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log.read_text()}")
                try:
                    if probe.get("/api/games").status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start in {timeout} s:\n{self.log.read_text()}")

    def children(self) -> list[int]:
        """The server's descendants, from /proc: its bot workers and the fork server that starts them."""
        assert self.process is not None
        parents: dict[int, int] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(stat.parent.name)] = int(fields[1])
        found: list[int] = []
        ancestors = {self.process.pid}
        while True:
            new = [pid for pid, parent in parents.items() if parent in ancestors and pid not in found]
            if not new:
                return found
            found += new
            ancestors.update(new)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash or an out-of-memory kill."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *_exc: Any) -> None:
        self.stop()


def two_servers(
    running: ExitStack, database: str, redis: str, logs: Path, *options: str
) -> tuple[ServerProcess, ServerProcess]:
    """Two server processes over one database and one Redis, started side by side and both ready;
    ``running`` stops them as it closes."""
    first = ServerProcess(database, logs / "first.log", redis, 1, *options).launch()
    running.callback(first.stop)
    second = ServerProcess(database, logs / "second.log", redis, 1, *options).launch()
    running.callback(second.stop)
    return first.wait_until_ready(), second.wait_until_ready()


class HttpPlayer:
    """A player talking to a server process over HTTP (survives the server's restarts)."""

    def __init__(self, server: ServerProcess, name: str) -> None:
        self.server = server
        # One client for all requests: a new one per request costs a connection.
        self.client = http_client(server.url)
        response = self.client.post("/api/guests", json={"name": name})
        response.raise_for_status()
        self.token = response.json()["token"]
        self.client.headers["Authorization"] = f"Bearer {self.token}"

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str) -> Any:
        response = self.client.get(path)
        response.raise_for_status()
        return response.json()

    def post(self, path: str, body: Any = None) -> httpx.Response:
        return self.client.post(path, json=body)


def play_until(
    players: list[HttpPlayer],
    table_id: str,
    rng: random.Random,
    stop: threading.Event,
    acknowledged: dict[int, str],
    answers: list[int] | None = None,
) -> None:
    """Random moves as fast as the server answers, until ``stop`` or the server is gone: each
    acknowledged move by its sequence number, and (in ``answers``) every answer's status."""
    while not stop.is_set():
        try:
            view = players[0].get(f"/api/tables/{table_id}")
            if view["status"] != "running":
                return
            mover = players[view["to_move"][0]]
            mine = mover.get(f"/api/tables/{table_id}")
            move = rng.choice(mine["legal_moves"])
            response = mover.post(f"/api/tables/{table_id}/moves", {"move": move, "seq": mine["seq"]})
        except httpx.HTTPError:
            return  # the server is gone: whatever was in flight is not acknowledged
        if answers is not None:
            answers.append(response.status_code)
        if response.status_code == 200:
            acknowledged[mine["seq"] + 1] = move
