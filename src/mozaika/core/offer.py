"""The factory offer that opens every round of every game of the family (F-1, A-3, S-5).

Tiles lie on the factories and in the centre of the table.  A player takes every
tile of one colour from one source; the rest of a factory goes to the centre; the
first to take from the centre takes the first-player marker with them.  What each
game adds (where the taken tiles go, what the marker costs, Summer Pavilion's wild
tile, Master Chocolatier's special factories) stays in the game.

:class:`FactoryOffer` keeps this part of a position, with one set of names for
every game: ``factories`` and ``centre`` (tile counts by colour), ``masks`` (the
colours on each factory, then in the centre, as bit masks, kept for move
generation), ``marker_in_centre``, ``marker_holder``, ``tiles_on_table``, ``turn``
and ``starter``.  The engines inherit it so that their hot loops read these as
plain attributes.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from mozaika.core.copies import Copyable
from mozaika.core.protocol import Move, State

FACTORIES = {2: 5, 3: 7, 4: 9}
"""Factories by player count (rule F-1)."""
FACTORY_SIZE = 4
"""Tiles dealt to a factory (rule F-2)."""
CENTRE = -1
"""The source index of the centre of the table (the last entry of ``masks``)."""
MOST_COLOURS = 6

MASK_COLOURS = tuple(
    tuple(colour for colour in range(MOST_COLOURS) if mask >> colour & 1) for mask in range(1 << MOST_COLOURS)
)
"""The colours in a colour bit mask, in order."""


class OfferTake(Move):
    """Take every tile of ``colour`` from ``source`` (a factory index or :data:`CENTRE`), written ``2B`` or ``CB``.

    The move every game of the family offers (A-3, S-5); a game's take adds what
    follows (where the tiles go) and calls :meth:`_seal` once all its parts are set.
    """

    __slots__ = ("_hash", "_text", "colour", "letter", "source")

    def __init__(self, source: int, colour: int, letter: str) -> None:
        self.source = source
        self.colour = colour
        self.letter = letter
        """The colour's letter in the game's theme."""
        self._text = ("C" if source == CENTRE else str(source + 1)) + letter

    def _seal(self, suffix: str = "") -> None:
        """Finish the notation with ``suffix`` and make the hash.

        Searches look moves up in dictionaries all the time, so the hash is made once:
        of the identity's numbers only, so that it is the same in every process a
        pickled move may travel to.
        """
        self._text += suffix
        self._hash = hash(self._identity(self))

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:
        return self._hash

    def fields(self) -> dict[str, Any]:
        """``{"kind": "take", "source": 2 or "centre", "colour": "B"}``, and what the game's take adds."""
        return {"kind": "take", "source": "centre" if self.source == CENTRE else self.source + 1, "colour": self.letter}


def colour_mask(counts: list[int]) -> int:
    """The colours present in some tile counts, as a bit mask."""
    mask = 0
    for colour, count in enumerate(counts):
        if count:
            mask |= 1 << colour
    return mask


_DEALT: defaultdict[int, dict[tuple[int, ...], tuple[tuple[int, ...], int]]] = defaultdict(dict)
"""By the number of colours, a dealt group of tiles: its counts by colour and its colour mask
(memoised: a few hundred groups exist)."""


def _dealt(group: tuple[int, ...], colours: int) -> tuple[tuple[int, ...], int]:
    """Count a group not dealt before, and remember it (the offer looks it up first)."""
    counts = [0] * colours
    for colour in group:
        counts[colour] += 1
    found = _DEALT[colours][group] = (tuple(counts), colour_mask(counts))
    return found


class FactoryOffer(State, Copyable, nested=("factories",), lists=("centre", "masks")):
    """The factories, the centre and the first-player marker of a game's position (A-3, S-5)."""

    __slots__ = (
        "centre",
        "factories",
        "marker_holder",
        "marker_in_centre",
        "masks",
        "starter",
        "tiles_on_table",
        "turn",
    )

    factories: list[list[int]]
    """Tile counts by colour on each factory."""
    centre: list[int]
    """Tile counts by colour in the centre of the table."""
    masks: list[int]
    """The colours on each factory, then in the centre, as bit masks."""
    marker_in_centre: bool
    """True while the first-player marker lies in the centre (A-3, S-5)."""
    marker_holder: int | None
    """The seat that took the marker this round, or None (A-11, S-12)."""
    tiles_on_table: int
    """Tiles left on the factories and in the centre: the offer ends when none are (A-6, S-6)."""
    turn: int
    """The seat to move."""
    starter: int
    """The seat that starts the current round (seat 0 starts the game: A-1, ruling R-3)."""

    def _open_table(self, players: int, colours: int) -> None:
        """Empty factories for ``players`` (F-1), an empty centre with the marker in it, seat 0 to start."""
        factories = FACTORIES[players]
        self.factories = [[0] * colours for _ in range(factories)]
        self.centre = [0] * colours
        self.masks = [0] * (factories + 1)
        self.marker_in_centre = True
        self.marker_holder = None
        self.tiles_on_table = 0
        self.turn = 0
        self.starter = 0

    def _deal(self, groups: tuple[tuple[int, ...], ...]) -> None:
        """Put drawn tiles on the empty factories and open the offer: the marker in the centre (A-3, S-5)."""
        masks = self.masks
        factories = self.factories
        colours = len(self.centre)
        known = _DEALT[colours].get
        for index, group in enumerate(groups):
            counts, masks[index] = known(group) or _dealt(group, colours)
            factories[index] = list(counts)
        masks[-1] = 0
        self.tiles_on_table = sum(map(len, groups))
        self.marker_in_centre = True
        self.marker_holder = None
        self.turn = self.starter

    def _source(self, source: int) -> list[int] | None:
        """The tile counts of a source (a factory index or :data:`CENTRE`), or None if there is no such factory."""
        if source == CENTRE:
            return self.centre
        if 0 <= source < len(self.factories):
            return self.factories[source]
        return None

    def _take_from(self, seat: int, source: int, colour: int, counts: list[int]) -> bool:
        """Finish a take of ``colour`` from ``source``, whose ``counts`` have lost the tiles taken (A-3, S-5).

        From a factory, the tiles left on it go to the centre.  From the centre, the
        colour leaves the centre's mask once none of it is left, and the round's first
        take from the centre takes the first-player marker: True for that take.
        """
        masks = self.masks
        if source == CENTRE:
            if not counts[colour]:
                masks[-1] &= ~(1 << colour)
            if self.marker_in_centre:
                self.marker_in_centre = False
                self.marker_holder = seat
                return True
            return False
        centre = self.centre
        mask = masks[-1]
        for other in MASK_COLOURS[masks[source]]:
            count = counts[other]
            if count:
                centre[other] += count
                counts[other] = 0
                mask |= 1 << other
        masks[-1] = mask
        masks[source] = 0
        return False

    def _refresh_masks(self) -> None:
        """Note the colours on each factory and in the centre again (a position was read)."""
        self.masks = [*map(colour_mask, self.factories), colour_mask(self.centre)]

    def _colour_holders(self) -> list[int]:
        """How many sources (factories and the centre) hold each colour."""
        holders = [0] * MOST_COLOURS
        for mask in self.masks:
            for colour in MASK_COLOURS[mask]:
                holders[colour] += 1
        return holders
