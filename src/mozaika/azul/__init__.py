"""Azul: the rules engine for the coloured wall and the grey-wall variant (rules A-1..A-13)."""

from __future__ import annotations

from functools import partial

from mozaika.azul.board import MARKER, Board
from mozaika.azul.kit import WALL_KIT
from mozaika.azul.learning import WALL_LEARNING
from mozaika.azul.moves import FLOOR, FactoryFill, TakeMove, WallMove, read_move
from mozaika.azul.native import create_azul, load_azul
from mozaika.azul.state import AzulState
from mozaika.azul.strategy import WALL_STRATEGY
from mozaika.azul.theme import AZUL_THEME
from mozaika.azul.wall import printed_board
from mozaika.core.offer import CENTRE
from mozaika.core.spec import GameSpec, Guide, Option
from mozaika.core.strategy import SearchTuning
from mozaika.core.theme import Theme

SPEC = GameSpec(
    id="azul",
    title="Azul",
    players=(2, 3, 4),
    options=(Option("wall", ("coloured", "grey"), "the coloured wall, or the grey wall variant (A-10)"),),
    create=create_azul,
    load=load_azul,
    theme=AZUL_THEME,
    board=printed_board(AZUL_THEME.letters),
    positions=WALL_KIT,
    strategy=WALL_STRATEGY,
    search=SearchTuning(
        # With lead alone, two searching bots spend their moves spoiling each other's pattern
        # lines and both finish far below what they could score: a point of one's own keeps them building.
        own_weight=1.0,
        foresight=1.0,
        # A bigger gain valued more nearly in proportion to its points than as a near-certain win.
        margin=16.0,
    ),
    learning=WALL_LEARNING,
    read_move=partial(read_move, theme=AZUL_THEME),
    guide=Guide(
        rules=("goal", "take", "lines", "floor", "tiling", "scoring", "end"),
        variant_rules={"wall": {"grey": ("grey",)}},
        figures=("seven-points",),
        showcase="bonuses",
    ),
)

__all__ = [
    "AZUL_THEME",
    "CENTRE",
    "FLOOR",
    "MARKER",
    "AzulState",
    "Board",
    "FactoryFill",
    "TakeMove",
    "Theme",
    "WallMove",
]
