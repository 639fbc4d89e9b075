"""The tutorials in the browser (/learn/<game>): each is played from its first lesson to its last by clicking.

At every step with a choice the person first clicks a wrong move, reads the hint, and
then clicks the right one; the page then shows the engine's position (the score the
engine gave, A-8 and S-9 among them) and explains it. Screenshots at 1366x768,
1920x1080 and a 390x844 phone, in English and Czech, land in ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import quote

import pytest

from mozaika.lessons import TUTORIALS

from browserkit import Person, clicks, use_language
from serverprocess import ServerProcess


def make(page: Any, move: str) -> None:
    """Clicks ``move`` as a person does: a pass chooses its kept tiles in the hand (S-11)."""
    if move == "pass" or move.startswith("pass:"):
        page.click(".pass-button")
        chosen: set[str] = set()
        for letter in move.partition(":")[2]:
            tiles = page.locator(f'.board-panel.mine .hand-tile[data-keep="{letter}"]')
            for index in range(tiles.count()):
                position = tiles.nth(index).get_attribute("data-index") or ""
                if position not in chosen:
                    chosen.add(position)
                    tiles.nth(index).click()
                    break
        if page.locator(".keep-confirm").count():  # nothing to choose when only one pass is legal
            page.click(".keep-confirm")
        return
    for selector in clicks(move):
        if selector.startswith("?"):
            selector = selector[1:]
            if not page.locator(selector).count():
                continue
        page.locator(selector).first.click()


ONE_SCREEN = """() => {
    const parts = ['.lesson-card', '.learn-play svg.factories', '.learn-play .board-panel.mine svg.board',
        '.learn-play .board-panel.mine .hand-box', '.lesson-card .actions', '.lesson-card .lesson-buttons'];
    const outside = parts.flatMap(selector => [...document.querySelectorAll(selector)].filter(element => {
        const box = element.getBoundingClientRect();
        return !(box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
            && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5);
    }).map(() => selector));
    if (document.scrollingElement.scrollHeight > innerHeight) outside.push('the page scrolls');
    return outside;
}"""
"""What of a lesson lies outside the window (nothing: the text, the board, the hand and the actions are in view
together, and the page does not scroll)."""


def wait_for(page: Any, lesson: str, step: int, outcome: str) -> None:
    page.wait_for_function(
        "([lesson, step, outcome]) => { const p = document.querySelector('.learn-page');"
        " return p && p.dataset.lesson === lesson && p.dataset.step === String(step)"
        " && p.dataset.outcome === outcome; }",
        arg=[lesson, step, outcome],
    )


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_a_tutorial_is_played_through_by_clicking_a_wrong_move_first(
    server: ServerProcess, browser: Any, game: str
) -> None:
    """At 1366x768, every lesson on one screen: asking, with a hint, and explained."""
    person = Person(browser, server.url, width=1366, height=768)
    try:
        page = person.page
        tutorial = person.api(f"/learn/{game}")
        person.open(f"/learn/{game}")
        person.page.locator(".learn-play svg.factories").wait_for()
        assert person.page.locator(".learn-play svg.board").count() == 2, "both boards are drawn"
        choose = random.Random(game)
        wrong_moves = 0
        for number, lesson in enumerate(tutorial["lessons"]):
            learner = str(lesson["learner"])
            for index, step in enumerate(lesson["steps"]):
                wait_for(page, lesson["id"], index, "asking")
                assert page.locator(".lesson-card h2").inner_text() == lesson["title"]["en"]
                assert page.evaluate(ONE_SCREEN) == [], f"{lesson['id']} step {index}"
                legal = step["view"]["legal_moves"][learner]
                wrong = [move for move in legal if move not in step["moves"]]
                if wrong:
                    make(page, choose.choice(wrong))
                    hint = page.locator(".lesson-hint")
                    hint.wait_for()
                    assert step["hint"]["en"] in hint.inner_text()
                    assert page.evaluate(ONE_SCREEN) == [], f"{lesson['id']} step {index} with its hint"
                    wrong_moves += 1
                    wait_for(page, lesson["id"], index, "asking")
                make(page, step["moves"][0])
            wait_for(page, lesson["id"], len(lesson["steps"]) - 1, "done")
            explained = page.locator(".lesson-explained").inner_text()
            assert page.evaluate(ONE_SCREEN) == [], f"{lesson['id']} explained"
            assert lesson["explanation"]["en"] in explained
            last = lesson["steps"][-1]
            engine_scores = last["results"][last["moves"][0]]["scores"]
            shown = page.locator(f'.learn-page .board-panel[data-seat="{learner}"] .score')
            assert int(shown.get_attribute("data-value") or "") == engine_scores[int(learner)]
            if number + 1 < len(tutorial["lessons"]):
                page.click(".lesson-next")
        assert page.locator(".learn-finished").count() == 1
        assert page.locator(".lesson-list li.done").count() == len(tutorial["lessons"])
        assert wrong_moves >= len(tutorial["lessons"]) - 1, "a wrong move was tried at (nearly) every lesson"
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_every_lesson_is_one_screen_on_a_desktop(server: ServerProcess, browser: Any, game: str) -> None:
    person = Person(browser, server.url, width=1920, height=1080)
    try:
        for lesson in person.api(f"/learn/{game}")["lessons"]:
            person.open(f"/learn/{game}?lesson={quote(lesson['id'])}")
            wait_for(person.page, lesson["id"], 0, "asking")
            assert person.page.evaluate(ONE_SCREEN) == [], lesson["id"]
        person.screenshot(f"learn-{game}-last-1920x1080")
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


def test_on_a_phone_a_lesson_brings_the_hand_and_the_supply_into_view(server: ServerProcess, browser: Any) -> None:
    """S-11: passing asks for the tiles to keep, in the hand, below the stars: the page scrolls to it; and to
    the supply, and then to the confirmation, for bonus tiles."""
    person = Person(browser, server.url, width=390, height=844)
    try:
        page = person.page
        person.open("/learn/pavilion?lesson=pass")
        wait_for(page, "pass", 0, "asking")
        assert page.evaluate("scrollY") == 0
        page.click(".pass-button")
        page.wait_for_selector(".board-panel.mine .hand-tile")
        box = page.evaluate(
            "(() => { const b = document.querySelector('.board-panel.mine .hand-box')"
            ".getBoundingClientRect(); return [b.top, b.bottom]; })()"
        )
        assert box[0] >= 0 and box[1] <= 844, box
        person.screenshot("learn-pavilion-pass-phone")
        # S-12: after the placement that earns bonus tiles, the supply comes into view, and once they are
        # all chosen, their confirmation (in the lesson's card, above it).
        person.open("/learn/pavilion?lesson=bonus")
        wait_for(page, "bonus", 0, "asking")
        page.click('[data-key="space:O:5"]')
        wait_for(page, "bonus", 1, "asking")
        supply = page.evaluate(
            "(() => { const b = document.querySelector('.supply-box').getBoundingClientRect();"
            " return [b.top, b.bottom]; })()"
        )
        assert supply[0] >= 0 and supply[1] <= 844, supply
        for letter in "BBY":
            page.evaluate(
                "letter => document.querySelector(`.supply-tile[data-pick='${letter}']:not(.picked)`).click()", letter
            )
        confirm = page.evaluate(
            "(() => { const b = document.querySelector('.pick-confirm').getBoundingClientRect();"
            " return [b.top, b.bottom]; })()"
        )
        assert confirm[0] >= 0 and confirm[1] <= 844, confirm
        person.screenshot("learn-pavilion-pick-phone")
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


def test_sn4_s_split_buttons_name_both_factories(server: ServerProcess, browser: Any) -> None:
    """M-3: each way to split SN4's leftovers says which neighbouring factory gets which pralines."""
    person = Person(browser, server.url, width=1366, height=768)
    try:
        page = person.page
        for language, words in (("en", ("to factory 2", "to factory 4")), ("cs", ("do nabídky 2", "do nabídky 4"))):
            if language == "cs":
                use_language(person, "cs")
            person.open("/learn/chocolatier?lesson=sn4")
            wait_for(page, "sn4", 0, "asking")
            page.click('[data-key="src:3:P"]')
            page.click('[data-key="line:3"]')
            buttons = page.locator(".lesson-card .choice")
            buttons.first.wait_for()
            assert buttons.count() == 4, "brown and black, each to either side"
            for text in buttons.all_inner_texts():
                assert all(word in text for word in words), text
            person.screenshot(f"learn-chocolatier-sn4-split-{language}")
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


