"""Master Chocolatier's five praline colours (ruling R-7).

The rulebook names blue, brown, black and white pralines; the fifth is pink.  They
map one-to-one onto Azul's wall order (blue, yellow, red, black, white), so every
Azul rule applies unchanged: brown takes yellow's place and pink takes red's.

The display colours are told apart from one another and from the caramel plates the
browser draws them on (a CIEDE2000 difference of 20 at least, measured by the browser
tests), so the brown and the black pralines never melt into their board.
"""

from __future__ import annotations

from mozaika.core.theme import Theme

PRALINE_THEME = Theme(
    letters=("B", "N", "P", "K", "W"),
    names_en=("blue", "brown", "pink", "black", "white"),
    names_cs=("modrá", "hnědá", "růžová", "černá", "bílá"),
    hex_colours=("#3f7cc4", "#7a4a2a", "#e58fb1", "#231510", "#fbf7ef"),
    extra_aliases={
        "milk": 1,
        "mléčná": 1,
        "ruby": 2,
        "rubínová": 2,
        "dark": 3,
        "hořká": 3,
        "tmavá": 3,
    },
)
