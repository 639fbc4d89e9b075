"""``mozaika play --plain`` driven through a pseudo-terminal, as a person with a screen reader would use it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

import mozaika
from mozaika.i18n import Messages
from mozaika.terminal import seats_from_names

PROMPT = "h help) > "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(*arguments: str, cwd: Path | None = None) -> pexpect.spawn:
    environment = {**os.environ, "COLUMNS": "200", "LINES": "60", "LANG": "en_GB.UTF-8"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mozaika", "play", "--plain", *arguments],
        env=environment,
        encoding="utf-8",
        timeout=60,
        dimensions=(60, 200),
        cwd=str(cwd) if cwd else None,
    )
    return child


def expected_scores(game: str, options: dict[str, Any], seed: int) -> list[int]:
    """The same game in-process: the person always picks the first listed move, the bot plays as in the terminal."""
    state = mozaika.new_game(game, players=2, seed=seed, **options)
    seats = seats_from_names(["human", "easy"], state.seed, Messages("en"))
    while not state.is_over:
        seat = state.to_move[0]
        bot = seats[seat].bot
        state.play(bot.choose(state) if bot is not None else state.legal_moves(seat)[0])
    return state.scores


@pytest.mark.parametrize(
    ("game", "arguments", "options"),
    [
        ("azul", [], {}),
        ("chocolatier", ["-o", "special_factories=true"], {"special_factories": True}),
        ("pavilion", [], {}),
    ],
)
def test_a_whole_game_against_a_bot(game: str, arguments: list[str], options: dict[str, Any]) -> None:
    """A 2-player game to its end; the scores on screen are the engine's, with the breakdown and the winner."""
    child = spawn("--game", game, *arguments, "--seat", "human", "--seat", "easy", "--seed", "5")
    while True:
        index = child.expect_exact([PROMPT, "Final scores:"])
        if index == 1:
            break
        child.sendline("1")
    child.expect(pexpect.EOF)
    tail = ANSI.sub("", child.before)
    match = re.search(r"Player 1 (\d+), easy (\d+)", tail)
    assert match, tail[-500:]
    assert [int(match.group(1)), int(match.group(2))] == expected_scores(game, options, 5)
    assert "Winner" in tail or "Shared victory" in tail
    child.close()
    assert child.exitstatus == 0


def test_invalid_input_is_explained_and_asked_again() -> None:
    child = spawn("--seed", "3")
    child.expect_exact(PROMPT)
    child.sendline("zz")
    child.expect_exact("not a move here")
    child.expect_exact(PROMPT)
    child.sendline("999")
    child.expect_exact("There is no move number 999")
    child.expect_exact(PROMPT)
    child.sendline("CBF")  # the centre holds only the marker at the start: refused with the rule
    child.expect("not (a move here|allowed)")
    child.expect_exact(PROMPT)
    child.sendline("h")
    child.expect_exact("asks the expert bot for a hint")
    child.expect_exact(PROMPT)
    child.sendline("q")
    child.expect_exact("Save the game before quitting? [y/n] > ")
    child.sendline("n")
    child.expect_exact("Goodbye.")
    child.expect(pexpect.EOF)


def test_hint_undo_save_and_resume(tmp_path: Path) -> None:
    child = spawn("--seed", "8", cwd=tmp_path)
    child.expect_exact(PROMPT)
    child.sendline("?")
    child.expect(r"Hint: \S+ \(\d+%\)")
    child.expect_exact(PROMPT)
    child.sendline("u")
    child.expect_exact("There is no move of yours to undo.")
    child.expect_exact(PROMPT)
    child.sendline("1")
    child.expect_exact("medium plays")
    child.expect_exact(PROMPT)
    child.sendline("u")
    child.expect_exact("Your last move is undone.")
    child.expect_exact(PROMPT)
    child.sendline("1")
    child.expect_exact(PROMPT)
    child.sendline("s")
    child.expect_exact("Save as (Enter for mozaika-azul-8.json) > ")
    child.sendline("")
    child.expect_exact("Game saved to mozaika-azul-8.json")
    child.expect_exact(PROMPT)
    child.sendline("q")  # right after a save there is nothing to lose: no question
    child.expect_exact("Goodbye.")
    child.expect(pexpect.EOF)
    assert "[y/n]" not in (child.before or "")
    saved = mozaika.notation.records.Record.from_json((tmp_path / "mozaika-azul-8.json").read_text())
    assert saved.players == ["Player 1", "medium"] and len(saved.steps) == 3  # the fill, your move, the bot's
    resumed = spawn("--resume", "mozaika-azul-8.json", cwd=tmp_path)
    resumed.expect_exact("Resumed mozaika-azul-8.json: round 1, 3 steps played.")
    resumed.expect_exact(PROMPT)
    resumed.sendline("q")
    resumed.expect_exact("[y/n] > ")
    resumed.sendline("n")
    resumed.expect(pexpect.EOF)


def test_czech() -> None:
    child = spawn("--lang", "cs", "--game", "pavilion", "--seed", "2")
    child.expect_exact("Žolíková barva tohoto kola: fialová")
    child.expect_exact("h nápověda) > ")
    child.sendline("xx")
    child.expect_exact("Tohle teď není tah: zápisu „xx“ nerozumím")
    child.expect_exact("h nápověda) > ")
    child.sendline("B1B")  # round 1 holds no tile in hand yet: the acquisition phase wants a take
    child.expect_exact("Tohle teď není tah")
    child.expect_exact("h nápověda) > ")
    child.sendline("q")
    child.expect_exact("[a/n] > ")
    child.sendline("n")
    child.expect_exact("Na shledanou.")
    child.expect(pexpect.EOF)


