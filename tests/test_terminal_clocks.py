"""Timed games at the terminal (``mozaika play --clock 5+20``): the same clocks as the server's, and the
same rule when time runs out (the bot plays the seat on).  Time is moved by hand: nothing sleeps."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pexpect
from rich.console import Console

import mozaika
from mozaika.core.clocks import PRESETS
from mozaika.i18n import Messages
from mozaika.notation.records import Record, replay
from mozaika.terminal import GameTable, seats_from_names
from mozaika.terminal.app import PlayApp
from mozaika.terminal.clockview import format_left
from mozaika.terminal.pages import result_page
from mozaika.terminal.screens import Question
from test_play_terminal import spawn

from terminalkit import ARTIFACTS, settle, unwrapped_and_visible

NORMAL = PRESETS["normal"]


class FakeTime:
    """A clock the test moves by hand."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def timed_table(fake_time: FakeTime, names: list[str] | None = None, seed: int = 3) -> GameTable:
    names = names or ["human", "random"]
    state = mozaika.new_game("azul", players=len(names), seed=seed)
    seats = seats_from_names(names, state.seed, Messages("en"))
    return GameTable(state, seats, hint_bot="greedy", control=NORMAL, now=fake_time, replacement_bot="random")


def test_a_persons_clock_runs_on_their_turn_only_and_earns_the_increment() -> None:
    fake_time = FakeTime(0.0)
    table = timed_table(fake_time)
    assert table.time_left(0) == 300.0 and table.time_left(1) is None  # the bot has no clock
    fake_time.advance(42.0)
    assert table.time_left(0) == 258.0
    table.play(table.state.legal_moves(0)[0], 0)
    assert table.time_left(0) == 278.0  # 300 - 42 + 20
    fake_time.advance(500.0)  # the bot's time costs nobody anything
    table.play_bot(1)
    assert table.time_left(0) == 278.0 and table.timed_out() == []
    assert table.times[-1] == 500.0 or table.times[-2] == 500.0  # the bot's move took 500 s (draws may follow)


def test_time_running_out_hands_the_seat_to_the_bot_and_an_undo_puts_the_clock_back() -> None:
    fake_time = FakeTime(0.0)
    table = timed_table(fake_time)
    fake_time.advance(30.0)
    table.play(table.state.legal_moves(0)[0], 0)
    table.play_bot(1)
    fake_time.advance(10.0)
    assert table.undo()
    assert table.time_left(0) == 260.0  # the turn reopens; the 10 s since count as the person's
    fake_time.advance(260.0)
    assert table.timed_out() == [0]
    assert table.seats[0].timed_out and not table.seats[0].human
    assert table.next_bot() == 0 and table.time_left(0) is None
    while not table.state.is_over:
        table.play_bot(table.state.to_move[0])
    assert table.timed_out() == []


def test_a_timed_games_record_keeps_each_moves_time_and_its_clock_and_resumes_on_it(tmp_path: Path) -> None:
    fake_time = FakeTime(0.0)
    table = timed_table(fake_time)
    rng = random.Random(2)
    for _ in range(5):
        fake_time.advance(rng.uniform(1, 20))
        table.play(rng.choice(table.state.legal_moves(0)), 0)
        table.play_bot(1)
    path = tmp_path / "timed.json"
    table.save(path)
    record = Record.from_json(path.read_text())
    assert record.clock == NORMAL.to_dict()
    assert record.times is not None and len(record.times) == len(record.steps)
    moves = [seconds for seconds in record.times if seconds is not None]
    assert len(moves) == 10 and all(seconds >= 0 for seconds in moves)
    replay(record)
    again = GameTable.resume(record, Messages("en"), now=FakeTime(0.0))
    assert again.control == NORMAL and again.time_left(0) == 300.0
    assert again.times == record.times[: len(again.times)]


