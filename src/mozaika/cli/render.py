"""Text rendering of Azul-family positions for the terminal (Rich markup)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from mozaika.registry import game_spec
from mozaika.theme import Theme

MARKER_STYLE = "bold black on bright_cyan"


def _ink(hex_colour: str) -> str:
    """Black or white letters, whichever reads better on this background."""
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "white"


def tile_styles(theme: Theme) -> dict[str, str]:
    """A Rich style per colour letter, from the theme's display colours."""
    styles = {
        letter: f"bold {_ink(hex_colour)} on {hex_colour}"
        for letter, hex_colour in zip(theme.letters, theme.hex_colours, strict=True)
    }
    styles["1"] = MARKER_STYLE
    return styles


def tile_text(letters: str, styles: dict[str, str]) -> Text:
    """Tiles as coloured letters, so that colour-blind players can read them too."""
    text = Text()
    for letter in letters:
        if letter == ".":
            text.append(" · ", style="dim")
        else:
            text.append(f" {letter} ", style=styles.get(letter, "bold"))
    return text


def position_table(position: dict[str, Any], names: list[str]) -> Table:
    """Every player's board and score, side by side."""
    spec = game_spec(position["game"])
    styles = tile_styles(spec.theme) if spec.theme is not None else {"1": MARKER_STYLE}
    table = Table(title=f"{spec.title} · round {position['round']}", show_lines=True)
    table.add_column("")
    for name in names:
        table.add_column(name)
    boards = position["boards"]
    if "stars" in boards[0]:
        _add_stars(table, boards, styles)
    else:
        _add_walls(table, position, styles)
    table.add_row("score", *[Text(str(board["score"]), style="bold") for board in boards])
    return table


def _add_stars(table: Table, boards: list[dict[str, Any]], styles: dict[str, str]) -> None:
    """Summer Pavilion: each star's six slots, then the tiles in hand."""
    for star in boards[0]["stars"]:
        label = "centre" if star == "C" else f"star {star}"
        table.add_row(label, *[tile_text(board["stars"][star], styles) for board in boards])
    table.add_row("hand", *[tile_text(board["hand"], styles) for board in boards])


def _add_walls(table: Table, position: dict[str, Any], styles: dict[str, str]) -> None:
    """Azul and Master Chocolatier: pattern lines and wall, then the floor line."""
    boards = position["boards"]
    for row in range(5):
        cells = []
        for board in boards:
            line = board["lines"][row]
            pad = Text(" · " * (row + 1 - len(line)), style="dim")
            cell = Text.assemble(pad, tile_text(line, styles), Text("  →  "), tile_text(board["wall"][row], styles))
            cells.append(cell)
        table.add_row(str(row + 1), *cells)
    floors = []
    for seat, board in enumerate(boards):
        floor = tile_text(board["floor"], styles)
        if position.get("sn5_holder") == seat:  # Master Chocolatier's SN5 disc (M-4)
            floor.append("  SN5 ")
            floor.append_text(tile_text(position["sn5_praline"] or ".", styles))
        floors.append(floor)
    table.add_row("floor", *floors)
