"""The arena: rotated seats, mirrored chance, and its statistics on known cases."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

import mozaika
from mozaika.arena import GameResult, Match, play_game, run_match, schedule, summarise, wilson_interval
from mozaika.arena.journal import JournalError, header_line, read_journal, result_line
from mozaika.cli.app import app

runner = CliRunner()


def test_every_deal_is_played_in_every_rotation_of_the_seats() -> None:
    """Each deal (seed) is played once per rotation, so every bot sits in every seat of every deal."""
    match = Match("azul", ("expert", "greedy", "random"), games=5, seed=40)
    pairings = schedule(match)
    assert len(pairings) == 6 and match.deals == 2
    assert [pairing.deal for pairing in pairings] == [40, 40, 40, 41, 41, 41]
    assert [pairing.seats for pairing in pairings[:3]] == [
        ("expert", "greedy", "random"),
        ("random", "expert", "greedy"),
        ("greedy", "random", "expert"),
    ]


def test_a_bot_entered_twice_is_counted_apart() -> None:
    """Three greedy seats are three entrants ("easy 1", "easy 2", "easy 3"), each with its own results."""
    match = Match("azul", ("expert", "easy", "easy", "easy"), games=4, seed=1)
    assert match.labels == ("expert", "easy 1", "easy 2", "easy 3")
    assert [pairing.seats for pairing in schedule(match)][1] == ("easy 3", "expert", "easy 1", "easy 2")
    results = run_match(Match("azul", ("random", "random"), games=2, seed=5), jobs=1)
    assert [summary.name for summary in summarise(results)] == ["random 1", "random 2"]
    assert sum(summary.wins for summary in summarise(results)) == pytest.approx(2)


def test_rotations_of_a_deal_share_its_chance() -> None:
    """Mirroring: the rotations of a deal get the same chance outcomes (same seed, same first fill)."""
    match = Match("azul", ("greedy", "random"), games=2, seed=7)
    first, second = (play_game(pairing) for pairing in schedule(match))
    assert (
        first.deal == second.deal == 7 and first.seats == ("greedy", "random") and second.seats == ("random", "greedy")
    )
    fills = {str(mozaika.new_game("azul", players=2, seed=deal).history[0]) for deal in (first.deal, second.deal)}
    assert len(fills) == 1
    # Played through run_match (in order), the rotations keep their deal and permuted seats.
    one, two = run_match(Match("azul", ("mcts", "greedy"), games=2, seed=3, iterations=5), jobs=1)
    assert (one.deal, two.deal) == (3, 3) and one.seats == two.seats[::-1]


def test_wilson_interval_known_values() -> None:
    """8 wins in 10 games: the 95% Wilson interval is [0.490, 0.943]."""
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_summary_of_a_small_known_case() -> None:
    """Wins (a shared victory split), mean and spread of scores, and ratings ordered by results."""
    results = [
        GameResult(0, 1, ("a", "b"), (50, 30), (0,), (10, 10), (1.0, 2.0), (0.2, 0.3)),
        GameResult(1, 1, ("b", "a"), (40, 60), (1,), (10, 10), (2.0, 1.0), (0.3, 0.2)),
        GameResult(2, 2, ("a", "b"), (45, 45), (0, 1), (10, 10), (1.0, 2.0), (0.2, 0.4)),
    ]
    a, b = summarise(results)
    assert (a.name, a.games, a.wins, b.wins) == ("a", 3, 2.5, 0.5)
    assert a.mean_score == pytest.approx(155 / 3) and b.mean_score == pytest.approx(115 / 3)
    assert a.score_spread == pytest.approx(6.236, abs=1e-3)
    assert a.rating > b.rating and a.seconds_per_move == pytest.approx(0.1) and b.slowest_move == 0.4


def test_arena_command_json() -> None:
    """`mozaika arena --json` reports every bot with its interval, scores and rating."""
    result = runner.invoke(
        app,
        [
            "arena",
            "--game",
            "pavilion",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--jobs",
            "1",
            "--seed",
            "2",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["games"] == 2 and [row["bot"] for row in document["summary"]] == ["greedy", "random"]
    assert sum(row["wins"] for row in document["summary"]) == pytest.approx(2)
    assert all(0 <= row["win_rate_95"][0] <= row["win_rate"] <= row["win_rate_95"][1] for row in document["summary"])
    assert len(document["results"]) == 2


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--bots", "greedy"], "one bot per seat"),
        (["--bots", "greedy,wizard"], "unknown bot"),
        (["--bots", "greedy,random", "--game", "chess"], "unknown game"),
        (["--bots", "greedy,random", "-o", "wall=pink"], "wall"),
        (["--bots", "greedy,random", "--iterations", "0"], "at least 1"),
    ],
)
def test_arena_refuses_bad_input(arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", "--games", "1", *arguments])
    assert result.exit_code == 2 and message in result.output


def test_analyze_command(tmp_path: object) -> None:
    """`mozaika analyze` lists the best moves with values and visits; refuses a finished game."""
    from pathlib import Path

    directory = Path(str(tmp_path))
    state = mozaika.new_game("azul", players=2, seed=3)
    position = directory / "position.json"
    position.write_text(state.to_json())
    result = runner.invoke(
        app, ["analyze", str(position), "--bot", "mcts", "--iterations", "80", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    moves = document["moves"]
    assert document["seat"] == 0 and 1 <= len(moves) <= 10
    assert {entry["move"] for entry in moves} <= {str(move) for move in state.legal_moves()}
    assert sum(entry["visits"] for entry in moves) <= 80 and moves[0]["visits"] >= moves[-1]["visits"]
    text = runner.invoke(app, ["analyze", str(position), "--bot", "easy"])
    assert text.exit_code == 0 and "points" in text.stdout
    over = state.copy()
    while not over.is_over:
        over.play(over.legal_moves()[0])
    position.write_text(over.to_json())
    refused = runner.invoke(app, ["analyze", str(position)])
    assert refused.exit_code == 2 and "game is over" in refused.output


def _arena(journal: Path, games: int) -> Result:
    """`mozaika arena` of greedy against random from deal 11, with ``journal``."""
    match = ["--bots", "greedy,random", "--games", str(games), "--seed", "11"]
    return runner.invoke(app, ["arena", *match, "--journal", str(journal), "--jobs", "1", "--json"])


def test_a_journal_lets_a_stopped_or_longer_arena_go_on(tmp_path: Path) -> None:
    """Games in the journal are not played again; the totals are those of one uninterrupted run."""
    journal = tmp_path / "games.jsonl"
    first = _arena(journal, 2)
    assert first.exit_code == 0, first.output
    lines = journal.read_text().splitlines()
    assert len(lines) == 3 and json.loads(lines[0])["bots"] == ["greedy", "random"]
    longer = _arena(journal, 4)
    assert longer.exit_code == 0, longer.output
    assert "arena: 3 of 4 games (2 from the journal)" in longer.stderr
    assert "arena: 1 of 4 games" not in longer.stderr
    whole = runner.invoke(app, ["arena", "--bots", "greedy,random", "--games", "4", "--seed", "11", "--json"])
    assert json.loads(longer.stdout)["results"] == json.loads(whole.stdout)["results"]
    assert len(journal.read_text().splitlines()) == 5


def test_no_play_reports_what_a_journal_holds_and_plays_nothing(tmp_path: Path) -> None:
    """Where a long run stands: the summary of the journal's games, the journal untouched."""
    journal = tmp_path / "games.jsonl"
    assert _arena(journal, 2).exit_code == 0
    text = journal.read_text()
    match = ["arena", "--bots", "greedy,random", "--seed", "11", "--journal", str(journal), "--no-play"]
    report = runner.invoke(app, [*match, "--games", "6", "--json"])
    assert report.exit_code == 0, report.output
    played = runner.invoke(app, ["arena", "--bots", "greedy,random", "--games", "2", "--seed", "11", "--json"])
    assert json.loads(report.stdout)["results"] == json.loads(played.stdout)["results"]
    assert json.loads(report.stdout)["games"] == 2 and "arena:" not in report.stderr
    table = runner.invoke(app, [*match, "--games", "1"])
    assert table.exit_code == 0 and "Azul, 2 games" in table.stdout  # one game rounds up to a rotation: 2
    assert journal.read_text() == text
    other = runner.invoke(app, [*match[:-3], "--journal", str(tmp_path / "none.jsonl"), "--no-play"])
    assert other.exit_code == 2 and "holds no game of this match" in other.output
    alone = runner.invoke(app, ["arena", "--bots", "greedy,random", "--no-play"])
    assert alone.exit_code == 2 and "name it with --journal" in alone.output
    foreign = runner.invoke(
        app, ["arena", "--bots", "random,greedy", "--seed", "11", "--journal", str(journal), "--no-play"]
    )
    assert foreign.exit_code == 2 and "another match" in foreign.output and journal.read_text() == text


