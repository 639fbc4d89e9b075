"""The nine special-factory discs of the special factories variant (rules M-1..M-5).

Each disc's special side is one of five kinds; SN2 comes in five copies, one per
praline colour.  In the notation a disc is written by its number, SN2 with its
colour letter: ``1``, ``2B``, ``3``, ``4``, ``5``.
"""

from __future__ import annotations

from dataclasses import dataclass

from mozaika.core.errors import NotationError
from mozaika.core.theme import Theme

EXTRA_TILE = 1
"""SN1: one extra praline from the bag after the fill (M-1)."""
PULL = 2
"""SN2: pulls one praline of its colour from each neighbour after the fill (M-1)."""
KEEP = 3
"""SN3: leftovers stay on the factory (M-2)."""
SPLIT = 4
"""SN4: the taker splits the leftovers between the two neighbours (M-3)."""
FLOOR_SPACE = 5
"""SN5: the taker keeps the disc as a penalty-free floor space (M-4)."""


@dataclass(frozen=True, slots=True)
class Disc:
    """One special side: its kind (1-5) and, for SN2, its colour."""

    kind: int
    colour: int | None = None

    def text(self, theme: Theme) -> str:
        """The notation: ``"3"``, or ``"2B"`` for a blue SN2."""
        return str(self.kind) if self.colour is None else f"{self.kind}{theme.letter(self.colour)}"


DISCS: tuple[Disc, ...] = (
    Disc(EXTRA_TILE),
    *(Disc(PULL, colour) for colour in range(5)),
    Disc(KEEP),
    Disc(SPLIT),
    Disc(FLOOR_SPACE),
)
"""The nine discs in the box."""


def parse_disc(text: str, theme: Theme) -> Disc:
    """Read a disc written ``1``, ``2B`` (or ``2blue``), ``3``, ``4`` or ``5``."""
    text = text.strip()
    if not text or text[0] not in "12345":
        raise NotationError(f"{text!r} is not a special factory: write 1, 2 with a colour (2B), 3, 4 or 5")
    kind = int(text[0])
    rest = text[1:].strip()
    if kind == PULL:
        if not rest:
            raise NotationError(f"SN2 needs its colour, e.g. '2{theme.letter(0)}'")
        return Disc(PULL, theme.colour(rest))
    if rest:
        raise NotationError(f"SN{kind} has no colour ({text!r})")
    return Disc(kind)
