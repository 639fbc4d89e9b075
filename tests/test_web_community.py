"""The community in the browser: a player's page with its rating graph, the leaderboards with your own
place, the lobby's games in progress and friends, play again at a game's end, and muting in chat.

Past rated games are written into the database through the same code that writes them when a game
ends (``record_results``, ``record_review``), so that the pages have a history to show; what the
test does itself, it does by clicking.  Screenshots at 1366x768, 1920x1080 and 390x844, in English
and Czech, go under ``build/test-artifacts/`` (``MOZAIKA_TEST_ARTIFACTS`` elsewhere).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from mozaika.server.storage.database import Database
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.shapes import FINISHED, SEAT_PLAYER, Table, TableSeat
from mozaika.server.tables.standings import record_results, record_review, standing_places

from browserkit import SCREENS, Person, screenshots
from serverkit import wait_for
from serverprocess import ServerProcess, http_client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("community-web")
    database = f"sqlite:///{folder / 'web.db'}"
    process = ServerProcess(database, folder / "server.log", None, 1, "--no-rate-limits", "--review-seconds", "2")
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


class Account:
    """Someone with an account, acting through the API (the test's own hands)."""

    def __init__(self, server: ServerProcess, stem: str) -> None:
        self.username = f"{stem}{uuid.uuid4().hex[:6]}"
        self.client = http_client(server.url)
        answer = self.client.post(
            "/api/accounts", json={"username": self.username, "password": "correct horse battery"}
        )
        answer.raise_for_status()
        self.token = answer.json()["token"]
        self.client.cookies.clear()
        self.headers = {"Authorization": f"Bearer {self.token}"}
        self.id = self.client.get("/api/me", headers=self.headers).json()["id"]

    def get(self, path: str) -> Any:
        return self.client.get(path, headers=self.headers).json()

    def post(self, path: str, body: Any = None) -> httpx.Response:
        return self.client.post(path, json=body or {}, headers=self.headers)


def finished_result(scores: list[int], winners: list[int]) -> dict[str, Any]:
    """A stored result as the server writes one (the lobby lists finished tables from it)."""
    players = [{"seat": seat, "score": score, "sources": {}, "statistics": {}} for seat, score in enumerate(scores)]
    return {"scores": scores, "winners": winners, "rounds": 5, "players": players}


def seed_rated_games(server: ServerProcess, players: list[Account], games: int, options: dict[str, Any]) -> None:
    """Finished rated Azul games among ``players``, written as the server writes a game's end, each reviewed."""
    rng = random.Random(len(players) * 1000 + games)
    database = Database(server.database)  # type: ignore[attr-defined]
    try:
        for number in range(games):
            seated = rng.sample(players, 2)
            scores = [rng.randint(10, 80) for _ in seated]
            winners = [seat for seat, score in enumerate(scores) if score == max(scores)][:1]
            at = utc_now() - timedelta(days=games - number)
            table = Table(
                id=f"s{uuid.uuid4().hex[:12]}", game="azul", players=2, options=dict(options), seed=number,
                status=FINISHED, owner_id=seated[0].id, owner_name=seated[0].username, rated=True,
                undo_allowed=False, seq=0, to_move=[], result=finished_result(scores, winners),
                clock=None, clock_due=None, created_at=at, updated_at=at,
                seats=[TableSeat(index, SEAT_PLAYER, player.id) for index, player in enumerate(seated)],
            )  # fmt: skip
            with database.transaction() as session:
                TableRepository.insert(session, table)
                places = standing_places(scores, winners, [False, False])
                record_results(session, table, places, scores, rated=True, at=at)
                moves = [
                    {"seat": seat, "forced": False, "loss": round(rng.uniform(0, 3), 2)}
                    for seat in (0, 1)
                    for _ in range(15)
                ]
                record_review(session, table.id, {"players": [{}, {}], "moves": moves})
    finally:
        database.dispose()


def person(
    people: list[Person], browser: Any, server: ServerProcess, account: Account | None = None, screen: str = "laptop"
) -> Person:
    width, height = SCREENS[screen]
    someone = Person(browser, server.url, width=width, height=height)
    people.append(someone)
    someone.open("/")
    if account is not None:
        someone.sign_in(account.username)
        someone.page.wait_for_selector("#create-form")
    return someone


def test_a_players_page_shows_statistics_a_rating_graph_and_recent_games(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    jana, petr, eva = Account(server, "jana"), Account(server, "petr"), Account(server, "eva")
    seed_rated_games(server, [jana, petr, eva], 24, {"wall": "coloured"})
    seed_rated_games(server, [jana, petr], 4, {"wall": "grey"})
    page = jana.get(f"/api/players/{jana.username}")
    viewer = person(people, browser, server, petr)
    viewer.open(f"/players/{jana.username}")
    viewer.page.wait_for_selector(".profile-board .rating-graph path.line")
    boards = viewer.page.locator(".profile-board")
    assert boards.count() == len(page["statistics"]["boards"]) == 2
    first = page["statistics"]["boards"][0]
    shown = [value.inner_text() for value in boards.first.locator(".stat-value").all()]
    assert shown[0] == str(first["played"]) and shown[1] == str(first["won"]) and shown[3] == str(first["best_score"])
    # The graph has one point per rated game of the board (up to the last 50).
    path = viewer.page.locator(".profile-board").first.locator("path.line").get_attribute("d") or ""
    assert path.count("L") + 1 == len(first["rating_history"])
    assert viewer.page.locator(".recent-games li").count() == len(page["recent_games"])
    assert "@" in viewer.page.locator(".profile-head").inner_text()  # the username, never an e-mail address
    # Following from the page: the button turns into "Unfollow", and the lobby lists the friend.
    viewer.page.click("button.follow")
    viewer.page.wait_for_selector("button.unfollow")
    assert [friend["profile"] for friend in petr.get("/api/friends")] == [jana.username]
    screenshots(viewer, "profile", f"/players/{jana.username}", ".profile-board .rating-graph")
    # An unknown player: a clear page, not an error.
    viewer.open("/players/nobody-here")
    viewer.page.wait_for_selector(".profile.missing")


def test_the_leaderboard_marks_your_own_place_and_pages(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    players = [Account(server, f"rank{n}") for n in range(4)]
    seed_rated_games(server, players, 40, {"wall": "coloured"})
    me = players[2]
    board = me.get("/api/leaderboard/azul?variant=wall=coloured")
    someone = person(people, browser, server, me)
    someone.page.click(".leaderboard-link")
    someone.page.wait_for_selector(".ranking tr.you")
    mine = someone.page.locator(".ranking tr.you")
    assert me.username in (mine.locator("a").get_attribute("href") or "")
    assert mine.locator(".place").inner_text() == str(board["you"]["place"])
    # Another variant: its own leaderboard.
    someone.page.select_option("#leaderboard-variant", "wall=grey")
    someone.page.wait_for_url("**/leaderboard/azul?variant=wall%3Dgrey*")
    screenshots(someone, "leaderboard", "/leaderboard/azul?variant=wall%3Dcoloured", ".ranking tr.you")


def test_the_lobby_lists_games_in_progress_to_watch_and_friends_with_their_tables(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    host, watcher = Account(server, "host"), Account(server, "watch")
    playing = host.post(
        "/api/tables", {"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]}
    )
    table_id = playing.json()["table"]["id"]
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    waiting = host.post("/api/tables", {"game": "pavilion", "players": 3}).json()["table"]["id"]
    assert watcher.post(f"/api/players/{host.username}/follow").status_code == 200
    assert host.post(f"/api/players/{watcher.username}/follow").status_code == 200  # presence: mutual only
    someone = person(people, browser, server, watcher)
    someone.page.wait_for_selector(f"#games-in-progress a[href='/tables/{table_id}']")
    friend = someone.page.locator("#friends li").filter(has_text=host.username)
    assert friend.locator(".presence.on").count() == 1
    assert friend.locator(f"a[href='/tables/{waiting}']").count() == 1
    screenshots(someone, "lobby-community", "/", "#games-in-progress")
    # Watching: the table opens for a spectator, who is counted in the list.
    someone.open("/")
    someone.page.locator(f"#games-in-progress li:has(a[href='/tables/{table_id}']) .watch").click()
    someone.page.wait_for_selector(".table-page")

    def spectators() -> int:
        listed = next(table for table in watcher.get("/api/tables?status=playing") if table["id"] == table_id)
        return int(listed["spectators"])

    assert wait_for(lambda: spectators() == 1, timeout=30, what="the spectator counted")
    # Someone not signed in sees the games in progress too, and may watch.
    stranger = person(people, browser, server, screen="phone")
    stranger.page.wait_for_selector(f"#games-in-progress a[href='/tables/{table_id}']")
    stranger.screenshot("welcome-games-in-progress-en-phone")
    stranger.page.locator(f"#games-in-progress li:has(a[href='/tables/{table_id}']) .watch").click()
    stranger.page.wait_for_selector(".table-page")
    assert wait_for(lambda: spectators() == 2, timeout=30, what="the second spectator counted")


def test_play_again_and_a_direct_invitation_and_muting_in_chat(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    jana, petr = Account(server, "again"), Account(server, "other")
    created = jana.post(
        "/api/tables", {"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]}
    )
    table_id = created.json()["table"]["id"]
    jana.post(f"/api/tables/{table_id}/start")
    jana.post(f"/api/tables/{table_id}/abandon")  # the bots play it to its end
    someone = person(people, browser, server, jana)
    someone.open(f"/tables/{table_id}")
    someone.page.wait_for_selector(".play-again", timeout=120_000)
    someone.screenshot("play-again", ".play-again-box")
    someone.page.click(".play-again")
    someone.page.wait_for_url(lambda url: table_id not in url and "/tables/" in url)
    rematch = someone.page.url.rsplit("/", 1)[1]
    again = jana.get(f"/api/tables/{rematch}")
    assert again["status"] == "running" and again["seats"][1]["kind"] == "bot"  # nobody to wait for: begun
    # A direct invitation: petr sees it in his lobby and takes the seat from there.
    open_table = jana.post("/api/tables", {"game": "azul", "players": 3}).json()["table"]["id"]
    other = person(people, browser, server, petr)
    someone.open(f"/tables/{open_table}")
    someone.page.fill(".invite-player input", petr.username)
    # A seat taken while the name is typed redraws the waiting room: the name and the focus stay.
    eva = Account(server, "third")
    assert eva.post(f"/api/tables/{open_table}/join", {"seat": 2}).status_code == 200
    someone.page.wait_for_selector(f".waiting-room .seats td:has-text('{eva.username}')")
    assert someone.page.input_value(".invite-player input") == petr.username
    assert someone.page.evaluate("document.activeElement.matches('.invite-player input')")
    someone.page.click(".invite-player button")
    # The lobby reads its invitations as it opens: once the invitation is made.
    wait_for(lambda: petr.get("/api/invitations"), timeout=60, what="the invitation made")
    other.open("/")
    other.page.wait_for_selector("#invitations")
    other.screenshot("lobby-invitation", "#invitations")
    other.page.click("#invitations button")
    other.page.wait_for_url(f"**/tables/{open_table}")
    assert jana.get(f"/api/tables/{open_table}")["seats"][1]["account"] == petr.username
    # Muting: petr's line disappears from jana's chat, and stays away after a reload.
    jana.post(f"/api/tables/{open_table}/start")
    petr.post(f"/api/tables/{open_table}/chat", {"text": "ahoj"})
    someone.open(f"/tables/{open_table}")
    someone.page.locator(".chat-panel summary").click()
    someone.page.wait_for_selector(".chat li:has-text('ahoj')")
    someone.page.locator(".chat li:has-text('ahoj') .mute").click()
    someone.page.wait_for_selector(".chat li:has-text('ahoj')", state="detached")
    someone.open(f"/tables/{open_table}")
    someone.page.locator(".chat-panel summary").click()
    assert someone.page.locator(".chat li:has-text('ahoj')").count() == 0


def test_the_others_see_join_the_new_game_as_soon_as_someone_sets_it_up(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """A finished table's page offers the game set up again without a reload, to every player of it."""
    jana, petr = Account(server, "first"), Account(server, "second")
    seats = [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "level": "beginner"}]
    created = jana.post("/api/tables", {"game": "azul", "players": 3, "seats": seats}).json()
    table_id = created["table"]["id"]
    assert petr.post(f"/api/tables/{table_id}/join", {"invite": created["invites"]["1"]}).status_code == 200
    jana.post(f"/api/tables/{table_id}/start")
    jana.post(f"/api/tables/{table_id}/abandon")
    petr.post(f"/api/tables/{table_id}/abandon")  # the bots play it to its end
    wait_for(lambda: jana.get(f"/api/tables/{table_id}")["status"] == "finished", 180, "the bots' end of the game")
    watcher = person(people, browser, server, petr)
    watcher.open(f"/tables/{table_id}")
    button = watcher.page.locator(".play-again")
    button.wait_for()
    offered = button.inner_text()
    assert jana.post(f"/api/tables/{table_id}/play-again", {"autostart": True}).status_code == 200
    watcher.page.wait_for_function(
        "offered => document.querySelector('.play-again')?.textContent !== offered", arg=offered
    )
    rematch = jana.get(f"/api/tables/{table_id}")["rematch"]
    watcher.page.click(".play-again")
    watcher.page.wait_for_url(f"**/tables/{rematch}")
    assert any(seat["account"] == petr.username for seat in jana.get(f"/api/tables/{rematch}")["seats"])
