"""The bots choose exactly the moves they chose before each game's search settings moved into its
registration: seeded games of every level in every game, against ``tests/golden/bot_moves.json``
(written by ``benchmarks/golden.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from goldenkit import BOT_GAMES, GOLDEN, bot_moves

RECORDED: list[dict[str, Any]] = json.loads((GOLDEN / "bot_moves.json").read_text())


def test_the_golden_file_holds_every_case_and_every_level() -> None:
    assert [{key: case[key] for key in ("game", "options", "bots", "seed")} for case in RECORDED] == BOT_GAMES
    levels = {name.partition("@")[0] for case in BOT_GAMES for name in case["bots"]}
    assert levels == {"beginner", "easy", "medium", "hard", "expert"}
    assert {case["game"] for case in BOT_GAMES} == {"azul", "chocolatier", "pavilion"}


@pytest.mark.parametrize("case", RECORDED, ids=lambda case: f"{case['game']}-{'-'.join(case['bots'])}")
def test_every_level_chooses_the_recorded_moves(case: dict[str, Any]) -> None:
    assert bot_moves(case) == case["moves"]
