"""Four players of every game at 80x24, and a table whose places hold: the plans of every frame of whole games
(tests/layoutkit.py, without running Textual per frame), the factories' places frame to frame, the heading."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from rich.console import Console

import mozaika
from layoutkit import factory_places, fitting, frame_of, layout_problems
from mozaika.i18n import Messages
from mozaika.terminal.layout import plan_table
from mozaika.terminal.widgets import Heading

from terminalkit import GAMES, game_name, new_app, settle


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game_name(*entry) for entry in GAMES])
def test_four_players_at_80x24_every_frame_of_a_whole_game_is_planned_to_fit(
    game: str, options: dict[str, object]
) -> None:
    """Every frame of a whole four-player game, the bots' moves as well as the person's turns, planned at
    80x24 (tests/layoutkit.py): nothing wraps or falls off the screen, and within a round the factories keep
    their lines and columns and the middle its height (the centre's room is kept from the round's start)."""
    assert layout_problems(game, options, 4, (80, 24), seed=5, every_frame=True) == []


def test_the_factories_stand_in_fixed_columns_whatever_they_hold() -> None:
    """The middle's grid does not follow what the factories hold: after a take empties one and fills the
    centre, every factory's number stands where it stood (the check above finds each of them)."""
    text = Messages("en")
    console = Console(width=400)
    state = mozaika.new_game("chocolatier", players=4, seed=5, special_factories=True)
    names = ["Player 1", "random 2", "random 3", "random 4"]
    before = plan_table(frame_of(state, names, text), 80, 24, console)
    places = factory_places(console, before)
    assert sorted(places) == list(range(1, 10))
    assert len({column for _, column in places.values()}) == 4, "four factories to a line at 80 columns"
    biggest = max(range(9), key=lambda index: len(state.to_dict()["factories"][index]))
    take = next(move for move in state.legal_moves() if move.fields().get("source") == biggest + 1)
    state.play(take)
    after = plan_table(frame_of(state, names, text), 80, 24, console, shared_floor=before.shared_height)
    assert after.shared_height == before.shared_height
    assert factory_places(console, after) == places


def test_the_heading_names_the_game_and_keeps_names_and_scores_apart_at_80_columns() -> None:
    """Four players at 80x24: the game is named (by its short name where the full one does not fit), and each
    player reads ``name: score``, so that ``random 2`` with 0 points is not ``random 2 0``."""

    async def play() -> None:
        app = new_app("chocolatier", {"special_factories": True}, 4, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            shown = str(app.table_screen.query_one(Heading).render())
            assert shown.startswith("Chocolatier · round 1  Player 1: 0  random 2: 0  random 3: 0  random 4: 0")
            await pilot.resize_terminal(120, 30)
            await pilot.pause()
            assert str(app.table_screen.query_one(Heading).render()).startswith("Azul: Master Chocolatier · round 1")

    asyncio.run(play())


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game_name(*entry) for entry in GAMES])
def test_four_people_at_one_keyboard_fit_80x24_whoever_moves(game: str, options: dict[str, object]) -> None:
    """At one keyboard the boards keep their seats' order: the ones before the person to move stand left of
    their board, in short side by side as the others do, so that four people fit 80x24 at every seat."""
    text = Messages("en")
    console = Console(width=400)
    state = mozaika.new_game(game, players=4, seed=11, **options)
    frame = frame_of(state, ["Anna Nováková", "Bohumil", "Cyril", "Dana"], text)
    for viewer in range(4):
        plan = plan_table(replace(frame, viewer=viewer, seat_order=True), 80, 24, console)
        assert plan.needed is None, (viewer, plan.needed)
        assert fitting(console, plan, 80, 24, f"seat {viewer + 1}", text) == []
