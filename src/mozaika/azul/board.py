"""One player's Azul board: pattern lines, wall, floor line, score."""

from __future__ import annotations

from mozaika.azul.moves import FLOOR
from mozaika.azul.theme import COLOURS
from mozaika.azul.wall import SIZE, bit
from mozaika.core.family import FamilyBoard

MARKER = COLOURS
"""The first-player marker's code on a floor line."""
EMPTY = -1
ALL_LINES = (1 << SIZE) - 1


class Board(
    FamilyBoard,
    lists=("accept", "colour_rows", "column_colours", "floor", "line_colour", "line_count", "wall_colours"),
):
    """A player's board.  Treat it as read-only outside the engine.

    ``accept[colour]`` is a bit mask of the pattern lines that may receive ``colour``
    now (rule A-4: empty or holding that colour, not full, and the wall row lacks
    the colour); the engine keeps it up to date so that move generation is a lookup.
    """

    STATS = ("placement_points", "floor_points", "tiles_to_floor", "bonus_rows", "bonus_columns", "bonus_colours")
    __slots__ = (
        "accept",
        "colour_rows",
        "column_colours",
        "floor",
        "line_colour",
        "line_count",
        "tiling_line",
        "waiting",
        "wall",
        "wall_colours",
        *STATS,
    )

    placement_points: int
    """Points scored by placing tiles on the wall (A-8)."""
    floor_points: int
    """Points actually lost on the floor line (never more than the score held, A-7)."""
    tiles_to_floor: int
    """Tiles that went to the floor line (A-5)."""
    bonus_rows: int
    bonus_columns: int
    bonus_colours: int
    """Points of the end-of-game bonuses (A-12)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.line_colour = [EMPTY] * SIZE
        self.line_count = [0] * SIZE
        self.wall = 0
        """Occupied wall spaces, bit ``5 * row + column``."""
        self.wall_colours = [EMPTY] * (SIZE * SIZE)
        self.colour_rows = [0] * COLOURS
        """Per colour, a bit mask of the wall rows that hold it."""
        self.column_colours = [0] * SIZE
        """Per wall column, a bit mask of the colours it holds."""
        self.floor: list[int] = []
        """The floor line's occupied spaces, left to right (colours or :data:`MARKER`)."""
        self.accept = [ALL_LINES] * COLOURS
        self.tiling_line = SIZE
        """During grey-wall tiling, the next pattern line to move to the wall."""
        self.waiting = False
        """During grey-wall tiling, True while the player must choose a column."""

    def refresh_accept(self) -> None:
        """Recompute :attr:`accept` from the lines and the wall (rule A-4)."""
        empty_lines = 0
        open_lines = [0] * COLOURS
        colours = self.line_colour
        for line, held in enumerate(self.line_count):
            if held == 0:
                empty_lines |= 1 << line
            elif held <= line:
                open_lines[colours[line]] |= 1 << line
        # Lines are within ALL_LINES, so clearing the blocked rows needs no further mask.  (Spelled
        # out for the five colours: a comprehension costs more than the expressions.)
        first, second, third, fourth, fifth = self.colour_rows
        self.accept = [
            (empty_lines | open_lines[0]) & ~first,
            (empty_lines | open_lines[1]) & ~second,
            (empty_lines | open_lines[2]) & ~third,
            (empty_lines | open_lines[3]) & ~fourth,
            (empty_lines | open_lines[4]) & ~fifth,
        ]

    def place_on_wall(self, row: int, column: int, colour: int) -> None:
        self.wall |= bit(row, column)
        self.wall_colours[SIZE * row + column] = colour
        self.colour_rows[colour] |= 1 << row
        self.column_colours[column] |= 1 << colour

    def row_can_be_completed(self, row: int) -> bool:
        """Whether grey-wall ``row`` can still be filled: each missing colour in its own free column (A-10)."""
        missing = [colour for colour in range(COLOURS) if not self.colour_rows[colour] >> row & 1]
        free = [column for column in range(SIZE) if not self.wall >> (SIZE * row + column) & 1]

        def match(index: int, used: int) -> bool:
            if index == len(missing):
                return True
            colour = missing[index]
            return any(
                not used >> column & 1
                and not self.column_colours[column] >> colour & 1
                and match(index + 1, used | 1 << column)
                for column in free
            )

        return match(0, 0)

    def takes(self, colour: int, line: int) -> bool:
        """Whether tiles of ``colour`` may go to pattern line ``line`` (A-4); the floor takes any (A-5)."""
        return line == FLOOR or bool(self.accept[colour] >> line & 1)

    def grey_columns(self, row: int, colour: int) -> list[int]:
        """Columns of ``row`` where ``colour`` may go on the grey wall (rule A-10)."""
        return [
            column
            for column in range(SIZE)
            if not self.wall >> (SIZE * row + column) & 1 and not self.column_colours[column] >> colour & 1
        ]