def test_summer_pavilion_s_bonus_tiles_are_chosen_in_the_supply(server: ServerProcess, browser: Any) -> None:
    """S-12: the tiles are clicked in the supply (marked while chosen, no more than the bonus), then
    taken with a confirmation; the list of every combination stays for the keyboard alone."""
    person = Person(browser, server.url, width=1366, height=768)
    try:
        page = person.page
        person.open("/learn/pavilion?lesson=bonus")
        wait_for(page, "bonus", 0, "asking")
        make(page, "O5O")
        wait_for(page, "bonus", 1, "asking")
        assert page.locator(".lesson-card .prompt").inner_text() == "Choose 3 bonus tiles in the supply."
        confirm = page.locator(".pick-confirm")
        assert confirm.is_disabled()
        # The list of combinations is out of sight (a box of 1 px) until the keyboard reaches it.
        listed = page.locator(".pick-list")
        assert listed.bounding_box()["width"] <= 1  # type: ignore[index]
        listed.locator(".choice").first.focus()
        assert listed.bounding_box()["width"] > 100  # type: ignore[index]
        page.locator(".supply-tile").first.focus()
        assert listed.bounding_box()["width"] <= 1  # type: ignore[index]
        first = page.locator('.supply-tile[data-pick="B"]').first
        first.click()
        assert page.locator(".supply-tile.picked").count() == 1
        assert page.locator('.supply-tile.picked[aria-pressed="true"]').get_attribute("data-pick") == "B"
        page.locator(".supply-tile.picked").click()  # a second click takes it back
        assert page.locator(".supply-tile.picked").count() == 0
        for letter in "YBB":
            page.locator(f'.supply-tile[data-pick="{letter}"]:not(.picked)').first.click()
        assert page.locator(".supply-tile.picked").count() == 3
        assert page.locator(".supply-tile:not(.picked):not([disabled])").count() == 0, "no more than the bonus"
        assert confirm.inner_text() == "Take these 3 tiles" and confirm.is_enabled()
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
        person.screenshot("learn-pavilion-bonus-picked-1366x768")
        confirm.click()
        wait_for(page, "bonus", 1, "done")
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


