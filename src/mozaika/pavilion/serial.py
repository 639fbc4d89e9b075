"""Summer Pavilion positions as JSON-compatible dictionaries, and their validation when read back.

The format is documented in ``docs/api.md`` ("Positions").  Reading checks every
field and the rules a position must satisfy: 132 tiles (F-4), star colours (S-8,
S-16), hands and kept tiles (S-11), scores (S-5) and a phase that fits the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from mozaika.core.errors import PositionError
from mozaika.core.offer import FACTORY_SIZE, colour_mask
from mozaika.core.reading import Fields, read_header
from mozaika.core.serial import (
    FamilyPosition,
    counts_by_letter,
    family_to_dict,
    read_boards,
    read_colours,
    read_counts,
    read_offer,
    read_phase,
    read_start,
    spell,
)
from mozaika.pavilion.board import EMPTY, PavilionBoard
from mozaika.pavilion.geometry import SLOTS, STAR_LETTERS, STARS, space
from mozaika.pavilion.table import (
    CHANCE,
    CHANCE_NAMES,
    FILL,
    KEEP_MOST,
    PHASE_NAMES,
    PICK,
    PLACE,
    REFILL,
    SETUP,
    SUPPLY_SIZE,
    TILES_PER_COLOUR,
)
from mozaika.pavilion.theme import ROUNDS

FORMAT = 1


class PavilionPosition(FamilyPosition, Protocol):
    """What this module reads and writes of a Summer Pavilion state besides the family's part."""

    colourless: bool
    supply: list[int]
    tower: list[int]
    boards: list[PavilionBoard]
    chance_kind: int
    pending_bonus: list[int]

    @property
    def wild(self) -> int: ...

    def _set_side(self, colourless: bool) -> None: ...


S = TypeVar("S", bound=PavilionPosition)


def pavilion_state_to_dict(state: PavilionPosition) -> dict[str, Any]:
    theme = state.theme
    return {
        **family_to_dict(state, FORMAT, PHASE_NAMES),
        "wild": theme.letter(state.wild),
        "chance": CHANCE_NAMES[state.chance_kind] if state.phase == CHANCE else None,
        "supply": spell(theme, state.supply),
        "pending_bonus": list(state.pending_bonus),
        "bag": counts_by_letter(theme, state.bag),
        "tower": counts_by_letter(theme, state.tower),
        "boards": [
            {
                "score": board.score,
                "hand": spell(theme, board.hand),
                "passed": board.passed,
                "stars": {
                    STAR_LETTERS[star]: "".join(
                        "."
                        if board.colours[space(star, slot)] == EMPTY
                        else theme.letter(board.colours[space(star, slot)])
                        for slot in range(1, SLOTS + 1)
                    )
                    for star in range(STARS)
                },
                "stats": board.stats(),
            }
            for board in state.boards
        ],
    }


def pavilion_state_from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
    top = Fields(data, "position")
    players, options = read_header(top, cls.game_id, FORMAT)
    theme = cls.theme
    state = object.__new__(cls)
    read_start(state, top)
    state._players = players
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
    state.boards = read_boards(top, players, lambda raw, seat: _board_from_dict(state, raw, seat))
    state.masks = [*map(colour_mask, state.factories), colour_mask(state.centre)]

    totals = state.counts_in_play()
    for colour, total in enumerate(totals):
        if total != TILES_PER_COLOUR:
            raise PositionError(
                f"the position holds {total} {theme.name(colour)} tiles, not {TILES_PER_COLOUR}: "
                "tiles must be conserved (F-4)"
            )
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
    for seat, board in enumerate(state.boards):
        if board.passed and state.phase in (PLACE, PICK) and sum(board.hand) > KEEP_MOST:
            raise PositionError(f"board {seat + 1} passed but holds more than {KEEP_MOST} tiles (S-11)")
        if state.phase == CHANCE and state.chance_kind == FILL and sum(board.hand) > KEEP_MOST:
            raise PositionError(f"board {seat + 1} kept more than {KEEP_MOST} tiles into the next round (S-11)")
    return state


def _board_from_dict(state: PavilionPosition, raw: Any, seat: int) -> PavilionBoard:
    theme = state.theme
    fields = Fields(raw, f"board {seat + 1}")
    board = PavilionBoard()
    board.score = fields.integer("score", 1)
    board.hand = read_counts(theme, fields.get("hand", str), f"board {seat + 1} hand")
    board.passed = fields.get("passed", bool)
    stars = Fields(fields.get("stars", dict), f"board {seat + 1} stars")
    for star, letter in enumerate(STAR_LETTERS):
        text = stars.get(letter, str)
        if len(text) != SLOTS:
            raise PositionError(f"board {seat + 1} star {letter} must be {SLOTS} letters or '.'")
        for slot, tile in enumerate(text, start=1):
            if tile == ".":
                continue
            colour = read_colours(theme, tile, f"board {seat + 1} star {letter}")[0]
            if not board.colour_fits(star, colour, state.colourless):
                raise PositionError(
                    f"board {seat + 1}: a {theme.name(colour)} tile cannot lie on star {letter} with "
                    f"{stars.get(letter, str)} ({'S-16' if state.colourless else 'S-8'})"
                )
            board.put(space(star, slot), colour)
    board.read_stats(Fields(fields.get("stats", dict), f"board {seat + 1} stats"))
    return board
