"""Every language at the front door, the table, in a tutorial (with the rules panel open) and on a result, at
1366x768, and at the table on a 390x844 phone: the page is drawn in the language chosen, and no text
overflows its box.

The screenshots (``languages-<view>-<language>.png`` in ``build/test-artifacts/``) are the ones looked at
when a language is added or a text changes; the overflow check measures every button, label, heading,
menu and chip of the page: a text wider than its box (``scrollWidth > clientWidth``) is cut or spills.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from mozaika.i18n import LANGUAGES

from browserkit import Person
from serverprocess import ServerProcess

OVERFLOWING = """() => {
  const boxes = document.querySelectorAll(
    'button, label, select, summary, h1, h2, h3, th, legend, .chip, .player-name, .score, .prompt, .tab, a.button');
  const found = [];
  let measured = 0;
  for (const box of boxes) {
    if (!box.offsetParent || box.clientWidth === 0 || box.closest('[hidden], .visually-hidden')) continue;
    measured += 1;
    const cut = getComputedStyle(box).overflowY === 'hidden' && box.scrollHeight > box.clientHeight + 1;
    if (box.scrollWidth > box.clientWidth + 1 || cut)
      found.push(`${box.tagName.toLowerCase()}.${[...box.classList].join('.')}: ` +
        `"${box.innerText.trim().slice(0, 60)}" (${box.scrollWidth}x${box.scrollHeight} in ` +
        `${box.clientWidth}x${box.clientHeight})`);
  }
  return { measured, found };
}"""


def finished_table(someone: Person) -> str:
    """Two guests play random moves through the API until an Azul game ends; the table's id."""
    request = someone.context.request
    tokens = [request.post(f"{someone.base_url}/api/guests", data={"name": name}).json()["token"] for name in "AB"]

    def call(method: str, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
        response = request.fetch(
            f"{someone.base_url}/api{path}", method=method, data=body, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.ok, response.text()
        return response.json()

    table_id = call("POST", "/tables", tokens[0], {"game": "azul", "players": 2})["table"]["id"]
    call("POST", f"/tables/{table_id}/join", tokens[1], {})
    call("POST", f"/tables/{table_id}/start", tokens[0], {})
    chooser = random.Random(69)
    view = call("GET", f"/tables/{table_id}", tokens[0])
    while view["status"] == "running":
        mover = tokens[view["to_move"][0]]
        mine = call("GET", f"/tables/{table_id}", mover)
        move = {"move": chooser.choice(mine["legal_moves"]), "seq": mine["seq"]}
        view = call("POST", f"/tables/{table_id}/moves", mover, move)["table"]
    return str(table_id)


def in_language(browser: Any, server: ServerProcess, language: str) -> Person:
    """A person at 1366x768 whose browser asks for ``language`` first (its Accept-Language, navigator.languages)."""
    someone = Person(browser, server.url, width=1366, height=768)
    someone.page.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{get: () => ['{language}-XX', 'en']}});"
    )
    return someone


def looked_at(someone: Person, name: str, language: str) -> None:
    assert someone.page.evaluate("document.documentElement.lang") == language
    boxes = someone.page.evaluate(OVERFLOWING)
    someone.screenshot(f"languages-{name}-{language}")
    assert boxes["measured"] >= 10, f"{name}: the page's texts were measured"
    assert not boxes["found"], f"{name} in {language}: " + "; ".join(boxes["found"])
    sideways = someone.page.evaluate(
        "[document.scrollingElement.scrollWidth - innerWidth,"
        " ...[...document.querySelectorAll('header.top, .top-actions')].map(box => box.scrollWidth - box.clientWidth)]"
    )
    assert max(sideways) <= 1, f"{name} in {language}: the page or its top bar is wider than the screen: {sideways}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_a_tutorial_and_a_result_in_each_language(server: ServerProcess, browser: Any, language: str) -> None:
    someone = in_language(browser, server, language)
    try:
        page = someone.page
        someone.open("/")
        assert page.locator("#language").input_value() == language, "the browser's language is the page's"
        page.locator(".game-card svg").first.wait_for()
        looked_at(someone, "front", language)
        # The table: a friendly game against a bot, one click from the front door; on a phone too.
        page.click('.play-now[data-game="azul"]')
        page.wait_for_selector(".table-page .board-panel")
        someone.wait_for_turn_or_end()
        looked_at(someone, "table", language)
        someone.resize(390, 844)
        looked_at(someone, "table-phone", language)
        someone.resize(1366, 768)
        # A tutorial with its rules panel open.
        someone.open("/learn/chocolatier")
        page.locator(".learn-play svg.factories").wait_for()
        page.click(".rules-panel summary")
        page.locator(".rules-list li").first.wait_for()
        looked_at(someone, "tutorial", language)
        # A result.
        table_id = finished_table(someone)
        someone.open(f"/tables/{table_id}")
        page.wait_for_selector(".result .final-score")
        looked_at(someone, "result", language)
        assert not someone.errors, f"the page raised: {someone.errors}"
    finally:
        someone.close()


def test_the_players_choice_outweighs_the_browsers_language(server: ServerProcess, browser: Any) -> None:
    someone = in_language(browser, server, "cs")
    try:
        someone.open("/")
        assert someone.page.evaluate("document.documentElement.lang") == "cs"
        # Another setting remembers only itself: the language still follows the browser until chosen.
        someone.page.click("#sound")
        stored = someone.page.evaluate("JSON.parse(localStorage.getItem('mozaika.preferences'))")
        assert stored == {"sound": False}
        chosen = "en"
        someone.page.select_option("#language", chosen)
        someone.page.wait_for_function("lang => document.body.dataset.drawnIn === lang", arg=chosen)
        someone.page.reload()
        someone.page.wait_for_selector("body[data-ready]")
        assert someone.page.evaluate("document.documentElement.lang") == chosen
        options = someone.page.locator("#language option")
        assert [options.nth(i).inner_text() for i in range(options.count())][:2] == ["English", "Čeština"]
    finally:
        someone.close()


def test_the_language_kept_with_a_player_follows_them_to_another_browser(server: ServerProcess, browser: Any) -> None:
    home, away = in_language(browser, server, "cs"), in_language(browser, server, "de")
    try:
        account = {"username": "marta", "password": "correct horse"}
        assert home.context.request.post(f"{server.url}/api/accounts", data=account).ok
        home.open("/")
        # No language kept yet: the page's own (the browser's) is kept with the player.
        assert home.api("/me")["language"] == "cs"
        home.page.select_option("#language", "pl")
        home.page.wait_for_function("() => document.body.dataset.drawnIn === 'pl'")
        assert home.api("/me")["language"] == "pl"
        # Another browser, which asks for German and has no choice of its own, follows the player's setting.
        assert away.context.request.post(f"{server.url}/api/sessions", data=account).ok
        away.open("/")
        assert away.page.evaluate("document.documentElement.lang") == "pl"
        assert away.page.locator("#language").input_value() == "pl"
        assert not home.errors and not away.errors, f"the pages raised: {home.errors + away.errors}"
    finally:
        home.close()
        away.close()