def test_a_game_cut_short_in_the_journal_is_played_again(tmp_path: Path) -> None:
    """A run killed while writing a game leaves half a line: that game counts as not played."""
    journal = tmp_path / "games.jsonl"
    assert _arena(journal, 2).exit_code == 0
    text = journal.read_text()
    journal.write_text(text[: len(text) - 40])
    again = _arena(journal, 2)
    assert again.exit_code == 0, again.output
    assert "arena: 2 of 2 games (1 from the journal)" in again.stderr
    assert _untimed(journal.read_text()) == _untimed(text)


def _untimed(journal: str) -> list[dict[str, object]]:
    """A journal's lines without the thinking times, which differ from run to run."""
    lines = [json.loads(line) for line in journal.splitlines()]
    return [{key: value for key, value in line.items() if key not in ("seconds", "slowest")} for line in lines]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda lines: ["not json", *lines[1:]], "line 1: not an arena journal"),
        (lambda lines: [lines[0], "{", lines[2]], "line 2: not a game (malformed JSON"),
        (lambda lines: [lines[0].replace('"seed": 11', '"seed": 12'), *lines[1:]], "seed 12 (this match: 11)"),
        (lambda lines: [lines[0], lines[2].replace('"index": 1', '"index": 0')], "game 0 of this match is deal 11"),
        (lambda lines: [lines[0], lines[1].replace('"winners": [0]', '"winners": [5]')], "does not give 2 seats"),
    ],
)
def test_a_journal_that_is_not_this_matchs_is_refused_and_kept(
    tmp_path: Path, change: Callable[[list[str]], list[str]], message: str
) -> None:
    """A foreign or damaged journal stops the arena with a message that says why; the file stays as it was."""
    journal = tmp_path / "games.jsonl"
    assert _arena(journal, 2).exit_code == 0
    damaged = "\n".join(change(journal.read_text().splitlines())) + "\n"
    journal.write_text(damaged)
    refused = _arena(journal, 2)
    assert refused.exit_code == 2 and message in refused.output
    assert journal.read_text() == damaged