def test_a_chosen_space_is_marked_and_the_prompt_names_it(server: ServerProcess, browser: Any) -> None:
    """S-7: with a space chosen, its payment is asked for by naming the space and what it costs."""
    person = Person(browser, server.url, width=1366, height=768)
    try:
        page = person.page
        for language, words in (
            ("en", "Space 2 of the red star: choose 2 tiles to pay."),
            ("cs", "Pole 2 na červené hvězdě: vyberte 2 dílky, kterými zaplatíte."),
        ):
            if language == "cs":
                use_language(person, "cs")
            person.open("/learn/pavilion?lesson=place")  # space 2 of the red star: paid with a wild tile or not
            wait_for(page, "place", 0, "asking")
            page.click('[data-key="space:R:2"]')
            page.locator(".lesson-card .choice").first.wait_for()
            assert page.locator(".lesson-card .prompt").inner_text() == words
            stroke = page.evaluate(
                "getComputedStyle(document.querySelector('[data-key=\"space:R:2\"].chosen .slot-face')).stroke"
            )
            assert stroke == "rgb(216, 67, 21)", stroke
            person.screenshot(f"learn-pavilion-space-chosen-{language}", ".learn-page")
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


def test_the_front_door_shows_the_games_and_plays_now_with_one_click(server: ServerProcess, browser: Any) -> None:
    person = Person(browser, server.url, width=1366, height=768)
    try:
        page = person.page
        person.open("/")
        cards = page.locator(".game-card")
        assert cards.count() == len(TUTORIALS)
        for game in TUTORIALS:
            card = page.locator(f'.game-card[data-game="{game}"]')
            card.locator(".game-drawing svg").wait_for()
            assert card.locator(f'a.learn-to-play[href="/learn/{game}"]').count() == 1
            assert "2–4" in card.locator(".game-facts").inner_text()
        assert page.locator("#signin-form").count() == 1, "signing in stays on the front door"
        page.click('.play-now[data-game="azul"]')
        page.wait_for_selector(".table-page .board-panel")
        table = person.table()
        assert table["game"] == "azul" and table["status"] == "running"
        assert [seat["kind"] for seat in table["seats"]] == ["player", "bot"]
        assert table["you"] == 0 and not table["rated"]
        # The rules of the game being played, with the rulebook's scoring example drawn as a live board.
        page.click(".rules-panel summary")
        page.locator('.rules-figure[data-lesson="seven-points"] svg').wait_for()
        assert page.locator(".rules-list li").count() >= 6
        person.screenshot("learn-table-rules-1366")
        person.open("/")
        page.locator(".game-cards.compact").wait_for()
        page.locator("#your-tables").wait_for()
        page.locator("#create-form").wait_for()
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()


