"""The player board of Summer Pavilion: seven stars of six spaces, their numbers and bonus features.

Spaces are numbered ``6 * star + slot - 1``: the outer stars carry their colour's
index (orange 0 … purple 5, rule S-1) and the centre star is 6.  In the notation a
star is written with its colour's letter on the coloured side (``B`` for the blue
star) and ``C`` for the centre; the colourless side uses the same names for the same
places.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mozaika.pavilion.theme import BLUE, GREEN, ORANGE, PAVILION_THEME, PURPLE, RED, WILD_BY_ROUND, YELLOW

STARS = 7
CENTRE_STAR = 6
SLOTS = 6
SPACES = STARS * SLOTS
STAR_LETTERS = ("O", "R", "B", "Y", "G", "P", "C")
FULL_STAR = (1 << SLOTS) - 1

CLOCKWISE = (PURPLE, ORANGE, RED, BLUE, YELLOW, GREEN)
"""The outer stars clockwise from the left of the board (S-1)."""


def space(star: int, slot: int) -> int:
    """The space index of ``slot`` (1-6) of ``star``."""
    return SLOTS * star + slot - 1


def star_of(index: int) -> int:
    return index // SLOTS


def slot_of(index: int) -> int:
    return index % SLOTS + 1


COLOURED_NUMBERS = tuple(slot_of(index) for index in range(SPACES))
"""S-1: on the coloured side each space's number is its slot."""
_COLOURLESS_OUTER = (3, 2, 1, 4, 5, 6)
COLOURLESS_NUMBERS = tuple(
    3 if star_of(index) == CENTRE_STAR else _COLOURLESS_OUTER[index % SLOTS] for index in range(SPACES)
)
"""S-15: outer slots 1-6 carry 3, 2, 1, 4, 5, 6; every centre slot carries 3."""


@dataclass(frozen=True)
class Feature:
    """A window, statue or pillar (S-3): satisfied when all its spaces are filled, paying ``tiles``."""

    kind: str
    star: int
    spaces: tuple[int, ...]
    tiles: int

    @property
    def mask(self) -> int:
        return sum(1 << index for index in self.spaces)

    @property
    def name(self) -> str:
        return f"{self.kind} {STAR_LETTERS[self.star]}"


_PILLAR_CENTRE_SLOTS = {
    ORANGE: (6, 1),
    RED: (1, 2),
    BLUE: (2, 3),
    YELLOW: (3, 4),
    GREEN: (4, 5),
    PURPLE: (5, 6),
}


def _features() -> tuple[Feature, ...]:
    outer = (ORANGE, RED, BLUE, YELLOW, GREEN, PURPLE)
    windows = [Feature("window", star, (space(star, 5), space(star, 6)), 3) for star in outer]
    statues = []
    for star in outer:
        following = CLOCKWISE[(CLOCKWISE.index(star) + 1) % len(CLOCKWISE)]
        spaces = (space(star, 1), space(star, 2), space(following, 3), space(following, 4))
        statues.append(Feature("statue", star, spaces, 2))
    pillars = [
        Feature(
            "pillar",
            star,
            (space(star, 2), space(star, 3), *(space(CENTRE_STAR, slot) for slot in _PILLAR_CENTRE_SLOTS[star])),
            1,
        )
        for star in outer
    ]
    return (*windows, *statues, *pillars)


FEATURES = _features()
"""The 18 bonus features, in the order they pay when one placement completes several (ruling R-11)."""
FEATURE_MASKS = tuple(feature.mask for feature in FEATURES)
FEATURES_AT = tuple(
    tuple(number for number, feature in enumerate(FEATURES) if index in feature.spaces) for index in range(SPACES)
)
"""For each space, the features it belongs to."""


def _arc_points(ring: int, slot: int) -> int:
    # S-9: 1 alone, else the contiguous filled arc through the new tile (6 for a full star).
    if ring == FULL_STAR:
        return SLOTS
    length = 1
    for step in (1, -1):
        other = (slot + step) % SLOTS
        while ring >> other & 1 and other != slot:
            length += 1
            other = (other + step) % SLOTS
    return length


ARC_POINTS = tuple(tuple(_arc_points(ring, slot) for slot in range(SLOTS)) for ring in range(1 << SLOTS))
"""``ARC_POINTS[ring][slot]``: the placement score of the tile at 0-based ``slot`` of a star whose filled
spaces (the new one included) are the bits of ``ring``."""

STAR_BONUS = {CENTRE_STAR: 12, RED: 14, BLUE: 15, YELLOW: 16, ORANGE: 17, GREEN: 18, PURPLE: 20}
"""S-13: completed-star bonuses on the coloured side; S-17: by colour on the colourless side, 12 for six colours."""
MIXED_STAR_BONUS = 12
NUMBER_BONUS = {1: 4, 2: 8, 3: 12, 4: 16}
"""S-13: every space of that number filled."""


@cache
def number_masks(numbers: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each bonus number, the mask of the spaces that carry it: ``(number, mask)`` pairs."""
    return tuple(
        (number, sum(1 << index for index in range(SPACES) if numbers[index] == number)) for number in NUMBER_BONUS
    )


def printed_board() -> dict[str, object]:
    """The player board as clients draw it: stars, printed numbers, bonus features and rewards, the round track."""
    return {
        "kind": "stars",
        "stars": list(STAR_LETTERS),
        "slots": SLOTS,
        "clockwise": [STAR_LETTERS[star] for star in CLOCKWISE],
        "numbers": {"coloured": list(COLOURED_NUMBERS), "colourless": list(COLOURLESS_NUMBERS)},
        "features": [
            {
                "kind": feature.kind,
                "star": STAR_LETTERS[feature.star],
                "spaces": list(feature.spaces),
                "tiles": feature.tiles,
            }
            for feature in FEATURES
        ],
        "star_bonus": {STAR_LETTERS[star]: points for star, points in STAR_BONUS.items()},
        "mixed_star_bonus": MIXED_STAR_BONUS,
        "number_bonus": {str(number): points for number, points in NUMBER_BONUS.items()},
        "wild_by_round": [PAVILION_THEME.letters[colour] for colour in WILD_BY_ROUND],
    }
