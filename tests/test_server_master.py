"""The master level on the server: a bot seat of its own, the hints and the analysis board's answers, and
the reviews of finished games (each searched briefly, so that the tests stay quick)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import mozaika
from mozaika.bots import LEVELS, BotError, Budget
from mozaika.bots.review import review_decision
from mozaika.cli.app import app

from serverkit import Player, play_random_moves, running_app, two_player_table, wait_for


def test_master_is_a_level_people_can_seat() -> None:
    assert "master" in LEVELS and LEVELS["master"].bot == "mcts"


def test_a_master_bot_takes_a_seat_and_plays_it(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        alice = Player.guest(client, "Alice")
        created = alice.create("azul", 2, seats=[{"kind": "me"}, {"kind": "bot", "level": "master"}])
        table_id = created["table"]["id"]
        seat = created["table"]["seats"][1]
        assert (seat["kind"], seat["level"]) == ("bot", "master") and seat["name"].endswith("(master)")
        assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
        before = alice.table(table_id)
        alice.move(table_id, before["legal_moves"][0], before["seq"])
        replied = wait_for(lambda: (view := alice.table(table_id))["your_turn"] and view)
        assert replied["seq"] == before["seq"] + 2  # the master's move, then Alice's turn again
        # A waiting seat of a friendly table takes a master bot too.
        waiting = alice.create("azul", 3, seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])["table"]["id"]
        seated = alice.post(f"/api/tables/{waiting}/bots", {"seat": 2, "level": "master"})
        assert seated.status_code == 200 and seated.json()["table"]["seats"][2]["level"] == "master"


def test_hints_and_the_analysis_board_answer_at_the_master_level(tmp_path: Path) -> None:
    with running_app(tmp_path, hint_bot="master", hint_seconds=0.05) as client:
        table_id, alice, _ = two_player_table(client)
        hint = alice.get(f"/api/tables/{table_id}/hint")
        assert hint.status_code == 200, hint.text
        legal = alice.table(table_id)["legal_moves"]
        assert hint.json()["moves"] and all(entry["move"] in legal for entry in hint.json()["moves"])
        line = mozaika.to_line(mozaika.new_game("azul", players=2, seed=5))
        best = client.post("/api/analysis/best", json={"line": line}).json()
        assert best["bot"] == "master" and best["moves"][0]["visits"] > 0


def test_a_finished_game_is_reviewed_by_master_when_the_server_says_so(tmp_path: Path) -> None:
    with running_app(tmp_path, review_every_game=True, review_bot="master", review_iterations=30) as client:
        table_id, alice, bob = two_player_table(client)
        play_random_moves(table_id, [alice, bob], random.Random(2))

        def done() -> dict[str, Any] | None:
            view: dict[str, Any] = alice.get(f"/api/tables/{table_id}/review").json()
            return view if view["status"] == "done" else None

        view = wait_for(done, timeout=120)
        review = view["review"]
        assert review["bot"] == "master" and review["budget"].startswith("30 iterations")
        assert view["done"] == view["total"] == len(review["moves"]) > 0


def test_a_review_needs_a_level_that_searches() -> None:
    position = mozaika.new_game("azul", players=2, seed=1)
    reviewed = review_decision(position, position.legal_moves(0)[0], 0, Budget(iterations=20), 1, "master")
    assert reviewed.best in {str(move) for move in position.legal_moves(0)}
    with pytest.raises(BotError, match="a review needs a level that searches"):
        review_decision(position, position.legal_moves(0)[0], 0, Budget(iterations=20), 1, "easy")


@pytest.mark.parametrize("option", ["--hint-bot", "--review-bot"])
def test_serve_refuses_a_hint_or_review_level_that_does_not_search(option: str, tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'refused.db'}"
    result = CliRunner().invoke(app, ["serve", "--database", database, option, "easy"])
    assert result.exit_code == 2 and f"{option} is a level that searches" in result.output
    assert "master" in result.output
