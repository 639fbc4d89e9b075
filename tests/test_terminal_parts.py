"""The terminal client's parts: tile colours, choosing a move step by step, undo after resuming, summaries, replay."""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import Color, ColorSystem
from rich.console import Console

import mozaika
from mozaika.i18n import Messages
from mozaika.notation.records import Record
from mozaika.richview import TERMINAL_COLOURS, View, contrast, family_for, position_view, round_summary
from mozaika.terminal import GameTable, RoundEnd, seats_from_names
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.replay import ReplayApp

from terminalkit import table_after_turns

ANSI = re.compile(r"\x1b\[")
BACKGROUNDS = {"black": "#000000", "white": "#ffffff", "Textual dark": "#121212", "Textual light": "#e0e0e0"}
REDS = {1, 9}
YELLOWS = {3, 11}


def downgraded(hex_colour: str, system: ColorSystem) -> int:
    number = Color.parse(hex_colour).downgrade(system).number
    assert number is not None
    return number


@pytest.mark.parametrize("game", ["azul", "pavilion"])
def test_red_and_yellow_differ_in_16_256_and_true_colour(game: str) -> None:
    colours = TERMINAL_COLOURS[game]
    red, yellow = colours["R"], colours["Y"]
    assert sum(abs(int(red[i : i + 2], 16) - int(yellow[i : i + 2], 16)) for i in (1, 3, 5)) > 200
    eight_bit = downgraded(red, ColorSystem.EIGHT_BIT), downgraded(yellow, ColorSystem.EIGHT_BIT)
    assert Color.parse(red).triplet == Color.from_ansi(eight_bit[0]).get_truecolor()  # shown exactly in 256 colours
    assert Color.parse(yellow).triplet == Color.from_ansi(eight_bit[1]).get_truecolor()
    assert downgraded(red, ColorSystem.STANDARD) in REDS
    assert downgraded(yellow, ColorSystem.STANDARD) in YELLOWS


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_every_colour_of_a_game_is_its_own_in_16_colours(game: str) -> None:
    colours = TERMINAL_COLOURS[game].values()
    assert len({downgraded(colour, ColorSystem.STANDARD) for colour in colours}) == len(colours)
    assert len({downgraded(colour, ColorSystem.EIGHT_BIT) for colour in colours}) == len(colours)


@pytest.mark.parametrize("background", list(BACKGROUNDS))
def test_pralines_of_every_colour_show_on_dark_and_light_terminals(background: str) -> None:
    for letter, colour in TERMINAL_COLOURS["chocolatier"].items():
        assert contrast(colour, BACKGROUNDS[background]) >= 1.5, letter


def plain(position: dict[str, object], names: list[str], *, no_color: bool) -> str:
    console = Console(width=160, no_color=no_color, color_system=None if no_color else "truecolor", record=True)
    console.print(position_view(position, names, Messages("en")))
    return console.export_text()


def test_without_colour_every_tile_keeps_its_letter() -> None:
    """NO_COLOR: placed tiles are capitals, the wall's printed colours small letters, the floor shows its penalties."""
    state = mozaika.new_game("azul", players=2, seed=3)
    chooser = random.Random(3)
    while state.round < 3:
        state.play(chooser.choice(state.legal_moves()))
    position = state.to_dict()
    text = plain(position, ["Ann", "Bob"], no_color=True)
    for board in position["boards"]:
        for row, placed in enumerate(board["wall"]):
            printed = mozaika.catalogue.registry.game_spec("azul").board["wall_pattern"][row]  # type: ignore[index]
            expected = "  ".join(
                letter if letter != "." else printed[column].lower() for column, letter in enumerate(placed)
            )
            assert expected in text
    assert "-1 -1 -2 -2 -2 -3 -3" in text


def chooser_for(game: str, seed: int = 4, **options: object) -> tuple[mozaika.State, MoveChooser]:
    state = mozaika.new_game(game, players=2, seed=seed, **options)
    family = family_for(game, state.options)
    return state, MoveChooser(family, state.legal_moves(), state.to_move[0])


def test_a_move_is_chosen_step_by_step_or_typed_whole() -> None:
    state, chooser = chooser_for("azul")
    first = str(state.legal_moves()[0])
    source, colour, line = first
    assert chooser.options()[0] == source
    chooser.typed = source
    assert colour in chooser.options() and chooser.decided() is None
    chooser.typed = source + colour.lower()
    assert chooser.choosing().chosen == (source, colour)
    assert set(chooser.options()) <= {"1", "2", "3", "4", "5", "F"}
    assert chooser.choose(line) == state.legal_moves()[0]
    chooser.typed = first.lower()
    assert chooser.decided() == state.legal_moves()[0]
    chooser.back()
    assert chooser.typed == source + colour


