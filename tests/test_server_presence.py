"""Playing people: who is at the table (presence), handing an away player's seat to the stand-in,
resigning, and aborting a game by agreement.

Time is a :class:`FakeTime` the tests move by hand, and the presence sweep is run by the test
(``sweep``), so nothing waits for the wall clock.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from mozaika.server.players.presence import GRACE_SECONDS, LOBBY, STALE_SECONDS, Presence
from mozaika.server.storage.community import GameResultRow, PlayerBoard

from asgiclient import TestClient
from serverkit import FakeTime, Player, require_services, running_app, two_player_table, wait_for

START = 1_800_000_000.0
HAND_OVER = 300.0


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime(START)


@pytest.fixture(params=["sqlite", "postgresql"])
def timed(request: pytest.FixtureRequest, tmp_path: Path, fake_time: FakeTime) -> Iterator[TestClient]:
    with running_app(tmp_path, request.param, now=fake_time, clock_check_seconds=3600.0) as client:
        yield client


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def sweep(client: TestClient) -> int:
    """The presence sweep, now: the watchers of tables whose players came or went are told."""
    told: int = client.portal.call(services(client).presence.sweep)  # type: ignore[union-attr]
    return told


def player_id(player: Player) -> int:
    found: int = player.get("/api/me").json()["id"]
    return found


def live(player: Player, table_id: str) -> Any:
    return player.client.websocket_connect(f"/api/tables/{table_id}/live", headers=player.headers)


def seat(player: Player, table_id: str, index: int) -> dict[str, Any]:
    found: dict[str, Any] = player.table(table_id)["seats"][index]
    return found


def next_presence(socket: Any, seat: int, online: bool) -> dict[str, Any]:
    """The first ``presence`` event that says the seat's player is (or is not) at the table (a table newly
    watched is told its presence once, whatever it is)."""
    while True:
        event: dict[str, Any] = socket.receive_json()
        if event["type"] == "presence" and event["seats"][seat]["online"] is online:
            return event


def gone(client: TestClient, who: int, table_id: str) -> bool:
    """Whether the server has seen the player's last connection close."""
    return services(client).presence.of(who, table_id).away_since is not None  # type: ignore[no-any-return]


# --- presence, one process -------------------------------------------------------------------


def test_a_player_is_online_while_connected_and_for_the_grace_after_then_away_since_the_close() -> None:
    clock = FakeTime(START)

    async def scenario() -> None:
        presence = Presence(now=clock)
        assert presence.of(7, "t").online is False  # never seen: away since the process started
        await presence.enter(7, "t")
        await presence.enter(7, "t")  # a second tab
        assert presence.of(7, "t").online and presence.of(7, "t").away_since is None
        assert presence.of(7, "other").online is False  # a connection to another table is not this one's
        await presence.leave(7, "t")
        assert presence.of(7, "t").online
        clock.advance(30.0)
        await presence.leave(7, "t")
        clock.advance(GRACE_SECONDS - 1)
        assert presence.of(7, "t").online, "a reload within the grace does not flicker"
        clock.advance(2.0)
        state = presence.of(7, "t")
        assert not state.online and state.away_since == START + 30.0
        assert state.fields(clock()) == {"online": False, "away_seconds": GRACE_SECONDS + 1}
        await presence.enter(7, LOBBY)  # the lobby keeps a player online at every table of theirs
        assert presence.of(7, "t").online and presence.of(7, "elsewhere").online
        await presence.leave(7, LOBBY)

    asyncio.run(scenario())


def test_with_redis_every_process_sees_the_connections_of_all_and_a_killed_one_drops_out() -> None:
    _, redis_url = require_services()
    namespace = f"test-{uuid.uuid4().hex}"
    clock = FakeTime(START)

    async def scenario() -> None:
        first = Presence(redis_url, namespace, now=clock, process="first")
        second = Presence(redis_url, namespace, now=clock, process="second")
        elsewhere = Presence(redis_url, "another deployment", now=clock, process="third")
        for process in (first, second, elsewhere):
            await process.start(sweeping=False)
            await process.beat()
        try:
            await second.enter(7, "t")
            await elsewhere.enter(8, "t")  # another deployment sharing the Redis: never counted here
            await first.refresh()
            assert first.of(7, "t").online and not first.of(8, "t").online
            await second.leave(7, "t")
            clock.advance(GRACE_SECONDS + 1)
            await first.refresh()
            state = first.of(7, "t")
            assert not state.online and state.away_since == START, "the other process's close counts"
            # A process is killed with a connection open: it falls silent, and its player goes away.
            await second.enter(7, LOBBY)
            await second.beat()
            second._tasks[0].cancel()  # its heartbeat stops, as when the process dies
            await first.refresh()
            assert first.of(7, "t").online
            clock.advance(STALE_SECONDS + 1)
            await first.beat()
            await first.refresh()
            assert first.of(7, "t").online, "within the grace of its last heartbeat"
            clock.advance(GRACE_SECONDS)
            await first.refresh()
            state = first.of(7, "t")
            assert not state.online and state.away_since == START + GRACE_SECONDS + 1, "away since its last heartbeat"
        finally:
            for process in (first, second, elsewhere):
                await process.stop()

    asyncio.run(scenario())


