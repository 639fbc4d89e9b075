"""The full-screen client (``mozaika play``) driven by Textual's pilot: whole games of every game and variant."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from layoutkit import layout_problems
from mozaika.notation.records import Record
from mozaika.terminal.app import Question

from terminalkit import ARTIFACTS, GAMES, game_name, last_round, new_app, play_whole_game, settle, type_notation

SIZES = [((80, 24), 2), ((100, 30), 4)]
WHOLE_GAMES = {("80x24-2p", "azul"), ("80x24-2p", "chocolatier-special_factories-on"), ("80x24-2p", "pavilion")}
"""The cases played from the first move: one whole game of each game, at the smallest window.

The other cases start at the last round of a seeded random game (its moves made without the app) and
play on from there to the end: a round's every kind of position, its summary and the game's end, at a
fraction of a whole game's cost (which was up to half a minute of a core a case)."""


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game_name(*entry) for entry in GAMES])
@pytest.mark.parametrize(("size", "players"), SIZES, ids=["80x24-2p", "100x30-4p"])
def test_a_whole_game_fits_the_screen(game: str, options: dict[str, Any], size: tuple[int, int], players: int) -> None:
    """A game to its end, by keys and by notation: nothing wraps or falls off the screen, every round is summed up."""
    case = (f"{size[0]}x{size[1]}-{players}p", game_name(game, options))
    start = 1 if case in WHOLE_GAMES else last_round(game, options, players, seed=11)

    async def play() -> None:
        app = new_app(game, options, players, seed=11, from_round=start)
        name = f"{game_name(game, options)}-{players}p-{size[0]}x{size[1]}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        async with app.run_test(size=size) as pilot:
            summaries, problems = await play_whole_game(app, pilot, seed=11, shots=ARTIFACTS / name)
            assert problems == []
            state = app.table.state
            assert state.is_over
            assert summaries == state.round - start + 1, "each round played here ends with its summary"
            await pilot.press("escape")
            await settle(app, pilot)
            app.save_screenshot(str(ARTIFACTS / f"{name}-end.svg"))

    asyncio.run(play())


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game_name(*entry) for entry in GAMES])
@pytest.mark.parametrize(("size", "players"), SIZES, ids=["80x24-2p", "100x30-4p"])
def test_every_turn_of_a_whole_game_is_planned_to_fit_the_screen(
    game: str, options: dict[str, Any], size: tuple[int, int], players: int
) -> None:
    """The rounds the pilot's cases above skip: at every turn of the person in a whole seeded game, the
    table's plan fits the window across and down (tests/layoutkit.py), from the first round's fullest middle."""
    assert layout_problems(game, options, players, size, seed=11) == []


def test_the_layout_check_reports_a_window_one_column_or_one_line_too_small() -> None:
    """The check above can fail: the first turn of four players' Azul, in the narrowest window it passes
    (with lines to spare), then the shortest at that width, and in one a column narrower or a line shorter."""
    width = next(w for w in range(20, 200) if not layout_problems("azul", {}, 4, (w, 60), seed=11, first=1))
    height = next(h for h in range(10, 60) if not layout_problems("azul", {}, 4, (width, h), seed=11, first=1))
    assert layout_problems("azul", {}, 4, (width - 1, height), seed=11, first=1) != []
    assert layout_problems("azul", {}, 4, (width, height - 1), seed=11, first=1) != []


def test_hint_undo_save_and_quit_by_keys(tmp_path: Path) -> None:
    """? shows the adviser's best moves with values, u takes back your move, s saves where asked, q offers to save
    what a save does not hold yet."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        app.save_dir = tmp_path
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            start = app.table.state.copy()
            await pilot.press("question_mark")
            await settle(app, pilot)
            assert re.match(r"Hint: \S+ \([+-]\d+\.\d\)", app.message_text.plain)
            await type_notation(app, pilot, str(start.legal_moves()[0]))
            await settle(app, pilot)
            assert len(app.table.state.history) > len(start.history)
            await pilot.press("u")
            await settle(app, pilot)
            assert app.message_text.plain == "Your last move is undone." and app.table.state == start
            await pilot.press("s")
            await pilot.press(*"saved.json", "enter")
            await settle(app, pilot)
            assert Record.from_json((tmp_path / "saved.json").read_text()).steps == [
                str(step) for step in start.history
            ]
            await type_notation(app, pilot, str(app.table.state.legal_moves(0)[0]))
            await settle(app, pilot)
            await pilot.press("q")
            await settle(app, pilot)
            assert isinstance(app.screen, Question), "a move since the save: q offers to save it"
            await pilot.press("escape")
            await settle(app, pilot)
            await pilot.press("s", "enter")
            await settle(app, pilot)
            await pilot.press("q")
            await settle(app, pilot)
            assert not isinstance(app.screen, Question), "right after a save, q quits without asking"
        assert app.return_code == 0

    asyncio.run(play())


def test_a_move_by_mouse() -> None:
    """Click a factory's first tile, then the pattern line it should go to: the move is played."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            factory = app.table.state.to_dict()["factories"][0]
            colour = min(factory, key="BYRKW".index)
            await pilot.click("#shared", offset=(4, 1))  # border, padding, "1 ", then the first tile
            assert app.chooser is not None and app.chooser.typed == f"1{colour}"
            before = len(app.table.state.history)
            await pilot.click("#mine", offset=(2, 5))  # row 5's number, beside its pattern line
            await settle(app, pilot)
            assert str(app.table.state.history[before]) == f"1{colour}5"

    asyncio.run(play())
