"""Swiss tournaments through the API: creating, joining, starting (by hand and at starts_at on a fake
clock), rounds that follow the last table, byes, dropped absentees, and the standings (rulings.md, R-27)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from mozaika.server.players.roles import set_role
from mozaika.server.services import Services

from asgiclient import TestClient
from serverkit import FakeTime, Player, confirm_from_letter, mail_server, running_app, wait_for

START = 1_800_000_000.0


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime(START)


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path, fake_time: FakeTime) -> Iterator[TestClient]:
    # The watch's own looks are the test's to make (sweep): games ending move tournaments on by themselves.
    with running_app(
        tmp_path, request.param, now=fake_time, tournament_check_seconds=3600.0, replacement_bot="beginner"
    ) as client:
        yield client


def services_of(client: TestClient) -> Services:
    found: Services = client.app.state.services  # type: ignore[attr-defined]
    return found


def sweep(client: TestClient) -> int:
    """The tournament watch's look, now (as every process makes every few seconds)."""
    changed: int = client.portal.call(services_of(client).tournament_watch.sweep)  # type: ignore[union-attr]
    return changed


def accounts(client: TestClient, *names: str) -> list[Player]:
    return [Player.account(client, name) for name in names]


def player_id(player: Player) -> int:
    found: int = player.get("/api/me").json()["id"]
    return found


def new_tournament(creator: Player, **body: Any) -> dict[str, Any]:
    wanted = {"name": "Friday Swiss", "game": "azul", "players": 2, "clock": "normal", "rounds": 2, **body}
    response = creator.post("/api/tournaments", wanted)
    assert response.status_code == 201, response.text
    page: dict[str, Any] = response.json()
    return page


