"""The tutorials in the browser (/learn/<game>): each is played from its first lesson to its last by clicking.

At every step with a choice the person first clicks a wrong move, reads the hint, and
then clicks the right one; the page then shows the engine's position (the score the
engine gave, A-8 and S-9 among them) and explains it. Screenshots at 1366x768,
1920x1080 and a 390x844 phone, in English and Czech, land in ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from mozaika.lessons import TUTORIALS

from browserkit import Person, clicks
from serverprocess import ServerProcess

SCREENS = {"laptop": (1366, 768), "desktop": (1920, 1080), "phone": (390, 844)}


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
        page.click(".keep-confirm")
        return
    for selector in clicks(move):
        if selector.startswith("?"):
            selector = selector[1:]
            if not page.locator(selector).count():
                continue
        page.locator(selector).first.click()


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
    person = Person(browser, server.url, width=1366, height=900)
    try:
        page = person.page
        tutorial = person.api(f"/learn/{game}")
        person.open(f"/learn/{game}")
        choose = random.Random(game)
        wrong_moves = 0
        for number, lesson in enumerate(tutorial["lessons"]):
            learner = str(lesson["learner"])
            for index, step in enumerate(lesson["steps"]):
                wait_for(page, lesson["id"], index, "asking")
                assert page.locator(".lesson-card h2").inner_text() == lesson["title"]["en"]
                legal = step["view"]["legal_moves"][learner]
                wrong = [move for move in legal if move not in step["moves"]]
                if wrong:
                    make(page, choose.choice(wrong))
                    hint = page.locator(".lesson-hint")
                    hint.wait_for()
                    assert step["hint"]["en"] in hint.inner_text()
                    wrong_moves += 1
                    wait_for(page, lesson["id"], index, "asking")
                make(page, step["moves"][0])
            wait_for(page, lesson["id"], len(lesson["steps"]) - 1, "done")
            explained = page.locator(".lesson-explained").inner_text()
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
