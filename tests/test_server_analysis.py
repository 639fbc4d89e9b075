"""The analysis board's API: positions from lines, records, tables and new games; edits checked; the expert asked."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import mozaika
from mozaika.server.analysis.board import Analysis
from mozaika.server.analysis.hints import Hints
from mozaika.server.settings import Settings

from examples import scoring_example
from serverkit import play_random_moves, running_app, two_player_table

SCORING_EXAMPLE = mozaika.to_line(scoring_example())


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    with running_app(tmp_path) as client:
        yield client


def post(client: Any, path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/analysis/{path}", json=body)


def test_a_line_is_set_up_played_through_and_analysed(client) -> None:  # type: ignore[no-untyped-def]
    start = post(client, "start", {"line": SCORING_EXAMPLE}).json()
    assert start["line"] == SCORING_EXAMPLE and start["to_move"] == [1]
    assert start["legal_moves"]["1"] == [str(move) for move in mozaika.from_line(SCORING_EXAMPLE).legal_moves()]
    best = post(client, "best", {"line": SCORING_EXAMPLE}).json()
    assert best["seat"] == 1 and best["moves"][0]["move"] == "CW1"
    assert all(len(entry["expected"]) == 2 for entry in best["moves"])
    values = [entry["value"] for entry in best["moves"]]
    assert values == sorted(values, reverse=True), "listed by the value shown beside each move"
    assert "names" not in start, "a line names no players"
    after = post(client, "play", {"line": SCORING_EXAMPLE, "move": "CW1"}).json()
    assert after["scores"][0] == 7 and after["round"] == 5, "the tiling scored the rulebook's 7 points (A-8)"
    again = post(client, "play", {"line": SCORING_EXAMPLE, "move": "CW1"}).json()
    assert again["line"] == after["line"], "the next fill is decided by the line's seed"
    refused = post(client, "play", {"line": SCORING_EXAMPLE, "move": "1BF"})  # factory 1 is empty
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "illegal_move"


def test_an_edit_is_checked_by_the_builder(client) -> None:  # type: ignore[no-untyped-def]
    edit = {"game": "azul", "players": 2, "options": {}, "parts": {"factories": "BBYR/-/-/-/-", "scores": [3, 4]}}
    built = post(client, "edit", edit).json()
    assert built["position"]["factories"][0] == "BBYR" and built["scores"] == [3, 4]
    edit["parts"]["centre"] = "B" * 19
    refused = post(client, "edit", edit)
    assert refused.status_code == 422
    assert "21 blue tiles" in refused.json()["error"]["message"] and "F-4" in refused.json()["error"]["message"]
    wrong = post(client, "edit", {**edit, "parts": {"walls": ["Y..../...../...../...../.....", ""]}})
    assert wrong.status_code == 422 and "A-9" in wrong.json()["error"]["message"]


def test_positions_from_a_new_game_a_record_and_a_finished_table(client) -> None:  # type: ignore[no-untyped-def]
    new = post(client, "start", {"game": "pavilion", "players": 3, "options": {"board": "colourless"}}).json()
    assert new["game"] == "pavilion" and new["options"] == {"board": "colourless"} and new["round"] == 1
    table_id, alice, bob = two_player_table(client)
    play_random_moves(table_id, [alice, bob], random.Random(2))
    record = alice.get(f"/api/tables/{table_id}/record").json()
    for step in (0, 1, 7):
        from_table = post(client, "start", {"table": table_id, "step": step}).json()
        from_record = post(client, "start", {"record": record, "step": step}).json()
        assert from_table == from_record
        assert from_table["names"] == ["Alice", "Bob"], "a finished game's players by name"
        assert from_table["position"] == alice.get(f"/api/tables/{table_id}/replay/{max(step, 1)}").json()["position"]
    assert post(client, "start", {"line": SCORING_EXAMPLE, "game": "azul"}).status_code == 400
    unfinished, _, _ = two_player_table(client)
    assert post(client, "start", {"table": unfinished}).status_code == 409


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"line": "azul r:1"}, 422),
        ({"line": "chess"}, 422),
        ({"record": {"format": "nope"}}, 400),
        ({"game": "azul", "players": 5}, 422),
        ({"game": "azul", "options": {"wall": "purple"}}, 400),
        # new_game's own arguments are not options: each was a 500 (two values for one argument).
        ({"game": "azul", "options": {"seed": 3}}, 422),
        ({"game": "pavilion", "options": {"players": 3}}, 422),
        ({"game": "chocolatier", "options": {"auto_chance": False}}, 422),
        ({"game": "azul", "options": {"colour": "red"}}, 422),
    ],
)
def test_bad_positions_are_refused_clearly(client, body: dict[str, Any], status: int) -> None:  # type: ignore[no-untyped-def]
    response = post(client, "start", body)
    assert response.status_code == status, response.text
    assert response.json()["error"]["message"]


# Summer Pavilion waiting for a bonus pick (S-10) from a supply that holds nothing: no game reaches it
# (an empty supply owes nothing, R-12), and its seat to move would have no legal move.
PICK_FROM_NOTHING = (
    "pavilion r:5 p:bonus t:2 s:2 m:1 f:-/-/-/-/- sup:- bonus:3 tower:14.13.13.18.11.14"
    " 1:1,RRR,2O3/6/6/6/6/6/6,passed,@1.0.5.0.0.0 2:3,RBGGGPP,1O2OO/R5/6/1Y4/6/1P4/6,@7.3.6.0.0.0 seed:0.6"
)


@pytest.mark.parametrize("path", ["start", "best", "play"])
def test_a_position_whose_seat_to_move_has_no_move_is_refused_not_searched(client, path: str) -> None:  # type: ignore[no-untyped-def]
    response = post(client, path, {"line": PICK_FROM_NOTHING, **({"move": "pick:O"} if path == "play" else {})})
    assert response.status_code == 422, response.text
    assert "R-12" in response.json()["error"]["message"]


def test_the_expert_refuses_more_questions_than_its_workers_can_take(tmp_path: Path) -> None:
    """Open to anyone, so bounded: beyond two waiting questions a worker, the answer is 503 busy; one asker
    has one question answered at a time; the same position asked by several is searched once."""
    release = asyncio.Event()
    searches: list[tuple[Any, ...]] = []

    class Bots:
        async def analyse(self, *arguments: Any) -> list[dict[str, Any]]:
            searches.append(arguments)
            await release.wait()
            return []

    async def ask() -> tuple[list[Any], Exception, Exception]:
        settings = Settings(database_url="sqlite://", background_workers=1)
        analysis = Analysis(None, Hints(Bots(), settings), settings)  # type: ignore[arg-type]
        waiting = [asyncio.create_task(analysis.best(SCORING_EXAMPLE, asker)) for asker in ("ann", "bob")]
        await asyncio.sleep(0)
        refusals = []
        for asker in ("cyril", "ann"):
            try:
                await analysis.best(SCORING_EXAMPLE, asker)
            except Exception as error:
                refusals.append(error)
        release.set()
        return await asyncio.gather(*waiting), *refusals

    answered, too_many, too_eager = asyncio.run(ask())
    assert getattr(too_many, "code", None) == "busy" and getattr(too_many, "status", None) == 503
    assert "your last question" in str(too_eager) and getattr(too_eager, "status", None) == 503
    assert all(answer["moves"] == [] for answer in answered)
    assert len(searches) == 1  # two askers, one position: one search