def page_of(player: Player, tournament_id: str) -> dict[str, Any]:
    response = player.get(f"/api/tournaments/{tournament_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def play_out(table_id: str, people: dict[int, Player], rng: random.Random) -> None:
    """The people seated (by seat) play random legal moves, the stand-ins theirs, until the game ends."""
    watcher = next(iter(people.values()))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = watcher.table(table_id)
        if view["status"] != "running":
            return
        person = people.get(view["to_move"][0])
        mine = person.table(table_id) if person is not None else {"legal_moves": []}
        if not mine["legal_moves"]:  # a stand-in's turn
            time.sleep(0.02)
            continue
        answer = person.move(table_id, rng.choice(mine["legal_moves"]), mine["seq"])  # type: ignore[union-attr]
        assert answer.status_code == 200, answer.text
    raise AssertionError(f"table {table_id} did not end")


def seated_people(table_id: str, players: list[Player], leaving: int | None = None) -> dict[int, Player]:
    """The table's seats held by these players (all but ``leaving``'s, by player id), by seat."""
    seats = {}
    for player in players:
        seat = player.table(table_id)["you"]
        if seat is not None and (leaving is None or player_id(player) != leaving):
            seats[seat] = player
    return seats


def test_a_tournament_is_created_joined_and_listed_for_accounts_only(server: TestClient) -> None:
    jana, petr = accounts(server, "jana", "petr")
    created = new_tournament(jana, starts_at="2027-01-15T18:00:00+01:00")
    assert created["status"] == "upcoming" and created["round_count"] == 2 and created["entrants"] == 1
    assert created["you"]["creator"] is True and created["starts_at"].startswith("2027-01-15T17:00:00")
    tid = created["id"]
    joined = petr.post(f"/api/tournaments/{tid}/join").json()
    assert joined["entrants"] == 2 and joined["joined"] is True and joined["you"]["creator"] is False
    listing = petr.get("/api/tournaments").json()
    assert [entry["id"] for entry in listing["upcoming"]] == [tid] and listing["running"] == []
    guest = Player.guest(server, "kibic")
    assert guest.post(f"/api/tournaments/{tid}/join").status_code == 403
    assert guest.post("/api/tournaments", {"name": "x", "game": "azul", "players": 2, "rounds": 1}).status_code == 403
    assert petr.post(f"/api/tournaments/{tid}/start").status_code == 403  # only the creator
    assert petr.post(f"/api/tournaments/{tid}/leave").json()["entrants"] == 1
    assert server.get("/api/tournaments/nothere").status_code == 404


def test_a_table_names_the_tournament_and_round_it_was_arranged_for(client: TestClient) -> None:
    jana, petr = accounts(client, "jana", "petr")
    tid = new_tournament(jana, name="Klubový švýcar", rounds=1, rated=False)["id"]
    petr.post(f"/api/tournaments/{tid}/join")
    table = jana.post(f"/api/tournaments/{tid}/start").json()["rounds"][0]["tables"][0]["table"]
    found = client.get(f"/api/tables/{table}/tournament")
    assert found.json() == {
        "tournament": tid, "name": "Klubový švýcar", "round": 1, "round_count": 1, "board": 1, "status": "running",
    }  # fmt: skip
    other = jana.create()["table"]["id"]
    assert client.get(f"/api/tables/{other}/tournament").status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"clock": "none"}, 400, "needs a clock"),
        ({"clock": "99x"}, 400, "99x"),
        ({"rounds": 0}, 422, "rounds"),
        ({"players": 5}, 422, "players"),
        ({"game": "chess"}, 400, "no game"),
        ({"format": "arena"}, 422, "format"),
        ({"starts_at": "2020-01-01T00:00:00+00:00"}, 400, "future"),
        ({"starts_at": "2027-01-01T00:00:00"}, 422, "timezone"),
        ({"options": {"wall": "purple"}}, 400, "wall"),
    ],
)
def test_a_tournament_that_cannot_be_held_is_refused(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    jana = Player.account(client, "jana")
    wanted = {"name": "Swiss", "game": "azul", "players": 2, "rounds": 3, **body}
    response = jana.post("/api/tournaments", wanted)
    assert response.status_code == status and words in response.text, response.text
    assert jana.get("/api/tournaments").json()["upcoming"] == []


def test_a_four_player_swiss_pairs_by_score_without_rematches_and_ends(server: TestClient) -> None:
    players = accounts(server, "ada", "ben", "cyril", "dora")
    tid = new_tournament(players[0], rounds=2)["id"]
    for p in players[1:]:
        assert p.post(f"/api/tournaments/{tid}/join").status_code == 200
    started = players[0].post(f"/api/tournaments/{tid}/start")
    assert started.status_code == 200, started.text
    page = started.json()
    assert page["status"] == "running" and page["round"] == 1
    first = page["rounds"][0]
    assert len(first["tables"]) == 2 and first["bye"] is None
    rng = random.Random(7)
    for table in first["tables"]:
        assert server.get(f"/api/tables/{table['table']}").json()["rated"] is True
        play_out(table["table"], seated_people(table["table"], players), rng)
    # The last table's end paired round 2 at once: winners meet winners, nobody meets again.
    page = page_of(players[0], tid)
    assert page["round"] == 2 and len(page["rounds"]) == 2 and page["rounds"][0]["over"] is True
    winners = {p["id"] for t in first["tables"] for p in page["rounds"][0]["tables"][t["board"] - 1]["players"]
               if p["points"] == 1.0}  # fmt: skip
    met_before = [{p["id"] for p in t["players"]} for t in page["rounds"][0]["tables"]]
    second = page["rounds"][1]["tables"]
    for table in second:
        ids = {p["id"] for p in table["players"]}
        assert ids not in met_before
    if len(winners) == 2:  # no draw in round 1: the two winners share the top table
        assert {p["id"] for p in second[0]["players"]} == winners
    for table in second:
        play_out(table["table"], seated_people(table["table"], players), rng)
    page = page_of(players[1], tid)
    assert page["status"] == "finished" and page["finished_at"] is not None
    standings = page["standings"]
    assert [line["rank"] for line in standings] == [1, 2, 3, 4]
    assert sum(line["points"] for line in standings) == pytest.approx(4.0)  # a point a table, 2 tables, 2 rounds
    assert all(line["games"] == 2 and len(line["results"]) == 2 for line in standings)
    points = [(line["points"], line["buchholz"], line["score"]) for line in standings]
    assert points == sorted(points, reverse=True)
    listing = players[2].get("/api/tournaments").json()
    assert [entry["id"] for entry in listing["finished"]] == [tid] and listing["finished"][0]["joined"] is True


def test_an_odd_field_gives_the_lowest_player_a_bye_worth_a_win(server: TestClient) -> None:
    players = accounts(server, "ema", "filip", "gita")
    tid = new_tournament(players[0], rounds=1, rated=False, clock="fast")["id"]
    for p in players[1:]:
        p.post(f"/api/tournaments/{tid}/join")
    page = players[0].post(f"/api/tournaments/{tid}/start").json()
    bye = page["rounds"][0]["bye"]
    # Level ratings: the seeding is the order of joining, and the bye goes to the lowest, the last.
    assert bye is not None and bye["id"] == player_id(players[2]) and bye["points"] == 1.0
    assert len(page["rounds"][0]["tables"]) == 1
    assert page_of(players[2], tid)["you"] == {"state": "active", "table": None, "bye": True, "creator": False}
    assert page["standings"][0]["id"] == bye["id"] and page["standings"][0]["byes"] == 1


def test_tables_of_four_seat_neighbours_and_one_fewer_where_the_field_is_uneven(server: TestClient) -> None:
    players = accounts(server, *(f"hrac{n}" for n in range(7)))
    tid = new_tournament(players[0], players=4, rounds=1, rated=False)["id"]
    for p in players[1:]:
        p.post(f"/api/tournaments/{tid}/join")
    page = players[0].post(f"/api/tournaments/{tid}/start").json()
    tables = page["rounds"][0]["tables"]
    assert [len(t["players"]) for t in tables] == [4, 3] and page["rounds"][0]["bye"] is None
    seeds = [line["id"] for line in page["standings"]]  # before any game: the seeding
    assert sorted(p["id"] for p in tables[0]["players"]) == sorted(seeds[:4])
    assert server.get(f"/api/tables/{tables[1]['table']}").json()["players"] == 3


def test_a_tournament_starts_at_its_time_on_the_clock_or_is_called_off(server: TestClient, fake_time: FakeTime) -> None:
    jana, petr, eva = accounts(server, "jana", "petr", "eva")
    at = datetime.fromtimestamp(START + 3600, UTC).isoformat()
    tid = new_tournament(jana, starts_at=at)["id"]
    petr.post(f"/api/tournaments/{tid}/join")
    lonely = new_tournament(eva, starts_at=at)["id"]
    assert sweep(server) == 0 and page_of(jana, tid)["status"] == "upcoming"
    fake_time.advance(3599)
    assert sweep(server) == 0
    fake_time.advance(1)
    assert sweep(server) == 2
    assert sweep(server) == 0  # the second look finds nothing left to do
    page = page_of(petr, tid)
    assert page["status"] == "running" and page["round"] == 1 and page["you"]["table"] is not None
    assert petr.table(page["you"]["table"])["status"] == "running"
    assert page_of(eva, lonely)["status"] == "cancelled"


def test_a_player_who_never_moves_is_dropped_after_the_round(server: TestClient) -> None:
    players = accounts(server, "ivo", "jan", "kamil", "lada")
    tid = new_tournament(players[0], rounds=3, rated=False)["id"]
    for p in players[1:]:
        p.post(f"/api/tournaments/{tid}/join")
    page = players[0].post(f"/api/tournaments/{tid}/start").json()
    rng = random.Random(3)
    absent_table = page["rounds"][0]["tables"][1]
    absent_id = absent_table["players"][0]["id"]
    absent = next(p for p in players if player_id(p) == absent_id)
    assert absent.post(f"/api/tables/{absent_table['table']}/abandon").status_code == 200
    for table in page["rounds"][0]["tables"]:
        people = seated_people(table["table"], players)
        people.pop(absent_id, None)
        play_out(table["table"], people, rng)
    wait_for(lambda: page_of(players[0], tid)["round"] == 2, what="round 2")
    page = page_of(players[0], tid)
    closed = page["rounds"][0]["tables"][1]["players"]
    assert next(p for p in closed if p["id"] == absent_id)["missed"] is True
    assert next(line for line in page["standings"] if line["id"] == absent_id)["state"] == "dropped"
    second = page["rounds"][1]
    paired = {p["id"] for t in second["tables"] for p in t["players"]} | (
        {second["bye"]["id"]} if second["bye"] else set()
    )
    assert absent_id not in paired and len(paired) == 3 and second["bye"] is not None
    assert page_of(absent, tid)["you"]["state"] == "dropped"


def test_a_player_who_leaves_a_running_tournament_is_not_paired_again(server: TestClient) -> None:
    players = accounts(server, "mira", "nela", "olga")
    tid = new_tournament(players[0], rounds=2, rated=False)["id"]
    for p in players[1:]:
        p.post(f"/api/tournaments/{tid}/join")
    page = players[0].post(f"/api/tournaments/{tid}/start").json()
    bye_id = page["rounds"][0]["bye"]["id"]
    leaver = next(p for p in players if player_id(p) == bye_id)
    assert leaver.post(f"/api/tournaments/{tid}/leave").json()["you"]["state"] == "withdrawn"
    table = page["rounds"][0]["tables"][0]
    play_out(table["table"], seated_people(table["table"], players), random.Random(5))
    page = page_of(players[0], tid)
    assert page["round"] == 2 and bye_id not in {p["id"] for t in page["rounds"][1]["tables"] for p in t["players"]}
    assert page["rounds"][1]["bye"] is None  # the two left meet again: no one else remains


def test_a_round_ended_while_no_process_was_told_is_moved_on_by_the_watch(server: TestClient) -> None:
    players = accounts(server, "petra", "quido")
    tid = new_tournament(players[0], rounds=2, rated=False)["id"]
    players[1].post(f"/api/tournaments/{tid}/join")
    page = players[0].post(f"/api/tournaments/{tid}/start").json()
    services = services_of(server)
    services.publisher._endings.clear()  # as if the process that ended the game died before moving on
    table = page["rounds"][0]["tables"][0]["table"]
    play_out(table, seated_people(table, players), random.Random(11))
    assert page_of(players[0], tid)["round"] == 1
    assert sweep(server) == 1 and sweep(server) == 0
    assert page_of(players[0], tid)["round"] == 2
    # Two processes noticing at once: the second finds the round moved on and changes nothing.
    assert services.tournaments.advance(tid) is None


def test_a_table_an_administrator_closed_gives_each_player_half_a_point(server: TestClient) -> None:
    players = accounts(server, "radek", "sona")
    root = Player.account(server, "root")
    set_role(services_of(server).db, "root", admin=True)
    tid = new_tournament(players[0], rounds=1, rated=False)["id"]
    players[1].post(f"/api/tournaments/{tid}/join")
    table = players[0].post(f"/api/tournaments/{tid}/start").json()["rounds"][0]["tables"][0]["table"]
    assert root.post(f"/api/admin/tables/{table}/close").status_code == 200
    page = page_of(players[0], tid)
    assert page["status"] == "finished" and page["rounds"][0]["tables"][0]["status"] == "cancelled"
    assert [line["points"] for line in page["standings"]] == [0.5, 0.5]
    assert all(line["state"] == "active" for line in page["standings"])  # a closed table is nobody's absence


def test_the_live_channel_tells_of_joins_and_names_a_new_round_s_tables(client: TestClient) -> None:
    jana, petr = accounts(client, "jana", "petr")
    tid = new_tournament(jana, rounds=1, rated=False)["id"]
    with client.websocket_connect(f"/api/tournaments/{tid}/live") as socket:
        petr.post(f"/api/tournaments/{tid}/join")
        joined = socket.receive_json()
        assert joined == {"type": "tournament", "tournament": tid, "status": "upcoming", "round": 0, "tables": []}
        page = jana.post(f"/api/tournaments/{tid}/start").json()
        paired = socket.receive_json()
    table = page["rounds"][0]["tables"][0]["table"]
    assert paired["status"] == "running" and paired["round"] == 1
    assert [entry["table"] for entry in paired["tables"]] == [table]
    assert sorted(paired["tables"][0]["players"]) == sorted([player_id(jana), player_id(petr)])
    # The seat order of the event is the table's.
    seats = {jana.table(table)["you"]: player_id(jana), petr.table(table)["you"]: player_id(petr)}
    assert paired["tables"][0]["players"] == [seats[0], seats[1]]


@pytest.mark.parametrize(("path", "code"), [("/api/tournaments/nothere/live", "not_found"),
                                            ("/api/tournaments/a%20b/live", "invalid_request")])  # fmt: skip
def test_the_live_channel_refuses_an_unknown_tournament(client: TestClient, path: str, code: str) -> None:
    with client.websocket_connect(path) as socket:
        reply = socket.receive_json()
        assert reply["type"] == "error" and reply["error"]["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4400


def test_a_round_s_table_is_mailed_to_players_who_asked_for_reminders(tmp_path: Path, fake_time: FakeTime) -> None:
    with (
        mail_server() as (inbox, smtp),
        running_app(tmp_path, now=fake_time, smtp_url=smtp, public_url="https://mozaika.example") as client,
    ):
        jana, petr = accounts(client, "jana", "petr")
        settings = {"email": "petr@example.org", "email_reminders": True}
        assert petr.client.put("/api/me/settings", json=settings, headers=petr.headers).status_code == 200
        confirm_from_letter(petr, wait_for(lambda: inbox.letters and inbox.letters.pop(), what="the confirmation"))
        tid = new_tournament(jana, rounds=2, rated=False, clock="24h")["id"]
        petr.post(f"/api/tournaments/{tid}/join")
        page = jana.post(f"/api/tournaments/{tid}/start").json()
        letter = wait_for(lambda: inbox.letters and inbox.letters[0], what="the round's letter")
        assert letter["To"] == "petr@example.org" and "round 1 of Friday Swiss" in letter["Subject"]
        body = letter.get_content()
        table = page["rounds"][0]["tables"][0]["table"]
        assert (
            f"https://mozaika.example/tables/{table}" in body and f"https://mozaika.example/tournaments/{tid}" in body
        )
        assert len(inbox.letters) == 1  # Jana did not ask for e-mail
