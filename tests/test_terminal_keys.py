"""The full-screen client's keys: every key acts after a refusal, the grey wall's columns by number, saving,
help for the game being played, undo in the log, the end of the game, Ctrl+C, and what stays on the terminal."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rich.console import Console
from textual.widgets import Input

import mozaika
from mozaika.i18n import Messages
from mozaika.notation.records import Record
from mozaika.richview import position_family
from mozaika.terminal import GameTable, seats_from_names
from mozaika.terminal.app import PlayApp
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.pages import help_page
from mozaika.terminal.screens import Notice, Question, SaveAs
from mozaika.terminal.widgets import Entry, StepLine

from terminalkit import new_app, play_whole_game, settle, type_notation


def rendered(drawing: object, width: int = 120) -> str:
    console = Console(width=width, record=True)
    console.print(drawing)
    return console.export_text()


def test_after_a_refusal_the_next_key_acts() -> None:
    """What was refused stays in view, selected: ? asks for a hint at once, a move typed replaces it."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            entry = app.table_screen.query_one(Entry)
            await pilot.press("9")
            assert app.table_screen.query_one(StepLine).choices.problem == (
                "No move begins with 9: Backspace or Esc goes back."
            )
            assert entry.value == "9" and entry.selected_text == "9"
            await pilot.press("question_mark")
            await settle(app, pilot)
            assert app.message_text.plain.startswith("Hint:") and entry.value == ""
            await pilot.press("9")
            await pilot.press("1")  # replaces the refused 9: factory 1
            assert entry.value == "1" and app.chooser is not None and app.chooser.choosing().chosen == ("1",)
            await pilot.press("escape", "escape")
            entry.value = "1Q1"  # a whole entry that is no move, confirmed with Enter
            await pilot.pause()
            await pilot.press("enter")
            assert entry.selected_text == "1Q1"
            await pilot.press("h")
            await settle(app, pilot)
            assert isinstance(app.screen, Notice) and app.screen.kind == "help"

    asyncio.run(play())


def test_on_the_grey_wall_the_column_is_typed_as_its_number() -> None:
    """A-10: at the wall column step the column's number chooses it, as the board numbers the columns."""
    state = mozaika.new_game("azul", players=2, seed=6, wall="grey")
    rng = random.Random(6)
    while not any(str(move).startswith("P1:") for move in state.legal_moves(0)):
        state.play(rng.choice(state.legal_moves(state.to_move[0])))
    text = Messages("en")
    seats = seats_from_names(["human", "random"], state.seed, text)
    table = GameTable(state, seats, hint_bot="greedy")
    column_moves = [move for move in state.legal_moves(0) if str(move).startswith("P1:")]
    column = column_moves[-1].fields()["column"]

    async def play() -> None:
        app = PlayApp(table, text)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert app.waiting_for_human
            steps = len(app.table.state.history)
            await pilot.press(str(column))
            await settle(app, pilot)
            played = str(app.table.state.history[steps])
            assert played.startswith("P1:") and played.endswith(f">{column}")

    asyncio.run(play())


def test_saving_asks_for_a_file_name_and_quotes_the_command_to_resume(tmp_path: Path) -> None:
    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        app.save_dir = tmp_path
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("s")
            await settle(app, pilot)
            assert isinstance(app.screen, SaveAs) and app.screen.question == "Save the game as:"
            name = app.screen.query_one(Input)
            assert name.has_focus and name.placeholder == str(app.table.default_save_path())
            assert app.screen.keys == f"Enter alone: {name.placeholder} · Esc: do not save"
            await pilot.press("escape")  # not after all: nothing is saved, the game goes on
            await settle(app, pilot)
            assert app.waiting_for_human and not list(tmp_path.iterdir())
            await pilot.press("s")
            await settle(app, pilot)
            await pilot.press(*"my game.json", "enter")
            await settle(app, pilot)
            assert Record.from_json((tmp_path / "my game.json").read_text()).players == app.table.names
            said = app.message_text.plain.splitlines()
            assert said == ["Game saved to my game.json. Continue it with:", "mozaika play --resume 'my game.json'"]
            entry = app.table_screen.query_one(Entry)
            assert app.waiting_for_human and entry.placeholder.startswith("2B3")
            farewell = rendered(app.farewell())
            assert "mozaika play --resume 'my game.json'" in farewell and "Azul · round 1" in farewell

    asyncio.run(play())


