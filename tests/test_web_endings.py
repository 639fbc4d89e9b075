"""The end of a game in the browser, and the table of four on a laptop: the result whole at every size
(every player's column, the final score and the buttons in view, no box of its own that scrolls), on a
phone brought into view as the game ends; the replay's result likewise, its key presses each a step;
the four-player table's log and rules readable.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve``; the games are played to
their end through the API by their player (random legal moves) against beginner bots, the pages read
as a person sees them.  Screenshots go to ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from test_web_community import Account

from browserkit import SCREENS, Person, fits_without_scrolling, use_language
from serverkit import wait_for
from serverprocess import ServerProcess

GEOMETRY = """scope => {
    const inside = (element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
            && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
    };
    const result = document.querySelector(scope + ' .result');
    const boxes = [result, ...result.querySelectorAll('*')];
    return {
        columns: [...result.querySelectorAll('.breakdown thead th[data-seat]')].map(inside),
        total: [...result.querySelectorAll('.breakdown .total > *')].map(inside),
        buttons: [...result.querySelectorAll('.buttons .button')].map(inside),
        // (A text for screen readers only is a box of 1 px: not one a person scrolls.)
        scrolled: [result.parentElement, ...boxes].filter(element => element.clientWidth > 1).filter(element => {
            const style = getComputedStyle(element), shown = ['visible', 'clip'];
            const tall = element.scrollHeight > element.clientHeight + 1 && !shown.includes(style.overflowY);
            const wide = element.scrollWidth > element.clientWidth + 1 && !shown.includes(style.overflowX);
            return tall || wide;
        }).map(element => element.className || element.tagName),
    };
}"""


PRESSES = """keys => keys.forEach(key => document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })))"""


def finished_game(server: ServerProcess, game: str, players: int, seed: int) -> tuple[Account, str]:
    """A game of ``players`` (the account and beginner bots) played to its end by random legal moves."""
    account = Account(server, "end")
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "beginner"}] * (players - 1)
    table_id = str(
        account.post("/api/tables", {"game": game, "players": players, "seats": seats}).json()["table"]["id"]
    )
    assert account.post(f"/api/tables/{table_id}/start").status_code == 200
    play_until(account, table_id, random.Random(seed), lambda view: view["status"] != "running")
    return account, table_id


def play_until(account: Account, table_id: str, rng: random.Random, done: Any) -> None:
    """The account's random legal moves, each once it is on turn, until ``done(view)``."""

    def moved() -> bool:
        view = account.get(f"/api/tables/{table_id}")
        if done(view):
            return True
        if view["legal_moves"]:
            answer = account.post(
                f"/api/tables/{table_id}/moves", {"move": rng.choice(view["legal_moves"]), "seq": view["seq"]}
            )
            assert answer.status_code in (200, 409), answer.text
        return False

    wait_for(moved, timeout=600, what=f"the game at {table_id}")


def signed_in(people: list[Person], browser: Any, server: ServerProcess, account: Account, screen: str) -> Person:
    width, height = SCREENS[screen]
    someone = Person(browser, server.url, width=width, height=height)
    people.append(someone)
    someone.open("/")
    someone.sign_in(account.username)
    someone.page.wait_for_selector("#create-form")
    return someone


def assert_whole(someone: Person, scope: str, what: str) -> None:
    found = someone.page.evaluate(GEOMETRY, scope)
    assert found["columns"] and all(found["columns"]), f"{what}: a player's column out of sight: {found}"
    assert all(found["total"]), f"{what}: the final score out of sight: {found}"
    assert found["buttons"] and all(found["buttons"]), f"{what}: a button out of sight: {found}"
    assert found["scrolled"] == [], f"{what}: a box of its own scrolls: {found}"


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_a_four_player_result_is_whole_on_a_laptop_and_so_is_the_replay_s(
    game: str, people: list[Person], browser: Any, server: ServerProcess
) -> None:
    account, table_id = finished_game(server, game, 4, seed=len(game))
    ada = signed_in(people, browser, server, account, "laptop")
    for screen in ("laptop", "desktop"):
        ada.resize(*SCREENS[screen])
        ada.open(f"/tables/{table_id}")
        ada.page.wait_for_selector(".result .final-score")
        assert_whole(ada, ".table-page", f"{game} at the {screen}'s size")
        # The final boards beside it stay in view, and the log under them.
        assert ada.page.evaluate(
            "[...document.querySelectorAll('.play .board-panel, .side .log-panel')].every(e => "
            "e.getBoundingClientRect().bottom <= innerHeight + 0.5)"
        )
        ada.screenshot(f"{game}-4p-result-{screen}")
        ada.open(f"/replay/{table_id}")
        ada.page.wait_for_selector(".replay-page .board-panel")
        assert_whole(ada, ".replay-side", f"{game}'s replay at the {screen}'s size")
        ada.screenshot(f"{game}-4p-replay-{screen}")
    ada.resize(*SCREENS["phone"])
    ada.open(f"/tables/{table_id}")
    ada.page.wait_for_selector(".result .final-score")
    assert_whole(ada, ".table-page", f"{game} on a phone")
    use_language(ada, "cs")
    ada.open(f"/tables/{table_id}")
    ada.page.wait_for_selector(".result .final-score")
    assert_whole(ada, ".table-page", f"{game} on a phone, in Czech")
    ada.screenshot(f"{game}-4p-result-phone-cs")


