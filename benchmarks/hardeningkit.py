"""What ``hardening.py`` reproduces its findings with: a checkout's server and CLI, nginx as its docs say, clients.

Everything runs on loopback.  Each client comes from a loopback address of its own
(``127.0.0.N``: Linux routes all of 127.0.0.0/8 to itself), so that one finding's
per-address counts never meet another's, and no client shares nginx's ``127.0.0.1``,
which the deployed server trusts as its proxy.
"""

from __future__ import annotations

import asyncio
import getpass
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Checkout:
    """The Mozaika whose server and CLI are started: ``python -m mozaika`` with its ``src`` first."""

    path: Path

    @property
    def environment(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(self.path / "src")}

    def commit(self) -> str:
        found = subprocess.run(
            ["git", "-C", str(self.path), "log", "-1", "--format=%h %s"], capture_output=True, text=True, check=False
        )
        return found.stdout.strip() or "not a git checkout"

    def run(self, *arguments: str, timeout: float = 120) -> tuple[int, str]:
        """``mozaika ARGUMENTS``: its exit status and its output (stdout and stderr together)."""
        done = subprocess.run(
            [sys.executable, "-m", "mozaika", *arguments],
            env=self.environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=timeout,
            check=False,
        )
        return done.returncode, done.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def raise_own_open_files_limit() -> int:
    """This process's soft limit of open files raised to its hard limit (it holds thousands of sockets)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def soft_open_files_limit(pid: int) -> int | None:
    """A process's soft limit of open files now, from /proc (None when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return int(line.split()[3])
    except (OSError, ValueError, IndexError):
        pass
    return None


class Server:
    """``mozaika serve`` of a checkout on a free loopback port, its output in ``folder/<name>.log``.

    ``open_files`` is the soft limit of open files it starts with (as ``ulimit -n`` in its
    shell would set it; the hard limit stays), standing in for a systemd unit without
    ``LimitNOFILE``.
    """

    def __init__(
        self,
        checkout: Checkout,
        folder: Path,
        name: str,
        *options: str,
        database: str | None = None,
        open_files: int | None = None,
    ) -> None:
        self.checkout = checkout
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.database = database or f"sqlite:///{folder / (name + '.db')}"
        self.log = folder / f"{name}.log"
        self.open_files = open_files
        self.command = [
            sys.executable, "-m", "mozaika", "serve", "--port", str(self.port), "--database", self.database,
            "--bot-workers", "1", "--background-workers", "1", "--log-level", "info", *options,
        ]  # fmt: skip
        self.process: subprocess.Popen[bytes] | None = None

    def _limit_open_files(self) -> None:
        """Run in the child before ``exec``: the soft limit the server starts with."""
        if self.open_files is not None:
            _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, hard))

    async def start(self, timeout: float = 60) -> Server:
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                self.command,
                env=self.checkout.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
                preexec_fn=self._limit_open_files,
            )
        deadline = time.monotonic() + timeout
        async with client(self.url, "127.0.0.250", timeout=2) as probe:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.process.returncode}: {self.log_tail()}")
                try:
                    if (await probe.get("/healthz")).status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer in {timeout} s: {self.log_tail()}")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def log_tail(self, lines: int = 20) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    async def __aenter__(self) -> Server:
        return await self.start()

    async def __aexit__(
        self, _kind: type[BaseException] | None, _error: BaseException | None, _trace: TracebackType | None
    ) -> None:
        self.stop()


NGINX_FRAME = """
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
{user}
worker_rlimit_nofile 8192;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{site}
}}
"""
"""Around the site: nginx in the foreground with its files in one folder, and room for thousands of
connections, so that what runs out is the server's, not nginx's."""


def documented_nginx_site(checkout: Checkout, port: int, upstream: int) -> str:
    """The nginx site of the checkout's docs/deploy.md, on loopback without TLS, in front of one server.

    Only what TLS needs goes (the redirect from port 80, ``listen 443 ssl``, ``http2``, the
    certificates); every other line is the docs' own, so that each checkout is measured
    behind the configuration it documents.
    """
    docs = (checkout.path / "docs" / "deploy.md").read_text()
    found = re.search(r"```nginx\n(.*?)```", docs, re.S)
    if found is None:
        raise RuntimeError(f"no nginx configuration in {checkout.path}/docs/deploy.md")
    site = found.group(1)
    site = re.sub(
        r"upstream mozaika \{.*?\}", f"upstream mozaika {{\n    server {HOST}:{upstream};\n}}", site, flags=re.S
    )
    site = re.sub(r"server \{\s*listen 80;.*?\}\n", "", site, flags=re.S)
    site = site.replace("listen 443 ssl;", f"listen {HOST}:{port};")
    site = "\n".join(line for line in site.splitlines() if not re.match(r"\s*(http2 on|ssl_certificate)", line))
    if "ssl" in site:
        raise RuntimeError("the documented nginx site keeps TLS settings this script does not know to take out")
    return site