def test_the_full_screen_client_shows_the_clock_and_against_bots_a_timeout_pauses_the_game() -> None:
    """R-22 at one keyboard: alone against bots, a timeout pauses; b lets the bot finish, and the result says so."""

    async def play() -> None:
        fake_time = FakeTime(0.0)
        app = PlayApp(timed_table(fake_time), Messages("en"), stand_in_pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            heading = str(app.heading_view())
            assert "clock 5+20  Player 1 5:00" in heading
            fake_time.advance(61.0)
            app.check_clock()
            assert "Player 1 3:59" in str(app.heading_view())
            assert unwrapped_and_visible(app) == []
            fake_time.advance(215.0)  # 24 s left: red
            app.check_clock()
            await pilot.pause()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(str(ARTIFACTS / "terminal-clock-80x24.svg"))
            assert app.waiting_for_human
            fake_time.advance(30.0)
            app.check_clock()
            await settle(app, pilot)
            assert isinstance(app.screen, Question) and app.screen.kind == "timeout"
            assert "fresh bank of 5:00" in app.screen.question
            steps = len(app.table.state.history)
            fake_time.advance(600.0)
            app.check_clock()
            await settle(app, pilot)
            assert len(app.table.state.history) == steps, "paused: nobody moves while the question is open"
            app.save_screenshot(str(ARTIFACTS / "terminal-timeout-80x24.svg"))
            await pilot.press("b")
            for _ in range(2000):  # the bots play the game to its end
                await settle(app, pilot)
                if app.finished:
                    break
                await pilot.press("enter")  # past each round's summary
            assert app.finished and app.table.state.is_over
            assert app.table.seats[0].timed_out
            stood_in, made = app.table.stand_in_moves(0)
            assert 0 < stood_in <= made
            result = Console(width=200, record=True)
            result.print(result_page(app.table, app.text))
            assert f"Player 1: the random bot played {stood_in} of these {made} moves" in result.export_text()

    asyncio.run(play())


def test_against_bots_enter_after_a_timeout_plays_on_with_a_fresh_bank() -> None:
    async def play() -> None:
        fake_time = FakeTime(0.0)
        app = PlayApp(timed_table(fake_time), Messages("en"), stand_in_pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            fake_time.advance(301.0)
            app.check_clock()
            await settle(app, pilot)
            assert isinstance(app.screen, Question)
            await pilot.press("enter")
            await settle(app, pilot)
            assert app.waiting_for_human and app.table.seats[0].human
            assert app.table.time_left(0) == 300.0
            assert app.table.stand_in_moves(0) == (0, 0)

    asyncio.run(play())


def test_the_clock_starts_when_the_table_is_on_screen() -> None:
    """Starting the client takes none of the person's time: the first frame shows the whole bank."""

    async def play() -> None:
        fake_time = FakeTime(0.0)
        table = timed_table(fake_time)
        fake_time.advance(3.5)  # the time the terminal takes to start
        app = PlayApp(table, Messages("en"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert table.time_left(0) == 300.0
            assert "Player 1 5:00" in str(app.heading_view())

    asyncio.run(play())


def test_a_person_whose_time_ran_out_takes_the_seat_back_with_a_fresh_bank() -> None:
    """R-22: at a friendly table (every game at one keyboard is one) the seat can be taken back from the bot."""
    fake_time = FakeTime(0.0)
    table = timed_table(fake_time)
    assert table.take_back() == [], "no one's time ran out"
    fake_time.advance(301.0)
    assert table.timed_out() == [0]
    table.play_bot(0)  # the bot plays the seat meanwhile
    fake_time.advance(7.0)
    assert table.take_back() == [0]
    assert table.seats[0].human and not table.seats[0].timed_out
    assert table.time_left(0) == 300.0, "a fresh bank, not yet running: the seat is not on turn"
    table.play_bot(1)
    assert table.next_human() == 0
    fake_time.advance(12.0)
    assert table.time_left(0) == 288.0, "it runs again on the person's turn"


def test_with_other_people_the_stand_in_plays_at_a_persons_pace_and_t_gives_the_seat_back() -> None:
    """R-22 at one keyboard with others waiting: the bot plays the seat on, slowly enough to follow; t returns it."""

    async def play() -> None:
        fake_time = FakeTime(0.0)
        app = PlayApp(timed_table(fake_time, ["human", "human"]), Messages("en"), stand_in_pace=4.0)
        waits: list[float] = []
        app.set_timer = lambda delay, callback, **_: (waits.append(delay), callback())  # type: ignore[assignment,method-assign,func-returns-value]
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            fake_time.advance(301.0)
            app.check_clock()
            assert not isinstance(app.screen, Question), "another person waits: the game goes on"
            assert app.table.seats[0].timed_out
            await settle(app, pilot)
            assert waits == [4.0], "the stand-in's move waits a person's pace (the fake clock did not move)"
            assert "standing in" in "\n".join(str(line) for line in app.table_screen.query_one("#log").lines)
            assert app.waiting_for_human and app.table.next_human() == 1
            await pilot.press("h")  # t works from any page over the table
            await pilot.press("t")
            await pilot.press("escape")
            await settle(app, pilot)
            assert app.table.seats[0].human and not app.table.seats[0].timed_out
            assert "takes the seat back" in "\n".join(str(line) for line in app.table_screen.query_one("#log").lines)

    asyncio.run(play())


def test_a_clock_tick_while_the_app_closes_does_nothing() -> None:
    """The tick may come as the screen is taken down (at quit): it must not look for widgets that are gone."""

    async def play() -> None:
        fake_time = FakeTime(0.0)
        app = PlayApp(timed_table(fake_time), Messages("en"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await app.table_screen.query_one("#heading").remove()
            fake_time.advance(400.0)
            app.check_clock()
            assert not app.table.seats[0].timed_out, "nothing was decided by a closing app"

    asyncio.run(play())


def test_mozaika_play_takes_a_clock_and_refuses_a_wrong_one() -> None:
    wrong = spawn("--clock", "whenever")
    wrong.expect_exact(pexpect.EOF)
    wrong.close()
    assert wrong.exitstatus == 2 and "5+20" in (wrong.before or "")
    child = spawn("--clock", "2+10", "--seat", "human", "--seat", "easy", "--seed", "4")
    child.expect(r"clock 2\+10.{0,20}Player 1 (2:00|1:5\d)")  # (styles may stand between the words)
    child.expect_exact("h help) > ")
    child.sendline("q")
    child.expect_exact("[y/n] > ")
    child.sendline("n")
    child.expect_exact(pexpect.EOF)


def test_times_left_read_as_players_write_them() -> None:
    assert [format_left(s) for s in (0, 9.7, 65, 3725)] == ["0:00", "0:09", "1:05", "1:02:05"]
    assert format_left(47 * 3600 + 59 * 60, real_time=False) == "47 h 59 min"
    assert format_left(600, real_time=False) == "10:00"


def test_at_one_keyboard_only_the_person_asked_thinks_when_several_decide_at_once() -> None:
    """A-10: the grey wall's columns are asked seat after seat at one keyboard, so only that seat's clock runs."""
    fake_time = FakeTime(0.0)
    state = mozaika.new_game("azul", players=2, seed=4, wall="grey")
    seats = seats_from_names(["human", "human"], state.seed, Messages("en"))
    table = GameTable(state, seats, control=NORMAL, now=fake_time)
    rng = random.Random(4)
    while len(table.state.to_move) < 2:
        fake_time.advance(5.0)
        seat = table.state.to_move[0]
        table.play(rng.choice(table.state.legal_moves(seat)), seat)
    assert table.clocks is not None
    first, second = table.state.to_move
    assert table.clocks.running(first) and not table.clocks.running(second)
    waiting = table.time_left(second)
    fake_time.advance(30.0)
    assert table.time_left(second) == waiting
    while table.state.to_move and table.state.to_move[0] == first:
        table.play(table.state.legal_moves(first)[0], first)
    if second in table.state.to_move:
        assert table.clocks.running(second)
