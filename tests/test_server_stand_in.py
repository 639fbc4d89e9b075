"""The stand-in: the bot that takes over a person's seat (who left or ran out of time) plays at a
person's pace while other people play on, so that its person can come back; the log and the result
say which moves it played.

Time is a :class:`FakeTime` the tests move by hand: a stand-in's pace is counted on it, and the
bots are told when it jumps (``BotPlayer.time_moved``), so nothing waits for the wall clock.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mozaika.server.storage.models import utc_now
from mozaika.server.tables.gamelog import CHANCE, MOVE, UNDO, Entry
from mozaika.server.tables.results import stand_in_moves
from mozaika.server.tables.shapes import SEAT_BOT, SEAT_PLAYER, Table, TableSeat
from mozaika.server.tables.steps import stands_in_for_people

from asgiclient import TestClient
from serverkit import FakeTime, Player, running_app, wait_for

START = 1_800_000_000.0
PACE = 60.0
"""The stand-in's pace here: long, on the fake clock, so that it never passes by itself."""


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime(START)


@pytest.fixture(params=["sqlite", "postgresql"])
def paced(request: pytest.FixtureRequest, tmp_path: Path, fake_time: FakeTime) -> Iterator[TestClient]:
    with running_app(
        tmp_path, request.param, now=fake_time, clock_check_seconds=3600.0, replacement_bot="beginner",
        stand_in_pace_seconds=PACE,
    ) as client:  # fmt: skip
        yield client


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def sweep(client: TestClient) -> int:
    """The clock watch's look at the due tables, now."""
    changed: int = client.portal.call(services(client).clocks.sweep)  # type: ignore[union-attr]
    return changed


def pacing(client: TestClient, table_id: str) -> float | None:
    """Until when the table's stand-in waits to move (on the tables' clock), if it waits."""
    found: float | None = services(client).bots.pacing.get(table_id)
    return found


def time_passes(client: TestClient, fake_time: FakeTime, seconds: float) -> None:
    fake_time.advance(seconds)
    client.portal.call(services(client).bots.time_moved)  # type: ignore[union-attr]


def timed_out_first(client: TestClient, fake_time: FakeTime) -> tuple[str, Player, Player]:
    """Alice and Bob at a friendly 2+10 table; Alice, first to move, runs out of time."""
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    table_id = alice.create("azul", 2, clock="fast")["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    fake_time.advance(120.0)
    assert sweep(client) == 1
    return table_id, alice, bob


def log(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    response = client.get(f"/api/tables/{table_id}/log")
    assert response.status_code == 200, response.text
    entries: list[dict[str, Any]] = response.json()["entries"]
    return entries


def stand_in_moves_after(client: TestClient, bob: Player, table_id: str, seq: int, caplog: Any) -> None:
    """Waits for the stand-in's move after ``seq``; if none comes, says what the table and the bots were doing."""
    try:
        wait_for(lambda: bob.table(table_id)["seq"] > seq, what="the stand-in's move")
    except AssertionError as error:
        view = bob.table(table_id)
        lines = [record.getMessage() for record in caplog.records if record.name.startswith("mozaika")]
        raise AssertionError(
            f"{error} after {seq}: the table is at {view['seq']}, {view['to_move']} to move, the stand-in "
            f"waits until {pacing(client, table_id)}; the server's last log lines: {lines[-20:]}"
        ) from None


def test_a_stand_in_waits_a_persons_pace_while_a_person_plays_on_and_the_log_and_result_say_so(
    paced: TestClient, fake_time: FakeTime, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="mozaika")  # a bot's move refused is logged at INFO
    table_id, alice, bob = timed_out_first(paced, fake_time)
    seq = bob.table(table_id)["seq"]
    # The stand-in has chosen its move (the search comes first) and waits for the pace.
    moment = wait_for(lambda: pacing(paced, table_id), what="the stand-in to wait")
    assert moment == START + 120.0 + PACE
    assert bob.table(table_id)["seq"] == seq and not bob.table(table_id)["your_turn"]
    time_passes(paced, fake_time, PACE - 1.0)
    assert bob.table(table_id)["seq"] == seq, "a second before its pace, the stand-in has not moved"
    time_passes(paced, fake_time, 1.0)
    wait_for(lambda: bob.table(table_id)["your_turn"], what="the stand-in's move")
    first = log(paced, table_id)[-1]
    assert (first["kind"], first["seat"], first["stand_in"]) == ("move", 0, True)

    # Bob plays on; every stand-in move comes a pace after the move before, to the end of the game.
    while (view := bob.table(table_id))["status"] == "running":
        if view["your_turn"]:
            assert bob.move(table_id, view["legal_moves"][0], view["seq"]).status_code == 200
            continue
        moment = wait_for(lambda: pacing(paced, table_id), what="the stand-in to wait")
        assert moment == fake_time() + PACE
        seq = bob.table(table_id)["seq"]
        time_passes(paced, fake_time, PACE)
        stand_in_moves_after(paced, bob, table_id, seq, caplog)

    entries = log(paced, table_id)
    moves = [entry for entry in entries if entry["kind"] == "move"]
    assert all(entry["stand_in"] == (entry["seat"] == 0) for entry in moves), "Alice's moves are all the stand-in's"
    assert not any(entry["stand_in"] for entry in entries if entry["kind"] != "move")
    result = alice.get(f"/api/tables/{table_id}/result").json()
    played = [sum(1 for entry in moves if entry["seat"] == seat) for seat in (0, 1)]
    assert [player["stand_in_moves"] for player in result["players"]] == [played[0], 0]
    assert [player["statistics"]["moves"] for player in result["players"]] == played
    seats = alice.table(table_id)["seats"]
    assert (seats[0]["played_for_you"], seats[0]["you"], seats[1]["played_for_you"]) == (True, False, False)
    assert not any(seat["played_for_you"] for seat in bob.table(table_id)["seats"])

    # The replay says of each step whether the stand-in played it: the record itself carries no such mark.
    assert not any(entry["kind"] == "undo" for entry in entries), "each log entry is one step of the record"
    by_step = [entry["stand_in"] for entry in entries]
    assert alice.get(f"/api/tables/{table_id}/replay/0").json()["stand_in"] is False
    firsts = {by_step.index(True), by_step.index(False), len(by_step) - 1 - by_step[::-1].index(True)}
    for step in sorted(firsts):
        shown = alice.get(f"/api/tables/{table_id}/replay/{step + 1}").json()
        assert (shown["text"], shown["stand_in"]) == (entries[step]["text"], by_step[step]), f"step {step + 1}"


def test_a_player_who_takes_the_seat_back_during_the_pace_gets_the_turn(paced: TestClient, fake_time: FakeTime) -> None:
    table_id, alice, _ = timed_out_first(paced, fake_time)
    seq = alice.table(table_id)["seq"]
    wait_for(lambda: pacing(paced, table_id), what="the stand-in to wait")
    assert services(paced).bots._idle.is_set(), "while a stand-in only waits, reviews may run"
    back = alice.post(f"/api/tables/{table_id}/return")
    assert back.status_code == 200
    time_passes(paced, fake_time, PACE)
    wait_for(lambda: pacing(paced, table_id) is None, what="the stand-in to give up")
    view = alice.table(table_id)
    assert view["seq"] == seq and view["your_turn"] and view["legal_moves"], "the stand-in's move was dropped"
    moved = alice.move(table_id, view["legal_moves"][0], seq)
    assert moved.status_code == 200, moved.text
    assert not any(entry["stand_in"] for entry in log(paced, table_id))


def test_bots_seated_from_the_start_and_a_stand_in_among_bots_only_move_at_once(
    paced: TestClient, fake_time: FakeTime
) -> None:
    """Nobody waits for the bots when no person plays on: the game ends with the fake clock standing still."""
    alice = Player.guest(paced, "Alice")
    seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}]
    table_id = alice.create("azul", 3, seats=seats)["table"]["id"]
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    view = wait_for(lambda: (found := alice.table(table_id))["your_turn"] and found, what="Alice's turn")
    assert alice.move(table_id, view["legal_moves"][0], view["seq"]).status_code == 200
    own = alice.table(table_id)["seq"]
    wait_for(lambda: alice.table(table_id)["your_turn"], what="the bots' replies")
    assert alice.post(f"/api/tables/{table_id}/abandon").status_code == 200
    final = wait_for(lambda: (found := alice.table(table_id))["status"] == "finished" and found, what="the end")
    assert fake_time() == START
    entries = log(paced, table_id)
    stood_in = [entry for entry in entries if entry["stand_in"]]
    assert stood_in and all(entry["seat"] == 0 and entry["seq"] > own for entry in stood_in)
    assert not any(entry["stand_in"] for entry in entries if entry["seat"] != 0)
    assert [player["stand_in_moves"] for player in final["result"]["players"]] == [len(stood_in), 0, 0]
    assert final["seats"][0]["played_for_you"] and final["seats"][0]["name"] == "Alice"


