"""Azul: Master Chocolatier: Azul's rules with pralines, and the special factories variant (M-1..M-5)."""

from __future__ import annotations

from mozaika.azul.kit import WALL_KIT
from mozaika.azul.strategy import WALL_STRATEGY
from mozaika.azul.wall import printed_board
from mozaika.chocolatier.discs import DISCS, Disc
from mozaika.chocolatier.learning import PRALINE_LEARNING
from mozaika.chocolatier.moves import SpecialFill, SplitTake
from mozaika.chocolatier.native import create_chocolatier, load_chocolatier
from mozaika.chocolatier.state import ChocolatierState, read_move
from mozaika.chocolatier.theme import PRALINE_THEME
from mozaika.core.spec import GameSpec, Guide, Option
from mozaika.core.strategy import SearchTuning

SPEC = GameSpec(
    id="chocolatier",
    title="Azul: Master Chocolatier",
    players=(2, 3, 4),
    options=(
        Option("box", ("coloured", "brown"), "the coloured box, or the brown box (the grey-wall rule A-10)"),
        Option("special_factories", (False, True), "play with the special factories (M-1..M-5)"),
    ),
    create=create_chocolatier,
    load=load_chocolatier,
    theme=PRALINE_THEME,
    board={**printed_board(PRALINE_THEME.letters), "discs": [disc.text(PRALINE_THEME) for disc in DISCS]},
    positions=WALL_KIT,
    strategy=WALL_STRATEGY,
    search=SearchTuning(own_weight=1.0, foresight=1.0),
    learning=PRALINE_LEARNING,
    read_move=read_move,
    guide=Guide(
        rules=("goal", "take", "lines", "floor", "tiling", "scoring", "end"),
        variant_rules={"special_factories": {True: ("special",)}, "box": {"brown": ("brown",)}},
        figures=("seven-points",),
        showcase="game-end",
    ),
)

__all__ = ["DISCS", "PRALINE_THEME", "ChocolatierState", "Disc", "SpecialFill", "SplitTake"]
