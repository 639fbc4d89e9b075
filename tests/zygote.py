"""A process that has imported the server once and forks a ``mozaika`` command on request.

The tests start dozens of ``mozaika serve`` processes; in each, importing the web framework,
the database layer and the server took over a second of a core before the command's first line
ran.  Forked from this process, a command starts with all that imported: from there it runs as
``python tests/served.py ARGS...`` would (the same command line, environment and working folder,
its output in its own log, a normal interpreter exit), in a process of its own that the tests
signal, kill and wait for as before (:class:`Forked`).

The protocol, a line each, over this process's standard input and output: the tests send
``{"argv": [...], "log": PATH, "env": {...}, "cwd": PATH}``; it answers ``started PID``, and
``exited PID CODE`` when that process ends (CODE as ``subprocess.Popen.returncode`` gives it).
When its input ends, it stops what it started and exits.

Imported by the tests (:func:`launch`), this module starts one such process per test process.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

HERE = Path(__file__).resolve().parent
PRELOADED = (
    "mozaika.server.app",  # the web framework, the database layer and the server (the command imports them as it runs)
    "mozaika.server.bots.work",  # the games and the bots
    "uvicorn.main",
    "uvicorn.loops.uvloop",
    "uvicorn.lifespan.on",
    "uvicorn.protocols.http.httptools_impl",
    "uvicorn.protocols.websockets.websockets_sansio_impl",
)
"""What a ``mozaika serve`` imports after its command line is read: a second of a core in each server,
imported here once."""


# --- the zygote process ------------------------------------------------------------------------


def serve_requests() -> list[str]:
    """Answer requests until the input ends (then exit); returns only in a forked child, with its
    command line."""
    import served  # noqa: F401 (the cheap password hashes)
    from mozaika.cli import app  # noqa: F401 (the command itself)

    for name in PRELOADED:
        if importlib.util.find_spec(name) is not None:  # uvicorn's module names are its own to change
            importlib.import_module(name)

    assert threading.active_count() == 1, "a fork copies one thread only: the zygote must have no others"
    # What the zygote imported lives as long as each command: out of the cycle collector's sight, a
    # command's collections neither walk it again nor touch (and so copy) the memory it shares with this process.
    gc.collect()
    gc.freeze()
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    requests = os.fdopen(0, "rb", buffering=0, closefd=False)
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    children: set[int] = set()
    pending = b""
    answers.write("ready\n")
    while True:
        for key, _ in selector.select():
            if key.fd == wake_read:
                os.read(wake_read, 4096)
                continue
            chunk = requests.read(65536)
            if not chunk:
                stop(children)
            pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            request = json.loads(line)
            pid = os.fork()
            if pid == 0:
                selector.close()
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                answers.close()
                for descriptor in (wake_read, wake_write):
                    os.close(descriptor)
                become(request)
                return list(request["argv"])
            children.add(pid)
            answers.write(f"started {pid}\n")
        reap(children, answers)


def become(request: dict[str, Any]) -> None:
    """In the forked child: the request's folder, environment, input and output."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)


def reap(children: set[int], answers: TextIO | None) -> None:
    """Collect the children that have ended, telling the tests (when they are still there) how."""
    for pid in list(children):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            children.discard(pid)
            if answers is not None:
                answers.write(f"exited {pid} {os.waitstatus_to_exitcode(status)}\n")


def stop(children: set[int]) -> None:
    """The tests are gone: end whatever they left running, then exit."""
    for pid in children:
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 20
    while children and time.monotonic() < deadline:
        reap(children, None)
        time.sleep(0.05)
    for pid in children:
        os.kill(pid, signal.SIGKILL)
    os._exit(0)


# --- the tests' side ---------------------------------------------------------------------------


class Forked:
    """A command forked by the zygote, with ``subprocess.Popen``'s ways of waiting and signalling."""

    def __init__(self, zygote: Zygote, pid: int) -> None:
        self.zygote = zygote
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        self.returncode = self.zygote.exit_codes.get(self.pid)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        with self.zygote.changed:
            if not self.zygote.changed.wait_for(lambda: self.pid in self.zygote.exit_codes, timeout):
                raise subprocess.TimeoutExpired(f"process {self.pid}", timeout or 0)
        code = self.poll()
        assert code is not None
        return code

    def send_signal(self, number: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Zygote:
    """The tests' end of a zygote process."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.requests = self.process.stdin
        self.answers = self.process.stdout
        assert self.answers.readline() == b"ready\n", "the zygote did not start"
        self.exit_codes: dict[int, int] = {}
        self.started: list[int] = []
        self.changed = threading.Condition()
        self.lock = threading.Lock()
        threading.Thread(target=self._listen, name="zygote-answers", daemon=True).start()

    def launch(self, argv: list[str], log: Path) -> Forked:
        request = {"argv": argv, "log": str(log), "env": dict(os.environ), "cwd": os.getcwd()}
        with self.lock:
            self.requests.write(json.dumps(request).encode() + b"\n")
            self.requests.flush()
            with self.changed:
                assert self.changed.wait_for(lambda: self.started, 60), "the zygote did not fork"
                pid = self.started.pop(0)
        return Forked(self, pid)

    def _listen(self) -> None:
        for line in self.answers:
            word, *numbers = line.split()
            with self.changed:
                if word == b"started":
                    self.started.append(int(numbers[0]))
                elif word == b"exited":
                    self.exit_codes[int(numbers[0])] = int(numbers[1])
                self.changed.notify_all()


_zygote: Zygote | None = None
_zygote_lock = threading.Lock()


def launch(argv: list[str], log: Path) -> Forked:
    """``python tests/served.py ARGV...``, forked from this test process's zygote (started on first use)."""
    global _zygote
    with _zygote_lock:
        if _zygote is None or _zygote.process.poll() is not None:
            _zygote = Zygote()
        zygote = _zygote
    return zygote.launch(argv, log)


if __name__ == "__main__":
    sys.argv = [str(HERE / "served.py"), *serve_requests()]
    from mozaika.cli.app import run

    run()
