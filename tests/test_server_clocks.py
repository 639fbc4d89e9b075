"""Timed tables: the clock option, clocks kept by the server, timeouts handed to the bot, reminders.

Time is a :class:`FakeTime` the tests move by hand, and the clock watch is asked to
look when a test wants it to (its own pace is an hour here), so nothing sleeps.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mozaika.notation.records import Record, replay
from mozaika.server.tables.results import rating_places

from asgiclient import TestClient
from serverkit import FakeTime, Player, confirm_from_letter, mail_server, play_random_moves, running_app, wait_for

START = 1_800_000_000.0


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime(START)


@pytest.fixture(params=["sqlite", "postgresql"])
def timed(request: pytest.FixtureRequest, tmp_path: Path, fake_time: FakeTime) -> Iterator[TestClient]:
    with running_app(
        tmp_path, request.param, now=fake_time, clock_check_seconds=3600.0, replacement_bot="beginner"
    ) as client:
        yield client


def sweep(client: TestClient) -> int:
    """The clock watch's look at the due tables, now (as every process makes each second)."""
    services = client.app.state.services  # type: ignore[attr-defined]
    changed: int = client.portal.call(services.clocks.sweep)  # type: ignore[union-attr]
    return changed


def started(
    client: TestClient, clock: str, *, rated: bool = False, accounts: bool = False
) -> tuple[str, Player, Player]:
    if accounts:
        alice, bob = Player.account(client, "alice"), Player.account(client, "bob")
    else:
        alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    table_id = alice.create("azul", 2, clock=clock, rated=rated)["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, alice, bob


def play_first(player: Player, table_id: str) -> dict[str, Any]:
    view = player.table(table_id)
    response = player.move(table_id, view["legal_moves"][0], view["seq"])
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()["table"]
    return table


# --- the option ---------------------------------------------------------------------------------


def test_a_table_is_created_with_a_clock_and_rated_tables_must_have_one(timed: TestClient) -> None:
    alice = Player.account(timed, "alice")
    assert alice.get("/api/me/settings").json()["sending"] is False  # no --smtp: no reminders to offer
    friendly = alice.create("azul", 2)["table"]
    assert friendly["clock"] is None  # today's untimed tables stay the default
    fast = alice.create("azul", 2, clock="fast")["table"]["clock"]
    assert fast["control"] == {
        "name": "fast", "kind": "realtime", "bank": 120.0, "increment": 10.0, "per_move": 0.0, "label": "2+10",
    }  # fmt: skip
    assert [seat["running"] for seat in fast["seats"]] == [False, False]  # nobody thinks before the start
    custom = alice.create("azul", 2, clock="3+5")["table"]["clock"]["control"]
    assert (custom["name"], custom["bank"], custom["increment"]) == ("custom", 180.0, 5.0)
    assert alice.create("azul", 2, clock="24h")["table"]["clock"]["control"]["per_move"] == 86_400.0
    rated = alice.create("azul", 2, rated=True)["table"]["clock"]
    assert rated["control"]["name"] == "normal"  # rated games are timed even when nobody said how
    refused = alice.post("/api/tables", {"game": "azul", "players": 2, "rated": True, "clock": "none"})
    assert refused.status_code == 400 and "rated tables need a clock" in refused.json()["error"]["message"]
    wrong = alice.post("/api/tables", {"game": "azul", "players": 2, "clock": "whenever"})
    assert wrong.status_code == 400 and "5+20" in wrong.json()["error"]["message"]


def test_the_server_keeps_the_clocks_and_every_view_and_event_carries_them(
    timed: TestClient, fake_time: FakeTime
) -> None:
    table_id, alice, bob = started(timed, "normal")
    view = alice.table(table_id)
    assert view["clock"]["now"] == START
    assert view["clock"]["seats"][0] == {
        "running": True, "remaining": 300.0, "bank": 300.0, "since": START, "deadline": START + 300.0,
    }  # fmt: skip
    fake_time.advance(42.5)
    with timed.websocket_connect(f"/api/tables/{table_id}/live", headers=bob.headers) as socket:
        assert socket.receive_json()["table"]["clock"]["seats"][0]["remaining"] == 257.5
        play_first(alice, table_id)
        step = socket.receive_json()
    assert step["type"] == "step"
    assert step["clock"]["seats"][0] == {
        "running": False, "remaining": 277.5, "bank": 277.5, "since": None, "deadline": None,
    }  # fmt: skip
    assert step["clock"]["seats"][1]["running"] and step["clock"]["seats"][1]["deadline"] == START + 42.5 + 300.0
    lobby = {table["id"]: table for table in bob.get("/api/tables?mine=true").json()}
    assert lobby[table_id]["your_turn"] and lobby[table_id]["clock"]["seats"][1]["running"]


def test_your_turns_come_first_in_the_lobby_the_least_time_left_first(timed: TestClient, fake_time: FakeTime) -> None:
    alice = Player.guest(timed, "Alice")
    bob = Player.guest(timed, "Bob")
    tables = {}
    for clock in ("slow", "fast", "normal", "none"):
        table_id = alice.create("azul", 2, clock=clock)["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        alice.post(f"/api/tables/{table_id}/start")
        tables[table_id] = clock
    waiting = alice.create("azul", 2)["table"]["id"]  # not started: not her turn
    fake_time.advance(5)
    order = [tables.get(table["id"], "open") for table in alice.get("/api/tables?mine=true").json()]
    assert order == ["fast", "normal", "slow", "none", "open"]
    assert waiting


# --- time running out -------------------------------------------------------------------------


def test_a_real_time_timeout_hands_the_seat_to_the_bot_and_everyone_is_told(
    timed: TestClient, fake_time: FakeTime
) -> None:
    table_id, alice, bob = started(timed, "fast")
    play_first(alice, table_id)  # Bob's turn: his two minutes run
    fake_time.advance(119.0)
    assert sweep(timed) == 0 and bob.table(table_id)["seats"][1]["kind"] == "player"
    with timed.websocket_connect(f"/api/tables/{table_id}/live", headers=alice.headers) as socket:
        socket.receive_json()  # hello
        fake_time.advance(1.0)
        late = bob.move(table_id, bob.table(table_id)["legal_moves"][0], bob.table(table_id)["seq"])
        assert late.status_code == 409 and "time has run out" in late.json()["error"]["message"]
        assert sweep(timed) == 1
        assert sweep(timed) == 0  # the second look finds nothing left to do
        timeout = socket.receive_json()
        assert timeout == {
            "type": "timeout", "table": table_id, "seat": 1, "name": "Bob", "bot": "beginner",
            "rated": False, "may_return": True, "paused": False,
        }  # fmt: skip
        table_event = socket.receive_json()
        assert table_event["type"] == "table" and table_event["summary"]["seats"][1]["timed_out"]
        bot_move = socket.receive_json()  # the bot plays Bob's turn at once
        assert bot_move["type"] == "step" and bot_move["entries"][0]["seat"] == 1
    seat = alice.table(table_id)["seats"][1]
    assert (seat["kind"], seat["name"], seat["replaced"], seat["timed_out"]) == (
        "bot",
        "Bob",
        True,
        True,
    )
    assert bot_move["clock"]["seats"][1]["running"] is False  # bots have no clock
    assert bot_move["clock"]["seats"][0]["running"] is True


def test_a_turn_based_timeout_comes_after_the_deadline_and_the_reserve(timed: TestClient, fake_time: FakeTime) -> None:
    table_id, alice, bob = started(timed, "12h")
    fake_time.advance(11 * 3600)  # in time
    play_first(alice, table_id)
    fake_time.advance(20 * 3600)  # Bob is 8 hours late: the reserve pays
    bob_view = play_first(bob, table_id)
    assert bob_view["clock"]["seats"][1]["bank"] == 4 * 3600.0
    assert bob_view["clock"]["seats"][0]["deadline"] == START + 31 * 3600.0 + 24 * 3600.0
    fake_time.advance(24 * 3600 - 1)
    assert sweep(timed) == 0
    fake_time.advance(1)
    assert sweep(timed) == 1
    assert alice.table(table_id)["seats"][0]["timed_out"]


def test_a_timed_out_player_takes_the_seat_back_on_a_friendly_table_with_a_fresh_bank(
    timed: TestClient, fake_time: FakeTime
) -> None:
    table_id, alice, bob = started(timed, "fast")
    fake_time.advance(120.0)
    sweep(timed)
    wait_for(lambda: bob.table(table_id)["your_turn"])  # the bot played Alice's turn
    assert bob.post(f"/api/tables/{table_id}/return").status_code == 409  # his time never ran out
    back = alice.post(f"/api/tables/{table_id}/return")
    assert back.status_code == 200 and back.json()["seat"] == 0
    assert back.json()["table"]["seats"][0]["kind"] == "player"
    assert not back.json()["table"]["clock"]["seats"][0]["running"]  # her clock waits for her turn
    fake_time.advance(7.0)
    play_first(bob, table_id)
    view = alice.table(table_id)
    assert view["your_turn"] and not view["seats"][0]["timed_out"]
    assert view["clock"]["seats"][0]["remaining"] == 120.0  # a fresh bank
    play_first(alice, table_id)


@pytest.mark.parametrize("choice", ["fresh bank", "bot finishes"])
def test_against_bots_a_timeout_pauses_the_game_until_the_player_chooses(
    timed: TestClient, fake_time: FakeTime, choice: str
) -> None:
    """Nobody but the bots waits at a friendly table of one person: a timeout pauses the game, the seat
    stays the player's, and they choose a fresh bank or the bot to play on."""
    alice = Player.guest(timed, "Alice")
    seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]
    table_id = alice.create("azul", 2, clock="fast", seats=seats)["table"]["id"]
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    wait_for(lambda: alice.table(table_id)["your_turn"])  # after the bot's first move, where it starts
    with timed.websocket_connect(f"/api/tables/{table_id}/live", headers=alice.headers) as socket:
        socket.receive_json()  # hello
        fake_time.advance(120.0)
        assert sweep(timed) == 1
        timeout = socket.receive_json()
        assert timeout["type"] == "timeout" and timeout["paused"] and timeout["bot"] is None
    fake_time.advance(600.0)
    assert sweep(timed) == 0, "a paused seat's clock stands still"
    view = alice.table(table_id)
    seat = view["seats"][0]
    assert (seat["kind"], seat["timed_out"], seat["can_return"], seat["you"]) == ("player", True, True, True)
    assert view["to_move"] == [0] and view["legal_moves"] == [], "the game waits: nobody moves meanwhile"
    assert view["clock"]["seats"][0]["running"] is False
    refused = alice.move(table_id, "1BF", view["seq"])
    assert refused.status_code == 409 and "fresh bank" in refused.json()["error"]["message"]
    if choice == "fresh bank":
        back = alice.post(f"/api/tables/{table_id}/return")
        assert back.status_code == 200
        view = alice.table(table_id)
        assert not view["seats"][0]["timed_out"] and view["your_turn"]
        assert view["clock"]["seats"][0]["remaining"] == 120.0 and view["clock"]["seats"][0]["running"]
        play_first(alice, table_id)
    else:
        assert alice.post(f"/api/tables/{table_id}/abandon").status_code == 200
        final = wait_for(lambda: (found := alice.table(table_id))["status"] == "finished" and found)
        assert final["seats"][0]["kind"] == "bot" and final["seats"][0]["replaced"]


def test_in_a_rated_game_running_out_of_time_is_final_and_counts_as_a_loss(
    timed: TestClient, fake_time: FakeTime
) -> None:
    table_id, alice, bob = started(timed, "fast", rated=True, accounts=True)
    fake_time.advance(121.0)
    sweep(timed)
    assert alice.post(f"/api/tables/{table_id}/return").status_code == 403
    while (view := bob.table(table_id))["status"] == "running":  # Bob plays on against the bot
        if view["your_turn"]:
            response = bob.move(table_id, view["legal_moves"][0], view["seq"])
            assert response.status_code in (200, 409)  # 409: the bot moved meanwhile
        else:
            wait_for(lambda: (v := bob.table(table_id))["your_turn"] or v["status"] != "running")
    ratings = timed.get(f"/api/tables/{table_id}/result").json()["ratings"]
    assert ratings[0]["after"] < ratings[0]["before"] and ratings[1]["after"] > ratings[1]["before"]


def test_abandoners_rank_below_everyone_who_stayed() -> None:
    assert rating_places([0, 1, 2], [True, False, False]) == [3, 1, 2]
    assert rating_places([1, 0, 0, 3], [False, True, False, True]) == [1, 2, 0, 2]
    assert rating_places([0, 1], [False, False]) == [0, 1]


def test_an_undo_puts_the_clocks_back(timed: TestClient, fake_time: FakeTime) -> None:
    table_id, alice, _bob = started(timed, "normal")
    fake_time.advance(30)
    after = play_first(alice, table_id)
    assert after["clock"]["seats"][0]["bank"] == 290.0  # 300 - 30 + 20
    fake_time.advance(10)
    undone = alice.post(f"/api/tables/{table_id}/undo", {"seq": after["seq"]}).json()["table"]
    assert undone["clock"]["seats"][0] == {
        "running": True, "remaining": 260.0, "bank": 260.0, "since": START, "deadline": START + 300.0,
    }  # fmt: skip
    assert undone["clock"]["seats"][1]["bank"] == 300.0 and not undone["clock"]["seats"][1]["running"]


def test_an_undo_past_a_bots_reply_reopens_the_players_turn(timed: TestClient, fake_time: FakeTime) -> None:
    alice = Player.guest(timed, "Alice")
    table_id = alice.create("azul", 2, clock="normal", seats=[{"kind": "me"}, {"kind": "bot", "level": "beginner"}])
    table_id = table_id["table"]["id"]
    alice.post(f"/api/tables/{table_id}/start")
    fake_time.advance(30)
    moved = play_first(alice, table_id)
    fake_time.advance(5)
    replied = wait_for(lambda: (view := alice.table(table_id))["seq"] > moved["seq"] and view["your_turn"] and view)
    assert replied["clock"]["seats"][0]["bank"] == 290.0  # the increment, before the undo
    undone = alice.post(f"/api/tables/{table_id}/undo", {"seq": replied["seq"]})
    assert undone.status_code == 200, undone.text
    assert undone.json()["table"]["clock"]["seats"][0] == {
        "running": True, "remaining": 265.0, "bank": 265.0, "since": START, "deadline": START + 300.0,
    }  # fmt: skip


# --- reminders --------------------------------------------------------------------------------


def test_turn_based_reminders_are_e_mailed_to_players_who_asked_for_them(tmp_path: Path, fake_time: FakeTime) -> None:
    with (
        mail_server() as (inbox, smtp),
        running_app(
            tmp_path, now=fake_time, clock_check_seconds=3600.0, smtp_url=smtp, public_url="https://mozaika.example"
        ) as client,
    ):
        alice, bob = Player.account(client, "alice"), Player.account(client, "bob")
        assert bob.get("/api/me/settings").json() == {
            "email": None, "email_reminders": False, "email_confirmed": False, "sending": True,
        }  # fmt: skip
        refused = bob.client.put("/api/me/settings", json={"email_reminders": True}, headers=bob.headers)
        assert refused.status_code == 400
        settings = {"email": "bob@example.org", "email_reminders": True}
        changed = bob.client.put("/api/me/settings", json=settings, headers=bob.headers).json()
        assert changed == {**settings, "email_confirmed": False, "confirmation_sent": True, "sending": True}
        confirm_from_letter(bob, inbox.letters.pop())
        guest = Player.guest(client, "Gus")
        assert guest.get("/api/me/settings").status_code == 403
        table_id = alice.create("azul", 2, clock="24h")["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        alice.post(f"/api/tables/{table_id}/start")
        sweep(client)
        assert inbox.letters == []  # Alice's turn: she did not ask for e-mail
        play_first(alice, table_id)
        sweep(client)
        assert [letter["Subject"] for letter in inbox.letters] == ["Mozaika: your turn in Azul"]
        first = inbox.letters[0]
        assert first["To"] == "bob@example.org" and first["From"] == "mozaika@example.org"
        assert inbox.recipients[-1] == ["bob@example.org"]
        assert f"https://mozaika.example/tables/{table_id}" in first.get_content()
        assert "48 h 00 min" in first.get_content()  # the day for the move and the day's reserve
        sweep(client)
        assert len(inbox.letters) == 1  # once per turn
        fake_time.advance(42 * 3600 - 1)
        sweep(client)
        assert len(inbox.letters) == 1
        fake_time.advance(1)
        sweep(client)
        assert inbox.letters[1]["Subject"] == "Mozaika: your move in Azul is due in 6 h 00 min"
        fake_time.advance(3600)
        sweep(client)
        assert len(inbox.letters) == 2


def test_a_finished_timed_game_s_record_keeps_each_move_s_time_and_the_clock(timed: TestClient) -> None:
    table_id, alice, bob = started(timed, "slow")
    play_random_moves(table_id, [alice, bob], random.Random(8))
    record = Record.from_dict(timed.get(f"/api/tables/{table_id}/record").json())
    assert record.clock is not None and record.clock["label"] == "10+40"
    assert record.times is not None and len(record.times) == len(record.steps)
    state = record.start()
    for step, seconds in zip(record.steps, record.times, strict=True):
        assert (seconds is None) == state.is_chance  # draws take nobody's time; each move has its time
        assert seconds is None or seconds >= 0
        if state.is_chance:
            state.apply_chance(state.parse_chance(step))
        else:
            state.play(state.parse_move(step))
    assert replay(record).scores == timed.get(f"/api/tables/{table_id}/result").json()["scores"]


def test_players_choosing_their_columns_at_once_each_run_their_own_clock(
    timed: TestClient, fake_time: FakeTime
) -> None:
    """A-10: on the grey wall every player with a complete line chooses its column at the same time."""
    alice, bob = Player.guest(timed, "Alice"), Player.guest(timed, "Bob")
    table_id = alice.create("azul", 2, clock="normal", options={"wall": "grey"})["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join", {})
    alice.post(f"/api/tables/{table_id}/start")
    players, rng = [alice, bob], random.Random(4)
    for _ in range(200):
        view = alice.table(table_id)
        if len(view["to_move"]) == 2:
            break
        fake_time.advance(3)
        mover = players[view["to_move"][0]]
        mine = mover.table(table_id)
        assert mover.move(table_id, rng.choice(mine["legal_moves"]), mine["seq"]).status_code == 200
    else:
        pytest.skip("no round of this game asked both players for a column at once")
    both = view["clock"]["seats"]
    assert both[0]["running"] and both[1]["running"]
    fake_time.advance(11)
    while 1 in (bob_view := bob.table(table_id))["to_move"]:  # one choice per complete line
        assert bob.move(table_id, bob_view["legal_moves"][0], bob_view["seq"]).status_code == 200
    after = bob.table(table_id)["clock"]["seats"]
    assert not after[1]["running"] and after[1]["bank"] == pytest.approx(both[1]["bank"] - 11 + 20)
    assert after[0]["running"] and after[0]["since"] == both[0]["since"]  # Bob's choice did not touch Alice's clock


def test_the_clock_watch_looks_when_a_move_says_the_clocks_fall_due() -> None:
    """The publisher tells the watch when a table's clocks next fall due: it looks then, not only at
    its interval (an hour here); a due already past is left to the next look."""
    import asyncio

    from mozaika.server.clockwatch import ClockWatch

    class Timeouts:
        def now(self) -> float:
            return 1000.0  # the tables' clock stands still: only the schedule can bring a look

    async def scenario() -> list[float]:
        watch = ClockWatch(Timeouts(), publish=None, interval=3600.0)  # type: ignore[arg-type]
        looks: list[float] = []
        looked = asyncio.Event()

        async def sweep() -> int:
            looks.append(asyncio.get_running_loop().time())
            looked.set()
            return 0

        watch.sweep = sweep  # type: ignore[method-assign]
        await watch.start()
        await asyncio.wait_for(looked.wait(), 30)  # the first look, at the start
        looked.clear()
        first_plan = watch._look_at
        watch.schedule(999.0)  # already past: the next look stays an hour away
        assert watch._look_at == first_plan
        watch.schedule(1000.01)
        assert first_plan is not None and watch._look_at is not None and watch._look_at < first_plan
        await asyncio.wait_for(looked.wait(), 30)  # long before the hour
        await watch.stop()
        return looks

    assert len(asyncio.run(scenario())) == 2
