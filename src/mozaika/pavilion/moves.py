"""Summer Pavilion's moves and chance outcomes, as values with a text notation (docs/notation.md).

* :class:`Take` ``"2R"``: from factory 2 take every red tile (and one wild tile if
  the factory holds any, rule S-5); ``"CY"`` takes the yellow tiles from the centre.
* :class:`Place` ``"B6B+3"``: put a blue tile on slot 6 of the blue star, paying the
  other five with two blue and three wild tiles (S-8).  ``C`` names the centre star.
* :class:`Pick` ``"pick:RRG"``: the tiles a completed feature's bonus takes from the
  supply (S-10).
* :class:`Pass` ``"pass:GGGG"``: stop placing this round, keeping these tiles
  (``"pass"`` keeps none; S-11).
* :class:`~mozaika.core.fills.FactoryFill` ``"fill:ORBY/..."`` and :class:`SupplyDraw`
  ``"supply:OORBBYYGPP"``: the tiles drawn for the factories, and for the supply.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from mozaika.core.drawing import Draw
from mozaika.core.errors import NotationError
from mozaika.core.offer import CENTRE, FACTORIES, OfferTake
from mozaika.core.protocol import ChanceOutcome, Move
from mozaika.pavilion.geometry import CENTRE_STAR, SLOTS, SPACES, STAR_LETTERS, slot_of, space, star_of
from mozaika.pavilion.theme import COLOURS, PAVILION_THEME

_THEME = PAVILION_THEME


class Take(OfferTake, identity=("source", "colour")):
    """Take every tile of ``colour`` from ``source`` (a factory index or :data:`CENTRE`), plus one wild (S-5)."""

    __slots__ = ()

    def __init__(self, source: int, colour: int) -> None:
        super().__init__(source, colour, _THEME.letter(colour))
        self._seal()


class Place(Move, identity=("space", "colour", "wilds")):
    """Place a ``colour`` tile on ``space``, paying with ``wilds`` wild tiles and the rest in ``colour`` (S-8)."""

    __slots__ = ("_hash", "_text", "colour", "slot", "space", "star", "wilds")

    def __init__(self, space_index: int, colour: int, wilds: int) -> None:
        self.space = space_index
        self.colour = colour
        self.wilds = wilds
        self.star = star_of(space_index)
        self.slot = space_index % SLOTS
        """The space's place on its star, 0-5 (``slot_of`` numbers them 1-6 as the board does)."""
        self._hash = hash((space_index, colour, wilds))  # made once, of numbers only (see OfferTake._seal)
        text = f"{STAR_LETTERS[self.star]}{slot_of(space_index)}{_THEME.letter(colour)}"
        self._text = text + (f"+{wilds}" if wilds else "")

    def __str__(self) -> str:
        return self._text

    def fields(self) -> dict[str, Any]:
        """``{"kind": "place", "star": "O", "slot": 3, "colour": "O", "wilds": 1}`` (slots 1-6 as printed)."""
        return {
            "kind": "place",
            "star": STAR_LETTERS[self.star],
            "slot": slot_of(self.space),
            "colour": _THEME.letter(self.colour),
            "wilds": self.wilds,
        }

    def __hash__(self) -> int:
        return self._hash


