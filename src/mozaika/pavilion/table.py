"""Summer Pavilion's numbers: factories, tiles, the supply, the phases and the chance events (S-1..S-12)."""

from __future__ import annotations

from mozaika.pavilion.theme import COLOURS

FACTORIES = {2: 5, 3: 7, 4: 9}
"""Factories by player count (rule F-1)."""
TILES_PER_COLOUR = 22
SUPPLY_SIZE = 10
KEEP_MOST = 4
"""S-11: at most four tiles are kept when passing (none in the last round)."""

CHANCE, ACQUIRE, PLACE, PICK, OVER = range(5)
MASK_COLOURS = tuple(tuple(colour for colour in range(COLOURS) if mask >> colour & 1) for mask in range(1 << COLOURS))
"""The colours in a colour bit mask."""

PHASE_NAMES = ("chance", "acquisition", "placement", "bonus", "over")
SETUP, FILL, REFILL = range(3)
CHANCE_NAMES = ("setup", "fill", "refill")
"""The pending chance event: the first supply (S-4), a factory fill (S-4, S-12), a supply refill (S-10)."""


def colour_mask(counts: list[int]) -> int:
    """The colours present in some tile counts, as a bit mask."""
    mask = 0
    for colour in range(COLOURS):
        if counts[colour]:
            mask |= 1 << colour
    return mask
