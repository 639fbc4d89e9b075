"""Tournaments in the browser: a tournament held from the form, joined by three more accounts, started by
its creator; each player's table opens by itself, the first moves are clicked, the next round's tables
open by themselves from the finished ones, and the tournament's page follows the rounds live to its
standings. The new pages are clean for axe-core; screenshots at 1366x768,
1920x1080 and 390x844, in English and Czech, go under ``build/test-artifacts/``."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from browserkit import ARTIFACTS, SCREENS, Person, accessibility_violations, screenshots
from serverprocess import ServerProcess, http_client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("tournaments-web")
    process = ServerProcess(f"sqlite:///{folder / 'web.db'}", folder / "server.log", None, 1, "--no-rate-limits")
    process.launch()
    try:
        yield process.wait_until_ready()
    finally:
        process.stop()


@pytest.fixture
def people() -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for someone in made:
        assert not someone.errors, f"the page raised: {someone.errors}"
        someone.close()


def signed_in(people: list[Person], browser: Any, server: ServerProcess, stem: str, screen: str = "laptop") -> Person:
    width, height = SCREENS[screen]
    someone = Person(browser, server.url, width=width, height=height)
    people.append(someone)
    someone.open("/")
    someone.register(f"{stem}{uuid.uuid4().hex[:6]}")
    return someone


def cookies(someone: Person) -> dict[str, str]:
    return {cookie["name"]: cookie["value"] for cookie in someone.context.cookies(someone.base_url)}


def play_on_through_the_api(someone: Person, table_id: str, rng: random.Random) -> None:
    """The rest of this person's game, their moves sent as their page would send them (their session):
    the page shows every move live, the test need not click forty of them."""
    with http_client(someone.base_url) as client:
        client.cookies.update(cookies(someone))
        while True:
            view = client.get(f"/api/tables/{table_id}").json()
            if view["status"] != "running":
                return
            if view["legal_moves"]:
                move = rng.choice(view["legal_moves"])
                client.post(f"/api/tables/{table_id}/moves", json={"move": move, "seq": view["seq"]})
                continue
            # The other player's turn: they are played on in turn by the loop below.
            return


def play_round(players: list[Person], rng: random.Random) -> None:
    """Every player's game of the round, played on through the API until all have ended."""
    for _ in range(400):
        running = [s for s in players if s.api(f"/tables/{s.table_id}")["status"] == "running"]
        if not running:
            return
        for someone in running:
            play_on_through_the_api(someone, someone.table_id, rng)
    raise AssertionError("the round's games did not end")


def test_a_four_account_tournament_is_played_in_browsers(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    creator = signed_in(people, browser, server, "hana")
    creator.page.click(".tournaments-link")
    creator.page.wait_for_selector("#tournament-form")
    assert accessibility_violations(creator) == []
    creator.page.fill("#tournament-name", "Páteční švýcar")
    creator.page.select_option("#tournament-players", "2")
    creator.page.select_option("#new-clock", "slow")
    creator.page.fill("#tournament-rounds", "2")
    creator.page.click("#tournament-form button[type=submit]")
    creator.page.wait_for_url(re.compile(r".*/tournaments/[A-Za-z0-9_-]+$"))
    tournament = creator.page.url.rsplit("/", 1)[1]
    creator.page.wait_for_selector(".entrants")
    assert creator.page.locator("#tournament-start").is_disabled()  # one player: nothing to start yet
    others = [signed_in(people, browser, server, stem) for stem in ("ivan", "jitka", "karel")]
    for other in others:
        other.open(f"/tournaments/{tournament}")
        other.page.click("#tournament-join")
        other.page.wait_for_selector("#tournament-leave")
    # The creator's page heard every join live.
    creator.page.wait_for_function("() => document.querySelectorAll('.entrants li').length === 4")
    assert accessibility_violations(creator) == []
    screenshots(creator, "tournament-upcoming", f"/tournaments/{tournament}", ".entrants")
    creator.page.click("#tournament-start")
    # Every player's table opens by itself: the creator's page and the three others'.
    players = [creator, *others]
    for someone in players:
        someone.page.wait_for_url(re.compile(r".*/tables/[A-Za-z0-9_-]+$"))
        someone.page.wait_for_selector(".board-panel")
    tables = {someone.table_id for someone in players}
    assert len(tables) == 2
    # The first moves are clicked, as people play them.
    clicked = 0
    for _ in range(2):
        for someone in players:
            moves = someone.table()["legal_moves"]
            if moves:
                someone.wait_for_turn_or_end()
                someone.play(random.Random(1).choice(moves))
                clicked += 1
    assert clicked >= 4
    watcher = signed_in(people, browser, server, "lida")
    watcher.open(f"/tournaments/{tournament}")
    watcher.page.wait_for_selector(".round-card.current .round-table a.button")
    assert watcher.page.locator(".round-card.current .round-table").count() == 2
    assert accessibility_violations(watcher) == []
    screenshots(watcher, "tournament-running", f"/tournaments/{tournament}", ".round-card.current")
    watcher.open(f"/tournaments/{tournament}")
    watcher.page.wait_for_selector(".round-card.current")
    rng = random.Random(5)
    play_round(players, rng)
    # Round 2 is paired when round 1's last game ends: each player's page leaves their finished table
    # for the new one by itself.
    for someone in players:
        mine = someone.api(f"/tournaments/{tournament}")["you"]["table"]
        assert mine not in tables
        someone.page.wait_for_url(f"**/tables/{mine}")
        someone.page.wait_for_selector(".board-panel")
    play_round(players, rng)
    # A game's result says which tournament and round it was, with the way to the standings.
    creator.page.wait_for_selector(f'.tournament-note a[href="/tournaments/{tournament}"]')
    creator.page.locator(".tournament-note").scroll_into_view_if_needed()
    creator.page.screenshot(path=str(ARTIFACTS / "tournament-game-result-en-laptop.png"))  # the result as seen
    # The watcher's page follows the rounds to the end, without a reload.
    watcher.page.wait_for_selector(".tournament-status .badge.status-finished")
    standings = watcher.api(f"/tournaments/{tournament}")["standings"]
    assert [line["rank"] for line in standings] == [1, 2, 3, 4]
    assert sum(line["points"] for line in standings) == 4.0  # a point a table, 2 tables, 2 rounds
    shown = watcher.page.locator(".standings-table tbody tr").first.locator("td").nth(2).inner_text()
    assert shown == str(standings[0]["points"]).removesuffix(".0")
    assert watcher.page.locator(".round-table .links a").count() == 8  # each table's result and replay
    assert accessibility_violations(watcher) == []
    screenshots(watcher, "tournament-finished", f"/tournaments/{tournament}", ".badge.status-finished")
    with http_client(watcher.base_url) as client:  # a club's next evening, set to start by itself
        client.cookies.update(cookies(watcher))
        starts = (datetime.now(UTC) + timedelta(days=1)).replace(hour=18, minute=0, second=0, microsecond=0)
        body = {"name": "Summer Pavilion night", "game": "pavilion", "players": 3, "clock": "normal", "rounds": 4,
                "starts_at": starts.isoformat()}  # fmt: skip
        assert client.post("/api/tournaments", json=body).status_code == 201
    screenshots(watcher, "tournaments", "/tournaments", "#upcoming-tournaments li")
    assert accessibility_violations(watcher) == []
    watcher.page.select_option("#theme", "dark")
    watcher.open(f"/tournaments/{tournament}")
    watcher.page.wait_for_selector(".badge.status-finished")
    assert accessibility_violations(watcher) == []
    watcher.screenshot("tournament-finished-en-dark-laptop")
