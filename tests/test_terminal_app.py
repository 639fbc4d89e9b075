"""The full-screen client (``mozaika play``) driven by Textual's pilot: whole games of every game and variant."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from terminalkit import ARTIFACTS, GAMES, game_name, new_app, play_whole_game, settle

SIZES = [((80, 24), 2), ((100, 30), 4)]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game_name(*entry) for entry in GAMES])
@pytest.mark.parametrize(("size", "players"), SIZES, ids=["80x24-2p", "100x30-4p"])
def test_a_whole_game_fits_the_screen(game: str, options: dict[str, Any], size: tuple[int, int], players: int) -> None:
    """A game to its end, by keys and by notation: nothing wraps or falls off the screen, every round is summed up."""

    async def play() -> None:
        app = new_app(game, options, players, seed=11)
        name = f"{game_name(game, options)}-{players}p-{size[0]}x{size[1]}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        async with app.run_test(size=size) as pilot:
            summaries, problems = await play_whole_game(app, pilot, seed=11, shots=ARTIFACTS / name)
            assert problems == []
            state = app.table.state
            assert state.is_over
            assert summaries == state.round
            await pilot.press("escape")
            await settle(app, pilot)
            app.save_screenshot(str(ARTIFACTS / f"{name}-end.svg"))

    asyncio.run(play())
