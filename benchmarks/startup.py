"""Start-up: how long the ``mozaika`` commands take to answer, and what they import.

Each command runs as a fresh process (``python -m mozaika ...``) several times, taking
turns, and the best run is reported (the quietest moment of a shared machine), with the
median beside it.  The full-screen ``mozaika play`` is timed in a pseudo-terminal of
80x24 until its first screen shows the first choice; ``--plain`` until its first prompt.
The last column says whether the command loaded Textual or the server (FastAPI): only
the full-screen client should load Textual, and only ``serve`` the server.

Usage: python benchmarks/startup.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

import pexpect

COMMANDS: list[tuple[str, list[str]]] = [
    ("mozaika --help", ["--help"]),
    ("mozaika --version", ["--version"]),
    ("mozaika play --help", ["play", "--help"]),
    ("mozaika bench --help", ["bench", "--help"]),
]
FIRST_SCREEN = "Take from:"
PLAIN_PROMPT = "h help) > "


def environment() -> dict[str, str]:
    return {**os.environ, "LANG": "en_GB.UTF-8", "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}


def run_once(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mozaika", *arguments], env=environment(), capture_output=True, check=True)
    return time.perf_counter() - start


QUIT_QUESTION = "Save the game before quitting?"


def until(arguments: list[str], expected: str, answer: str) -> float:
    """Seconds from starting the command in a pseudo-terminal until ``expected`` shows; then q, n quit."""
    start = time.perf_counter()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mozaika", *arguments],
        env=environment(),
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    child.expect_exact(expected)
    seconds = time.perf_counter() - start
    child.send(answer)
    child.expect_exact(QUIT_QUESTION)
    child.send("n\n" if answer.endswith("\n") else "n")
    child.expect(pexpect.EOF)
    child.close()
    return seconds


def loads(arguments: list[str]) -> str:
    """Which of Textual and the server the command imports (``-X importtime``)."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "mozaika", *arguments],
        env=environment(),
        capture_output=True,
        text=True,
        check=False,
    )
    modules = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    heavy = [name for name in ("textual", "fastapi", "sqlalchemy") if name in modules]
    return ", ".join(heavy) or "neither"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    timed: list[tuple[str, list[str], object]] = [(name, arguments, None) for name, arguments in COMMANDS]
    seat = ["--seat", "human", "--seat", "random", "--seed", "4"]
    timed.append(("mozaika play --plain (first prompt)", ["play", "--plain", *seat], PLAIN_PROMPT))
    timed.append(("mozaika play (first screen, 80x24)", ["play", *seat], FIRST_SCREEN))
    times: dict[str, list[float]] = {name: [] for name, _, _ in timed}
    for _ in range(runs):
        for name, arguments, expected in timed:
            if expected is None:
                times[name].append(run_once(arguments))
            elif expected == PLAIN_PROMPT:
                times[name].append(until(arguments, PLAIN_PROMPT, "q\n"))
            else:
                times[name].append(until(arguments, FIRST_SCREEN, "q"))
    print(f"{'command':40} {'best':>7} {'median':>7}   loads")
    for name, arguments, expected in timed:
        best, median = min(times[name]), statistics.median(times[name])
        # (off a terminal, -X importtime would time the line-by-line client instead of the full-screen one)
        loaded = "textual (it is the Textual client)" if expected == FIRST_SCREEN else loads(arguments)
        print(f"{name:40} {best:6.2f}s {median:6.2f}s   {loaded}")


if __name__ == "__main__":
    main()
