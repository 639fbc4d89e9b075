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


def _run(wall: int, row: int, column: int, step_row: int, step_column: int) -> int:
    """How many tiles follow (row, column) without a gap in one direction."""
    count = 0
    row += step_row
    column += step_column
    while 0 <= row < SIZE and 0 <= column < SIZE and wall >> (SIZE * row + column) & 1:
        count += 1
        row += step_row
        column += step_column
    return count


def placement_points(wall: int, row: int, column: int) -> int:
    """Points for a tile just placed at ``row``, ``column`` of ``wall`` (rule A-8).

    ``wall`` already includes the new tile.
    """
    horizontal = 1 + _run(wall, row, column, 0, -1) + _run(wall, row, column, 0, 1)
    vertical = 1 + _run(wall, row, column, -1, 0) + _run(wall, row, column, 1, 0)
    if horizontal == 1 and vertical == 1:
        return 1
    return (horizontal if horizontal > 1 else 0) + (vertical if vertical > 1 else 0)


def complete_rows(wall: int) -> int:
    """How many horizontal rows of the wall are complete."""
    return sum(1 for row in range(SIZE) if wall >> (SIZE * row) & FULL_ROW == FULL_ROW)


_COLUMN_MASKS = tuple(sum(bit(row, column) for row in range(SIZE)) for column in range(SIZE))


def complete_columns(wall: int) -> int:
    """How many vertical columns of the wall are complete."""
    return sum(1 for mask in _COLUMN_MASKS if wall & mask == mask)


def complete_colours(colours: list[int]) -> int:
    """How many colours have all five tiles on a wall given as 25 colour indices (-1 empty)."""
    counts = [0] * SIZE
    for colour in colours:
        if colour >= 0:
            counts[colour] += 1
    return sum(1 for count in counts if count == SIZE)


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
