"""Master Chocolatier's own move and chance notation (docs/notation.md).

Everything Azul writes is written the same way here, with praline letters.  The
special factories variant adds two things:

* :class:`SplitTake` ``"4B3<NP>K"``: a take from SN4 says where the leftovers go:
  the colours after ``<`` to the previous neighbour (factory 3 here), those after
  ``>`` to the next one (factory 5) (rule M-3).
* :class:`SpecialFill` ``"fill:BBNP/KKWW*3/PPPN*2B/BWKN*1+K/NNNN"``: a factory fill
  in which ``*`` marks each special factory with its disc, and SN1's extra praline
  follows ``+`` (rule M-1).
"""

from __future__ import annotations

import re
from typing import Any

from mozaika.azul.moves import FactoryFill, TakeMove, parse_fill
from mozaika.chocolatier.discs import EXTRA_TILE, Disc, parse_disc
from mozaika.core.drawing import Draw, Groups
from mozaika.core.errors import NotationError
from mozaika.core.protocol import ChanceOutcome
from mozaika.core.theme import Theme


def colours_of(mask: int) -> list[int]:
    return [colour for colour in range(5) if mask >> colour & 1]


class SplitTake(TakeMove, identity=("source", "colour", "line", "to_previous", "to_next")):
    """A take from SN4 with the split of its leftovers (rule M-3).

    ``to_previous`` and ``to_next`` are colour bit masks: the leftover colours
    that go to the previous and to the next factory of the circle.
    """

    __slots__ = ("_theme", "to_next", "to_previous")

    def __init__(self, source: int, colour: int, line: int, theme: Theme, to_previous: int, to_next: int) -> None:
        self.to_previous = to_previous  # part of the identity that TakeMove hashes
        self.to_next = to_next
        super().__init__(source, colour, line, theme)
        self._theme = theme
        # Made in every search's move generation (then kept): only the sides that get tiles are spelled.
        if to_previous:
            self._text += "<" + theme.spell(colours_of(to_previous))
        if to_next:
            self._text += ">" + theme.spell(colours_of(to_next))

    def fields(self) -> dict[str, Any]:
        """A take's fields, with the leftovers sent to the previous and to the next factory (letters)."""
        spell = self._theme.spell
        return {
            **super().fields(),
            "to_previous": spell(colours_of(self.to_previous)),
            "to_next": spell(colours_of(self.to_next)),
        }


class SpecialFill(ChanceOutcome, identity=("factories", "discs", "extra")):
    """A round's start with special factories: the discs, the fill and SN1's extra praline (M-1)."""

    __slots__ = ("_theme", "discs", "draw", "extra", "factories", "groups")

    def __init__(
        self,
        factories: Groups,
        discs: tuple[Disc | None, ...],
        extra: tuple[int, ...],
        theme: Theme,
        draw: Draw | None = None,
    ) -> None:
        self.factories = factories
        """The four pralines drawn for each factory, before the special factories act."""
        self.discs = discs
        """The disc on each factory, None for an ordinary one."""
        self.extra = extra
        """SN1's extra praline (empty when bag and lid held nothing more, or without SN1)."""
        self._theme = theme
        self.draw = draw
        if draw is not None:
            groups = draw.groups
        elif any(disc is not None and disc.kind == EXTRA_TILE for disc in discs):
            groups = (*factories, extra)
        else:
            groups = factories
        self.groups: Groups = groups
        """Every group the bag was drawn for, in drawing order: the factories, then SN1's extra."""

    def __str__(self) -> str:
        parts = []
        for group, disc in zip(self.factories, self.discs, strict=True):
            text = self._theme.spell(group) or "-"
            if disc is not None:
                text += "*" + disc.text(self._theme)
                if disc.kind == EXTRA_TILE and self.extra:
                    text += "+" + self._theme.spell(self.extra)
            parts.append(text)
        return "fill:" + "/".join(parts)


_SPLIT = re.compile(r"^(.*?[1-5F])\s*((?:[<>]\s*[A-Z]+\s*)+)$", re.IGNORECASE)
_SPLIT_PART = re.compile(r"([<>])\s*([A-Z]+)\s*", re.IGNORECASE)
_FILL = re.compile(r"^fill\s*:\s*(.*)$", re.IGNORECASE)
_FILL_PART = re.compile(r"^([^*+]*?)\s*(?:\*\s*([^+]+?)\s*(?:\+\s*(.*))?)?$")


def split_notation(text: str) -> tuple[str, str | None]:
    """Separate ``"4B3<NP>K"`` into the take ``"4B3"`` and the split ``"<NP>K"`` (None if absent)."""
    match = _SPLIT.match(text.strip())
    if not match:
        return text, None
    return match.group(1), match.group(2)


def parse_split(text: str, theme: Theme) -> tuple[int, int]:
    """Read ``"<NP>K"`` as the colour masks sent to the previous and the next neighbour."""
    masks = {"<": 0, ">": 0}
    seen = 0
    for side, letters in _SPLIT_PART.findall(text):
        for colour in theme.tiles(letters):
            if seen >> colour & 1:
                raise NotationError(f"the split {text!r} names {theme.name(colour)} twice (M-3)")
            seen |= 1 << colour
            masks[side] |= 1 << colour
    return masks["<"], masks[">"]


def parse_special_fill(text: str, theme: Theme, factories: int) -> SpecialFill:
    """Read ``"fill:BBNP/KKWW*3/..."``: each factory's pralines, ``*disc`` and SN1's ``+extra``."""
    match = _FILL.match(text.strip())
    if not match:
        raise NotationError(f"{text!r} is not a factory fill: write 'fill:BBNP/KKWW*3/...'")
    parts = [part.strip() for part in match.group(1).split("/")]
    if len(parts) != factories:
        raise NotationError(f"a factory fill lists {factories} factories, not {len(parts)}")
    groups: list[tuple[int, ...]] = []
    discs: list[Disc | None] = []
    extra: tuple[int, ...] = ()
    for index, part in enumerate(parts):
        part_match = _FILL_PART.match(part)
        if not part_match:
            raise NotationError(f"factory {index + 1} of the fill is not readable: {part!r}")
        tiles_text, disc_text, extra_text = part_match.groups()
        colours = theme.tiles(tiles_text.strip())
        if len(colours) > 4:
            raise NotationError(f"a factory is filled with at most 4 pralines, not {len(colours)} ({part!r})")
        groups.append(tuple(sorted(colours)))
        disc = parse_disc(disc_text, theme) if disc_text is not None else None
        discs.append(disc)
        if extra_text is not None:
            if disc is None or disc.kind != EXTRA_TILE:
                raise NotationError(f"only SN1 draws an extra praline ('+'), not factory {index + 1} (M-1)")
            extra_colours = theme.tiles(extra_text.strip())
            if len(extra_colours) > 1:
                raise NotationError(f"SN1 draws one extra praline, not {len(extra_colours)} (M-1)")
            extra = tuple(extra_colours)
    return SpecialFill(tuple(groups), tuple(discs), extra, theme)


def parse_plain_fill(text: str, theme: Theme, factories: int) -> FactoryFill:
    """Read a fill without special factories, refusing ``*`` markers."""
    if "*" in text:
        raise NotationError("this game is played without special factories, so a fill marks none ('*') (M-1)")
    return parse_fill(text, theme, factories)
