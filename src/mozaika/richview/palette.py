"""How tiles look in a terminal: one colour per tile letter, and a letter on every tile.

The games' display colours (``Theme.hex_colours``) are made for the browser; a
terminal may show only 256 or 16 colours, where Rich picks the nearest one, and
there Azul's red fell next to its yellow. The colours below are chosen from the
xterm-256 palette, so they show the same in true colour and in 256 colours, and
each game's colours fall on different ones of the 16 basic colours. Master
Chocolatier's pralines keep a contrast of at least 1.5 against black and white,
so every praline stays visible on a dark and on a light terminal.

Colour is never the only cue: a placed tile is its capital letter on the
colour, a space printed with a colour is that colour's small letter, so a
terminal without colour (``NO_COLOR``) shows every tile too.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from mozaika.catalogue.registry import game_spec

TERMINAL_COLOURS: dict[str, dict[str, str]] = {
    # Azul: blue, yellow, red, black, white (16 colours: 12, 11, 1, 8, 7).
    "azul": {"B": "#005fd7", "Y": "#ffd700", "R": "#d70000", "K": "#444444", "W": "#c6c6c6"},
    # Master Chocolatier: blue, brown (milk), pink (ruby), black (dark), white (16 colours: 12, 3, 13, 1, 7).
    "chocolatier": {"B": "#5f87d7", "N": "#875f00", "P": "#ff87af", "K": "#870000", "W": "#d7af87"},
    # Summer Pavilion: orange, red, blue, yellow, green, purple (16 colours: 3, 1, 12, 11, 2, 5).
    "pavilion": {"O": "#d75f00", "R": "#d70000", "B": "#005fd7", "Y": "#ffd700", "G": "#00af00", "P": "#8700af"},
}
MARKER = "1"
"""The first-player marker, as positions write it on a floor line."""
MARKER_COLOUR = "#5fd7d7"
TARGET_STYLE = Style(bold=True, reverse=True)
"""A space the chosen tiles may go to (reverse video shows without colour too)."""
CHOSEN_STYLE = Style(bold=True, underline=True)
PRINTED_GREY = "#8a8a8a"
PRINTED_SHARE = 0.55


def luminance(hex_colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour (WCAG 2)."""

    def channel(value: int) -> float:
        linear = value / 255
        return linear / 12.92 if linear <= 0.03928 else ((linear + 0.055) / 1.055) ** 2.4

    red, green, blue = (int(hex_colour[index : index + 2], 16) for index in (1, 3, 5))
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours, 1 (none) to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def mix(hex_colour: str, other: str, share: float) -> str:
    """``share`` of ``hex_colour`` with the rest of ``other``."""
    channels = (
        round(share * int(hex_colour[index : index + 2], 16) + (1 - share) * int(other[index : index + 2], 16))
        for index in (1, 3, 5)
    )
    return "#" + "".join(f"{channel:02x}" for channel in channels)


def ink(hex_colour: str) -> str:
    """Black or white letters, whichever reads better on this colour."""
    return "#000000" if contrast(hex_colour, "#000000") >= contrast(hex_colour, "#ffffff") else "#ffffff"


class Painter:
    """Draws one game's tiles as Rich text: placed tiles, printed spaces, empty spaces."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.theme = game_spec(game_id).theme
        self.colours = dict(TERMINAL_COLOURS.get(game_id, {}))
        self.colours[MARKER] = MARKER_COLOUR
        # A board is thousands of tiles a second while a game is shown: each letter's styles made once.
        self._tile_styles: dict[str, Style] = {}
        self._printed_styles: dict[str, Style] = {}

    def colour_name(self, letter: str, language: str) -> str:
        if self.theme is None or letter not in self.theme.letters:
            return letter
        return self.theme.name(self.theme.letters.index(letter), language)

    def tile_style(self, letter: str) -> Style:
        style = self._tile_styles.get(letter)
        if style is None:
            colour = self.colours.get(letter)
            style = Style(bold=True) if colour is None else Style(bold=True, color=ink(colour), bgcolor=colour)
            self._tile_styles[letter] = style
        return style

    def tile(self, letter: str, width: int = 2, style: Style | None = None) -> Text:
        """A placed tile: its letter on its colour, ``width`` cells wide."""
        face = letter if width == 1 else f"{letter:^{width}}" if width > 2 else f"{letter} "
        base = self.tile_style(letter)
        return Text(face, style=base + style if style is not None else base)

    def printed(self, letter: str, width: int = 2, style: Style | None = None) -> Text:
        """A space printed with a colour and still empty: the colour's small letter, dim."""
        face = letter.lower() if width == 1 else f"{letter.lower()} "
        base = self._printed_styles.get(letter)
        if base is None:
            colour = self.colours.get(letter)
            # Mixed with a middle grey rather than dimmed: a dimmed black would vanish on a dark terminal.
            base = Style(color=mix(colour, PRINTED_GREY, PRINTED_SHARE)) if colour else Style(dim=True)
            self._printed_styles[letter] = base
        return Text(face, style=base + style if style is not None else base)

    def empty(self, width: int = 2, face: str = "·", style: Style | None = None) -> Text:
        """An empty space with nothing printed on it (a pattern line, a floor space, the grey wall)."""
        text = face if width == 1 else f"{face:<{width}}"
        return Text(text, style=Style(dim=True) + (style or Style()))

    def row(self, letters: str, width: int = 2, gap: str = " ") -> Text:
        """Tiles side by side (``.`` an empty space)."""
        text = Text()
        for index, letter in enumerate(letters):
            if index:
                text.append(gap)
            text.append_text(self.empty(width) if letter == "." else self.tile(letter, width))
        return text

    def sort(self, letters: str) -> str:
        """Tiles in the game's colour order, the marker first."""
        order = {MARKER: -1}
        if self.theme is not None:
            order.update({letter: index for index, letter in enumerate(self.theme.letters)})
        return "".join(sorted(letters, key=lambda letter: order.get(letter, 99)))