def test_help_speaks_of_the_game_being_played() -> None:
    azul = new_app("azul", {}, 2, seed=1)
    chocolatier = new_app("chocolatier", {"special_factories": True}, 2, seed=1)
    azul_help = rendered(help_page(azul.table, azul.text))
    chocolatier_help = rendered(help_page(chocolatier.table, chocolatier.text))
    assert "pass:" not in azul_help and "B6B" not in azul_help  # Summer Pavilion's notation is not Azul's
    assert "grey wall, type the column's number" in azul_help
    for letter, name in [("B", "blue"), ("Y", "yellow"), ("R", "red"), ("K", "black"), ("W", "white")]:
        assert f" {letter} {name}" in azul_help
    assert "Pralines:" in chocolatier_help and " N brown" in chocolatier_help and " P pink" in chocolatier_help
    assert "SN4" in chocolatier_help and "4B3<NP>K" in chocolatier_help
    # The signs the boards use: the marker 1, an empty space, the wall's small letters.
    signs = " ".join(azul_help.split())
    assert "1 is the first-player marker; · an empty space; a small letter on the wall" in signs
    czech = new_app("azul", {}, 2, seed=1, language="cs")
    czech_help = " ".join(rendered(help_page(czech.table, czech.text)).split())
    assert "stěn" in czech_help and "zeď" not in czech_help and "zdi" not in czech_help, "one word for the wall"


def test_an_undo_takes_the_moves_out_of_the_log_too() -> None:
    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert app.chooser is not None
            await type_notation(app, pilot, sorted(app.chooser.moves)[0])
            await settle(app, pilot)
            log = app.table_screen.query_one("#log")
            assert len(log.lines) == 2  # your move and the bot's
            await pilot.press("u")
            await settle(app, pilot)
            assert len(log.lines) == 0 and app.message_text.plain == "Your last move is undone."

    asyncio.run(play())


def test_after_the_game_the_keys_say_what_is_left_and_ctrl_c_quits() -> None:
    """The game's last rounds played in the app to its end (whole games are played in test_terminal_app.py)."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=3, from_round=5)
        assert app.table.state.round == 5
        async with app.run_test(size=(80, 24)) as pilot:
            await play_whole_game(app, pilot, seed=3, check_layout=False)
            await pilot.press("enter")
            await settle(app, pilot)
            entry = app.table_screen.query_one(Entry)
            assert entry.placeholder == "The game is over: s save · b every board · q quit"
            await pilot.press("question_mark")
            await settle(app, pilot)
            assert not app.message_text.plain.startswith("Hint")
            farewell = rendered(app.farewell())
            assert "Game over" in farewell and ("Winner" in farewell or "Shared victory" in farewell)
            await pilot.press("ctrl+c")
        assert app.return_code == 0

    asyncio.run(play())


def test_a_second_ctrl_c_quits_without_asking_again() -> None:
    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+c")
            await settle(app, pilot)
            assert isinstance(app.screen, Question) and app.screen.kind == "quit"
            await pilot.press("ctrl+c")
            await settle(app, pilot)
        assert app.return_code == 0

    asyncio.run(play())


def test_the_prompt_reminder_keeps_h_help_at_every_size_and_names_t_while_a_bot_stands_in() -> None:
    """The reminder of the keys in the empty prompt: the fullest that fits, down to the smallest window the
    table takes (53x20), always ending with ``h help``; while a stand-in plays a seat, ``t`` comes first."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(120, 30)) as pilot:
            await settle(app, pilot)
            entry = app.table_screen.query_one(Entry)
            shown = set()
            for width in (120, 80, 66, 60, 53):
                await pilot.resize_terminal(width, 20)
                await pilot.pause()
                reminder = str(entry.placeholder)
                assert reminder.endswith("h help") and len(reminder) < entry.content_size.width, (width, reminder)
                shown.add(reminder)
            assert len(shown) >= 2, "a narrower window gets a shorter reminder"
            app.table.seats[0].timed_out = True
            app.redraw()
            await pilot.pause()
            assert str(entry.placeholder).startswith("t seat back · ") and str(entry.placeholder).endswith("h help")

    asyncio.run(play())


def test_a_move_a_hint_named_is_played_as_soon_as_it_is_typed() -> None:
    """Summer Pavilion's ``O2O`` begins ``O2O+1`` too, so typed alone it waits for the payment; the move a
    hint named is played as soon as it is typed in full (? fills the chooser's hinted moves)."""
    state = mozaika.new_game("pavilion", players=2, seed=4)
    moves = random.Random(4)
    while True:
        legal = [str(move) for move in state.legal_moves()]
        extended = [move for move in legal if any(other.startswith(move + "+") for other in legal)]
        if extended and not state.is_chance:
            break
        state.play(state.legal_moves()[moves.randrange(len(legal))])
    seat = state.to_move[0]
    family = position_family(state.to_dict())
    chooser = MoveChooser(family, state.legal_moves(seat), seat)
    assert chooser.type(extended[0].lower()) is None, "typed alone, it waits for the payment"
    chooser.hinted = {extended[0]}
    assert str(chooser.type(extended[0].lower())) == extended[0]

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark")
            await settle(app, pilot)
            assert app.chooser is not None and app.chooser.hinted
            assert all(move in app.message_text.plain for move in app.chooser.hinted)

    asyncio.run(play())
