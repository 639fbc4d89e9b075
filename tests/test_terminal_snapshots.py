"""Snapshots of the full-screen client (SVG, under ``__snapshots__``): each game at 80x24, four players of each
game at 100x30 and 80x24, two players at 60x20 and 120x40.

After a change that is meant to change a screen, look at the new screen and accept
it with ``pytest tests/test_terminal_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest

from terminalkit import GAMES, game_name, new_app

# A move half chosen, so that the screens show the highlighted targets too.
FIRST_STEPS = {"azul": ["enter", "right", "enter"], "chocolatier": ["enter", "enter"], "pavilion": ["right"]}


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game_name(*entry) for entry in GAMES])
def test_two_players_at_80x24(snap_compare: Any, game: str, options: dict[str, Any]) -> None:
    app = new_app(game, options, 2, seed=4)
    assert snap_compare(app, press=FIRST_STEPS[game], terminal_size=(80, 24))


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_four_players_at_100x30(snap_compare: Any, game: str) -> None:
    options = {"special_factories": True} if game == "chocolatier" else {}
    app = new_app(game, options, 4, seed=4)
    assert snap_compare(app, press=FIRST_STEPS[game], terminal_size=(100, 30))


def test_czech_at_80x24(snap_compare: Any) -> None:
    app = new_app("chocolatier", {"special_factories": True}, 2, seed=4, language="cs")
    assert snap_compare(app, press=["h"], terminal_size=(80, 24))


@pytest.mark.parametrize(("size", "game"), [((60, 20), "azul"), ((120, 40), "pavilion")], ids=["60x20", "120x40"])
def test_two_players_at_the_smallest_and_a_large_window(snap_compare: Any, size: tuple[int, int], game: str) -> None:
    app = new_app(game, {}, 2, seed=4)
    assert snap_compare(app, press=FIRST_STEPS[game], terminal_size=size)


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_four_players_at_80x24(snap_compare: Any, game: str) -> None:
    options = {"special_factories": True} if game == "chocolatier" else {}
    app = new_app(game, options, 4, seed=4)
    assert snap_compare(app, press=FIRST_STEPS[game], terminal_size=(80, 24))
