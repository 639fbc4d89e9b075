"""``mozaika play`` full-screen in a real pseudo-terminal of 80x24: it starts, undoes after --resume, and quits."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

from terminalkit import table_after_turns


def spawn(*arguments: str, cwd: Path) -> pexpect.spawn:
    environment = {**os.environ, "LANG": "en_GB.UTF-8", "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "mozaika", "play", *arguments],
        env=environment,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
        cwd=str(cwd),
    )


def quit_without_saving(child: pexpect.spawn) -> None:
    child.send("q")
    child.expect_exact("Save the game before quitting?")
    child.send("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_full_screen_game_starts_and_quits(tmp_path: Path) -> None:
    child = spawn("--seed", "8", "--seat", "human", "--seat", "random", cwd=tmp_path)
    child.expect_exact("Take from:")
    child.expect_exact("Player 1")
    quit_without_saving(child)


def test_undo_after_resume(tmp_path: Path) -> None:
    table_after_turns(1).save(tmp_path / "saved.json")
    child = spawn("--resume", "saved.json", cwd=tmp_path)
    child.expect_exact("Resumed saved.json")
    child.send("u")
    child.expect_exact("Your last move is undone.")
    quit_without_saving(child)
