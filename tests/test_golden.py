"""The golden files of ``tests/golden/``, one per variant: both engines count the same legal moves
from seeded positions (perft) and end seeded random games with the same scores as the files say.

The differential tests hold the native core to the Python engine; these hold both to numbers
written down once (``benchmarks/golden.py``), so they also catch a bug both engines share, or a
change of the rules that was not meant (F-1 player counts, A-10 and S-16 variants, M-1..M-5).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from goldenkit import GOLDEN, variant_golden, variant_name, variants
from mozaika.core import engine as engines

VARIANTS = variants()
ENGINES = ["python", "native"]


def test_every_variant_has_its_golden_file_and_no_other_is_there() -> None:
    named = {f"{variant_name(game, options)}.json" for game, options in VARIANTS}
    assert len(named) == len(VARIANTS) == 8
    kept = {path.name for path in GOLDEN.glob("*.json")} - {"bot_moves.json"}
    assert kept == named


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=[variant_name(*variant) for variant in VARIANTS])
def test_the_engine_gives_the_golden_counts_and_scores(game: str, options: dict[str, Any], engine: str) -> None:
    if engine == "native" and not engines.is_built():
        if os.environ.get("MOZAIKA_REQUIRE_NATIVE"):
            pytest.fail("MOZAIKA_REQUIRE_NATIVE is set, but the native core is not built")
        pytest.skip("the native core is not built here")
    golden = json.loads((GOLDEN / f"{variant_name(game, options)}.json").read_text())
    found = variant_golden(game, options, engine)
    assert found["perft"] == golden["perft"]
    assert found["games"] == golden["games"]
    assert found == golden
    # Every player count the game allows (F-1) is there, and some positions are counted two moves deep.
    assert {entry["players"] for entry in golden["perft"]} == {2, 3, 4}
    assert any(len(entry["counts"]) == 2 for entry in golden["perft"])