def test_on_a_phone_the_end_of_the_game_brings_the_result_s_heading_into_view(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    account = Account(server, "pia")
    seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]
    table_id = str(account.post("/api/tables", {"game": "azul", "players": 2, "seats": seats}).json()["table"]["id"])
    assert account.post(f"/api/tables/{table_id}/start").status_code == 200
    pia = signed_in(people, browser, server, account, "phone")
    pia.open(f"/tables/{table_id}")
    pia.page.wait_for_selector(".board-panel.mine")
    # Looking at the own board, at the foot of the page, while the game is played to its end.
    pia.page.evaluate("scrollTo(0, document.scrollingElement.scrollHeight)")
    assert pia.page.evaluate("scrollY") > 200
    play_until(account, table_id, random.Random(5), lambda view: view["status"] != "running")
    pia.page.wait_for_selector('.table-page[data-status="finished"]:not([data-busy]) #result-title')
    top = pia.page.evaluate("document.querySelector('#result-title').getBoundingClientRect().top")
    assert 0 <= top <= 0.2 * SCREENS["phone"][1], top
    pia.screenshot("azul-result-phone-live")


def test_the_replay_s_quick_key_presses_each_move_a_step(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    account, table_id = finished_game(server, "azul", 2, seed=7)
    kai = signed_in(people, browser, server, account, "laptop")
    kai.open(f"/replay/{table_id}")
    kai.page.wait_for_selector(".replay-page .board-panel")
    assert_whole(kai, ".replay-side", "a two-player replay")
    assert fits_without_scrolling(kai)
    # Three presses quicker than a position is read (in one task of the page's): three steps.
    kai.page.evaluate(PRESSES, ["ArrowRight", "ArrowRight", "ArrowRight"])
    kai.page.wait_for_function("() => /[?&]step=3$/.test(location.search)")
    kai.page.wait_for_selector(".replay-count:text-matches('^Step 3 of')")
    kai.page.evaluate(PRESSES, ["ArrowLeft", "ArrowLeft", "ArrowRight"])
    kai.page.wait_for_function("() => /[?&]step=2$/.test(location.search)")
    kai.page.wait_for_selector(".replay-count:text-matches('^Step 2 of')")


def test_at_four_players_on_a_laptop_the_log_shows_five_lines_and_the_rules_open_readable(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    account = Account(server, "lou")
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "beginner"}] * 3
    table_id = str(account.post("/api/tables", {"game": "azul", "players": 4, "seats": seats}).json()["table"]["id"])
    assert account.post(f"/api/tables/{table_id}/start").status_code == 200
    lou = signed_in(people, browser, server, account, "laptop")
    lou.open(f"/tables/{table_id}")
    lou.page.wait_for_selector('.table-page[data-your-turn="true"]:not([data-busy])')
    lines = lou.page.evaluate(
        "(() => { const log = document.querySelector('.log-panel .log');"
        " return log.clientHeight / log.querySelector('li').getBoundingClientRect().height; })()"
    )
    assert lines >= 5, f"the log shows {lines:.1f} lines"
    assert fits_without_scrolling(lou)
    lou.page.click(".rules-panel summary")
    rules = lou.page.evaluate(
        "(() => { const box = document.querySelector('.rules-panel').getBoundingClientRect();"
        " return { width: box.width, height: box.height, top: box.top, bottom: box.bottom, right: box.right }; })()"
    )
    assert rules["width"] >= 400 and rules["height"] >= 300, rules
    assert rules["top"] >= 0 and rules["bottom"] <= SCREENS["laptop"][1] and rules["right"] <= SCREENS["laptop"][0], (
        rules
    )
    lou.screenshot("azul-4p-rules-open-1366x768")
