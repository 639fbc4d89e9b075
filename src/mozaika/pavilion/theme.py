"""Summer Pavilion's six tile colours, its star names and the wild colour of each round (S-1, S-4)."""

from __future__ import annotations

from mozaika.core.theme import Theme

COLOURS = 6
ORANGE, RED, BLUE, YELLOW, GREEN, PURPLE = range(COLOURS)

PAVILION_THEME = Theme(
    letters=("O", "R", "B", "Y", "G", "P"),
    names_en=("orange", "red", "blue", "yellow", "green", "purple"),
    names_cs=("oranžová", "červená", "modrá", "žlutá", "zelená", "fialová"),
    hex_colours=("#ef7d22", "#cf2f36", "#2f6fbf", "#f2c933", "#3f9a4a", "#7d4a9e"),
    extra_aliases={"violet": PURPLE},
)

WILD_BY_ROUND = (PURPLE, GREEN, ORANGE, YELLOW, BLUE, RED)
"""The wild colour of rounds 1-6 (S-4)."""
ROUNDS = len(WILD_BY_ROUND)
