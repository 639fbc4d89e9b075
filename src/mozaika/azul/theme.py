"""Azul's five tile colours.

Azul and Master Chocolatier share every rule; a :class:`~mozaika.core.theme.Theme` is
all that differs: what the five colours are called, and the letters the notation
uses for them.  Colour ``i`` is the ``i``-th colour of the coloured wall's first
row (rule A-9).
"""

from __future__ import annotations

from mozaika.core.theme import Theme

COLOURS = 5
MARKER_LETTER = "1"
"""How the first-player marker is written on a floor line."""

AZUL_THEME = Theme(
    letters=("B", "Y", "R", "K", "W"),
    names_en=("blue", "yellow", "red", "black", "white"),
    names_cs=("modrá", "žlutá", "červená", "černá", "bílá"),
    hex_colours=("#1f62b5", "#f0c02f", "#c7352e", "#26262b", "#eeeee6"),
)

__all__ = ["AZUL_THEME", "COLOURS", "MARKER_LETTER", "Theme"]