def test_the_journal_round_trips_every_field_of_a_game() -> None:
    match = Match("azul", ("greedy", "random"), games=2, seed=3)
    results = run_match(match, jobs=1)
    text = header_line(match) + "".join(result_line(result) for result in reversed(results))
    again = read_journal(text, match)
    assert [result.index for result in again] == [0, 1]
    assert all(
        (one.seats, one.scores, one.winners, one.moves) == (two.seats, two.scores, two.winners, two.moves)
        and one.seconds == pytest.approx(two.seconds, abs=1e-6)
        for one, two in zip(results, again, strict=True)
    )
    with pytest.raises(JournalError, match="another match"):
        read_journal(text, Match("azul", ("greedy", "random"), games=2, seed=3, iterations=9))


def test_the_arena_table_stays_whole_into_a_pipe() -> None:
    """Off a terminal the table is not squeezed into 80 columns: each bot's row is one line."""
    result = subprocess.run(
        [sys.executable, "-m", "mozaika", "arena", "--bots", "random,greedy", "--games", "2", "--jobs", "1"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "80"},
    )
    rows = [line for line in result.stdout.splitlines() if line.startswith("│ random") or line.startswith("│ greedy")]
    assert len(rows) == 2 and all(row.count("│") == 8 for row in rows), result.stdout
    assert max(len(row) for row in rows) > 80
