"""Playing people in the browser: Ana sees Ben leave (he closes the page) and hands his seat to a bot,
Ben takes it back on his return; resigning asks first and the result says who resigned; two players
abort a game that has only begun by agreement, and the lobby and the table say so.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve`` of this module's own whose
presence grace and hand-over wait are short (``--presence-grace 1 --hand-over-after 3``: the 20 s and
5 minutes are tested on a fake clock in tests/test_server_presence.py). Screenshots go to
``build/test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit import Person, accessibility_violations, person
from serverkit import wait_for
from serverprocess import ServerProcess

SIZES = ((1366, 768), (1920, 1080), (390, 844))
WORDS = {
    "en": {
        "away": "away",
        "hand_over": "Let a bot play for Ben",
        "aborted": "Aborted by agreement",
        "resigned": "resigned",
    },
    "cs": {
        "away": "pryč",
        "hand_over": "Nechat za hráče Ben hrát bota",
        "aborted": "Ukončeno dohodou",
        "resigned": "vzdáno",
    },
}


@pytest.fixture(scope="module")
def starting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """This module's server (the shared fixtures in conftest.py start Chromium beside it)."""
    folder: Path = tmp_path_factory.mktemp("presence")
    options = ("--replacement-bot", "beginner", "--stand-in-pace", "0", "--presence-grace", "1")
    process = ServerProcess(f"sqlite:///{folder / 'presence.db'}", folder / "server.log", None, 1, *options,
                            "--hand-over-after", "3").launch()  # fmt: skip
    yield process
    process.stop()


def speak(someone: Person, language: str) -> None:
    someone.page.evaluate(
        """(language) => localStorage.setItem("mozaika.preferences",
               JSON.stringify({...JSON.parse(localStorage.getItem("mozaika.preferences") || "{}"), language}))""",
        language,
    )


def two_at_a_table(people: list[Person], browser: Any, server: ServerProcess) -> tuple[Person, Person]:
    """Ana (an account) invites Ben (a guest) to a friendly, untimed 2-player Azul table, started."""
    ana = person(people, browser, server, "ana", width=1366, height=768)
    ana.create_table("azul", ["invite"])
    link = ana.page.locator(".invite-link").input_value()
    ben = Person(browser, server.url, width=1366, height=768)
    people.append(ben)
    ana.seat_friend(ben, link, "Ben")
    return ana, ben


