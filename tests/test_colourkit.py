"""The colour difference the browser tests measure with agrees with the published CIEDE2000 data."""

from __future__ import annotations

import pytest

from colourkit import delta_e, delta_e_lab

# Pairs from Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data, and mathematical observations" (2005), with their differences.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_ciede2000_matches_the_published_pairs(
    first: tuple[float, float, float], second: tuple[float, float, float], expected: float
) -> None:
    assert delta_e_lab(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e_lab(second, first) == pytest.approx(expected, abs=1e-4)


def test_identical_colours_differ_by_nothing_and_black_from_white_by_a_hundred() -> None:
    assert delta_e((120, 80, 40), (120, 80, 40)) == 0
    assert delta_e((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=0.01)
