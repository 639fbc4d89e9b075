"""The clock arithmetic of timed games (mozaika.core.clocks), and the time each step took in records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mozaika import new_game
from mozaika.core.clocks import PRESETS, ClockError, Clocks, TimeControl, parse_time_control
from mozaika.core.errors import RecordError
from mozaika.notation.records import Record, replay

NORMAL = PRESETS["normal"]
DAY = PRESETS["24h"]


def test_the_presets_are_the_real_time_and_turn_based_controls_players_know() -> None:
    assert [(c.name, c.kind, c.bank, c.increment, c.per_move) for c in PRESETS.values()] == [
        ("fast", "realtime", 120.0, 10.0, 0.0),
        ("normal", "realtime", 300.0, 20.0, 0.0),
        ("slow", "realtime", 600.0, 40.0, 0.0),
        ("12h", "turn", 12 * 3600.0, 0.0, 12 * 3600.0),
        ("24h", "turn", 24 * 3600.0, 0.0, 24 * 3600.0),
        ("72h", "turn", 72 * 3600.0, 0.0, 72 * 3600.0),
    ]
    assert [control.label for control in PRESETS.values()] == ["2+10", "5+20", "10+40", "12h", "24h", "72h"]


def test_a_clock_is_read_from_a_preset_name_or_minutes_plus_seconds() -> None:
    assert parse_time_control("none") is None
    assert parse_time_control("normal") is NORMAL
    assert parse_time_control("5+20") == NORMAL  # the preset, by its value
    custom = parse_time_control("3+5")
    assert custom is not None
    assert (custom.name, custom.kind, custom.bank, custom.increment) == ("custom", "realtime", 180.0, 5.0)
    # One way to write each clock: lower case, ASCII digits without leading zeros, no spaces.
    for wrong in (
        "",
        "5",
        "5+",
        "0+10",
        "181+0",
        "5+301",
        "soon",
        "-1+2",
        " Normal ",
        "12H",
        "1+0 ",
        "\u0661+\u0660",
        "05+3",
    ):
        with pytest.raises(ClockError):
            parse_time_control(wrong)


def test_real_time_a_turn_costs_its_thinking_time_and_earns_the_increment() -> None:
    clocks = Clocks.start(NORMAL, 2)
    clocks.follow([0], {0, 1}, now=1000.0)
    assert clocks.running(0) and not clocks.running(1)
    assert clocks.remaining(0, now=1030.0) == 270.0
    assert clocks.deadline(0) == 1300.0
    assert clocks.follow([1], {0, 1}, now=1030.0) == [0]
    assert clocks.seats[0].bank == 300.0 - 30.0 + 20.0
    assert clocks.remaining(1, now=1030.0) == 300.0
    clocks.follow([0], {0, 1}, now=1100.0)
    assert clocks.seats[1].bank == 300.0 - 70.0 + 20.0


def test_a_turn_of_several_moves_earns_one_increment() -> None:
    """Summer Pavilion: a seat places several tiles in one turn; its clock runs on between them."""
    clocks = Clocks.start(NORMAL, 2)
    clocks.follow([0], {0, 1}, now=0.0)
    assert clocks.follow([0], {0, 1}, now=10.0) == []  # placed a tile, still on turn
    assert clocks.follow([0], {0, 1}, now=25.0) == []
    clocks.follow([1], {0, 1}, now=40.0)
    assert clocks.seats[0].bank == 300.0 - 40.0 + 20.0


def test_turn_based_a_turn_is_free_until_its_deadline_then_draws_on_the_small_bank() -> None:
    clocks = Clocks.start(DAY, 2)
    clocks.follow([0], {0, 1}, now=0.0)
    assert clocks.deadline(0) == 48 * 3600.0  # a day for the move, and a day's reserve
    clocks.follow([1], {0, 1}, now=23 * 3600.0)
    assert clocks.seats[0].bank == 24 * 3600.0  # in time: the reserve is untouched
    clocks.follow([0], {0, 1}, now=23 * 3600.0 + 30 * 3600.0)
    assert clocks.seats[1].bank == 18 * 3600.0  # six hours late
    assert clocks.deadline(0) == 53 * 3600.0 + 48 * 3600.0
    assert clocks.bank_left(1, now=0.0) == 18 * 3600.0


def test_seats_deciding_at_once_each_run_their_own_clock() -> None:
    """A-10: on the grey wall every player chooses a column at the same time."""
    state = new_game("azul", players=2, seed=4, wall="grey")
    rng = random.Random(4)
    clocks = Clocks.start(NORMAL, 2)
    now = 0.0
    clocks.follow(state.to_move, {0, 1}, now)
    while len(state.to_move) < 2:
        state.play(rng.choice(state.legal_moves()))
        now += 7.0
        clocks.follow(state.to_move, {0, 1}, now)
    assert clocks.running(0) and clocks.running(1)
    started = clocks.seats[0].since
    state.play(state.legal_moves(1)[0])  # seat 2 chooses first
    clocks.follow(state.to_move, {0, 1}, now + 5.0)
    assert not clocks.running(1) and clocks.running(0)
    assert clocks.seats[0].since == started  # seat 1's clock was never reset by seat 2's choice
    assert started is not None
    assert clocks.remaining(0, now + 50.0) == pytest.approx(clocks.seats[0].bank - (now + 50.0 - started))


def test_seats_without_a_clock_never_run_and_a_bot_taking_over_stops_the_clock() -> None:
    clocks = Clocks.start(NORMAL, 2)
    clocks.follow([1], {0}, now=0.0)  # seat 2 is a bot
    assert not clocks.running(1)
    assert clocks.expired(now=10_000.0) == []
    clocks.follow([0], {0}, now=5.0)
    clocks.stop(0)
    assert not clocks.running(0) and clocks.seats[0].bank == 300.0
    assert clocks.next_due() is None


def test_time_runs_out_at_the_deadline_and_not_before() -> None:
    clocks = Clocks.start(PRESETS["fast"], 3)
    clocks.follow([2], {0, 1, 2}, now=100.0)
    assert clocks.expired(now=219.9) == []
    assert clocks.expired(now=220.0) == [2]
    assert clocks.remaining(2, now=500.0) == 0.0
    assert clocks.next_due() == 220.0


def test_an_undo_reopens_the_movers_turn_and_gives_the_next_seat_its_time_back() -> None:
    clocks = Clocks.start(NORMAL, 2)
    clocks.follow([0], {0, 1}, now=0.0)
    clocks.follow([1], {0, 1}, now=30.0)  # seat 1 moves after 30 s, seat 2 thinks
    clocks.undo(0, [0], now=45.0)  # seat 1 takes it back 15 s later
    assert clocks.seats[0].since == 0.0 and clocks.seats[0].bank == 300.0
    assert clocks.remaining(0, now=45.0) == 255.0  # the 15 s count as seat 1's
    assert not clocks.running(1) and clocks.seats[1].bank == 300.0


def test_an_undo_within_a_turn_leaves_the_running_clock_alone_and_one_past_a_bots_reply_reopens_the_turn() -> None:
    clocks = Clocks.start(NORMAL, 2)
    clocks.follow([0], {0}, now=0.0)
    clocks.follow([0], {0}, now=10.0)  # a placement; the turn goes on
    clocks.undo(0, [0], now=12.0, reopens_turn=False)
    assert clocks.seats[0].since == 0.0 and clocks.seats[0].bank == 300.0
    clocks.follow([1], {0}, now=30.0)  # the move that ends the turn; seat 2 is a bot
    clocks.follow([0], {0}, now=31.0)  # the bot's reply: seat 1 thinks again
    clocks.undo(0, [0], now=40.0)  # the move and the bot's reply go back
    assert clocks.seats[0].since == 0.0 and clocks.seats[0].bank == 300.0
    assert clocks.remaining(0, now=40.0) == 260.0


def test_a_player_taking_their_seat_back_gets_a_fresh_bank() -> None:
    clocks = Clocks.start(NORMAL, 2)
    clocks.follow([0], {0, 1}, now=0.0)
    clocks.stop(0)
    clocks.seats[0].bank = 0.0
    clocks.restart(0, [0], now=500.0)
    assert clocks.running(0) and clocks.remaining(0, now=500.0) == 300.0


def test_turn_based_reminders_come_at_the_turn_start_and_when_a_quarter_is_left() -> None:
    clocks = Clocks.start(PRESETS["12h"], 2)
    clocks.follow([0], {0, 1}, now=1000.0)
    assert clocks.reminder_due(0) == 1000.0
    clocks.mark_reminded(0)
    deadline = clocks.deadline(0)
    assert deadline is not None
    assert clocks.reminder_due(0) == deadline - 3 * 3600.0
    clocks.mark_reminded(0)
    assert clocks.reminder_due(0) is None
    assert clocks.next_due() == deadline
    assert Clocks.start(NORMAL, 2).reminder_due(0) is None


def test_clocks_round_trip_through_their_stored_form() -> None:
    clocks = Clocks.start(DAY, 3)
    clocks.follow([1], {0, 1, 2}, now=12.5)
    clocks.mark_reminded(1)
    clocks.follow([2], {0, 1, 2}, now=40.0)
    again = Clocks.from_dict(clocks.to_dict())
    assert again == clocks
    view = again.view(now=50.0)
    assert view["control"]["label"] == "24h"
    assert [seat["running"] for seat in view["seats"]] == [False, False, True]
    assert view["seats"][2]["remaining"] == 48 * 3600.0 - 10.0
    with pytest.raises(ClockError):
        TimeControl.from_dict({"kind": "sometimes", "bank": 1})
    with pytest.raises(ClockError):
        TimeControl.from_dict({"kind": "realtime", "bank": -5})


@settings(max_examples=200, deadline=None)
@given(
    control=st.sampled_from(list(PRESETS.values())),
    turns=st.lists(st.tuples(st.integers(0, 1), st.floats(0, 200_000)), min_size=1, max_size=40),
)
def test_every_second_thought_is_charged_to_exactly_one_bank(
    control: TimeControl, turns: list[tuple[int, float]]
) -> None:
    """Each turn costs the time beyond its allowance and earns the increment; nothing else moves a bank."""
    clocks = Clocks.start(control, 2)
    now = 0.0
    expected = [control.bank, control.bank]
    for seat, thinking in turns:
        clocks.follow([seat], {0, 1}, now)
        if clocks.expired(now + thinking):
            break
        now += thinking
        clocks.follow([], {0, 1}, now)
        expected[seat] += control.increment - max(0.0, thinking - control.per_move)
        assert clocks.seats[seat].bank == pytest.approx(expected[seat])
        assert all(clock.bank >= 0 for clock in clocks.seats)


def test_records_keep_each_steps_time_and_old_records_still_load() -> None:
    state = new_game("azul", players=2, seed=3)
    rng = random.Random(3)
    for _ in range(6):
        state.play(rng.choice(state.legal_moves()))
    steps = len(state.history)
    times: list[float | None] = [None if index == 0 else 1.5 * index for index in range(steps)]
    record = Record.from_state(state, ["Ada", "Bea"], times=times, clock=NORMAL.to_dict())
    again = Record.from_json(record.to_json())
    assert again.times == times and again.clock == NORMAL.to_dict()
    assert replay(again).to_json() == replay(record).to_json()
    old = record.to_dict()
    del old["times"], old["clock"]
    assert Record.from_dict(old).times is None
    with pytest.raises(RecordError, match="one per step"):
        Record.from_dict({**record.to_dict(), "times": ["slow"] * steps})
    with pytest.raises(RecordError, match="entries for"):
        Record.from_dict({**record.to_dict(), "times": [1.0]})
    with pytest.raises(RecordError, match="times given"):
        Record.from_state(state, ["Ada", "Bea"], times=[1.0])