def test_ana_sees_ben_leave_hands_his_seat_to_a_bot_and_he_takes_it_back(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ana, ben = two_at_a_table(people, browser, server)
    table_id = ana.table_id
    bens_badge = ana.page.locator('.board-panel[data-seat="1"] .seat-presence')
    ana.page.wait_for_selector('.board-panel[data-seat="1"] .seat-presence.online')
    assert not ana.page.locator('.board-panel[data-seat="0"] .seat-presence').count(), "her own seat shows nothing"
    ben.page.goto("about:blank")  # Ben closes the page
    ana.page.wait_for_selector('.board-panel[data-seat="1"] .seat-presence.away')
    assert bens_badge.inner_text() == "away"
    assert ana.table()["seats"][1]["online"] is False
    ana.page.wait_for_selector(".hand-over-button")  # after --hand-over-after, without a reload
    shots = []
    for language in ("en", "cs"):
        speak(ana, language)
        for width, height in SIZES:
            ana.resize(width, height)
            ana.open(f"/tables/{table_id}")
            ana.page.wait_for_selector(".hand-over-button")
            assert ana.page.locator(".hand-over-button").inner_text() == WORDS[language]["hand_over"]
            assert bens_badge.inner_text().startswith(WORDS[language]["away"])
            shots.append(ana.screenshot(f"presence-away-{language}-{width}x{height}"))
            assert accessibility_violations(ana) == []
    speak(ana, "en")
    ana.resize(1366, 768)
    ana.open(f"/tables/{table_id}")
    ana.page.click(".hand-over-button")
    wait_for(lambda: ana.table()["seats"][1]["kind"] == "bot", 30.0, "the stand-in to take Ben's seat")
    ana.page.wait_for_selector('.board-panel[data-seat="1"] .badge.stand-in')
    # Ben comes back: the table says a bot played for him, and he takes his seat back.
    ben.open(f"/tables/{table_id}")
    ben.page.wait_for_selector(".take-back-button")
    assert "while you were away" in ben.page.locator(".prompt.timed-out").inner_text()
    ben.page.click(".take-back-button")
    wait_for(lambda: ana.table()["seats"][1]["kind"] == "player", 30.0, "Ben's return")
    ana.page.wait_for_selector('.board-panel[data-seat="1"] .seat-presence.online')
    assert not ana.errors and not ben.errors, ana.errors + ben.errors
    assert len(shots) == 6


def test_resigning_asks_first_and_the_result_and_the_log_say_who_resigned(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ana, ben = two_at_a_table(people, browser, server)
    table_id = ana.table_id
    dialog = ana.page.locator("dialog.confirm-dialog")
    for language in ("cs", "en"):
        speak(ana, language)
        for width, height in SIZES:
            ana.resize(width, height)
            ana.open(f"/tables/{table_id}")
            ana.page.click(".resign-button")
            dialog.wait_for()
            assert ana.page.evaluate("document.activeElement.classList.contains('dialog-cancel')"), "Cancel first"
            assert accessibility_violations(ana) == []
            ana.screenshot(f"resign-dialog-{language}-{width}x{height}")
            ana.page.keyboard.press("Escape")  # as Cancel
            dialog.wait_for(state="detached")
    ana.resize(1366, 768)
    assert ana.table()["seats"][0]["kind"] == "player", "cancelled: nothing changed"
    ana.page.click(".resign-button")
    ana.page.locator("dialog.confirm-dialog .dialog-confirm").click()
    wait_for(lambda: ana.table()["seats"][0]["kind"] == "bot", 30.0, "the stand-in to take Ana's seat")
    ben.page.locator(".log li.log-note").filter(has_text="resigned").wait_for()
    assert ben.page.locator(".log li.log-note").inner_text().startswith("ana")
    # Ben plays against the stand-in to the end.
    while ben.wait_for_turn_or_end() == "turn":
        ben.play(ben.table()["legal_moves"][0])
    assert ben.api(f"/tables/{table_id}/result")["resigned"] == [0]
    for language in ("en", "cs"):
        speak(ben, language)
        for width, height in SIZES:
            ben.resize(width, height)
            ben.open(f"/tables/{table_id}")
            column = ben.page.locator('.breakdown thead th[data-seat="0"] .resigned')
            column.wait_for()
            assert column.inner_text() == WORDS[language]["resigned"]
            assert ben.page.locator(".resigned-note").count() == 1
            ben.screenshot(f"resigned-result-{language}-{width}x{height}")
            assert accessibility_violations(ben) == []


def test_two_players_abort_the_first_round_by_agreement(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ana, ben = two_at_a_table(people, browser, server)
    table_id = ana.table_id
    ana.page.click(".abort-button")
    ana.page.locator("dialog.confirm-dialog .dialog-confirm").click()
    ana.page.wait_for_selector(".abort-withdraw")
    ben.page.wait_for_selector(".abort-agree")
    for language in ("en", "cs"):
        speak(ben, language)
        for width, height in SIZES:
            ben.resize(width, height)
            ben.open(f"/tables/{table_id}")
            ben.page.wait_for_selector(".abort-agree")
            ben.screenshot(f"abort-offer-{language}-{width}x{height}")
            assert accessibility_violations(ben) == []
    speak(ben, "en")
    ben.resize(1366, 768)
    ben.open(f"/tables/{table_id}")
    ben.page.click(".abort-agree")
    for someone in (ana, ben):
        someone.page.wait_for_selector('.table-page[data-status="aborted"]')
        assert someone.page.locator(".status-line .status-aborted").inner_text() == WORDS["en"]["aborted"]
    assert ana.api(f"/tables/{table_id}")["status"] == "aborted"
    assert "agreed to abort" in ana.page.locator(".aborted-note").inner_text()
    for language in ("en", "cs"):
        speak(ana, language)
        for width, height in SIZES:
            ana.resize(width, height)
            ana.open(f"/tables/{table_id}")
            ana.page.wait_for_selector(".aborted-note")
            assert ana.page.locator(".status-line .status-aborted").inner_text() == WORDS[language]["aborted"]
            ana.screenshot(f"aborted-table-{language}-{width}x{height}")
            assert accessibility_violations(ana) == []
            ana.open("/")
            row = ana.page.locator("#finished-tables .finished-row.aborted")
            row.wait_for()
            assert WORDS[language]["aborted"].lower() in row.inner_text()
            ana.screenshot(f"aborted-lobby-{language}-{width}x{height}")
            assert accessibility_violations(ana) == []
