"""The Azul wall: its colour pattern, placement scoring and end-of-game bonuses.

A wall's occupancy is a 25-bit integer, bit ``5 * row + column`` set when that
space holds a tile; rows and columns are numbered from 0.
"""

from __future__ import annotations

SIZE = 5
FULL_ROW = 0b11111

FLOOR_PENALTIES = (1, 1, 2, 2, 2, 3, 3)
"""The floor line's seven spaces (rule A-5), as points lost."""
FLOOR_SPACES = len(FLOOR_PENALTIES)
FLOOR_LOSS = tuple(sum(FLOOR_PENALTIES[:count]) for count in range(FLOOR_SPACES + 1))
"""Points lost for 0..7 occupied floor spaces: 0, 1, 2, 4, 6, 8, 11, 14 (rule A-5)."""

ROW_BONUS = 2
COLUMN_BONUS = 7
COLOUR_BONUS = 10
"""End-of-game bonuses (rule A-12)."""


def coloured_column(row: int, colour: int) -> int:
    """The column of ``colour`` in ``row`` on the coloured wall (rule A-9)."""
    return (row + colour) % SIZE


def coloured_colour(row: int, column: int) -> int:
    """The colour printed at ``row``, ``column`` on the coloured wall (rule A-9)."""
    return (column - row) % SIZE


def bit(row: int, column: int) -> int:
    return 1 << (SIZE * row + column)


def _runs(mask: int) -> tuple[int, ...]:
    """For each space of a 5-bit line ``mask``, the length of the unbroken run through it (0 if empty)."""
    runs = []
    for index in range(SIZE):
        if not mask >> index & 1:
            runs.append(0)
            continue
        low = high = index
        while low > 0 and mask >> (low - 1) & 1:
            low -= 1
        while high < SIZE - 1 and mask >> (high + 1) & 1:
            high += 1
        runs.append(high - low + 1)
    return tuple(runs)


_RUNS = tuple(_runs(mask) for mask in range(1 << SIZE))
"""``_RUNS[line][index]``: the run through ``index`` of a row or column whose spaces are the bits of ``line``."""
_POINTS = tuple(
    tuple(
        1 if across == 1 and down == 1 else (across if across > 1 else 0) + (down if down > 1 else 0)
        for down in range(SIZE + 1)
    )
    for across in range(SIZE + 1)
)
"""Rule A-8 by the lengths of the horizontal and the vertical run through a new tile."""
_COLUMN_SPREAD = sum(1 << (SIZE * row) for row in range(SIZE))
_COLUMN_BITS = {sum(1 << (SIZE * row) for row in range(SIZE) if mask >> row & 1): mask for mask in range(1 << SIZE)}
"""A column's spaces, shifted down to column 0 and masked with ``_COLUMN_SPREAD``, as a 5-bit line."""
_ROW_STARTS = _COLUMN_SPREAD


def placement_points(wall: int, row: int, column: int) -> int:
    """Points for a tile just placed at ``row``, ``column`` of ``wall`` (rule A-8).

    ``wall`` already includes the new tile.
    """
    across = _RUNS[wall >> (SIZE * row) & FULL_ROW][column]
    down = _RUNS[_COLUMN_BITS[wall >> column & _COLUMN_SPREAD]][row]
    return _POINTS[across][down]


def complete_rows(wall: int) -> int:
    """How many horizontal rows of the wall are complete."""
    # A row's first bit survives the shifts only if the row's five bits are all set.
    return (wall & wall >> 1 & wall >> 2 & wall >> 3 & wall >> 4 & _ROW_STARTS).bit_count()


def complete_columns(wall: int) -> int:
    """How many vertical columns of the wall are complete."""
    return (wall & wall >> SIZE & wall >> 2 * SIZE & wall >> 3 * SIZE & wall >> 4 * SIZE & FULL_ROW).bit_count()


def complete_colours(colour_rows: list[int]) -> int:
    """How many colours have all five tiles on a wall, given per colour the bit mask of the rows holding it."""
    # No row holds a colour twice, so a colour in every row has all five tiles.
    return colour_rows.count(FULL_ROW)


def printed_board(letters: tuple[str, ...]) -> dict[str, object]:
    """The player board as clients draw it: the coloured wall's pattern (A-9) and the floor's penalties (A-7)."""
    return {
        "kind": "wall",
        "size": SIZE,
        "wall_pattern": [
            "".join(letters[coloured_colour(row, column)] for column in range(SIZE)) for row in range(SIZE)
        ],
        "floor_penalties": [-penalty for penalty in FLOOR_PENALTIES],
        "bonuses": {"row": ROW_BONUS, "column": COLUMN_BONUS, "colour": COLOUR_BONUS},
    }
