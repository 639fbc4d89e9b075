"""``GET /api/learn/{game}``: each game's tutorial with the positions the board draws (docs/learn.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mozaika
from mozaika.lessons import TUTORIALS

from serverkit import Player, running_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with running_app(Path(tmp_path_factory.mktemp("learn"))) as client:
        yield client


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_a_tutorial_serves_every_lesson_with_positions_that_parse(client: Any, game: str) -> None:
    answer = client.get(f"/api/learn/{game}")
    assert answer.status_code == 200
    tutorial = answer.json()
    assert tutorial["game"] == game and tutorial["title"]["cs"]
    lessons = tutorial["lessons"]
    assert [lesson["id"] for lesson in lessons] == [lesson.id for lesson in TUTORIALS[game].lessons]
    lines = [lesson["position"] for lesson in lessons] + [
        step["view"]["line"] for lesson in lessons for step in lesson["steps"]
    ]
    assert len(lines) >= 5
    for line in lines:
        assert mozaika.from_line(line).game_id == game


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_each_steps_result_is_the_engines(client: Any, game: str) -> None:
    """The result the page shows is the engine's play of the move on the step's line (A-8, S-9 and the rest)."""
    for lesson in client.get(f"/api/learn/{game}").json()["lessons"]:
        first = lesson["steps"][0]["view"]
        assert first["line"] == mozaika.to_line(mozaika.from_line(lesson["position"]))
        assert first["to_move"] == [lesson["learner"]]
        for step in lesson["steps"]:
            legal = step["view"]["legal_moves"][str(lesson["learner"])]
            for move, result in step["results"].items():
                assert move in legal and move in step["view"]["move_fields"]
                state = mozaika.from_line(step["view"]["line"])
                state.play(move)
                assert result["line"] == mozaika.to_line(state)
        last = lesson["steps"][-1]["results"][lesson["steps"][-1]["moves"][0]]
        learner = lesson["learner"]
        assert last["scores"][learner] - first["scores"][learner] == lesson["gain"]


def test_an_unknown_game_is_404_naming_the_games_that_have_a_tutorial(client: Any) -> None:
    answer = client.get("/api/learn/chess")
    assert answer.status_code == 404
    message = answer.json()["error"]["message"]
    assert "chess" in message and all(game in message for game in TUTORIALS)


def test_the_learn_page_is_served(client: Any) -> None:
    assert client.get("/learn/azul").status_code == 200


def test_an_invite_link_says_who_invites_to_which_game_before_signing_in(client: Any) -> None:
    host = Player.guest(client, "Jana")
    created = host.create("pavilion", 3, options={"board": "colourless"}, seats=[{"kind": "me"}, {"kind": "invite"}])
    table_id = created["table"]["id"]
    client.cookies.clear()
    answer = client.get(f"/api/tables/{table_id}/invitation")
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    assert shown["host"] == "Jana" and shown["game"] == "pavilion" and shown["players"] == 3
    assert shown["options"]["board"] == "colourless" and shown["status"] == "open"
    assert shown["seats_waiting"] == 2, "the invited seat and the open third seat wait"
    assert client.get("/api/tables/nosuchtable/invitation").status_code == 404
