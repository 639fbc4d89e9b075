"""Quick pairing: identical requests seated together, rated ones by rating in a range that widens
with waiting (on a fake clock), requests of players who left never matched, and the answers' shapes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter
from sqlalchemy import insert, select

from mozaika.catalogue.registry import game_spec
from mozaika.server.answers import LobbyLiveEvent
from mozaika.server.players.roles import set_role
from mozaika.server.services import Services
from mozaika.server.settings import PairingRules
from mozaika.server.storage.community import PlayerBoard
from mozaika.server.storage.pairing import PairingRequest

from asgiclient import TestClient
from serverkit import FakeTime, Player, emptied_postgres_database, migrated_sqlite_database, running_app_on, wait_for

CHOCOLATIER_DEFAULTS = game_spec("chocolatier").resolve_options({})
RULES = PairingRules(check_seconds=3600.0)
"""The process looks once as it starts and then only when a test says (``look``): the fake clock moves."""


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(database: str, tmp_path: Path, clock: FakeTime) -> Iterator[TestClient]:
    url = emptied_postgres_database() if database == "postgresql" else migrated_sqlite_database(tmp_path)
    with running_app_on(url, now=clock, pairing=RULES) as client:
        yield client


def services(client: TestClient) -> Services:
    found: Services = client.app.state.services  # type: ignore[attr-defined]
    return found


def look(client: TestClient) -> int:
    """One round of the process's regular look: keep alive, drop the abandoned, match what waits."""
    made: int = client.portal.call(services(client).pairing.look)  # type: ignore[union-attr]
    return made


def ask(player: Player, game: str = "azul", players: int = 2, **wish: Any) -> dict[str, Any]:
    response = player.post("/api/pairing", {"game": game, "players": players, **wish})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def state(player: Player) -> dict[str, Any]:
    response = player.get("/api/pairing")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def player_id(player: Player) -> int:
    found: int = player.get("/api/me").json()["id"]
    return found


def alive_until(client: TestClient, player: int) -> float:
    with services(client).db.reading() as session:
        found = session.scalar(select(PairingRequest.alive_until).where(PairingRequest.player_id == player))
    return float(found) if found is not None else 0.0


def rate(
    client: TestClient, player: Player, ordinal: float, game: str = "azul", variant: str = "wall=coloured"
) -> None:
    """Gives the player a rating for the game and variant, as rated games would have."""
    who = player_id(player)
    with services(client).db.transaction() as session:
        session.execute(
            insert(PlayerBoard).values(
                player_id=who, game=game, variant=variant, mu=ordinal + 10, sigma=10 / 3,
                ordinal=ordinal, rated_games=5, played=5,
            )
        )  # fmt: skip


@pytest.mark.each_database
def test_two_identical_requests_make_a_running_table_and_the_waiting_lobby_hears_of_it(client: TestClient) -> None:
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    with client.websocket_connect("/api/lobby/live", headers=alice.headers) as socket:
        first = ask(alice, clock="fast")
        assert first == {
            "status": "waiting", "waited": 0.0, "others": 0,
            "request": {"game": "azul", "players": 2, "options": {"wall": "coloured"}, "clock": "fast", "rated": False},
        }  # fmt: skip
        second = ask(bob, clock="2+10")  # the same clock, written otherwise: an identical request
        assert second["status"] == "paired" and second["seat"] in (0, 1)
        table_id = second["table"]
        event = socket.receive_json()
        while event["type"] != "paired":  # the new table's own lobby event comes first
            event = socket.receive_json()
    assert event == {"type": "paired", "table": table_id, "seat": 1 - second["seat"], "game": "azul", "players": 2}
    assert state(alice) == {"status": "paired", "table": table_id, "seat": event["seat"], "request": first["request"]}
    view = alice.table(table_id)
    assert view["status"] == "running" and view["you"] == event["seat"] and not view["rated"]
    assert view["clock"]["control"]["name"] == "fast"
    assert sorted(seat["name"] for seat in view["seats"]) == ["Alice", "Bob"]
    # Paired, a player may ask again: a new request replaces the old.
    assert ask(alice)["status"] == "waiting"


@pytest.mark.each_database
def test_three_and_four_player_requests_fill_a_table_first_come_first_served(client: TestClient) -> None:
    people = [Player.guest(client, f"P{index}") for index in range(9)]
    answers = [ask(person, "pavilion", 4) for person in people[:3]]
    assert [answer["others"] for answer in answers] == [0, 1, 2]
    fourth = ask(people[3], "pavilion", 4)
    assert fourth["status"] == "paired"
    table = people[0].table(fourth["table"])
    assert sorted(seat["name"] for seat in table["seats"]) == ["P0", "P1", "P2", "P3"]
    assert sorted(state(person)["seat"] for person in people[:4]) == [0, 1, 2, 3]
    # Three-player requests: the first three of four make the table; the fourth waits for two more.
    for person in people[4:7]:
        answer = ask(person, "azul", 3)
    assert answer["status"] == "paired"
    assert ask(people[7], "azul", 3) == {**state(people[7]), "status": "waiting", "others": 0}
    assert state(people[8])["status"] == "none"