# --- presence at a table ----------------------------------------------------------------------


def test_the_others_see_a_player_come_and_go_live_and_in_every_view(timed: TestClient, fake_time: FakeTime) -> None:
    table_id, alice, bob = two_player_table(timed)
    bob_id = player_id(bob)
    assert seat(alice, table_id, 1)["online"] is False
    with live(alice, table_id) as alice_socket:
        hello = alice_socket.receive_json()
        assert hello["table"]["seats"][0]["online"] is True, "her own connection counts before her hello"
        assert hello["table"]["seats"][1]["online"] is False
        with live(bob, table_id) as bob_socket:
            assert bob_socket.receive_json()["table"]["seats"][1]["online"] is True
            assert seat(alice, table_id, 1)["online"] is True
            sweep(timed)  # (or the server's own sweep, soon after a connection opens)
            event = next_presence(alice_socket, 1, True)
            assert event == {
                "type": "presence",
                "table": table_id,
                "seats": [
                    {"seat": 0, "online": True, "away_seconds": None},
                    {"seat": 1, "online": True, "away_seconds": None},
                ],
            }
        wait_for(lambda: gone(timed, bob_id, table_id), 10.0, "Bob's connection to close")
        fake_time.advance(GRACE_SECONDS - 1)
        assert sweep(timed) == 0, "a reload does not flicker"
        assert seat(alice, table_id, 1)["online"] is True
        fake_time.advance(2.0)
        sweep(timed)
        event = next_presence(alice_socket, 1, False)
        assert event["seats"][1] == {
            "seat": 1,
            "online": False,
            "away_seconds": GRACE_SECONDS + 1,
        }
        # Every view and event says so: a table's view, the lobby's summary, a step.
        assert seat(alice, table_id, 1)["online"] is False
        mine = alice.get("/api/tables?mine=true").json()[0]
        assert mine["seats"][1]["away_seconds"] == GRACE_SECONDS + 1
        view = alice.table(table_id)
        assert alice.move(table_id, view["legal_moves"][0], view["seq"]).status_code == 200
        step = alice_socket.receive_json()
        while step["type"] != "step":
            step = alice_socket.receive_json()
        assert step["online"] == [True, False]
        # Bob opens the lobby: he is back at all his tables.
        with timed.websocket_connect("/api/lobby/live", headers=bob.headers):
            wait_for(lambda: not gone(timed, bob_id, table_id), 10.0, "Bob's lobby connection")
            sweep(timed)
            assert next_presence(alice_socket, 1, True)["seats"][0]["online"] is True


# --- handing an away player's seat to the stand-in ------------------------------------------


def test_a_seat_is_handed_to_the_stand_in_after_five_minutes_away_and_taken_back(
    timed: TestClient, fake_time: FakeTime
) -> None:
    table_id, alice, bob = two_player_table(timed)
    with live(alice, table_id) as alice_socket:
        alice_socket.receive_json()
        assert alice.table(table_id)["hand_over_after"] == HAND_OVER
        fake_time.advance(HAND_OVER - 60)  # Bob, never connected, is away since the server started
        early = alice.post(f"/api/tables/{table_id}/hand-over", {"seat": 1})
        assert early.status_code == 409 and early.json()["error"]["details"]["hand_over_after"] == HAND_OVER
        assert bob.post(f"/api/tables/{table_id}/hand-over", {"seat": 1}).status_code == 400  # his own: resign
        watcher = Player.guest(timed, "Watcher")
        assert watcher.post(f"/api/tables/{table_id}/hand-over", {"seat": 1}).status_code == 403  # no seat
        fake_time.advance(61)
        handed = alice.post(f"/api/tables/{table_id}/hand-over", {"seat": 1})
        assert handed.status_code == 200, handed.text
        seat_view = handed.json()["table"]["seats"][1]
        assert seat_view["kind"] == "bot" and seat_view["away"] and seat_view["name"] == "Bob"
        assert alice.post(f"/api/tables/{table_id}/hand-over", {"seat": 1}).status_code == 409  # a bot's now
        # Bob comes back and takes his seat again.
        assert seat(bob, table_id, 1)["can_return"] is True
        back = bob.post(f"/api/tables/{table_id}/return")
        assert back.status_code == 200, back.text
        mine = back.json()["table"]["seats"][1]
        assert mine["kind"] == "player" and mine["you"] and not mine["away"] and not mine["can_return"]