def seat(index: int, kind: str, *, replaced: bool = False, timed_out: bool = False) -> TableSeat:
    player = index if kind == SEAT_PLAYER or replaced else None
    level = "beginner" if kind == SEAT_BOT else None
    return TableSeat(index, kind, player_id=player, bot_level=level, replaced=replaced, timed_out=timed_out)


def table_of(*seats: TableSeat) -> Table:
    now = utc_now()
    return Table(
        id="t", game="azul", players=len(seats), options={}, seed=1, status="running", owner_id=0, owner_name="",
        rated=False, undo_allowed=True, seq=0, to_move=[], result=None, clock=None, clock_due=None,
        created_at=now, updated_at=now, seats=list(seats),
    )  # fmt: skip


def test_only_a_stand_in_among_people_still_playing_keeps_a_persons_pace() -> None:
    stand_in, person = seat(0, SEAT_BOT, replaced=True, timed_out=True), seat(1, SEAT_PLAYER)
    assert stands_in_for_people(table_of(stand_in, person), 0)
    assert stands_in_for_people(table_of(seat(0, SEAT_BOT, replaced=True), person), 0), "after an abandon too"
    assert not stands_in_for_people(table_of(stand_in, seat(1, SEAT_BOT)), 0), "among bots: at once"
    assert not stands_in_for_people(table_of(seat(0, SEAT_BOT), person), 0), "a bot from the start: at once"
    paused = seat(1, SEAT_PLAYER, timed_out=True)  # a person whose game waits for their choice plays no more
    assert not stands_in_for_people(table_of(stand_in, paused, seat(2, SEAT_BOT)), 0)


def test_the_result_counts_the_stand_in_moves_that_stand() -> None:
    entries = [
        Entry(1, CHANCE, None, "fill"),
        Entry(2, MOVE, 0, "a"),
        Entry(3, MOVE, 1, "b", stand_in=True),
        Entry(4, MOVE, 0, "c"),
        Entry(5, MOVE, 1, "d", stand_in=True),
        Entry(6, UNDO, 1, "d"),
        Entry(7, MOVE, 1, "e", stand_in=True),
    ]
    assert stand_in_moves(2, entries) == [0, 2]