class Pick(Move, identity=("tiles",)):
    """Take these tiles (sorted colour indices) from the supply as a feature's bonus (S-10)."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: tuple[int, ...]) -> None:
        self.tiles = tiles

    def __str__(self) -> str:
        return "pick:" + (_THEME.spell(self.tiles) or "-")

    def fields(self) -> dict[str, Any]:
        """``{"kind": "pick", "tiles": "BY"}``."""
        return {"kind": "pick", "tiles": _THEME.spell(self.tiles)}


class Pass(Move, identity=("kept",)):
    """Stop placing for this round, keeping these tiles (sorted colour indices) for the next (S-11)."""

    __slots__ = ("kept",)

    def __init__(self, kept: tuple[int, ...]) -> None:
        self.kept = kept

    def __str__(self) -> str:
        return "pass:" + _THEME.spell(self.kept) if self.kept else "pass"

    def fields(self) -> dict[str, Any]:
        """``{"kind": "pass", "keep": "OG"}``."""
        return {"kind": "pass", "keep": _THEME.spell(self.kept)}


class SupplyDraw(ChanceOutcome, identity=("tiles",)):
    """The tiles drawn into the supply: ten at the start (S-4), then enough to refill it to ten (S-10)."""

    __slots__ = ("draw", "tiles")

    def __init__(self, tiles: tuple[int, ...], draw: Draw | None = None) -> None:
        self.tiles = tiles
        self.draw = draw

    def __str__(self) -> str:
        return "supply:" + (_THEME.spell(self.tiles) or "-")


# --- shared, interned move values --------------------------------------------------

TAKES = {(source, colour): Take(source, colour) for source in (*range(9), CENTRE) for colour in range(COLOURS)}
PLACES = tuple(
    tuple(tuple(Place(index, colour, wilds) for wilds in range(SLOTS)) for colour in range(COLOURS))
    for index in range(SPACES)
)
"""``PLACES[space][colour][wilds]``."""


class PlacementTable:
    """Every placement of one board side, grouped so that move generation only looks them up.

    ``paid[space][colour][7 * held + wilds_held]`` lists the placements of a
    ``colour`` tile (not the wild colour) on ``space`` for a player holding ``held``
    tiles of that colour and ``wilds_held`` wild tiles (both counted up to 6);
    ``wild[space][colour][held]`` the placement of a tile of the wild colour itself,
    which is paid in that colour alone (S-8).
    """

    def __init__(self, numbers: tuple[int, ...]) -> None:
        cap = SLOTS + 1
        self.paid: tuple[tuple[tuple[tuple[Place, ...], ...], ...], ...] = tuple(
            tuple(
                tuple(
                    tuple(
                        PLACES[index][colour][wilds]
                        for wilds in range(max(0, numbers[index] - held), min(numbers[index] - 1, wilds_held) + 1)
                    )
                    if held
                    else ()
                    for held in range(cap)
                    for wilds_held in range(cap)
                )
                for colour in range(COLOURS)
            )
            for index in range(SPACES)
        )
        self.wild: tuple[tuple[tuple[tuple[Place, ...], ...], ...], ...] = tuple(
            tuple(
                tuple((PLACES[index][colour][0],) if held >= numbers[index] else () for held in range(cap))
                for colour in range(COLOURS)
            )
            for index in range(SPACES)
        )
        self._on_star: dict[tuple[int, int, int, int], tuple[Place, ...]] = {}

    def on_star(self, star: int, ring: int, colour: int, key: int) -> tuple[Place, ...]:
        """Every placement of ``colour`` on the empty slots of ``star`` (filled slots: the bits of ``ring``).

        ``key`` is ``7 * held + wilds_held`` as in :attr:`paid`, or ``-1 - held`` when
        ``colour`` is the wild colour (see :attr:`wild`).
        """
        found = self._on_star.get((star, ring, colour, key))
        if found is None:
            empty = [star * SLOTS + slot for slot in range(SLOTS) if not ring >> slot & 1]
            if key < 0:
                found = tuple(move for index in empty for move in self.wild[index][colour][-1 - key])
            else:
                found = tuple(move for index in empty for move in self.paid[index][colour][key])
            self._on_star[star, ring, colour, key] = found
        return found


def up_to(counts: tuple[int, ...], most: int) -> list[tuple[int, ...]]:
    """Every multiset of at most ``most`` tiles drawn from ``counts`` (tiles by colour), as sorted tuples."""
    partial: list[tuple[int, ...]] = [()]
    for colour, count in enumerate(counts):
        if count:
            partial = [
                chosen + (colour,) * extra for chosen in partial for extra in range(min(count, most - len(chosen)) + 1)
            ]
    return partial


# Tile counts by colour packed four bits a colour, so that "these tiles fit in that
# hand" is one subtraction: a field of (held | 8) - wanted keeps its 8 bit exactly
# when wanted <= held.
_GUARDS = sum(8 << 4 * colour for colour in range(COLOURS))


def _packed(counts: tuple[int, ...] | list[int], cap: int) -> int:
    return sum(min(count, cap) << 4 * colour for colour, count in enumerate(counts))


def _choices(most: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every multiset of at most ``most`` tiles, largest first, with its packed counts."""
    tiles = up_to((most,) * COLOURS, most)
    tiles.sort(key=len, reverse=True)
    return [(_packed([chosen.count(colour) for colour in range(COLOURS)], most), chosen) for chosen in tiles]


_KEEPS = [(packed, Pass(kept)) for packed, kept in _choices(4)]
_PICK_SIZES = {
    size: [(packed, Pick(tiles)) for packed, tiles in _choices(3) if len(tiles) == size] for size in (1, 2, 3)
}


def passes(hand: list[int] | tuple[int, ...], keep_most: int) -> tuple[Pass, ...]:
    """Every pass from this hand: keep any tiles, at most ``keep_most`` (S-11), the most kept first."""
    key = (*hand, keep_most)
    found = _PASSES_BY_HAND.get(key)
    if found is None:
        if len(_PASSES_BY_HAND) >= PASSES_REMEMBERED:
            # Hands are as many as tile counts can be; the passes they allow are far fewer
            # (``_passes`` keeps those): forgetting the hands bounds the memory a long run uses.
            _PASSES_BY_HAND.clear()
        found = _PASSES_BY_HAND[key] = _passes(_packed(hand, keep_most) | _GUARDS, keep_most)
    return found


