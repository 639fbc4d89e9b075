"""A lobby that shows life: the games in progress are those where a person moved lately (people's
games first), tables every person left end by themselves (R-25), ratings show on a familiar scale
(provisional below 5 rated games, never negative), and an invite-only game is watched only by its
people until its creator opens it to spectators.

Time is a :class:`FakeTime` the tests move by hand; the clock watch looks when a test asks it to.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from mozaika.server.players.ratings import PROVISIONAL_GAMES, shown, shown_value
from mozaika.server.players.roles import set_role
from mozaika.server.storage.models import GameTable

from asgiclient import TestClient
from serverkit import FakeTime, Player, play_random_moves, running_app, wait_for

START = 1_800_000_000.0
PACE = 4.0
MINUTE = 60.0


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime(START)


@pytest.fixture
def client(database: str, tmp_path: Path, fake_time: FakeTime) -> Iterator[TestClient]:
    with running_app(
        tmp_path, database, now=fake_time, clock_check_seconds=3600.0, idle_check_seconds=3600.0,
        replacement_bot="beginner", stand_in_pace_seconds=PACE, leaderboard_min_games=1,
    ) as client:  # fmt: skip
        yield client


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def sweep_idle(client: TestClient) -> int:
    """The look for tables every person left, now (as every process makes each minute)."""
    ended: int = client.portal.call(services(client).clocks.sweep_idle)  # type: ignore[union-attr]
    return ended


def sweep_clocks(client: TestClient) -> int:
    changed: int = client.portal.call(services(client).clocks.sweep)  # type: ignore[union-attr]
    return changed


def time_passes(client: TestClient, fake_time: FakeTime, seconds: float) -> None:
    fake_time.advance(seconds)
    client.portal.call(services(client).bots.time_moved)  # type: ignore[union-attr]


def playing(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/tables?status=playing")
    assert response.status_code == 200, response.text
    listed: list[dict[str, Any]] = response.json()
    return listed


def started(client: TestClient, first: Player, *others: Player, **body: Any) -> str:
    table_id: str = first.create("azul", 1 + len(others), **body)["table"]["id"]
    for other in others:
        assert other.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert first.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def against_a_bot(player: Player, **body: Any) -> str:
    """A started table of the player (first to move) and a beginner bot."""
    created = player.create("azul", 2, seats=[{"kind": "me"}, {"kind": "bot", "level": "beginner"}], **body)
    table_id: str = created["table"]["id"]
    assert player.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def invite_only(client: TestClient, host: Player, guest: Player) -> str:
    """A started invite-only table: the host's and, through its invite link, the guest's."""
    created = host.create("azul", 2, seats=[{"kind": "me"}, {"kind": "invite"}])
    table_id: str = created["table"]["id"]
    invite = created["invites"]["1"]
    assert guest.post(f"/api/tables/{table_id}/join", {"invite": invite}).status_code == 200
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def move_first(player: Player, table_id: str) -> None:
    view = player.table(table_id)
    assert view["your_turn"], view["to_move"]
    assert player.move(table_id, view["legal_moves"][0], view["seq"]).status_code == 200


@pytest.mark.each_database
def test_games_in_progress_are_those_a_person_moved_at_lately_people_first(
    client: TestClient, fake_time: FakeTime
) -> None:
    carol = Player.guest(client, "Carol")
    solo = against_a_bot(carol)  # one person against a bot, the game started now
    fake_time.advance(1.0)
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    pair = started(client, alice, bob)  # two people, started a second later
    fake_time.advance(1.0)
    dan, eve = Player.guest(client, "Dan"), Player.guest(client, "Eve")
    hidden = invite_only(client, dan, eve)

    listed = playing(client)
    assert [summary["id"] for summary in listed] == [pair, solo], "two people's game first, though older"
    assert [(summary["people"], summary["spectators"]) for summary in listed] == [(2, 0), (1, 0)]
    with client.websocket_connect(f"/api/tables/{solo}/live") as watcher:
        assert watcher.receive_json()["type"] == "hello"
        assert {summary["id"]: summary["spectators"] for summary in playing(client)} == {pair: 0, solo: 1}

    # Ten minutes on the server's clock: a person's move keeps a game listed; a game without one drops out.
    fake_time.advance(9 * MINUTE)
    move_first(alice, pair)
    fake_time.advance(2 * MINUTE)
    assert [summary["id"] for summary in playing(client)] == [pair]

    # A stand-in's move is no person's: the table drops out ten minutes after Alice's move, though the
    # stand-in moved just now.
    assert bob.post(f"/api/tables/{pair}/abandon").status_code == 200
    seq = alice.table(pair)["seq"]
    wait_for(lambda: services(client).bots.pacing.get(pair), what="the stand-in to wait for its pace")
    time_passes(client, fake_time, 7 * MINUTE)  # nine minutes after Alice's move
    wait_for(lambda: alice.table(pair)["seq"] > seq, what="the stand-in's move")
    assert alice.table(pair)["your_turn"]
    assert [summary["id"] for summary in playing(client)] == [pair]
    fake_time.advance(1 * MINUTE + 1)
    assert playing(client) == []
    move_first(alice, pair)
    assert [(summary["id"], summary["people"]) for summary in playing(client)] == [(pair, 1)]

    # The invite-only table is listed once its creator opens it to spectators (Dan moves now).
    move_first(dan, hidden)
    assert hidden not in [summary["id"] for summary in playing(client)]
    assert dan.post(f"/api/tables/{hidden}/spectators", {"open": True}).status_code == 200
    assert [summary["id"] for summary in playing(client)] == [hidden, pair]


@pytest.mark.each_database
def test_a_table_every_person_left_is_played_out_by_the_stand_ins_and_counts_for_nobody(
    client: TestClient, fake_time: FakeTime
) -> None:
    carol = Player.account(client, "carol")
    solo = against_a_bot(carol)
    move_first(carol, solo)
    wait_for(lambda: carol.table(solo)["your_turn"], what="the bot's reply")
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    pair = started(client, alice, bob)
    move_first(alice, pair)  # Bob's turn: he never comes back, and Alice waits
    dana = Player.guest(client, "Dana")
    paused = against_a_bot(dana, clock="fast")  # she runs out of time against a bot: the game waits for her
    fake_time.advance(2 * MINUTE + 1)
    assert sweep_clocks(client) == 1
    assert dana.table(paused)["seats"][0]["timed_out"] and dana.table(paused)["status"] == "running"
    eve, finn = Player.guest(client, "Eve"), Player.guest(client, "Finn")
    turn_based = started(client, eve, finn, clock="24h")  # its clock acts on its own, a day from now

    fake_time.advance(57 * MINUTE)
    assert sweep_idle(client) == 0, "an hour has not passed since anyone's last move"
    move_first(eve, turn_based)
    fake_time.advance(2 * MINUTE)
    assert sweep_idle(client) == 3
    assert sweep_idle(client) == 0, "a second look finds nothing left to do"
    assert eve.table(turn_based)["seats"][1]["kind"] == "player", "a clocked table is its clock's business"

    # The stand-ins play each game to its end at once (nobody waits for them), and the result says why.
    for table_id, player in ((solo, carol), (pair, alice), (paused, dana)):
        wait_for(lambda t=table_id, p=player: p.table(t)["status"] == "finished", what=f"the end of {table_id}")
        view = player.table(table_id)
        assert view["idle_ended"] and view["result"]["idle_ended"]
        people = [seat for seat in view["seats"] if seat["profile"] is not None]
        assert people and all(seat["replaced"] and seat["kind"] == "bot" for seat in people)
        assert all(not seat["timed_out"] for seat in people)
        result = player.get(f"/api/tables/{table_id}/result").json()
        assert result["idle_ended"] and sum(entry["stand_in_moves"] for entry in result["players"]) > 0
    # Nobody's statistics count a game nobody finished; "your games" lists it, finished.
    page = carol.get("/api/players/carol").json()
    assert page["finished_games"] == 0 and page["recent_games"] == []
    mine = {summary["id"]: summary for summary in carol.get("/api/tables?mine=true").json()}
    assert mine[solo]["status"] == "finished" and mine[solo]["idle_ended"]
    assert mine[solo]["scores"] == carol.table(solo)["result"]["scores"]


def test_your_games_list_your_running_and_finished_games(client: TestClient) -> None:
    rng = random.Random(61)
    alice, bob, stranger = Player.guest(client, "Alice"), Player.guest(client, "Bob"), Player.guest(client, "Zed")
    finished = started(client, alice, bob)
    play_random_moves(finished, [alice, bob], rng)
    running = started(client, alice, bob)
    strangers = started(client, stranger, Player.guest(client, "Yan"))
    mine = {summary["id"]: summary["status"] for summary in alice.get("/api/tables?mine=true").json()}
    assert mine == {finished: "finished", running: "running"}
    assert strangers not in mine
    assert client.get("/api/tables?mine=true").status_code == 401


def rated_game(one: Player, other: Player, rng: random.Random) -> str:
    table_id = started(one.client, one, other, rated=True, clock="normal")
    play_random_moves(table_id, [one, other], rng)
    return table_id


def test_ratings_show_from_1500_provisional_below_five_games_never_negative(client: TestClient) -> None:
    rng = random.Random(7)
    jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
    first = rated_game(jana, petr, rng)
    result = jana.get(f"/api/tables/{first}/result").json()
    for change in result["ratings"]:
        assert change["display_before"] == 1500 and change["rated_games"] == 1 and change["provisional"]
        assert change["display"] == shown_value(change["after"]) and change["label"] == f"{change['display']}?"
        assert change["display_change"] == change["display"] - 1500
    assert all(change["display"] >= 0 for change in result["ratings"])
    # A newcomer is on the leaderboard at once, marked provisional; the shown ratings fall down the board.
    board = client.get("/api/leaderboard/azul").json()
    assert board["total"] == 2 and board["provisional_games"] == PROVISIONAL_GAMES
    assert all(entry["provisional"] and entry["label"].endswith("?") for entry in board["entries"])
    shown_ratings = [entry["display"] for entry in board["entries"]]
    assert shown_ratings == sorted(shown_ratings, reverse=True)
    assert [entry["ordinal"] for entry in board["entries"]] == sorted(
        (entry["ordinal"] for entry in board["entries"]), reverse=True
    )
    for _ in range(PROVISIONAL_GAMES - 1):
        rated_game(petr, jana, rng)
    page = jana.get("/api/players/jana").json()
    assert page["rating"]["rated_games"] == PROVISIONAL_GAMES and not page["rating"]["provisional"]
    (statistics,) = page["statistics"]["boards"]
    assert not statistics["rating"]["provisional"] and "?" not in statistics["rating"]["label"]
    history = statistics["rating_history"]
    assert [point["provisional"] for point in history] == [True] * (PROVISIONAL_GAMES - 1) + [False]
    assert history[-1]["display"] == statistics["rating"]["display"]
    board = client.get("/api/leaderboard/azul").json()
    assert not any(entry["provisional"] for entry in board["entries"])
    # The lobby names each player's rating at a rated table still to be played, a newcomer's as 1500?.
    waiting = petr.create("azul", 2, rated=True)["table"]["id"]
    newcomer = Player.account(client, "nova")
    assert newcomer.post(f"/api/tables/{waiting}/join", {}).status_code == 200
    summary = next(table for table in client.get("/api/tables?status=open").json() if table["id"] == waiting)
    (petr_board,) = petr.get("/api/players/petr").json()["statistics"]["boards"]
    assert [seat["rating"]["label"] for seat in summary["seats"]] == [petr_board["rating"]["label"], "1500?"]
    finished = next(table for table in jana.get("/api/tables?mine=true").json() if table["id"] == first)
    assert all("rating" not in seat for seat in finished["seats"])


def test_a_result_stored_before_ratings_were_shown_shows_them_too(client: TestClient) -> None:
    """A rated result written by an earlier server holds ordinals only: its answers show them on the new scale."""
    jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
    table_id = rated_game(jana, petr, random.Random(8))
    old = [
        {"before": 0.0, "after": -1.8, "mu": 24.0, "sigma": 8.6},
        {"before": 0.0, "after": 2.2, "mu": 27.6, "sigma": 8.1},
    ]
    with services(client).db.transaction() as session:
        stored = session.get(GameTable, table_id)
        stored.result = {**stored.result, "ratings": old}
    for answer in (jana.get(f"/api/tables/{table_id}/result").json(), jana.table(table_id)["result"]):
        shown_now = [(change["label"], change["display_change"]) for change in answer["ratings"]]
        assert shown_now == [("1428", -72), ("1588", 88)]
        assert [change["after"] for change in answer["ratings"]] == [-1.8, 2.2]


@given(st.floats(min_value=-1e6, max_value=1e6), st.floats(min_value=-1e6, max_value=1e6), st.integers(0, 50))
def test_a_shown_rating_is_never_negative_and_keeps_the_ordinals_order(low: float, high: float, games: int) -> None:
    low, high = min(low, high), max(low, high)
    assert 0 <= shown_value(low) <= shown_value(high)
    looks = shown(low, games)
    assert looks["provisional"] == (games < PROVISIONAL_GAMES)
    assert looks["label"] == str(looks["display"]) + ("?" if games < PROVISIONAL_GAMES else "")
    assert shown_value(0.0) == shown_value(None) == 1500


def refused(response: Any) -> bool:
    return response.status_code == 403 and "invite-only" in response.json()["error"]["message"]


@pytest.mark.each_database
def test_an_invite_only_game_is_watched_by_its_people_until_its_creator_opens_it(client: TestClient) -> None:
    dan, eve, zed = Player.guest(client, "Dan"), Player.guest(client, "Eve"), Player.guest(client, "Zed")
    table_id = invite_only(client, dan, eve)
    base = f"/api/tables/{table_id}"
    for reader in (zed, Player(client)):  # a stranger, and someone not signed in
        assert refused(reader.get(base)) and refused(reader.get(f"{base}/log?since=0"))
        assert refused(reader.get(f"{base}/chat"))
    assert refused(zed.post(f"{base}/chat", {"text": "hello"}))
    admin = Player.account(client, "moderator")
    set_role(services(client).db, "moderator", True)
    for person in (dan, eve, admin):  # the players, and an administrator who moderates the table
        assert person.get(base).status_code == 200 and person.get(f"{base}/chat").status_code == 200
    for query in ("", "?since=0"):
        with client.websocket_connect(f"{base}/live{query}", headers=zed.headers) as socket:
            reply = socket.receive_json()
            assert reply["type"] == "error" and reply["error"]["code"] == "forbidden"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        assert closed.value.code == 4400

    # Only the creator opens it; then anyone watches, live too. Closed again, the stranger is let go.
    assert eve.post(f"{base}/spectators", {"open": True}).status_code == 403
    assert zed.post(f"{base}/spectators", {"open": True}).status_code == 403
    opened = dan.post(f"{base}/spectators", {"open": True})
    assert opened.status_code == 200 and opened.json()["table"]["spectators_open"]
    assert zed.get(base).status_code == 200 and zed.get(f"{base}/log?since=0").status_code == 200
    with (
        client.websocket_connect(f"{base}/live", headers=zed.headers) as stranger,
        client.websocket_connect(f"{base}/live", headers=eve.headers) as player,
    ):
        assert stranger.receive_json()["type"] == "hello" and player.receive_json()["type"] == "hello"
        assert dan.post(f"{base}/spectators", {"open": False}).status_code == 200
        reply = past_presence(stranger)  # the player's arrival is told to every watcher first
        assert reply["type"] == "error" and reply["error"]["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect):
            stranger.receive_json()
        event = past_presence(player)
        assert event["type"] == "table" and not event["summary"]["spectators_open"]
    assert refused(zed.get(base))

    # After the end the same rule holds for the result, the record, the replay, the review and analysis.
    play_random_moves(table_id, [dan, eve], random.Random(3))
    after = (f"{base}/result", f"{base}/record", f"{base}/replay/1", f"{base}/review")
    for address in after:
        assert refused(zed.get(address)), address
        assert eve.get(address).status_code == 200, address
    assert refused(zed.post(f"{base}/review"))
    assert refused(zed.post("/api/analysis/start", {"table": table_id}))
    assert eve.post("/api/analysis/start", {"table": table_id}).status_code == 200
    assert dan.post(f"{base}/spectators", {"open": True}).status_code == 200
    for address in after:
        assert zed.get(address).status_code == 200, address
    # A table anyone may join is watched by anyone already.
    public = started(client, zed, Player.guest(client, "Yan"))
    assert zed.post(f"/api/tables/{public}/spectators", {"open": True}).status_code == 409


def past_presence(socket: Any) -> dict[str, Any]:
    """The next event on a live connection that is not about who is at the table."""
    while (event := socket.receive_json())["type"] == "presence":
        pass
    result: dict[str, Any] = event
    return result


def test_the_live_lobby_tells_an_invite_only_table_to_its_own_people_only(client: TestClient) -> None:
    """The lobby lists no invite-only table; its live connection does not tell strangers of one either (R-26)."""
    host, guest, stranger = (
        Player.account(client, "host90"),
        Player.account(client, "guest90"),
        Player.guest(client, "Stranger"),
    )
    with (
        client.websocket_connect("/api/lobby/live", headers=host.headers) as hosts,
        client.websocket_connect("/api/lobby/live", headers=stranger.headers) as strangers,
    ):
        made = host.create(seats=[{"kind": "me"}, {"kind": "invite"}])
        private = made["table"]["id"]
        joined = guest.post(f"/api/tables/{private}/join", {"invite": made["invites"]["1"]})
        assert joined.status_code == 200
        public = host.create()["table"]["id"]  # a table anyone may join, told to every lobby
        heard = [past_presence(hosts)["table"] for _ in range(3)]
        assert heard == [private, private, public]
        assert past_presence(strangers)["table"] == public  # the stranger heard nothing of the private one
