"""What an Azul table holds: factories by player count (F-1), tiles (F-4), and the phases of a round (A-2)."""

from __future__ import annotations

FACTORIES = {2: 5, 3: 7, 4: 9}
"""Factories by player count (rule F-1)."""
TILES_PER_COLOUR = 20
FACTORY_SIZE = 4

DRAFT, TILING, CHANCE, OVER = range(4)
"""The phases: the factory offer, the grey wall's column choices, the factory fill, the end (A-2, A-10, A-11)."""
PHASE_NAMES = ("offer", "tiling", "chance", "over")
"""How the phases are written in positions."""
