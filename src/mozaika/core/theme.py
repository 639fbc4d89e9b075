"""How a game names and shows its tile colours: letters, English and Czech names, display colours.

A :class:`Theme` is plain data shared by the engines (notation), the clients (what
a tile is called and how it is drawn) and the records.  Colour ``i`` of a theme is
the engine's colour index ``i``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from mozaika.core.errors import NotationError


def fold(text: str) -> str:
    """Lower case without accents, so that "cervena" finds "červená"."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True, eq=False)
class Theme:
    """The names of a game's tile colours (compared by identity: one object per game)."""

    letters: tuple[str, ...]
    names_en: tuple[str, ...]
    names_cs: tuple[str, ...]
    hex_colours: tuple[str, ...]
    """How clients paint each colour, ``#rrggbb``."""
    extra_aliases: dict[str, int] = field(default_factory=dict)
    """More names a player may type for a colour (e.g. an Azul colour name for a praline)."""
    _lookup: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        count = len(self.letters)
        if not len(self.names_en) == len(self.names_cs) == len(self.hex_colours) == count:
            raise ValueError("a theme needs a letter, two names and a display colour for every colour")
        lookup: dict[str, int] = {}
        for colour in range(count):
            for alias in (self.letters[colour], self.names_en[colour], self.names_cs[colour]):
                lookup[fold(alias)] = colour
        for alias, colour in self.extra_aliases.items():
            lookup[fold(alias)] = colour
        if len({fold(letter) for letter in self.letters}) != count:
            raise ValueError("colour letters must differ")
        object.__setattr__(self, "_lookup", lookup)

    @property
    def colours(self) -> int:
        """How many colours the game has."""
        return len(self.letters)

    def colour(self, text: str) -> int:
        """The colour index named by a letter or an English or Czech name."""
        try:
            return self._lookup[fold(text)]
        except KeyError:
            known = ", ".join(f"{letter} ({name})" for letter, name in zip(self.letters, self.names_en, strict=True))
            raise NotationError(f"unknown colour {text!r}; the colours are {known}") from None

    def letter(self, colour: int) -> str:
        return self.letters[colour]

    def name(self, colour: int, language: str = "en") -> str:
        """The colour's name in ``"en"`` or ``"cs"``."""
        return (self.names_cs if language == "cs" else self.names_en)[colour]

    def tiles(self, text: str) -> list[int]:
        """Colour indices from a string of letters (``"BBYR"``); ``"-"`` or ``""`` is none."""
        if text in ("", "-"):
            return []
        return [self.colour(letter) for letter in text]

    def spell(self, colours: list[int] | tuple[int, ...]) -> str:
        """The letters of some tiles, in the order given."""
        return "".join(self.letters[colour] for colour in colours)

    def to_dict(self) -> dict[str, list[str]]:
        """The theme for clients: letters, names and display colours by colour index."""
        return {
            "letters": list(self.letters),
            "en": list(self.names_en),
            "cs": list(self.names_cs),
            "hex": list(self.hex_colours),
        }