@pytest.mark.each_database
def test_only_identical_requests_are_paired(client: TestClient) -> None:
    people = [Player.guest(client, f"P{index}") for index in range(5)]
    ask(people[0], clock="fast")
    assert ask(people[1], clock="normal")["others"] == 0
    assert ask(people[2], options={"wall": "grey"}, clock="fast")["others"] == 0
    assert ask(people[3], "chocolatier", clock="fast")["others"] == 0
    assert ask(people[4], clock="fast", options={"wall": "coloured"})["status"] == "paired"  # the default, named
    queues = people[0].get("/api/pairing/queues").json()["queues"]
    assert sorted(
        (queue["game"], sorted(queue["options"].items()), queue["clock"], queue["waiting"]) for queue in queues
    ) == [
        ("azul", [("wall", "coloured")], "normal", 1),
        ("azul", [("wall", "grey")], "fast", 1),
        ("chocolatier", sorted(CHOCOLATIER_DEFAULTS.items()), "fast", 1),
    ]


@pytest.mark.each_database
def test_taking_a_request_back_and_asking_twice(client: TestClient) -> None:
    alice, bob, cyril = (Player.guest(client, name) for name in ("Alice", "Bob", "Cyril"))
    first = ask(alice)
    assert ask(alice) == first  # the same request again keeps its place
    other = alice.post("/api/pairing", {"game": "azul", "players": 3})
    assert other.status_code == 409 and "DELETE /api/pairing" in other.json()["error"]["message"]
    taken_back = client.delete("/api/pairing", headers=alice.headers)
    assert taken_back.status_code == 200 and taken_back.json() == {"status": "none"}
    assert state(alice) == {"status": "none"}
    assert ask(bob)["status"] == "waiting"  # Alice's request is gone: nobody to pair with
    paired = ask(cyril)
    assert paired["status"] == "paired"
    # Too late to take back: the answer names the table.
    too_late = client.delete("/api/pairing", headers=bob.headers).json()
    assert too_late["status"] == "paired" and too_late["table"] == paired["table"]


@pytest.mark.each_database
def test_rated_requests_pair_the_closest_ratings_and_widen_the_range_with_waiting(
    client: TestClient, clock: FakeTime
) -> None:
    rules = services(client).settings.pairing
    ana, ben, cid, dan = (Player.account(client, name) for name in ("ana", "ben", "cid", "dan"))
    for person, rating in ((ana, 0.0), (ben, 8.0), (cid, 7.0), (dan, 10.0)):
        rate(client, person, rating)
    assert ask(ana, rated=True)["status"] == "waiting"
    assert ask(ben, rated=True)["others"] == 1  # 8 apart: beyond both ranges
    assert ask(ben, rated=True)["request"]["clock"] == "normal"  # rated games get a clock
    clock.advance(16.0)  # each now accepts 3 + 16 x 0.25 = 7 apart: not yet 8
    assert look(client) == 0 and state(ana)["status"] == "waiting"
    # Cid (7) arrives: Ana has waited long enough to accept him, but Ben (8) is closer.
    paired = ask(cid, rated=True)
    assert paired["status"] == "paired" and state(ben)["table"] == paired["table"]
    assert state(ana)["status"] == "waiting"
    # Dan (10) is 10 from Ana: his own range must widen to 10 first (3 + 0.25 a second: 28 s).
    assert ask(dan, rated=True)["status"] == "waiting"
    for person in (ana, dan):  # their lobbies would keep them alive; polling does too
        state(person)
    clock.advance(27.0)
    state(ana), state(dan)
    assert look(client) == 0 and state(dan)["status"] == "waiting"
    clock.advance(1.0)
    assert rules.rating_range + rules.range_per_second * 28.0 >= 10.0
    assert look(client) == 1
    assert state(ana)["table"] == state(dan)["table"]
    assert ana.table(state(ana)["table"])["rated"] is True


@pytest.mark.each_database
def test_guests_pair_for_friendly_games_only(client: TestClient) -> None:
    guest = Player.guest(client, "Host")
    refused = guest.post("/api/pairing", {"game": "azul", "players": 2, "rated": True})
    assert refused.status_code == 403 and "accounts" in refused.json()["error"]["message"]
    assert state(guest) == {"status": "none"}