def test_an_invite_link_says_who_invites_with_play_as_a_guest_above_the_fold(
    server: ServerProcess, browser: Any
) -> None:
    host = Person(browser, server.url)
    friend = Person(browser, server.url, width=390, height=844)
    try:
        host.open("/")
        host.page.locator(".game-card svg").first.wait_for()
        host.page.evaluate(
            "() => fetch('/api/guests', {method: 'POST', headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({name: 'Jana'})})"
        )
        created = host.context.request.post(
            f"{server.url}/api/tables",
            data={"game": "pavilion", "players": 2, "seats": [{"kind": "me"}, {"kind": "invite"}]},
        ).json()
        table_id = created["table"]["id"]
        token = next(iter(created["invites"].values()))
        friend.page.add_init_script("localStorage.setItem('mozaika.preferences', JSON.stringify({language: 'cs'}))")
        friend.open(f"/join/{table_id}?invite={token}")
        heading = friend.page.locator(".invite-card h1")
        heading.wait_for()
        assert "Jana" in heading.inner_text() and "Letohrádek" in heading.inner_text()
        friend.page.locator(".invite-drawing svg").wait_for()
        button = friend.page.locator("#guest-form button[type=submit]")
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, "Play as a guest is above the fold on a phone"
        signin = friend.page.locator("#signin-form").bounding_box()
        assert signin is not None and signin["y"] > box["y"], "signing in comes after playing as a guest"
        friend.screenshot("learn-invite-390-cs")
        friend.guest("Petr")
        friend.page.wait_for_url(f"**/tables/{table_id}")
        friend.page.locator(".table-page").wait_for()
        seats = friend.table()["seats"]
        assert seats[1]["kind"] == "player" and seats[1]["name"] == "Petr"
        assert not host.errors and not friend.errors, f"the page raised: {host.errors + friend.errors}"
    finally:
        host.close()
        friend.close()


def test_the_analysis_board_has_the_rules_of_its_variant(server: ServerProcess, browser: Any) -> None:
    person = Person(browser, server.url)
    try:
        person.open("/analysis?game=azul")
        person.page.locator(".analysis-page .rules-panel").wait_for()
        person.page.click(".rules-panel summary")
        items = person.page.locator(".rules-list li")
        items.first.wait_for()
        assert person.page.locator('.rules-list li[data-rule="rules.azul.grey"]').count() == 0
        lesson = TUTORIALS["azul"].lesson("grey-wall")
        person.open(f"/analysis?line={quote(lesson.position)}")
        person.page.click(".rules-panel summary")
        person.page.locator('.rules-list li[data-rule="rules.azul.grey"]').wait_for()
        assert not person.errors, f"the page raised: {person.errors}"
    finally:
        person.close()
