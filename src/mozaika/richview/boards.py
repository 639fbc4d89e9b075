"""Rich renderables for Azul-family positions: the table (factories, centre, supply) and the players' boards."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from mozaika.i18n import Messages
from mozaika.registry import game_spec
from mozaika.theme import Theme

MARKER_LETTER = "1"
MARKER_STYLE = "bold black on bright_cyan"


def _ink(hex_colour: str) -> str:
    """Black or white letters, whichever reads better on this background."""
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "white"


def tile_styles(theme: Theme | None) -> dict[str, str]:
    """A Rich style per colour letter, from the theme's display colours."""
    styles = {MARKER_LETTER: MARKER_STYLE}
    if theme is not None:
        for letter, hex_colour in zip(theme.letters, theme.hex_colours, strict=True):
            styles[letter] = f"bold {_ink(hex_colour)} on {hex_colour}"
    return styles


def tile_text(letters: str, styles: dict[str, str]) -> Text:
    """Tiles as coloured letters, so that colour-blind players can read them too; ``.`` is an empty space."""
    text = Text()
    for letter in letters:
        if letter == ".":
            text.append(" · ", style="dim")
        else:
            text.append(f" {letter} ", style=styles.get(letter, "bold"))
    return text


def position_table(
    position: dict[str, Any], names: list[str], text: Messages | None = None, to_move: tuple[int, ...] = ()
) -> Table:
    """Every player's board and score, side by side (pattern lines, wall and floor, or stars and hand)."""
    text = text or Messages("en")
    spec = game_spec(position["game"])
    styles = tile_styles(spec.theme)
    table = Table(title=text("title", game=text(f"game_{spec.id}"), round=position["round"]), show_lines=True)
    table.add_column("")
    for seat, name in enumerate(names):
        header = f"{name} ◀ {text('to_move')}" if seat in to_move else name
        table.add_column(header)
    boards = position["boards"]
    if "stars" in boards[0]:
        _add_stars(table, boards, styles, text)
    else:
        _add_walls(table, position, styles, text)
    table.add_row(text("score"), *[Text(str(board["score"]), style="bold") for board in boards])
    return table


def _add_stars(table: Table, boards: list[dict[str, Any]], styles: dict[str, str], text: Messages) -> None:
    """Summer Pavilion: each star's six slots (slot 1 first), then the tiles in hand."""
    for star in boards[0]["stars"]:
        label = text("centre_star") if star == "C" else text("star", name=star)
        table.add_row(label, *[tile_text(board["stars"][star], styles) for board in boards])
    hands = []
    for board in boards:
        hand = tile_text(board["hand"], styles)
        if board["passed"]:
            hand.append(f"  ({text('passed')})", style="dim")
        hands.append(hand)
    table.add_row(text("hand"), *hands)


def _add_walls(table: Table, position: dict[str, Any], styles: dict[str, str], text: Messages) -> None:
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
            floor.append(f"  {text('sn5')} ")
            floor.append_text(tile_text(position["sn5_praline"] or ".", styles))
        floors.append(floor)
    table.add_row(text("floor"), *floors)


def table_view(position: dict[str, Any], text: Messages | None = None) -> Group:
    """What lies between the players: the factories in their circle, the centre, and Summer Pavilion's supply."""
    text = text or Messages("en")
    spec = game_spec(position["game"])
    styles = tile_styles(spec.theme)
    parts: list[Any] = []
    if "wild" in position and spec.theme is not None:
        wild = spec.theme.colour(position["wild"])
        parts.append(
            Text.assemble(
                text("wild", colour=spec.theme.name(wild, text.language)), " ", tile_text(position["wild"], styles)
            )
        )
    specials = position.get("special_factories") or [None] * len(position["factories"])
    cells = []
    for index, (tiles, disc) in enumerate(zip(position["factories"], specials, strict=True)):
        label = Text(f"{index + 1}", style="bold")
        if disc is not None:
            label.append(f" SN{disc}", style="bold yellow")
        cells.append(Text.assemble(label, " ", tile_text(tiles or ".", styles)))
    # The factories' circle: the first half left to right, the rest back right to left, the centre inside.
    half = (len(cells) + 1) // 2
    top, bottom = cells[:half], cells[half:][::-1]
    ring = Table.grid(padding=(0, 2))
    for _ in range(half):
        ring.add_column()
    ring.add_row(*top)
    centre = tile_text(position["centre"], styles)
    if position.get("marker_in_centre"):
        centre.append_text(tile_text(MARKER_LETTER, styles))
    ring.add_row(Text.assemble(Text(f"C {text('centre')}: ", style="bold"), centre), *[""] * (half - 1))
    ring.add_row(*bottom, *[""] * (half - len(bottom)))
    parts.append(Text(text("factories"), style="bold underline"))
    parts.append(ring)
    if "supply" in position:
        parts.append(Text.assemble(Text(f"{text('supply')}: ", style="bold"), tile_text(position["supply"], styles)))
    return Group(*parts)
