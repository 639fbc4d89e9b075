"""One player's Summer Pavilion board: the seven stars, the tiles in hand, the score."""

from __future__ import annotations

from mozaika.core.family import FamilyBoard
from mozaika.pavilion.geometry import CENTRE_STAR, SPACES, STARS
from mozaika.pavilion.theme import COLOURS

EMPTY = -1
START_SCORE = 5
"""S-4: every score starts at 5."""


class PavilionBoard(FamilyBoard, lists=("colours", "hand", "star_colours", "star_rings")):
    """A player's board and hand.  Treat it as read-only outside the engine."""

    STATS = ("placement_points", "marker_points", "discard_points", "star_bonus", "number_bonus", "bonus_tiles")
    LATER_STATS = frozenset({"bonus_tiles"})
    __slots__ = ("colours", "filled", "hand", "passed", "star_colours", "star_rings", *STATS)

    placement_points: int
    """Points scored by placing tiles (S-9)."""
    marker_points: int
    """Points lost for taking the first-player marker (S-5), as actually lost (the score stays >= 1)."""
    discard_points: int
    """Points lost for tiles discarded when passing (S-11)."""
    star_bonus: int
    number_bonus: int
    """Points of the star and number bonuses (S-13)."""
    bonus_tiles: int
    """Tiles taken from the supply as bonuses (S-10)."""

    def __init__(self) -> None:
        super().__init__(START_SCORE)
        self.filled = 0
        """Filled spaces, bit ``6 * star + slot - 1``."""
        self.colours = [EMPTY] * SPACES
        self.star_rings = [0] * STARS
        """Per star, its filled slots as a 6-bit ring."""
        self.star_colours = [0] * STARS
        """Per star, a bit mask of the colours on it."""
        self.hand = [0] * COLOURS
        """Tiles held, by colour: taken this round, bonuses, and those kept from the last round."""
        self.passed = False

    def put(self, index: int, colour: int) -> None:
        star, slot = divmod(index, 6)
        self.filled |= 1 << index
        self.colours[index] = colour
        self.star_rings[star] |= 1 << slot
        self.star_colours[star] |= 1 << colour

    def lose(self, points: int) -> int:
        """Lose up to ``points``, never below 1 (S-5, S-11); returns the points actually lost."""
        lost = min(points, self.score - 1) if self.score > 1 else 0
        self.score -= lost
        return lost

    def colour_fits(self, star: int, colour: int, colourless: bool) -> bool:
        """Whether a ``colour`` tile may go on ``star`` now (S-8; S-16 on the colourless side)."""
        present = self.star_colours[star]
        if not colourless:
            if star != CENTRE_STAR:
                return colour == star
            return not present >> colour & 1
        if present == 0 or (present & (present - 1) == 0 and self.star_rings[star].bit_count() == 1):
            return True  # an empty star, or one tile: the next tile decides one colour or six
        if present & (present - 1) == 0:
            return present == 1 << colour  # a one-colour star
        return not present >> colour & 1  # a six-colour star
