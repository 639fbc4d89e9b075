"""Azul: Summer Pavilion: the rules engine for the coloured and the colourless side (rules S-1..S-17)."""

from __future__ import annotations

from mozaika.core.offer import CENTRE
from mozaika.core.spec import GameSpec, Guide, Option
from mozaika.core.strategy import SearchTuning
from mozaika.pavilion.board import PavilionBoard
from mozaika.pavilion.geometry import printed_board
from mozaika.pavilion.kit import STAR_KIT
from mozaika.pavilion.learning import STAR_LEARNING
from mozaika.pavilion.moves import Pass, Pick, Place, SupplyDraw, Take, read_move
from mozaika.pavilion.native import create_pavilion, load_pavilion
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.strategy import STAR_STRATEGY
from mozaika.pavilion.theme import PAVILION_THEME, WILD_BY_ROUND

SPEC = GameSpec(
    id="pavilion",
    title="Azul: Summer Pavilion",
    players=(2, 3, 4),
    options=(
        Option("board", ("coloured", "colourless"), "the coloured stars, or the colourless variant (S-15..S-17)"),
    ),
    create=create_pavilion,
    load=load_pavilion,
    theme=PAVILION_THEME,
    board=printed_board(),
    positions=STAR_KIT,
    strategy=STAR_STRATEGY,
    search=SearchTuning(
        # A point of one's own besides the lead made the search weaker here: the lead alone counts.
        own_weight=0.0,
        # Hundreds of placements would keep the tree one move deep: it widens, the likeliest first,
        # and at the hard level fewer (costlier) iterations go as deep.
        widening=1.0,
        level_iterations={"hard": 400},
    ),
    learning=STAR_LEARNING,
    read_move=read_move,
    guide=Guide(
        rules=("goal", "take", "place", "scoring", "bonus", "pass", "end"),
        variant_rules={"board": {"colourless": ("colourless",)}},
        figures=("scoring", "bonus"),
        showcase="game-end",
    ),
)

__all__ = [
    "CENTRE",
    "PAVILION_THEME",
    "WILD_BY_ROUND",
    "Pass",
    "PavilionBoard",
    "PavilionState",
    "Pick",
    "Place",
    "SupplyDraw",
    "Take",
]