def test_a_timed_or_rated_game_is_never_handed_over(timed: TestClient, fake_time: FakeTime) -> None:
    table_id, alice, _ = two_player_table(timed, clock="fast")
    assert alice.table(table_id)["hand_over_after"] is None
    fake_time.advance(HAND_OVER + 1)
    refused = alice.post(f"/api/tables/{table_id}/hand-over", {"seat": 1})
    assert refused.status_code == 403 and "untimed" in refused.json()["error"]["message"]


# --- aborting by agreement -------------------------------------------------------------------


def rows(client: TestClient, table_id: str) -> tuple[int, int]:
    """The table's statistics rows: its players' results, and every player's totals."""
    with services(client).db.reading() as session:
        results = session.scalar(select(func.count()).where(GameResultRow.table_id == table_id))
        boards = session.scalar(select(func.count()).select_from(PlayerBoard))
    return results, boards


def test_two_players_abort_the_first_round_by_agreement_unrated_and_unrecorded(timed: TestClient) -> None:
    table_id, alice, bob = two_player_table(timed)
    offered = alice.post(f"/api/tables/{table_id}/abort")
    assert offered.status_code == 200 and offered.json()["table"]["abort_offer"] == 0
    assert alice.post(f"/api/tables/{table_id}/abort").json()["table"]["status"] == "running"  # asking again
    declined = bob.post(f"/api/tables/{table_id}/abort/decline")
    assert declined.status_code == 200 and declined.json()["table"]["abort_offer"] is None
    assert bob.post(f"/api/tables/{table_id}/abort/decline").status_code == 409  # nothing to decline
    watcher = Player.guest(timed, "Watcher")
    assert watcher.post(f"/api/tables/{table_id}/abort").status_code == 403
    assert bob.post(f"/api/tables/{table_id}/abort").json()["table"]["abort_offer"] == 1
    agreed = alice.post(f"/api/tables/{table_id}/abort")
    assert agreed.status_code == 200, agreed.text
    view = agreed.json()["table"]
    assert view["status"] == "aborted" and view["result"] is None and view["abort_offer"] is None
    assert view["legal_moves"] == [] and view["to_move"] == []
    assert rows(timed, table_id) == (0, 0)
    assert [table["id"] for table in alice.get("/api/tables?status=aborted").json()] == [table_id]
    assert alice.post(f"/api/tables/{table_id}/abort").status_code == 409
    assert alice.post(f"/api/tables/{table_id}/moves", {"move": "1B1", "seq": view["seq"]}).status_code == 409


def test_only_a_friendly_two_person_game_in_its_first_round_can_be_aborted(timed: TestClient) -> None:
    rated_table, alice, _ = rated_game(timed)
    assert alice.post(f"/api/tables/{rated_table}/abort").status_code == 403
    against_bot = alice.create("azul", 2, seats=[{"kind": "me"}, {"kind": "bot", "level": "beginner"}])
    assert alice.post(f"/api/tables/{against_bot['table']['id']}/start").status_code == 200
    assert alice.post(f"/api/tables/{against_bot['table']['id']}/abort").status_code == 403
    table_id, carol, dave = two_player_table(timed)
    players = {0: carol, 1: dave}
    view = carol.table(table_id)
    while view["round"] == 1:  # the first round is played out
        mover = players[view["to_move"][0]]
        mine = mover.table(table_id)
        assert mover.move(table_id, mine["legal_moves"][0], mine["seq"]).status_code == 200
        view = carol.table(table_id)
    refused = carol.post(f"/api/tables/{table_id}/abort")
    assert refused.status_code == 409 and "first round" in refused.json()["error"]["message"]


def rated_game(client: TestClient) -> tuple[str, Player, Player]:
    alice, bob = (
        Player.account(client, f"alice{uuid.uuid4().hex[:6]}"),
        Player.account(client, f"bob{uuid.uuid4().hex[:6]}"),
    )
    table_id = alice.create("azul", 2, rated=True)["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, alice, bob


# --- resigning ------------------------------------------------------------------------------


@pytest.mark.each_database
def test_the_result_says_who_resigned(client: TestClient) -> None:
    alice = Player.guest(client, "Alice")
    created = alice.create("azul", 2, seats=[{"kind": "me"}, {"kind": "bot", "level": "beginner"}])
    table_id = created["table"]["id"]
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    resigned = alice.post(f"/api/tables/{table_id}/abandon")
    assert resigned.status_code == 200, resigned.text
    wait_for(lambda: alice.table(table_id)["status"] == "finished", 120.0, "the bots to finish the game")
    result = client.get(f"/api/tables/{table_id}/result").json()
    assert result["resigned"] == [0]
    assert result["names"][0] == "Alice / Bot (medium)"
