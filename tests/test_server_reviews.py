"""Game reviews on the server: made after every game in the bot workers, stored, served, live play first."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from mozaika.bots.base import Budget
from mozaika.bots.review import decisions
from mozaika.notation.records import Record
from mozaika.server.bots.player import BotPlayer

from serverkit import (
    Player,
    migrated_sqlite_database,
    play_random_moves,
    running_app,
    running_app_on,
    two_player_table,
    wait_for,
)


def finished_table(client: Any, seed: int = 3) -> tuple[str, Player, Player]:
    table_id, alice, bob = two_player_table(client)
    play_random_moves(table_id, [alice, bob], random.Random(seed))
    return table_id, alice, bob


def review_of(player: Player, table_id: str) -> dict[str, Any]:
    response = player.get(f"/api/tables/{table_id}/review")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_every_finished_game_is_reviewed_and_the_review_is_stored(tmp_path: Path, database: str) -> None:
    with running_app(tmp_path, database, review_every_game=True) as client:
        table_id, alice, _ = finished_table(client)
        done = wait_for(lambda: (view := review_of(alice, table_id))["status"] == "done" and view, timeout=120)
        record = Record.from_dict(alice.get(f"/api/tables/{table_id}/record").json())
        review = done["review"]
        assert done["done"] == done["total"] == len(decisions(record)) == len(review["moves"])
        assert [player["name"] for player in review["players"]] == ["Alice", "Bob"]
        assert [move["step"] for move in review["moves"]] == [decision.step for decision in decisions(record)]
        assert all(record.steps[move["step"]] == move["played"] for move in review["moves"])
        assert len(review["mistakes"]) <= 3
        assert all(mistake["best"] != mistake["played"] and mistake["loss"] > 0 for mistake in review["mistakes"])
        assert len(review["leads"]) == len(review["moves"])
        # Asking again changes nothing: the review is made once.
        again = alice.post(f"/api/tables/{table_id}/review")
        assert again.status_code == 202 and again.json()["status"] == "done"


def test_a_review_is_refused_before_the_end_and_for_unknown_tables(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        table_id, alice, _ = two_player_table(client)
        refused = alice.get(f"/api/tables/{table_id}/review")
        assert refused.status_code == 409 and "once it is over" in refused.json()["error"]["message"]
        assert alice.post(f"/api/tables/{table_id}/review").status_code == 409
        assert alice.get("/api/tables/nosuchtable/review").status_code == 404


def test_a_review_on_request_when_games_are_not_reviewed_by_themselves(tmp_path: Path) -> None:
    with running_app(tmp_path, review_every_game=False) as client:
        table_id, alice, _ = finished_table(client, seed=4)
        assert review_of(alice, table_id)["status"] == "none"
        asked = alice.post(f"/api/tables/{table_id}/review")
        assert asked.status_code == 202 and asked.json()["status"] == "queued"
        wait_for(lambda: review_of(alice, table_id)["status"] == "done")


def test_live_tables_play_on_during_a_review(tmp_path: Path) -> None:
    """A long review is under way; a table against a bot gets each bot move while the review waits its turn."""
    with running_app(
        tmp_path, review_every_game=True, review_iterations=5000, review_move_seconds=0.3, review_seconds=600
    ) as client:
        reviewed, alice, _ = finished_table(client, seed=5)
        wait_for(lambda: review_of(alice, reviewed)["status"] == "running")
        carol = Player.guest(client, "Carol")
        live = carol.create("azul", 2, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])["table"]["id"]
        carol.post(f"/api/tables/{live}/start")
        for _ in range(4):
            view = carol.table(live)
            carol.move(live, view["legal_moves"][0], view["seq"])
            wait_for(lambda: carol.table(live)["your_turn"])  # the bot has answered
        progress = review_of(alice, reviewed)
        assert progress["status"] == "running" and progress["done"] < progress["total"], (
            "the bot's moves were played while the review was still being made"
        )
        assert wait_for(lambda: review_of(alice, reviewed)["status"] == "done", timeout=300)


def test_review_work_waits_while_a_table_waits_for_its_bot() -> None:
    """The order in the workers: a review's next decision goes only once no table waits for a bot or a hint."""
    looking = threading.Event()
    release = threading.Event()

    class Tables:
        """A table whose bot is about to move: the bot runner is busy with it until ``release``."""

        def bot_turns(self, table_id: str) -> list[Any]:
            looking.set()
            assert release.wait(120), "the test never let the bot move"
            return []

    async def scenario() -> list[str]:
        async def publish(events: list[dict[str, Any]]) -> None:
            return None

        class Leases:
            """Every lease is this process's: the test is about the order in the workers."""

            def take(self, table_id: str) -> bool:
                return True

            def release(self, table_id: str) -> None:
                return None

        bots = BotPlayer(Tables(), publish, workers=1, leases=Leases())  # type: ignore[arg-type]
        order: list[str] = []

        async def in_worker(priority: int, function: Any, *arguments: Any) -> Any:
            order.append(function.__name__)
            return {}

        bots._in_worker = in_worker  # type: ignore[method-assign]
        bots.poke("live")
        review = asyncio.create_task(bots.review_decision("{}", "1B1", 0, Budget(iterations=1), 0))
        assert await asyncio.to_thread(looking.wait, 120), "the bot runner never looked at the table"
        for _ in range(20):
            await asyncio.sleep(0)
        order.append("bot table settled")
        release.set()
        await review
        hint = await bots.analyse("{}", 0, "expert", 0.1)
        assert hint == {}
        return order

    order = asyncio.run(scenario())
    assert order == ["bot table settled", "review_move", "analyse_position"]


def test_a_review_cut_short_by_a_stop_is_made_at_the_next_start(tmp_path: Path) -> None:
    url = migrated_sqlite_database(tmp_path)
    slow = {"review_every_game": True, "review_iterations": 5000, "review_move_seconds": 0.3, "review_seconds": 600}
    with running_app_on(url, **slow) as client:
        table_id, alice, _ = finished_table(client, seed=6)
        wait_for(lambda: review_of(alice, table_id)["status"] == "running")
    with running_app_on(url) as client:
        again = Player.guest(client, "Vera")
        assert wait_for(lambda: review_of(again, table_id)["status"] == "done", timeout=120)
