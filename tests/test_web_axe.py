"""axe-core over every page of the browser client, in the light and the dark theme, on a laptop and a phone.

0 violations of any impact: the front door and the lobby, a table of every game with two and four players
(with tiles chosen too), each game's tutorial, a finished table with its result, its replay with the game
review, a player's page, the leaderboard, the tournaments and a tournament's page.  Debian's Chromium,
driven by Playwright, against a real ``mozaika serve`` of this module's own, which reviews every game
(briefly) as a server does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_web_community import Account
from test_web_endings import finished_game, signed_in

from browserkit import SCREENS, Person, accessibility_violations
from serverprocess import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """This module's server: every finished game reviewed, with a small bound (the replay shows it)."""
    folder: Path = tmp_path_factory.mktemp("axe")
    process = ServerProcess(
        f"sqlite:///{folder / 'web.db'}", folder / "server.log", None, 1, "--no-rate-limits", "--review-seconds", "1"
    ).launch()
    try:
        process.wait_until_ready()
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> tuple[Account, str]:
    """A finished two-player game of Azul, with its review done."""
    account, table_id = finished_game(server, "azul", 2, seed=3)
    return account, table_id


def clean(someone: Person, what: str) -> None:
    found = accessibility_violations(someone)
    assert found == [], f"{what}: {found}"


def opened(someone: Person, path: str, ready: str) -> None:
    someone.open(path)
    someone.page.wait_for_selector(ready)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_every_page_is_clean_for_axe(
    theme: str, screen: str, people: list[Person], browser: Any, server: ServerProcess, finished: tuple[Account, str]
) -> None:
    width, height = SCREENS[screen]
    visitor = Person(browser, server.url, width=width, height=height)
    people.append(visitor)
    visitor.page.emulate_media(color_scheme=theme)
    opened(visitor, "/", f"html[data-theme={theme}] .game-card .game-drawing svg")
    clean(visitor, "the front door")
    for game in ("azul", "chocolatier", "pavilion"):
        opened(visitor, f"/learn/{game}", ".learn-play svg.factories")
        clean(visitor, f"{game}'s tutorial")

    account, table_id = finished
    ada = signed_in(people, browser, server, account, screen)
    ada.page.emulate_media(color_scheme=theme)
    opened(ada, "/", f"html[data-theme={theme}] #create-form")
    clean(ada, "the lobby, signed in")
    opened(ada, f"/tables/{table_id}", ".result .final-score")
    clean(ada, "a finished table")
    opened(ada, f"/replay/{table_id}", '.replay-page .review[data-status="done"]')
    clean(ada, "the replay with its review")
    opened(ada, f"/players/{account.username}", ".profile-head h1")
    clean(ada, "a player's page")
    opened(ada, "/leaderboard/azul", ".leaderboard h1")
    clean(ada, "the leaderboard")
    body = {"name": f"Axe {theme} {screen}", "game": "pavilion", "players": 2, "rounds": 2, "clock": "normal"}
    answer = account.post("/api/tournaments", body)
    assert answer.status_code == 201, answer.text
    opened(ada, "/tournaments", "#upcoming-tournaments li")
    clean(ada, "the tournaments")
    opened(ada, f"/tournaments/{answer.json()['id']}", "main h1")
    clean(ada, "a tournament's page")

    for game in ("azul", "chocolatier", "pavilion"):
        # A person of their own for each game: at most five unfinished tables with bots each.
        player = signed_in(people, browser, server, Account(server, game[:3]), screen)
        player.page.emulate_media(color_scheme=theme)
        for seats in (2, 4):
            opened(player, "/", "#create-form")
            player.create_table(game, ["bot:beginner"] * (seats - 1))
            player.wait_for_turn_or_end()
            clean(player, f"{game} with {seats} players")
        if game != "pavilion":  # (a click on Summer Pavilion's tiles takes them: a move made)
            # Tiles chosen: the pattern lines and the floor become the choices, named by what they hold.
            player.page.locator('.table-main [data-key^="src:"].target').first.click()
            player.page.wait_for_selector(".table-main .chosen")
            clean(player, f"{game} with tiles chosen")
