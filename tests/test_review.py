"""Game review (mozaika.bots.review), ``mozaika review`` and ``mozaika analyze`` with a position line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import mozaika
from mozaika.bots import make_bot
from mozaika.bots.base import Budget
from mozaika.bots.review import Review, decisions, review_decision, review_record
from mozaika.cli.app import app
from mozaika.notation.positions import build
from mozaika.notation.records import Record

from examples import scoring_example

runner = CliRunner()
SMALL = Budget(iterations=40)


def played_game(game: str = "azul", players: int = 2, seed: int = 3, **options: object) -> Record:
    """A finished game between the greedy bot (seat 0) and the random bot."""
    state = mozaika.new_game(game, players=players, seed=seed, **options)
    bots = [make_bot("greedy", seed=1), *[make_bot("random", seed=seat) for seat in range(1, players)]]
    while not state.is_over:
        state.play(bots[state.to_move[0]].choose(state))
    return Record.from_state(state)


def test_every_decision_is_reviewed_in_order() -> None:
    record = played_game()
    found = decisions(record)
    review = review_record(record, budget=SMALL)
    assert [move.step for move in review.moves] == [decision.step for decision in found]
    assert [move.number for move in review.moves] == list(range(1, len(found) + 1))
    assert all(record.steps[move.step] == move.played for move in review.moves)
    assert all(move.loss >= 0 for move in review.moves)
    assert all(len(move.expected) == 2 for move in review.moves)


def test_the_best_move_played_loses_nothing() -> None:
    """The scoring example (A-8): taking the last tile, player 2's moves differ; the best one loses 0."""
    position = scoring_example()
    best = review_decision(position, "CW1", 1, Budget(iterations=200), seed=1)
    assert best.best == "CW1" and best.loss == 0
    worse = review_decision(position, "CWF", 1, Budget(iterations=200), seed=1)
    assert worse.best == "CW1" and worse.loss > 0
    assert worse.line == mozaika.to_line(position)


def test_a_forced_move_loses_nothing() -> None:
    position = build("azul", players=2, lines=["B/YY/RRR/KKKK/WWWWW", ""], factories="B/-/-/-/-")
    assert [str(move) for move in position.legal_moves()] == ["1BF"]
    reviewed = review_decision(position, "1BF", 0, SMALL, seed=0)
    assert reviewed.forced and reviewed.loss == 0


def test_a_random_player_loses_more_than_a_strong_one() -> None:
    state = mozaika.new_game("azul", players=2, seed=4)
    bots = [make_bot("expert", iterations=200, seed=1), make_bot("random", seed=2)]
    while not state.is_over:
        state.play(bots[state.to_move[0]].choose(state))
    review = review_record(Record.from_state(state), budget=Budget(iterations=200))
    assert review.average_loss(1) > 2 * review.average_loss(0)
    assert all(move.seat == 1 for move in review.mistakes()[:1])


@pytest.mark.parametrize(
    ("game", "options"),
    [("azul", {"wall": "grey"}), ("chocolatier", {"special_factories": True}), ("pavilion", {"board": "coloured"})],
)
def test_every_game_can_be_reviewed(game: str, options: dict[str, object]) -> None:
    record = played_game(game, players=3, seed=5, **options)
    review = review_record(record, budget=Budget(iterations=8))
    assert len(review.moves) == len(decisions(record))
    mistakes = review.mistakes()
    assert len(mistakes) <= 3 and mistakes == sorted(mistakes, key=lambda move: -move.loss)
    assert all(move.best != move.played for move in mistakes)


def test_a_review_is_reproducible_and_round_trips() -> None:
    record = played_game(seed=6)
    first = review_record(record, budget=SMALL, seed=2)
    assert review_record(record, budget=SMALL, seed=2) == first
    document = json.loads(json.dumps(first.to_dict()))
    again = Review.from_dict(document).to_dict()
    assert {key: again[key] for key in ("moves", "players", "mistakes")} == {
        key: document[key] for key in ("moves", "players", "mistakes")
    }
    assert len(document["leads"]) == len(document["moves"])
    for leads, move in zip(document["leads"], document["moves"], strict=True):
        assert leads[0] == pytest.approx(move["expected"][0] - move["expected"][1], abs=0.02)
    assert [player["name"] for player in document["players"]] == record.players


def test_review_command(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_game(seed=7).to_json(), encoding="utf-8")
    shown = runner.invoke(app, ["review", str(path), "--iterations", "30"])
    assert shown.exit_code == 0, shown.output
    assert "points lost a move" in shown.output and "The biggest mistakes" in shown.output
    as_json = runner.invoke(app, ["review", str(path), "--iterations", "30", "--json"])
    document = json.loads(as_json.output)
    assert len(document["mistakes"]) == 3
    broken = runner.invoke(app, ["review", str(tmp_path / "missing.json")])
    assert broken.exit_code == 2


def test_analyze_takes_a_position_line(tmp_path: Path) -> None:
    line = mozaika.to_line(scoring_example())
    given = runner.invoke(app, ["analyze", line, "--iterations", "60", "--seed", "1", "--json"])
    assert given.exit_code == 0, given.output
    document = json.loads(given.output)
    assert document["seat"] == 1 and {entry["move"] for entry in document["moves"]} >= {"CW1", "CWF"}
    assert all(len(entry["expected_points"]) == 2 for entry in document["moves"])
    in_file = tmp_path / "position.txt"
    in_file.write_text(line + "\n", encoding="utf-8")
    from_file = runner.invoke(app, ["analyze", str(in_file), "--iterations", "60", "--seed", "1", "--json"])
    assert json.loads(from_file.output) == document
    refused = runner.invoke(app, ["analyze", "azul r:1 p:offer"])
    assert refused.exit_code == 2 and "position line" in refused.output


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("", "no position given: name a file, or give a position line (docs/notation.md)"),
        ("   ", "no position given: name a file, or give a position line (docs/notation.md)"),
        ("{folder}", "{folder}: a folder, not a position file"),
        ("{folder}/missing.json", "{folder}/missing.json: no such file, and not a position line (docs/notation.md)"),
    ],
)
def test_analyze_says_what_is_wrong_with_where_the_position_should_be(tmp_path: Path, given: str, said: str) -> None:
    result = runner.invoke(app, ["analyze", given.format(folder=tmp_path)])
    assert result.exit_code == 2 and result.stderr.strip() == "error: " + said.format(folder=tmp_path)


def test_a_review_on_a_terminal_shows_its_progress(tmp_path: Path) -> None:
    """A review takes a while (a quarter of a second a decision by default): the terminal sees how far it is."""
    path = tmp_path / "game.json"
    path.write_text(played_game(seed=7).to_json(), encoding="utf-8")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mozaika", "review", str(path), "--iterations", "400"],
        env={**os.environ, "LANG": "en_GB.UTF-8", "TERM": "xterm-256color"},
        encoding="utf-8",
        timeout=120,
        dimensions=(24, 100),
    )
    child.expect_exact("reviewing")
    child.expect(r"\d+/\d+(\x1b\[[0-9;]*m)* (\x1b\[[0-9;]*m)*decisions")
    child.expect_exact("points lost a move")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
