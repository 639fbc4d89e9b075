"""What an Azul table holds: tiles (F-4) and the phases of a round (A-2); the factories are the offer's (F-1)."""

from __future__ import annotations

TILES_PER_COLOUR = 20

DRAFT, TILING, CHANCE, OVER = range(4)
"""The phases: the factory offer, the grey wall's column choices, the factory fill, the end (A-2, A-10, A-11)."""
PHASE_NAMES = ("offer", "tiling", "chance", "over")
"""How the phases are written in positions."""
