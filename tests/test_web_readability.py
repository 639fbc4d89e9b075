"""The table in the browser, readable at a glance: four players, pralines and stars.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve``, as in
``test_web_table.py``; the screenshots go to ``build/test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from browserkit import Person, fits_without_scrolling, person
from serverprocess import ServerProcess

OTHER_PLATES = (
    "[...document.querySelectorAll('.board-panel.other .board-plate')].map(e => e.getBoundingClientRect().width)"
)


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_at_four_players_the_other_boards_are_readable_and_the_page_does_not_scroll(
    game: str, people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """The three other plates are at least 260 px wide at 1366x768 and 340 px at 1920x1080, with no
    page scroll; the three bots of one level have names of their own."""
    noe = person(people, browser, server, "noe", width=1366, height=768)
    noe.create_table(game, ["bot:beginner"] * 3)
    noe.wait_for_turn_or_end()
    for width, height, least in ((1366, 768, 260), (1920, 1080, 340)):
        noe.resize(width, height)
        plates: list[float] = noe.page.evaluate(OTHER_PLATES)
        assert len(plates) == 3
        assert min(plates) >= least, f"{game} at {width}x{height}: {plates}"
        assert fits_without_scrolling(noe), f"{game} at {width}x{height}"
        noe.screenshot(f"{game}-4p-{width}x{height}")
    names = noe.page.locator(".board-panel .player-name").all_inner_texts()
    assert len(set(names)) == 4, names