@pytest.mark.each_database
def test_a_request_whose_player_left_is_never_matched_and_is_removed(client: TestClient, clock: FakeTime) -> None:
    rules = services(client).settings.pairing
    script, gone, page, newcomer = (Player.guest(client, name) for name in ("Script", "Gone", "Page", "New"))
    # A script that never opens the lobby keeps its request by looking at it within the grace period.
    ask(script, "azul", 4)
    ask(gone, "azul", 4)
    clock.advance(rules.grace_seconds - 1)
    state(script)
    # A page with the lobby open keeps its request alive through the process's looks.
    with client.websocket_connect("/api/lobby/live", headers=page.headers):
        ask(page, "azul", 4)
        for _ in range(3):
            clock.advance(rules.look_seconds)
            look(client)
        assert state(gone) == {"status": "none"}  # its grace is over: gone, and not counted
        waiting = state(page)
        assert waiting["status"] == "waiting" and waiting["others"] == 1
    # The page closed: the request lives a few seconds more, then nobody is paired with it.
    page_id = player_id(page)
    wait_for(lambda: alive_until(client, page_id) <= clock.now + rules.closed_seconds, 30, "the page seen to go")
    clock.advance(rules.closed_seconds + 0.1)
    state(script)
    look(client)
    assert state(page) == {"status": "none"}
    assert ask(newcomer, "azul", 4)["others"] == 1
    queues = newcomer.get("/api/pairing/queues").json()["queues"]
    assert [(queue["players"], queue["waiting"]) for queue in queues] == [(4, 2)]


def test_pairing_needs_a_player_and_a_well_formed_request(client: TestClient) -> None:
    assert client.post("/api/pairing", json={"game": "azul", "players": 2}).status_code == 401
    assert client.get("/api/pairing").status_code == 401
    alice = Player.guest(client, "Alice")
    for body, status, words in [
        ({"game": "chess", "players": 2}, 400, "there is no game"),
        ({"game": "azul", "players": 5}, 422, "players"),
        ({"game": "azul", "players": 2, "clock": "forever"}, 400, "clock"),
        ({"game": "azul", "players": 2, "seats": []}, 422, "seats"),
        ({"game": "azul", "players": "2"}, 422, "players"),
    ]:
        response = alice.post("/api/pairing", body)
        assert response.status_code == status and words in response.json()["error"]["message"], response.text
    assert state(alice) == {"status": "none"}


def test_asking_is_rate_limited_per_player(client: TestClient) -> None:
    alice = Player.guest(client, "Alice")
    answers = [alice.post("/api/pairing", {"game": "azul", "players": 2}).status_code for _ in range(31)]
    assert answers[:30] == [200] * 30 and answers[30] == 429


def test_the_answers_and_events_are_named_in_the_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    for name in ("PairingState", "PairingQueues", "PairingQueue", "PairingWish", "PairedEvent", "PairingEvent"):
        assert name in components
    for method in ("get", "post", "delete"):
        answer = schema["paths"]["/api/pairing"][method]["responses"]["200"]["content"]["application/json"]["schema"]
        assert answer == {"$ref": "#/components/schemas/PairingState"}


def test_a_banned_player_s_request_ends_with_the_ban(client: TestClient) -> None:
    admin, jana = Player.account(client, "admin"), Player.guest(client, "Jana")
    set_role(services(client).db, "admin", True)  # as `mozaika admin grant` does
    ask(jana)
    assert admin.post(f"/api/admin/players/{player_id(jana)}/ban", {"banned": True}).status_code == 200
    # From another address: a ban follows the banned player's own (no guest is made there).
    elsewhere = TestClient(client.app, client=("198.51.100.61", 50000))
    assert ask(Player.guest(elsewhere, "Petr"))["status"] == "waiting"  # nobody left to pair with


def test_the_lobby_events_of_pairing_have_the_shapes_of_their_models(client: TestClient) -> None:
    lobby_events: TypeAdapter[Any] = TypeAdapter(LobbyLiveEvent)
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    with client.websocket_connect("/api/lobby/live", headers=alice.headers) as socket:
        ask(alice, "pavilion", 2, clock="3+5")
        look(client)  # the counts changed: every lobby hears them
        counts = socket.receive_json()
        assert counts == {
            "type": "pairing",
            "queues": [{"game": "pavilion", "players": 2, "options": {"board": "coloured"}, "clock": "3+5",
                        "rated": False, "waiting": 1}],
        }  # fmt: skip
        ask(bob, "pavilion", 2, clock="3+5")
        events = [socket.receive_json() for _ in range(2)]
    assert [event["type"] for event in events] == ["table", "paired"]
    for event in (counts, *events):
        model = lobby_events.validate_python(event)
        assert model.model_dump(mode="json", exclude_unset=True) == event


@pytest.mark.each_database
def test_a_paired_request_is_kept_to_be_read_for_a_while(client: TestClient, clock: FakeTime) -> None:
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    ask(alice)
    table_id = ask(bob)["table"]
    clock.advance(services(client).settings.pairing.paired_kept_seconds - 1)
    look(client)
    assert state(alice)["table"] == table_id
    clock.advance(2)
    look(client)
    assert state(alice) == {"status": "none"} and alice.table(table_id)["status"] == "running"
