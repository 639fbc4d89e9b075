"""The arena: rotated seats, mirrored chance, and its statistics on known cases."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import mozaika
from mozaika.arena import GameResult, Match, play_game, run_match, schedule, summarise, wilson_interval
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
