"""A lobby that shows life, in the browser: your running and finished games, the games people play
first among those in progress, ratings shown as 1500 and marked provisional ("1500?") on profiles and
leaderboards with the profile's rating graph readable by screen readers, and an invite-only game that
strangers may not watch until its creator opens it to spectators.

Each page is checked with axe-core; screenshots at 1366x768, 1920x1080 and 390x844, in English and
Czech, go under ``build/test-artifacts/`` (``MOZAIKA_TEST_ARTIFACTS`` elsewhere).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mozaika.server.storage.database import Database
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.shapes import FINISHED, SEAT_BOT, Table, TableSeat
from test_web_community import Account, finished_result, person, seed_rated_games

from browserkit import Person, accessibility_violations, screenshots
from serverprocess import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("lobby-web")
    database = f"sqlite:///{folder / 'web.db'}"
    process = ServerProcess(database, folder / "server.log", None, 1, "--no-rate-limits", "--no-review-every-game")
    process.launch()
    try:
        process.wait_until_ready()
        process.database = database  # type: ignore[attr-defined]
        yield process
    finally:
        process.stop()


@pytest.fixture
def people(server: ServerProcess) -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for someone in made:
        assert not someone.errors, f"the page raised: {someone.errors}"
        someone.close()


def against_a_bot(account: Account) -> str:
    seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]
    table_id: str = account.post("/api/tables", {"game": "azul", "players": 2, "seats": seats}).json()["table"]["id"]
    assert account.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def between(host: Account, guest: Account, *, invite_only: bool = False, rated: bool = False) -> str:
    seats = [{"kind": "me"}, {"kind": "invite" if invite_only else "open"}]
    created = host.post("/api/tables", {"game": "azul", "players": 2, "seats": seats, "rated": rated}).json()
    table_id: str = created["table"]["id"]
    body = {"invite": created["invites"]["1"]} if invite_only else {}
    assert guest.post(f"/api/tables/{table_id}/join", body).status_code == 200
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def play_to_the_end(table_id: str, players: list[Account], rng: random.Random) -> None:
    """The seats' holders play random legal moves through the API until the game is over."""
    while (view := players[0].get(f"/api/tables/{table_id}"))["status"] == "running":
        mover = players[view["to_move"][0]]
        mine = mover.get(f"/api/tables/{table_id}")
        move = {"move": rng.choice(mine["legal_moves"]), "seq": mine["seq"]}
        answer = mover.post(f"/api/tables/{table_id}/moves", move)
        assert answer.status_code == 200, answer.text


def seed_left_game(server: ServerProcess, player: Account) -> str:
    """A finished game its person had left, which the stand-ins played to its end (R-25), as the server writes it."""
    database = Database(server.database)  # type: ignore[attr-defined]
    at = utc_now()
    result = {**finished_result([31, 44], [1]), "idle_ended": True}
    table = Table(
        id=f"i{uuid.uuid4().hex[:12]}", game="azul", players=2, options={"wall": "coloured"}, seed=1,
        status=FINISHED, owner_id=player.id, owner_name=player.username, rated=False, undo_allowed=True, seq=0,
        to_move=[], result=result, clock=None, clock_due=None, created_at=at, updated_at=at, idle_ended=True,
        seats=[TableSeat(0, SEAT_BOT, player.id, "medium", replaced=True), TableSeat(1, SEAT_BOT, None, "beginner")],
    )  # fmt: skip
    try:
        with database.transaction() as session:
            TableRepository.insert(session, table)
    finally:
        database.dispose()
    return table.id


