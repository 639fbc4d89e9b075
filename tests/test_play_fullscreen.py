"""``mozaika play`` full-screen in a real pseudo-terminal of 80x24: it starts, undoes after --resume, and quits."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from terminalkit import table_after_turns


def spawn(*arguments: str, cwd: Path, no_color: bool = False) -> pexpect.spawn:
    environment = {**os.environ, "LANG": "en_GB.UTF-8", "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    environment.pop("NO_COLOR", None)
    if no_color:
        environment["NO_COLOR"] = "1"
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


LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"
COLOUR = re.compile(r"\x1b\[[0-9;]*(?:38|48);[25];")


def test_quitting_leaves_the_table_in_the_scrollback(tmp_path: Path) -> None:
    child = spawn("--seed", "8", "--seat", "human", "--seat", "random", cwd=tmp_path)
    child.expect_exact("Take from:")
    child.send("q")
    child.expect_exact("Save the game before quitting?")
    child.send("n")
    child.expect(pexpect.EOF)
    child.close()
    after = (child.before or "").rpartition(LEAVE_ALTERNATE_SCREEN)[2]
    assert "Azul · round 1" in after and "Player 1" in after and "random" in after


def test_no_color_means_no_colour_codes(tmp_path: Path) -> None:
    """NO_COLOR (no-color.org): not even grey shades; the tiles keep their letters."""
    child = spawn("--seed", "8", "--seat", "human", "--seat", "random", cwd=tmp_path, no_color=True)
    child.expect_exact("Take from:")
    child.expect(pexpect.TIMEOUT, timeout=1)  # the whole first screen
    shown = child.before or ""
    quit_without_saving(child)
    assert not COLOUR.search(shown)
    assert "factory 1" in shown