PASSES_REMEMBERED = 1 << 14
"""How many hands ``passes`` remembers at most (a game meets a few hundred)."""
_PASSES_BY_HAND: dict[tuple[int, ...], tuple[Pass, ...]] = {}


@cache
def _passes(held: int, keep_most: int) -> tuple[Pass, ...]:
    return tuple(
        move for packed, move in _KEEPS if (held - packed) & _GUARDS == _GUARDS and len(move.kept) <= keep_most
    )


def picks(supply: list[int] | tuple[int, ...], size: int) -> tuple[Pick, ...]:
    """Every bonus pick of ``size`` tiles (1-3) from this supply (S-10)."""
    return _picks(_packed(supply, size) | _GUARDS, size)


@cache
def _picks(held: int, size: int) -> tuple[Pick, ...]:
    return tuple(move for packed, move in _PICK_SIZES[size] if (held - packed) & _GUARDS == _GUARDS)


# --- reading the notation ----------------------------------------------------------

_TAKE = re.compile(r"^(C|[1-9])\s*[-:]?\s*([^\s\d+:<>-][^+:<>]*?)$", re.IGNORECASE)
_PLACE = re.compile(r"^([A-Z])\s*([1-6])\s*[-:]?\s*([^\s\d+][^+]*?)?\s*(?:\+\s*(\d))?$", re.IGNORECASE)
_PICK = re.compile(r"^pick\s*:\s*(.*)$", re.IGNORECASE)
_PASS = re.compile(r"^pass(?:\s*:\s*(.*))?$", re.IGNORECASE)
_SUPPLY = re.compile(r"^supply\s*:\s*(.*)$", re.IGNORECASE)


def _tiles(text: str) -> tuple[int, ...]:
    return tuple(sorted(_THEME.tiles(text.strip())))


def parse_take(text: str, factories: int) -> Take:
    match = _TAKE.match(text.strip())
    if not match:
        raise NotationError(
            f"{text!r} is not a take: write the source and a colour, "
            "e.g. '2R' (factory 2, red) or 'CY' (centre, yellow)"
        )
    where, colour_text = match.groups()
    if where.upper() == "C":
        source = CENTRE
    else:
        source = int(where) - 1
        if source >= factories:
            raise NotationError(f"there is no factory {where}: this game has {factories}")
    return TAKES[source, _THEME.colour(colour_text)]


def parse_place(text: str, colourless: bool) -> Place:
    match = _PLACE.match(text.strip())
    if not match or match.group(1).upper() not in STAR_LETTERS:
        raise NotationError(
            f"{text!r} is not a placement: write star, slot, colour and wilds paid, e.g. 'B6B+3' "
            "(blue star, slot 6, a blue tile, three wilds); the stars are O R B Y G P and C (centre)"
        )
    star_text, slot_text, colour_text, wilds_text = match.groups()
    star = STAR_LETTERS.index(star_text.upper())
    if colour_text:
        colour = _THEME.colour(colour_text)
    elif star != CENTRE_STAR and not colourless:
        colour = star  # an outer coloured star takes only its own colour (S-8)
    else:
        raise NotationError(f"{text!r} must name the colour placed, e.g. '{star_text.upper()}{slot_text}R'")
    wilds = int(wilds_text) if wilds_text else 0
    if wilds >= SLOTS:
        raise NotationError(f"{text!r}: a placement pays at most 5 wild tiles")
    return PLACES[space(star, int(slot_text))][colour][wilds]


def parse_pick(text: str) -> Pick:
    match = _PICK.match(text.strip())
    if not match:
        raise NotationError(f"{text!r} is not a bonus pick: write the tiles taken, e.g. 'pick:RRG'")
    return Pick(_tiles(match.group(1)))


def parse_pass(text: str) -> Pass | None:
    """A pass, or None when the text is not one."""
    match = _PASS.match(text.strip())
    if not match:
        return None
    return Pass(_tiles(match.group(1) or ""))


def parse_supply(text: str) -> SupplyDraw:
    match = _SUPPLY.match(text.strip())
    if not match:
        raise NotationError(f"{text!r} is not a supply draw: write the tiles drawn, e.g. 'supply:OORBBYYGPP'")
    return SupplyDraw(_tiles(match.group(1)))


def read_move(text: str, options: Mapping[str, Any]) -> Move:
    """The move ``text`` names, whatever the phase: a take, a placement, a bonus pick or a pass."""
    passing = parse_pass(text)
    if passing is not None:
        return passing
    if _PICK.match(text.strip()):
        return parse_pick(text)
    if _TAKE.match(text.strip()):
        return parse_take(text, max(FACTORIES.values()))
    return parse_place(text, options.get("board") == "colourless")