def test_the_lobby_shows_your_running_and_finished_games_and_people_s_games_first(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    mina, oto = Account(server, "mina"), Account(server, "oto")
    seed_rated_games(server, [mina, oto], 1, {"wall": "coloured"})
    (finished,) = [table for table in mina.get("/api/tables?mine=true") if table["status"] == "finished"]
    left = seed_left_game(server, mina)
    running = against_a_bot(mina)
    pair = between(Account(server, "ada"), Account(server, "bob"), rated=True)  # before the game against a bot
    solo = against_a_bot(Account(server, "cyd"))
    someone = person(people, browser, server, mina)
    someone.page.wait_for_selector(f"#your-tables .your-active a[href='/tables/{running}']")
    mine = someone.page.locator("#your-tables .your-finished")
    row = mine.locator(f"li:has(a[href='/tables/{finished['id']}'])")
    assert all(str(score) in row.inner_text() for score in finished["scores"])
    assert row.locator(f"a[href='/replay/{finished['id']}']").count() == 1
    assert "everyone had left" in mine.locator(f"li:has(a[href='/tables/{left}'])").inner_text()
    listed = someone.page.locator("#games-in-progress li a.watch")
    order = [(link.get_attribute("href") or "").rsplit("/", 1)[1] for link in listed.all()]
    assert order.index(pair) < order.index(solo), "the game of two people comes first"
    people_s = someone.page.locator(f"#games-in-progress li.people:has(a[href='/tables/{pair}'])")
    assert people_s.inner_text().count("(1500?)") == 2, "a rated game names its newcomers' provisional ratings"
    assert accessibility_violations(someone) == [], "the lobby"
    screenshots(someone, "lobby-your-games", "/", "#your-tables .your-finished")
    assert someone.page.locator("#your-tables h2").first.inner_text() == "Your games"


def test_profiles_and_leaderboards_show_provisional_ratings_and_a_readable_graph(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    new, rival = Account(server, "nova"), Account(server, "riva")
    seed_rated_games(server, [new, rival], 3, {"wall": "coloured"})
    old, other = Account(server, "vet"), Account(server, "oldie")
    seed_rated_games(server, [old, other], 8, {"wall": "coloured"})
    page = new.get(f"/api/players/{new.username}")
    (board,) = page["statistics"]["boards"]
    assert board["rating"]["provisional"] and board["rating"]["label"].endswith("?")
    viewer = person(people, browser, server, rival)
    viewer.open(f"/players/{new.username}")
    viewer.page.wait_for_selector(".profile-board .rating-graph")
    assert viewer.page.locator(".profile-board .stat.rating abbr.provisional").inner_text() == board["rating"]["label"]
    # The graph: a title and a description for screen readers, and every number in a table beside it.
    graph = viewer.page.locator(".profile-board .rating-graph")
    assert graph.get_attribute("role") == "img"
    labelled = (graph.get_attribute("aria-labelledby") or "").split()
    assert [viewer.page.locator(f"#{name}").count() for name in labelled] == [1, 1]
    points = board["rating_history"]
    numbers = viewer.page.locator(".profile-board .rating-numbers tbody tr")
    assert numbers.count() == len(points) == 3
    assert [row.locator("td").nth(1).inner_text() for row in numbers.all()] == [point["label"] for point in points]
    assert graph.locator("circle.provisional").count() == 3
    assert accessibility_violations(viewer) == [], "a player's page"
    screenshots(viewer, "profile-provisional", f"/players/{new.username}", ".profile-board .rating-graph")

    # The leaderboard lists newcomers, marked, below or among the others as their ordinals say.
    viewer.open("/leaderboard/azul?variant=wall%3Dcoloured&page=1")
    viewer.page.wait_for_selector(".ranking tbody tr")
    rows = {
        (row.locator("a").get_attribute("href") or "").rsplit("/", 1)[1]: row.locator("td.number").first
        for row in viewer.page.locator(".ranking tbody tr").all()
    }
    assert rows[new.username].locator("abbr.provisional").count() == 1
    assert "?" not in rows[old.username].inner_text()
    assert accessibility_violations(viewer) == [], "the leaderboard"
    screenshots(viewer, "leaderboard-provisional", "/leaderboard/azul?variant=wall%3Dcoloured", ".ranking tr.you")

    # A rated game's result: each player's new rating as shown, and its change in shown points.
    first, second = Account(server, "una"), Account(server, "dva")
    table_id = between(first, second, rated=True)
    play_to_the_end(table_id, [first, second], random.Random(5))
    ratings = first.get(f"/api/tables/{table_id}/result")["ratings"]
    viewer.resize(1366, 768)
    viewer.open(f"/tables/{table_id}")
    shown = viewer.page.locator(".result .rating-change")
    shown.first.wait_for()
    for change, cell in zip(ratings, shown.all(), strict=True):
        sign = "+" if change["display_change"] > 0 else "-" if change["display_change"] < 0 else ""
        assert cell.inner_text() == f"{change['label']} ({sign}{abs(change['display_change'])})"
        assert cell.locator("abbr").get_attribute("title") == "Provisional: fewer than 5 rated games"
    viewer.screenshot("result-provisional-en-laptop", ".result")


def test_an_invite_only_game_is_private_until_its_creator_opens_it_to_spectators(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    host, guest = Account(server, "host"), Account(server, "guest")
    table_id = between(host, guest, invite_only=True)
    stranger = Person(browser, server.url, width=1366, height=768)
    people.append(stranger)
    stranger.open(f"/tables/{table_id}")
    stranger.page.wait_for_selector(".private-game")
    assert accessibility_violations(stranger) == [], "the page of a private game"
    screenshots(stranger, "private-game", f"/tables/{table_id}", ".private-game")

    creator = person(people, browser, server, host)
    creator.open(f"/tables/{table_id}")
    button = creator.page.locator(".spectators-button")
    button.wait_for()
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    creator.page.wait_for_selector(".spectators-button[aria-pressed='true']")
    assert host.get(f"/api/tables/{table_id}")["spectators_open"]
    creator.screenshot("spectators-open-en-laptop", ".table-head")
    stranger.open(f"/tables/{table_id}")
    stranger.page.wait_for_selector(".table-page .play.watching")
    # Closed again: the stranger's open page says so at once, without a reload.
    creator.page.locator(".spectators-button").click()
    creator.page.wait_for_selector(".spectators-button[aria-pressed='false']")
    stranger.page.wait_for_selector(".private-game")
    creator.resize(390, 844)
    creator.page.wait_for_selector(".spectators-button")
    creator.screenshot("spectators-closed-en-phone")