def test_a_whole_step_typed_is_that_step() -> None:
    """P is the purple star, not the start of pass: the next step is a space of the purple star."""
    state = mozaika.new_game("pavilion", players=2, seed=4)
    while state.to_dict()["phase"] == "acquisition":
        state.play(state.legal_moves()[0])
    moves = state.legal_moves()
    family = family_for("pavilion", state.options)
    chooser = MoveChooser(family, moves, state.to_move[0])
    star = next(str(move)[0] for move in moves if re.match(r"^[A-Z][1-6]", str(move)))
    chooser.typed = star
    assert chooser.choosing().chosen == (star,)
    assert all(option.isdigit() for option in chooser.options())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["azul", "chocolatier", "pavilion"]))
def test_every_legal_move_is_reached_by_its_steps(seed: int, game: str) -> None:
    options = {"special_factories": True} if game == "chocolatier" else {}
    state = mozaika.new_game(game, players=2, seed=seed, **options)
    chooser_rng = random.Random(seed)
    for _ in range(chooser_rng.randrange(30)):
        if state.is_over:
            return
        state.play(chooser_rng.choice(state.legal_moves()))
    if state.is_over:
        return
    seat = state.to_move[0]
    family = family_for(game, state.options)
    for move in state.legal_moves(seat):
        chooser = MoveChooser(family, state.legal_moves(seat), seat)
        assert "".join(family.tokens(move)) == str(move)
        played = None
        for token in family.tokens(move):
            assert token in chooser.options()
            played = chooser.choose(token) or chooser.decided()
            if played is not None:
                break
        assert played == move


def test_undo_works_after_resuming(tmp_path: Path) -> None:
    before_second = table_after_turns(1).state
    table = table_after_turns(2)
    path = tmp_path / "game.json"
    table.save(path)
    resumed = GameTable.resume(Record.from_json(path.read_text()), Messages("en"))
    assert resumed.state == table.state and resumed.can_undo
    assert resumed.undo() and resumed.state == before_second
    assert resumed.undo() and resumed.undo() is False


@pytest.mark.parametrize("options", [{}, {"wall": "grey"}])
def test_a_round_summary_adds_up_each_tile_placed(options: dict[str, str]) -> None:
    """The points shown for each tile moved to the wall (A-8) add up to the round's placement points."""
    text = Messages("en")
    family = family_for("azul", options)
    rounds = 0
    for table, end in round_ends_of_a_bots_game("azul", 3, "random", seed=2, **options):
        rounds += 1
        for seat in range(3):
            shown = family.round_tiles(end.before, end.after, seat, text).plain
            points = sum(int(found) for found in re.findall(r"\+(\d+)", shown))
            placed = family.score_parts(end.after["boards"][seat]["stats"])["placement"]
            earlier = family.score_parts(end.before["boards"][seat]["stats"])["placement"]
            assert points == placed - earlier
        summary = round_summary(end.before, end.after, table.names, text, final=end.final)
        assert summary.row_count >= 2
    assert rounds == table.state.round


def round_ends_of_a_bots_game(
    game: str, players: int, bot: str, *, seed: int, **options: object
) -> Iterator[tuple[GameTable, RoundEnd]]:
    """A game of bots played to its end, each round's end as it comes."""
    state = mozaika.new_game(game, players=players, seed=seed, **options)
    table = GameTable(state, seats_from_names([bot] * players, state.seed, Messages("en")))
    while not table.state.is_over:
        seat = table.next_bot()
        assert seat is not None
        table.play_bot(seat)
        for end in table.take_round_ends():
            yield table, end


@pytest.mark.parametrize("players", [2, 4])
def test_a_pavilion_round_summary_gives_each_tile_its_points_in_the_order_placed(players: int) -> None:
    """S-9: a tile scores by the tiles already in its star, so the points come from the round's steps replayed;
    each tile's points add up to the round's placement points, and a tile never wraps apart from its points."""
    text = Messages("en")
    family = family_for("pavilion", {})
    placed = 0
    for table, end in round_ends_of_a_bots_game("pavilion", players, "greedy", seed=9):
        for seat in range(players):
            shown = family.round_tiles(end.before, end.after, seat, text, end.steps).plain
            units = shown.split()
            assert all(re.fullmatch(r"[A-Z][A-Z][1-6]\(\+\d+\)", unit) for unit in units), shown
            placed += len(units)
            points = sum(int(found) for found in re.findall(r"\+(\d+)", shown))
            now = family.score_parts(end.after["boards"][seat]["stats"])["placement"]
            earlier = family.score_parts(end.before["boards"][seat]["stats"])["placement"]
            assert points == now - earlier
        summary = round_summary(end.before, end.after, table.names, text, final=end.final, steps=end.steps)
        narrow = Console(width=100 if players == 4 else 80, record=True)
        narrow.print(summary)
        for line in narrow.export_text().splitlines():
            assert not re.search(r"[A-Z][1-6]$|^\s*\(\+", line.rstrip()), line
    assert placed > 0