class Nginx:
    """Debian's nginx on a free loopback port with the checkout's documented site (``documented_nginx_site``)."""

    def __init__(self, checkout: Checkout, folder: Path, upstream: int) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.folder = folder / "nginx"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.site = documented_nginx_site(checkout, self.port, upstream)
        user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
        config = self.folder / "nginx.conf"
        config.write_text(NGINX_FRAME.format(folder=self.folder, user=user, site=self.site))
        self.command = [binary, "-p", str(self.folder), "-e", str(self.folder / "error.log"), "-c", str(config)]
        self.process: subprocess.Popen[bytes] | None = None

    def directive(self, name: str) -> str:
        """The site's ``name`` directive as written (``limit_conn per_address 64``), or ``no NAME``."""
        found = re.search(rf"^\s*({name}\s[^;]*);", self.site, re.M)
        return found.group(1) if found else f"no {name}"

    async def __aenter__(self) -> Nginx:
        checked = subprocess.run([*self.command, "-t"], capture_output=True, text=True, check=False)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx refuses the documented site: {checked.stderr}")
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        async with client(self.url, "127.0.0.250", timeout=2) as probe:
            for _ in range(100):
                try:
                    if (await probe.get("/healthz")).status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
        raise RuntimeError("nginx did not answer: " + (self.folder / "error.log").read_text())

    async def __aexit__(
        self, _kind: type[BaseException] | None, _error: BaseException | None, _trace: TracebackType | None
    ) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)


def client(url: str, source: str, timeout: float = 10, token: str | None = None) -> httpx.AsyncClient:
    """An HTTP client from loopback address ``source`` (no proxy from the environment, no retries)."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    transport = httpx.AsyncHTTPTransport(local_address=source, retries=0)
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=timeout, trust_env=False, headers=headers)


async def timed(request: Any) -> str:
    """``await request`` (an httpx request): ``200 in 12 ms``, or what went wrong instead of an answer."""
    started = time.perf_counter()
    try:
        response = await request
    except httpx.TimeoutException:
        return f"no answer in {time.perf_counter() - started:.0f} s"
    except httpx.HTTPError as error:
        return f"no answer ({type(error).__name__}) after {1000 * (time.perf_counter() - started):.0f} ms"
    return f"{response.status_code} in {1000 * (time.perf_counter() - started):.0f} ms"


async def guest(http: httpx.AsyncClient, name: str) -> str:
    """A new guest's token."""
    made = await http.post("/api/guests", json={"name": name})
    made.raise_for_status()
    token: str = made.json()["token"]
    return token


async def account(http: httpx.AsyncClient, username: str) -> str:
    """A new account's token (``http`` keeps its session cookie too, as a browser does)."""
    made = await http.post("/api/accounts", json={"username": username, "password": "a long enough password"})
    made.raise_for_status()
    token: str = made.json()["token"]
    return token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def running_table(http: httpx.AsyncClient, first: str, second: str, game: str = "azul") -> str:
    """A started 2-player table of ``game`` between the two tokens' players."""
    body = {"game": game, "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    created = await http.post("/api/tables", json=body, headers=bearer(first))
    created.raise_for_status()
    table: str = created.json()["table"]["id"]
    (await http.post(f"/api/tables/{table}/join", json={}, headers=bearer(second))).raise_for_status()
    (await http.post(f"/api/tables/{table}/start", headers=bearer(first))).raise_for_status()
    return table


async def next_move(http: httpx.AsyncClient, table: str, tokens: list[str]) -> tuple[str, dict[str, Any]] | None:
    """The token on turn and its move (the first legal one, with the table's ``seq``), or None once over."""
    view = (await http.get(f"/api/tables/{table}")).json()
    if view.get("status") != "running" or not view.get("to_move"):
        return None
    mover = tokens[view["to_move"][0]]
    mine = (await http.get(f"/api/tables/{table}", headers=bearer(mover))).json()
    if not mine.get("legal_moves"):
        return None
    return mover, {"move": mine["legal_moves"][0], "seq": mine["seq"]}
