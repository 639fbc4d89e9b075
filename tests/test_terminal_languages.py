"""The terminal client in every language: four players' last round and the result of each game fit 80x24,
every frame as planned, with no text cut (the layout checks of terminalkit.play_whole_game)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from mozaika.i18n import LANGUAGES

from terminalkit import ARTIFACTS, last_round, new_app, play_whole_game

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("azul", {"wall": "grey"}),
    ("chocolatier", {"special_factories": True}),
    ("pavilion", {}),
]


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_the_last_round_and_the_result_fit_80x24_in_every_language(language: str) -> None:
    async def play(game: str, options: dict[str, Any]) -> None:
        start = last_round(game, options, 4, seed=7)
        app = new_app(game, options, 4, seed=7, language=language, from_round=start)
        async with app.run_test(size=(80, 24)) as pilot:
            shots = ARTIFACTS / f"terminal-{game}-4p-80x24-{language}"
            summaries, problems = await play_whole_game(app, pilot, seed=7, shots=shots)
            assert problems == [], f"{game} in {language}: {problems}"
            assert app.table.state.is_over and summaries >= 1

    for game, options in GAMES:
        asyncio.run(play(game, options))