def test_replay_into_a_pipe_is_plain_and_unwrapped(tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mozaika",
            "selfplay",
            "--game",
            "azul",
            "--players",
            "4",
            "--seed",
            "3",
            "--out",
            str(record_path),
        ],
        check=True,
        capture_output=True,
    )
    result = subprocess.run(
        [sys.executable, "-m", "mozaika", "replay", str(record_path)], check=True, capture_output=True, text=True
    )
    lines = result.stdout.splitlines()
    assert not ANSI.search(result.stdout)
    assert max(len(line) for line in lines) <= 160
    fifth_rows = [line for line in lines if re.search(r"│ 5 [·A-Z ]{15}│", line)]
    assert len(fifth_rows) == 1 and fifth_rows[0].count("│ 5 ") == 4  # row 5 of every wall whole, on one line
    assert any(line.startswith("Winner") or line.startswith("Shared victory") for line in lines)


def test_replay_steps_with_the_arrow_keys(tmp_path: Path) -> None:
    state = mozaika.new_game("pavilion", players=2, seed=5)
    chooser = random.Random(5)
    while not state.is_over:
        state.play(chooser.choice(state.legal_moves()))
    record = Record.from_state(state, ["Ann", "Bob"])

    async def step() -> None:
        app = ReplayApp(record, Messages("en"))
        async with app.run_test(size=(80, 24)) as pilot:
            last = len(record.steps)
            assert app.index == 0, "the replay opens at the start"
            await pilot.press("end", "left", "left")
            assert app.index == last - 2
            await pilot.press("home")
            assert app.index == 0
            await pilot.press("down")
            assert app.positions[app.index]["round"] == 2
            await pilot.press("up")
            assert app.index == 0
            await pilot.press("right")
            assert app.index == 1
            await pilot.press("end", "q")

    asyncio.run(step())


def test_the_plain_view_draws_every_game(tmp_path: Path) -> None:
    for game, options in [("chocolatier", {"special_factories": True}), ("pavilion", {"board": "colourless"})]:
        state = mozaika.new_game(game, players=2, seed=1, **options)
        text = plain(state.to_dict(), ["Ann", "Bob"], no_color=False)
        assert "Ann" in text and "Bob" in text
        if game == "chocolatier":
            assert re.search(r"SN\d", text)
        else:
            assert "★12" in text and "⌂3" in text and "▲2" in text
    assert View(Messages("en")).clickable is False


def test_on_the_grey_wall_each_seat_chooses_its_own_columns() -> None:
    """A-10: when several players choose wall columns, a bot moves for its own seat only, never for the person."""
    text = Messages("en")
    state = mozaika.new_game("azul", players=2, seed=6, wall="grey")
    table = GameTable(state, seats_from_names(["human", "random"], state.seed, text))
    chooser = random.Random(6)
    columns = 0
    while not table.state.is_over:
        bot = table.next_bot()
        if bot is not None:
            move = str(table.play_bot(bot))
        else:
            seat = table.next_human()
            assert seat is not None
            move = str(chooser.choice(table.state.legal_moves(seat)))
            table.play(table.state.parse_move(move), seat)
            bot = seat
        if move.startswith("P"):
            columns += 1
            assert move.startswith(f"P{bot + 1}:")
    assert columns > 0


def test_special_factories_say_what_they_did_each_sn2_its_colour_and_sn4_its_neighbours() -> None:
    """M-1: every SN2 on the table is named with its own colour (a second SN2 was once given the first's);
    M-3: SN4's share names both neighbours by number and how many pralines of each colour go to each, and
    the neighbours are highlighted on the table while the share is chosen."""
    state = mozaika.new_game("chocolatier", players=4, seed=5, special_factories=True)
    position = state.to_dict()
    assert position["special_factories"] == [None, None, None, "4", None, "3", None, "2W", "2P"]
    assert position["factories"][3] == "PPWW"
    family = family_for("chocolatier", position["options"])
    text = Messages("en")
    legend = [line.plain for line in family.legend(position, text)]
    assert "SN2W SN2P each pulled one praline of its colour from both neighbours" in legend
    assert "SN4 you share what you leave between factories 3 and 5" in legend
    seat = state.to_move[0]
    chooser = MoveChooser(family, state.legal_moves(seat), seat)
    assert chooser.type("4P1") is None
    choosing = chooser.choosing()
    labels = {family.option_label(position, choosing, token, text) for token in chooser.options()}
    assert labels == {"white ×2 → factory 3 · nothing → factory 5", "nothing → factory 3 · white ×2 → factory 5"}
    cells = family.factory_cells(position, View(text, choosing))
    numbers = [cell.get_style_at_offset(Console(), 0) for cell in cells]
    assert [index + 1 for index, style in enumerate(numbers) if style.reverse] == [3, 4, 5]
    assert [index + 1 for index, style in enumerate(numbers) if style.underline] == [4], "4: taken from"
    assert len({cell.cell_len for cell in cells}) == 1, "every factory's cell one width"
