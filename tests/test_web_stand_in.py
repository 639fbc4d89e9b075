"""The stand-in in the browser: after Karel's time ran out and the bot played his seat to the end,
his result names him first, "(you)", with the stand-in's moves counted, and the log marks each move
the stand-in played, in English and in Czech.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve`` of this module's own whose
stand-in moves at once (``--stand-in-pace 0``: the pace is tested in tests/test_server_stand_in.py).
Karel's time runs out by moving the table's stored clocks back. Screenshots of the result and the log
go to ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit import Person
from serverkit import rewind_clocks, wait_for
from serverprocess import ServerProcess, http_client


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder: Path = tmp_path_factory.mktemp("stand-in")
    return f"sqlite:///{folder / 'stand-in.db'}", folder


@pytest.fixture(scope="module")
def starting_server(database: tuple[str, Path]) -> Iterator[ServerProcess]:
    """This module's server (the shared fixtures in conftest.py start Chromium beside it)."""
    url, folder = database
    options = ("--replacement-bot", "beginner", "--stand-in-pace", "0")
    process = ServerProcess(url, folder / "server.log", None, 1, *options).launch()
    yield process
    process.stop()


class Guest:
    """A player at the server's API, without a browser."""

    def __init__(self, base_url: str, name: str) -> None:
        self.http = http_client(base_url, timeout=30.0)
        token = self.http.post("/api/guests", json={"name": name}).json()["token"]
        self.http.headers["Authorization"] = f"Bearer {token}"

    def table(self, table_id: str) -> dict[str, Any]:
        response = self.http.get(f"/api/tables/{table_id}")
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def ready(self, table_id: str) -> dict[str, Any] | None:
        """The table, once it is this guest's turn or the game is over."""
        view = self.table(table_id)
        return view if view["your_turn"] or view["status"] != "running" else None

    def play_to_the_end(self, table_id: str, chooser: random.Random) -> None:
        """Plays whenever it is this guest's turn, until the game is over."""
        while (view := wait_for(lambda: self.ready(table_id), what="Bob's turn"))["status"] == "running":
            move = chooser.choice(view["legal_moves"])
            moved = self.http.post(f"/api/tables/{table_id}/moves", json={"move": move, "seq": view["seq"]})
            assert moved.status_code == 200, moved.text


def test_the_result_and_the_log_name_the_stand_in_s_moves_in_english_and_czech(
    people: list[Person], browser: Any, server: ServerProcess, database: tuple[str, Path]
) -> None:
    karel = Person(browser, server.url, width=1366, height=768)
    people.append(karel)
    karel.open("/")
    karel.guest("Karel")
    karel.page.wait_for_selector("#create-form")
    karel.page.select_option("#new-clock", "fast")
    table_id = karel.create_table("azul", ["open"])
    bob = Guest(server.url, "Bob")
    assert bob.http.post(f"/api/tables/{table_id}/join", json={}).status_code == 200
    karel.page.wait_for_selector(".start-button:not([disabled])")
    karel.page.click(".start-button")
    karel.wait_for_turn_or_end()
    karel.play(karel.table()["legal_moves"][0])  # his own move, before his time runs out
    chooser = random.Random(45)
    view = wait_for(lambda: bob.ready(table_id))
    moved = bob.http.post(f"/api/tables/{table_id}/moves", json={"move": view["legal_moves"][0], "seq": view["seq"]})
    assert moved.status_code == 200, moved.text
    wait_for(lambda: karel.table()["your_turn"])
    rewind_clocks(database[0], table_id, 200.0)  # the server's clock watch finds his time gone
    wait_for(lambda: karel.table()["seats"][0]["kind"] == "bot", what="the stand-in to take Karel's seat")
    bob.play_to_the_end(table_id, chooser)

    result = karel.api(f"/tables/{table_id}/result")
    stood_in = result["players"][0]["stand_in_moves"]
    assert 0 < stood_in < result["players"][0]["statistics"]["moves"], "Karel played one move himself"
    assert result["players"][1]["stand_in_moves"] == 0
    entries = karel.api(f"/tables/{table_id}/log")["entries"]
    assert not any(entry["kind"] == "undo" for entry in entries), "each log entry is a step of the replay"
    own_step = next(index for index, entry in enumerate(entries, 1) if entry["seat"] == 0)
    stand_in_step = next(index for index, entry in enumerate(entries, 1) if entry["stand_in"])
    shots = []
    for language, you, stand_in_words, count_words, played_by in (
        ("en", "Karel (you)", "Karel (stand-in bot): ", f"stand-in bot: {stood_in} moves", "played by Bot (beginner)"),
        (
            "cs",
            "Karel (vy)",
            "Karel (hraje zastupující bot): ",
            f"zastupující bot: {stood_in} tahů",
            "hraje Bot (začátečník)",
        ),
    ):
        karel.page.evaluate(
            "language => localStorage.setItem('mozaika.preferences', JSON.stringify({language}))", language
        )
        karel.resize(1366, 768)
        karel.open(f"/tables/{table_id}")
        heading = karel.page.locator('.breakdown thead th[data-seat="0"]')
        heading.wait_for()
        assert heading.inner_text().startswith(you)
        assert count_words in heading.locator(".stand-in-moves").inner_text()
        assert not karel.page.locator('.breakdown thead th[data-seat="1"] .stand-in-moves').count()
        assert "(" not in karel.page.locator('.breakdown thead th[data-seat="1"]').inner_text(), "Bob is not you"
        log = karel.page.locator(".log li.log-move").all_inner_texts()
        mine = [line for line in log if line.startswith("Karel")]
        marked = [line for line in mine if line.startswith(stand_in_words)]
        assert len(marked) == stood_in and len(mine) == stood_in + 1, "his own move unmarked, the stand-in's marked"
        assert mine[0] == log[0] and not mine[0].startswith(stand_in_words)
        assert not any("/" in line.split(":")[0] for line in log), "the log names the player, not 'Karel / Bot'"
        # His board: his name, "you", and which bot played for him.
        board = karel.page.locator('.board-panel[data-seat="0"] .board-head')
        assert board.locator(".player-name").inner_text() == "Karel"
        assert board.locator(".badge.stand-in").inner_text() == played_by
        assert board.locator(".badge.you").count() == 1
        assert not karel.page.locator('.board-panel[data-seat="1"] .badge.stand-in').count()
        shots.append(karel.screenshot(f"stand-in-result-{language}-1366x768"))
        # The replay's words for a step say whether the stand-in played it.
        for step, marked_here in ((own_step, False), (stand_in_step, True)):
            karel.open(f"/replay/{table_id}?step={step}")
            words = karel.page.locator(".replay-step")
            words.filter(has_text="Karel").wait_for()
            assert (stand_in_words.rstrip(": ") in words.inner_text()) == marked_here, words.inner_text()
            assert "/" not in words.inner_text().split("·")[-1], "the replay names the player, not 'Karel / Bot'"
        shots.append(karel.screenshot(f"stand-in-replay-{language}-1366x768"))
        karel.open(f"/tables/{table_id}")
        karel.page.locator(".result").wait_for()
        karel.resize(390, 844)
        karel.page.locator(".result").scroll_into_view_if_needed()
        shots.append(karel.screenshot(f"stand-in-result-{language}-390x844"))
    assert all(shot.exists() for shot in shots)
