"""Summer Pavilion's numbers: tiles, the supply, the phases and the chance events (S-1..S-12)."""

from __future__ import annotations

TILES_PER_COLOUR = 22
SUPPLY_SIZE = 10
KEEP_MOST = 4
"""S-11: at most four tiles are kept when passing (none in the last round)."""

CHANCE, ACQUIRE, PLACE, PICK, OVER = range(5)

PHASE_NAMES = ("chance", "acquisition", "placement", "bonus", "over")
SETUP, FILL, REFILL = range(3)
CHANCE_NAMES = ("setup", "fill", "refill")
"""The pending chance event: the first supply (S-4), a factory fill (S-4, S-12), a supply refill (S-10)."""
