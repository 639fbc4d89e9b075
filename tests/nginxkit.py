"""Debian's nginx on loopback in front of server processes, configured as docs/deploy.md says."""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from serverprocess import free_port, http_client

NGINX = shutil.which("nginx") or next((path for path in ("/usr/sbin/nginx",) if os.access(path, os.X_OK)), None)

CONFIG = """
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
{user}
worker_rlimit_nofile 8192;
events {{ worker_connections 4096; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;

    # As docs/deploy.md, without TLS: the test speaks plain HTTP on loopback.
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    limit_conn_zone $binary_remote_addr zone=per_address:10m;
    upstream mozaika {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 64k;
        limit_conn per_address 64;
        limit_conn_status 429;
        client_header_timeout 15s;
        location = /metrics {{
            deny all;
        }}
        location ~ ^/(readyz|docs|redoc|openapi\\.json)$ {{
            deny all;
        }}
        location / {{
            proxy_pass http://mozaika;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;  # with its port: the server checks Origin against it
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Request-Id $request_id;
            proxy_read_timeout 75s;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"""


class Nginx:
    """nginx in the foreground, with every file it writes in ``folder``."""

    def __init__(self, folder: Path, upstream_ports: list[int]) -> None:
        if NGINX is None:
            if os.environ.get("MOZAIKA_REQUIRE_SERVICES") == "1":
                pytest.fail("nginx is missing: .ci/run installs Debian's nginx package")
            pytest.skip("needs Debian's nginx")
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in upstream_ports)
        user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
        self.config = folder / "nginx.conf"
        self.config.write_text(CONFIG.format(folder=folder, port=self.port, servers=servers, user=user))
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> Nginx:
        command = [str(NGINX), "-p", str(self.folder), "-e", str(self.folder / "error.log"), "-c", str(self.config)]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (self.folder / "error.log").read_text()
            try:
                with http_client(self.url, timeout=2) as probe:
                    if probe.get("/healthz").status_code == 200:
                        return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"nginx did not answer in {timeout} s: {(self.folder / 'error.log').read_text()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)
