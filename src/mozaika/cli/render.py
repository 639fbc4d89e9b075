"""Text rendering of Azul-family positions for the terminal (Rich markup)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

_STYLES = {
    "B": "bold white on blue",
    "Y": "bold black on yellow",
    "R": "bold white on red",
    "K": "bold white on grey23",
    "W": "bold black on white",
    "1": "bold black on bright_cyan",
}


def tile_text(letters: str) -> Text:
    """Tiles as coloured letters, so that colour-blind players can read them too."""
    text = Text()
    for letter in letters:
        if letter == ".":
            text.append(" · ", style="dim")
        else:
            text.append(f" {letter} ", style=_STYLES.get(letter, "bold"))
    return text


def position_table(position: dict[str, Any], names: list[str]) -> Table:
    """Every player's pattern lines, wall, floor and score, side by side."""
    table = Table(title=f"{position['game']} · round {position['round']}", show_lines=True)
    table.add_column("")
    for name in names:
        table.add_column(name)
    boards = position["boards"]
    for row in range(5):
        cells = []
        for board in boards:
            line = board["lines"][row]
            pad = Text(" · " * (row + 1 - len(line)), style="dim")
            cell = Text.assemble(pad, tile_text(line), Text("  →  "), tile_text(board["wall"][row]))
            cells.append(cell)
        table.add_row(str(row + 1), *cells)
    table.add_row("floor", *[tile_text(board["floor"]) for board in boards])
    table.add_row("score", *[Text(str(board["score"]), style="bold") for board in boards])
    return table
