"""Colour names and letters of the Azul family's five tile colours.

Azul and Master Chocolatier share every rule; a :class:`Theme` is all that differs:
what the five colours are called, and the letters the notation uses for them.
Colour ``i`` is the ``i``-th colour of the coloured wall's first row (rule A-9).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from mozaika.errors import NotationError

COLOURS = 5
MARKER_LETTER = "1"
"""How the first-player marker is written on a floor line."""


def _fold(text: str) -> str:
    # Case- and accent-insensitive matching, so "cervena" finds "červená".
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True, eq=False)
class Theme:
    """The names of the five colours in one game of the family."""

    letters: tuple[str, ...]
    names_en: tuple[str, ...]
    names_cs: tuple[str, ...]
    extra_aliases: dict[str, int] = field(default_factory=dict)
    _lookup: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lookup: dict[str, int] = {}
        for colour in range(COLOURS):
            for alias in (self.letters[colour], self.names_en[colour], self.names_cs[colour]):
                lookup[_fold(alias)] = colour
        for alias, colour in self.extra_aliases.items():
            lookup[_fold(alias)] = colour
        object.__setattr__(self, "_lookup", lookup)

    def colour(self, text: str) -> int:
        """The colour index named by a letter or an English or Czech name."""
        try:
            return self._lookup[_fold(text)]
        except KeyError:
            known = ", ".join(f"{letter} ({name})" for letter, name in zip(self.letters, self.names_en, strict=True))
            raise NotationError(f"unknown colour {text!r}; the colours are {known}") from None

    def letter(self, colour: int) -> str:
        return self.letters[colour]

    def name(self, colour: int, language: str = "en") -> str:
        return (self.names_cs if language == "cs" else self.names_en)[colour]

    def tiles(self, text: str) -> list[int]:
        """Colour indices from a string of letters (``"BBYR"``); ``"-"`` or ``""`` is none."""
        if text in ("", "-"):
            return []
        return [self.colour(letter) for letter in text]

    def spell(self, colours: list[int] | tuple[int, ...]) -> str:
        """The letters of some tiles, in the order given."""
        return "".join(self.letters[colour] for colour in colours)


AZUL_THEME = Theme(
    letters=("B", "Y", "R", "K", "W"),
    names_en=("blue", "yellow", "red", "black", "white"),
    names_cs=("modrá", "žlutá", "červená", "černá", "bílá"),
)
