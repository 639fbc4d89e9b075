"""A Summer Pavilion position: what lies on the table, the boards and in the hands, and its JSON form.

:class:`PavilionPosition` holds the position (the factory offer, the supply, the bag
and the tower, the boards, the round, the phase and what chance waits for);
:class:`~mozaika.pavilion.state.PavilionState` adds the rules that change it.  The JSON
format is documented in ``docs/api.md`` ("Positions").  Reading checks every field and
the rules a position must satisfy: 132 tiles (F-4), star colours (S-8, S-16), hands
and kept tiles (S-11), scores (S-5) and a phase that fits the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, ClassVar, Self

from mozaika.core.errors import PositionError
from mozaika.core.family import FamilyState
from mozaika.core.offer import FACTORY_SIZE, colour_mask
from mozaika.core.reading import Fields
from mozaika.core.serial import (
    check_conserved,
    family_to_dict,
    piles_to_dict,
    read_boards,
    read_colours,
    read_counts,
    read_offer,
    read_phase,
    read_start,
    spell,
)
from mozaika.core.theme import Theme
from mozaika.pavilion.board import EMPTY, PavilionBoard
from mozaika.pavilion.geometry import COLOURED_NUMBERS, COLOURLESS_NUMBERS, SLOTS, STAR_LETTERS, STARS, space
from mozaika.pavilion.moves import PlacementTable
from mozaika.pavilion.table import (
    CHANCE,
    CHANCE_NAMES,
    FILL,
    KEEP_MOST,
    OVER,
    PHASE_NAMES,
    PICK,
    PLACE,
    REFILL,
    SETUP,
    SUPPLY_SIZE,
    TILES_PER_COLOUR,
)
from mozaika.pavilion.theme import COLOURS, PAVILION_THEME, ROUNDS, WILD_BY_ROUND

FORMAT = 1

_TABLES: dict[bool, PlacementTable] = {}


def placement_table(colourless: bool) -> PlacementTable:
    """The shared, precomputed placements of one board side."""
    table = _TABLES.get(colourless)
    if table is None:
        table = _TABLES[colourless] = PlacementTable(COLOURLESS_NUMBERS if colourless else COLOURED_NUMBERS)
    return table


class PavilionPosition(FamilyState[PavilionBoard], lists=("bag", "pending_bonus", "supply", "tower")):
    """A position of Summer Pavilion (coloured stars, or the colourless side of S-15..S-17), without its rules."""

    game_id: ClassVar[str] = "pavilion"
    theme: ClassVar[Theme] = PAVILION_THEME

    __slots__ = ("bag", "chance_kind", "colourless", "numbers", "pending_bonus", "placement_table", "supply", "tower")

    supply: list[int]
    """The supply on the score board, from which bonuses are taken (S-10)."""
    bag: list[int]
    """Tiles by colour in the bag (F-2)."""
    tower: list[int]
    """Paid and discarded tiles; they refill the bag when it is empty (F-2)."""
    pending_bonus: list[int]
    """Tiles still owed to the player to move by features their last placement completed (S-10)."""
    chance_kind: int
    """While chance is pending, which event: the first supply, a fill or a refill."""
    colourless: bool
    """True on the colourless side (S-15..S-17)."""
    numbers: tuple[int, ...]
    """The printed number of each space (S-1, S-15)."""
    placement_table: PlacementTable
    """The side's placements, built once (shared by copies)."""

    CHANCE_PHASE = CHANCE
    OVER_PHASE = OVER

    def _set_side(self, colourless: bool) -> None:
        self.colourless = colourless
        self.numbers = COLOURLESS_NUMBERS if colourless else COLOURED_NUMBERS
        self.placement_table = placement_table(colourless)

    @property
    def options(self) -> dict[str, Any]:
        return {"board": "colourless" if self.colourless else "coloured"}

    @property
    def wild(self) -> int:
        """This round's wild colour (S-4)."""
        return WILD_BY_ROUND[self._round - 1]

    def to_dict(self) -> dict[str, Any]:
        theme = self.theme
        return {
            **family_to_dict(self, FORMAT, PHASE_NAMES),
            "wild": theme.letter(self.wild),
            "chance": CHANCE_NAMES[self.chance_kind] if self.phase == CHANCE else None,
            "supply": spell(theme, self.supply),
            "pending_bonus": list(self.pending_bonus),
            **piles_to_dict(self, "tower", self.tower, _board_parts),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        state, top, options = read_start(cls, data, FORMAT)
        players, theme = state.players, cls.theme
        state._set_side(options["board"] == "colourless")
        state._round = top.integer("round", 1, ROUNDS)
        state.phase = read_phase(top, PHASE_NAMES)
        chance_name = top.data.get("chance")
        if state.phase == CHANCE:
            if chance_name not in CHANCE_NAMES:
                raise PositionError(f"position.chance must be one of {', '.join(CHANCE_NAMES)} while chance is pending")
            state.chance_kind = CHANCE_NAMES.index(chance_name)
        elif chance_name is not None:
            raise PositionError("position.chance must be null when no chance event is pending")
        else:
            state.chance_kind = FILL
        read_offer(state, top, players, theme, lambda _: FACTORY_SIZE)
        if state.marker_in_centre == (state.marker_holder is not None):
            raise PositionError("the first-player marker is either in the centre or with its holder (S-5)")
        state.supply = read_counts(theme, top.get("supply", str), "supply", SUPPLY_SIZE)
        state.bag = top.counts("bag", theme.letters, TILES_PER_COLOUR)
        state.tower = top.counts("tower", theme.letters, TILES_PER_COLOUR)
        pending = top.get("pending_bonus", list)
        if not all(isinstance(tiles, int) and not isinstance(tiles, bool) and tiles in (1, 2, 3) for tiles in pending):
            raise PositionError("position.pending_bonus lists the tiles (1, 2 or 3) still owed by completed features")
        state.pending_bonus = list(pending)
        state.boards = read_boards(top, players, PavilionBoard, 1, partial(_read_board_parts, state))
        state.masks = [*map(colour_mask, state.factories), colour_mask(state.centre)]
        _check_position(state)
        return state

    def counts_in_play(self) -> list[int]:
        """Tiles by colour in bag, tower, factories, centre, supply, hands and boards: always 22 each (F-4)."""
        totals = [self.bag[c] + self.tower[c] + self.centre[c] + self.supply[c] for c in range(COLOURS)]
        for counts in self.factories:
            for colour in range(COLOURS):
                totals[colour] += counts[colour]
        for board in self.boards:
            for colour in range(COLOURS):
                totals[colour] += board.hand[colour]
            for colour in board.colours:
                if colour >= 0:
                    totals[colour] += 1
        return totals


def _board_parts(theme: Theme, board: PavilionBoard) -> dict[str, Any]:
    """What a board holds besides its score and statistics."""
    return {
        "hand": spell(theme, board.hand),
        "passed": board.passed,
        "stars": {
            STAR_LETTERS[star]: "".join(
                "." if board.colours[space(star, slot)] == EMPTY else theme.letter(board.colours[space(star, slot)])
                for slot in range(1, SLOTS + 1)
            )
            for star in range(STARS)
        },
    }


def _read_board_parts(state: PavilionPosition, board: PavilionBoard, fields: Fields, where: str) -> None:
    """Read what a board holds besides its score and statistics."""
    theme = state.theme
    board.hand = read_counts(theme, fields.get("hand", str), f"{where} hand")
    board.passed = fields.get("passed", bool)
    stars = Fields(fields.get("stars", dict), f"{where} stars")
    for star, letter in enumerate(STAR_LETTERS):
        text = stars.get(letter, str)
        if len(text) != SLOTS:
            raise PositionError(f"{where} star {letter} must be {SLOTS} letters or '.'")
        for slot, tile in enumerate(text, start=1):
            if tile == ".":
                continue
            colour = read_colours(theme, tile, f"{where} star {letter}")[0]
            if not board.colour_fits(star, colour, state.colourless):
                raise PositionError(
                    f"{where}: a {theme.name(colour)} tile cannot lie on star {letter} with "
                    f"{stars.get(letter, str)} ({'S-16' if state.colourless else 'S-8'})"
                )
            board.put(space(star, slot), colour)


def _check_position(state: PavilionPosition) -> None:
    check_conserved(state, TILES_PER_COLOUR)
    if state.phase == CHANCE and state.chance_kind in (SETUP, FILL) and state.tiles_on_table:
        raise PositionError("factories must be empty while they wait to be filled (S-12)")
    if state.phase == CHANCE and state.chance_kind == SETUP and (state._round != 1 or any(state.supply)):
        raise PositionError("the supply is set up only at the start of the game (S-4)")
    if state.phase in (PLACE, PICK) and state.tiles_on_table:
        raise PositionError("placement starts only once the factories and the centre are empty (S-6)")
    if state.phase in (PLACE, PICK) and state.boards[state.turn].passed:
        raise PositionError("a player who passed takes no more turns this round (S-7)")
    if state.pending_bonus and not (state.phase == PICK or (state.phase == CHANCE and state.chance_kind == REFILL)):
        raise PositionError("a bonus is owed only while its player picks from the supply or it is refilled (S-10)")
    if state.phase == PICK and not state.pending_bonus:
        raise PositionError("a player picks from the supply only when a completed feature owes tiles (S-10)")
    if state.phase == PICK and not any(state.supply):
        raise PositionError("nobody picks from an empty supply: it owes nothing (S-10, R-12)")
    for seat, board in enumerate(state.boards):
        if board.passed and state.phase in (PLACE, PICK) and sum(board.hand) > KEEP_MOST:
            raise PositionError(f"board {seat + 1} passed but holds more than {KEEP_MOST} tiles (S-11)")
        if state.phase == CHANCE and state.chance_kind == FILL and sum(board.hand) > KEEP_MOST:
            raise PositionError(f"board {seat + 1} kept more than {KEEP_MOST} tiles into the next round (S-11)")
