"""Rich drawings of Azul-family positions, shared by the text clients (``mozaika play``, ``mozaika replay``).

They read positions as :meth:`State.to_dict` writes them and the printed boards
of the game catalogue, so they draw every game through its board family
(walls or stars) without knowing its engine.
"""

from mozaika.richview.boards import (
    board_panel,
    board_title,
    breakdown_table,
    family_for,
    fitting_boards,
    heading,
    position_family,
    position_view,
    round_summary,
)
from mozaika.richview.family import BoardFamily, Choosing, View
from mozaika.richview.palette import TERMINAL_COLOURS, Painter, contrast

__all__ = [
    "TERMINAL_COLOURS",
    "BoardFamily",
    "Choosing",
    "Painter",
    "View",
    "board_panel",
    "board_title",
    "breakdown_table",
    "contrast",
    "family_for",
    "fitting_boards",
    "heading",
    "position_family",
    "position_view",
    "round_summary",
]
