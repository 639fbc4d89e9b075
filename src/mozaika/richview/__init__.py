"""Rich renderables of Azul-family positions, shared by the text clients (``mozaika replay``, ``mozaika play``).

They read positions as :meth:`State.to_dict` writes them, so they draw every game
without knowing its engine.
"""

from __future__ import annotations

from mozaika.richview.boards import position_table, table_view, tile_styles, tile_text

__all__ = ["position_table", "table_view", "tile_styles", "tile_text"]