def test_czech_explains_the_rule_an_illegal_move_breaks() -> None:
    state = mozaika.new_game("azul", players=2, seed=2)
    absent = next(letter for letter in "BYRKW" if letter not in state.to_dict()["factories"][0])
    child = spawn("--lang", "cs", "--seed", "2")
    child.expect_exact("h nápověda) > ")
    child.sendline(f"1{absent}1")
    child.expect_exact("Tento tah není povolen (A-3): na tomto místě není dlaždice této barvy.")
    child.expect_exact("h nápověda) > ")
    child.sendline("q")
    child.expect_exact("[a/n] > ")
    child.sendline("n")
    child.expect(pexpect.EOF)


def test_the_catalogues_have_every_message_in_both_languages() -> None:
    """Every English text exists in Czech (Czech adds its explanations of the rules and each rulebook's own words),
    a game's own word replaces a text that exists, and each fills in."""
    english, czech = Messages("en"), Messages("cs")
    assert english.keys <= czech.keys
    assert all(key.startswith("rule_") or "@" in key for key in czech.keys - english.keys)
    for key in english.keys | czech.keys:
        base, _, game = key.partition("@")
        assert not game or (game in ("azul", "chocolatier", "pavilion") and base in czech.keys)
    values = dict.fromkeys(
        ["game", "round", "colour", "number", "disc", "name", "source", "star", "count", "reason", "answer", "example"],
        "x",
    )
    values.update(rule="A-4", explanation="x", move="1B1", moves="x", value="x", default="x", path="x", scores="x")
    values.update(names="x", steps="x", typed="x", tiles="x", slot="1", cost="1", line="1", column="1", step="1")
    values.update({f"n{count}": "x" for count in range(1, 5)})
    values.update(level="x", label="x", bank="5:00", width="60", height="20", needed_width="72", needed_height="22")
    values.update(title="x", lesson="x", hint="x", n="1")  # mozaika learn
    values.update(words="x", split="x", keys="x", previous="1", next="2", to_previous="x", to_next="x")
    values.update(server="x", link="x", left="x", deadline="x", opening="x", hours="1", minutes="05")  # letters
    values.update(tournament="x", rounds="3", table="x", standings="x")
    for key in english.keys:
        assert english(key, **values) and czech(key, **values)
    for game in ("azul", "chocolatier", "pavilion"):
        for key in czech.keys:
            assert czech.for_game(game)(key.partition("@")[0], **values)


def run_plain(arguments: list[str], answers: str) -> subprocess.CompletedProcess[str]:
    """``mozaika play --plain`` with its input and output both pipes, as a script would run it."""
    return subprocess.run(
        [sys.executable, "-m", "mozaika", "play", "--plain", *arguments],
        input=answers,
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "en_GB.UTF-8"},
        check=False,
    )


def test_the_end_of_the_input_before_the_game_ends_is_said_and_fails() -> None:
    result = run_plain(["--seed", "3"], "1\n")
    assert result.returncode == 1
    assert result.stderr.strip() == "The input ended before the game did: the game stops here, unsaved."
    assert "Player 1 plays" in result.stdout


def test_into_a_pipe_nothing_wraps_and_no_box_is_drawn() -> None:
    """Each board is a block of its own under its title (a screen reader reads one board, then the next), no
    box lines, and the lines stay whole."""
    seats = ["--seat", "human", "--seat", "random", "--seat", "random", "--seat", "random"]
    result = run_plain([*seats, "--seed", "3"], "1\nq\nn\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert not ANSI.search(result.stdout)
    assert not set("╭╮╰╯─┌┐└┘") & set(result.stdout)
    assert all(line == line.rstrip() for line in lines), "no padding at the ends of the lines"
    assert max(len(line) for line in lines) <= 160
    fifth_rows = [index for index, line in enumerate(lines) if re.search(r" 5 [·A-Z ]{15}│", line)]
    assert fifth_rows and all(lines[index].count("│") == 1 for index in fifth_rows), "one wall to a line"
    titles = [index for index, line in enumerate(lines) if re.match(r"\s+(Player 1|random \d) · score", line)]
    assert len(titles) == len(fifth_rows) and len(titles) % 4 == 0, "each board under its title"
    assert all(title < row < title + 10 for title, row in zip(titles, fifth_rows, strict=True))


def test_plain_speaks_moves_in_words_and_help_lists_the_colour_letters() -> None:
    """A screen reader hears each move in words, in the list of your moves and as each is played, and h
    names the colours by their letters and the boards' signs."""
    result = run_plain(["--seed", "3"], "h\n1\nq\nn\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.search(r"  factory 1, \w+: 1 line 1 \(1[A-Z]1\); 2 line 2 \(1[A-Z]2\)", out)
    assert re.search(r"Player 1 plays 1[A-Z]1: factory 1, \w+, to pattern line 1\.", out)
    assert re.search(r"medium plays \S+: (factory \d|centre), \w+, to (pattern line \d|the floor)", out)
    assert "Colours: B blue, Y yellow, R red, K black, W white." in out
    assert "1 is the first-player marker; · an empty space; a small letter on the wall" in out


def test_the_help_shows_no_types_for_flags_and_names_what_a_list_option_takes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mozaika", "play", "--help"], capture_output=True, text=True, check=True
    )
    assert "<bool>" not in result.stdout and "list[" not in result.stdout
    assert "-o, --option NAME=VALUE" in result.stdout and "--seat WHO" in result.stdout
    assert re.search(r"--plain\s+Line by line", result.stdout)
