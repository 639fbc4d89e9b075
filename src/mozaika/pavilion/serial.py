"""Summer Pavilion positions as JSON-compatible dictionaries, and their validation when read back.

The format is documented in ``docs/api.md`` ("Positions").  Reading checks every
field and the rules a position must satisfy: 132 tiles (F-4), star colours (S-8,
S-16), hands and kept tiles (S-11), scores (S-5) and a phase that fits the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar

from mozaika.core.errors import NotationError, PositionError
from mozaika.core.offer import FACTORIES, colour_mask
from mozaika.core.reading import Fields, read_header
from mozaika.core.theme import Theme
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
from mozaika.pavilion.theme import COLOURS, ROUNDS

FORMAT = 1


class PavilionPosition(Protocol):
    """What this module reads and writes of a Summer Pavilion state (``PavilionPosition`` depends on this module)."""

    game_id: ClassVar[str]
    theme: ClassVar[Theme]
    _players: int
    _round: int
    colourless: bool
    factories: list[list[int]]
    centre: list[int]
    marker_in_centre: bool
    marker_holder: int | None
    supply: list[int]
    bag: list[int]
    tower: list[int]
    boards: list[PavilionBoard]
    turn: int
    starter: int
    phase: int
    chance_kind: int
    pending_bonus: list[int]
    tiles_on_table: int
    masks: list[int]

    @property
    def wild(self) -> int: ...

    def _start(self, seed: int, auto_chance: bool, chance_index: int = 0) -> None: ...

    def _header(self, version: int) -> dict[str, Any]: ...

    def _set_side(self, colourless: bool) -> None: ...

    def counts_in_play(self) -> list[int]: ...


S = TypeVar("S", bound=PavilionPosition)


def pavilion_state_to_dict(state: PavilionPosition) -> dict[str, Any]:
    theme = state.theme

    def spell(counts: list[int]) -> str:
        return "".join(theme.letter(c) * counts[c] for c in range(COLOURS))

    return {
        **state._header(FORMAT),
        "wild": theme.letter(state.wild),
        "phase": PHASE_NAMES[state.phase],
        "chance": CHANCE_NAMES[state.chance_kind] if state.phase == CHANCE else None,
        "turn": state.turn,
        "starter": state.starter,
        "marker_in_centre": state.marker_in_centre,
        "marker_holder": state.marker_holder,
        "factories": [spell(counts) for counts in state.factories],
        "centre": spell(state.centre),
        "supply": spell(state.supply),
        "pending_bonus": list(state.pending_bonus),
        "bag": {theme.letter(c): state.bag[c] for c in range(COLOURS)},
        "tower": {theme.letter(c): state.tower[c] for c in range(COLOURS)},
        "boards": [
            {
                "score": board.score,
                "hand": spell(board.hand),
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
                "stats": {
                    "placement_points": board.placement_points,
                    "marker_points": board.marker_points,
                    "discard_points": board.discard_points,
                    "star_bonus": board.star_bonus,
                    "number_bonus": board.number_bonus,
                    "bonus_tiles": board.bonus_tiles,
                },
            }
            for board in state.boards
        ],
    }


def pavilion_state_from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
    top = Fields(data, "position")
    players, options = read_header(top, cls.game_id, FORMAT)
    theme = cls.theme
    state = object.__new__(cls)

    def counts_of(text: Any, where: str, most: int | None = None) -> list[int]:
        if not isinstance(text, str):
            raise PositionError(f"{where} must be a string of colour letters, not {text!r}")
        try:
            colours = theme.tiles(text)
        except NotationError as error:
            raise PositionError(f"{where}: {error}") from None
        if most is not None and len(colours) > most:
            raise PositionError(f"{where} holds {len(colours)} tiles; at most {most} fit")
        return [colours.count(colour) for colour in range(COLOURS)]

    state._start(top.integer("seed", 0), top.get("auto_chance", bool), top.integer("chance_index", 0))
    state._players = players
    state._set_side(options["board"] == "colourless")
    state._round = top.integer("round", 1, ROUNDS)
    phase_name = top.get("phase", str)
    if phase_name not in PHASE_NAMES:
        raise PositionError(f"position.phase must be one of {', '.join(PHASE_NAMES)}, not {phase_name!r}")
    state.phase = PHASE_NAMES.index(phase_name)
    chance_name = top.data.get("chance")
    if state.phase == CHANCE:
        if chance_name not in CHANCE_NAMES:
            raise PositionError(f"position.chance must be one of {', '.join(CHANCE_NAMES)} while chance is pending")
        state.chance_kind = CHANCE_NAMES.index(chance_name)
    elif chance_name is not None:
        raise PositionError("position.chance must be null when no chance event is pending")
    else:
        state.chance_kind = FILL
    state.turn = top.integer("turn", 0, players - 1)
    state.starter = top.integer("starter", 0, players - 1)
    state.marker_in_centre = top.get("marker_in_centre", bool)
    holder = top.data.get("marker_holder")
    if holder is not None and (not isinstance(holder, int) or isinstance(holder, bool) or not 0 <= holder < players):
        raise PositionError(f"position.marker_holder must be a seat or null, not {holder!r}")
    if (holder is not None and state.marker_in_centre) or (holder is None and not state.marker_in_centre):
        raise PositionError("the first-player marker is either in the centre or with its holder (S-5)")
    state.marker_holder = holder
    raw_factories = top.get("factories", list)
    if len(raw_factories) != FACTORIES[players]:
        raise PositionError(
            f"a {players}-player game has {FACTORIES[players]} factories, not {len(raw_factories)} (F-1)"
        )
    state.factories = [counts_of(raw, f"factory {index + 1}", 4) for index, raw in enumerate(raw_factories)]
    state.centre = counts_of(top.get("centre", str), "centre")
    state.supply = counts_of(top.get("supply", str), "supply", SUPPLY_SIZE)
    state.bag = top.counts("bag", theme.letters, TILES_PER_COLOUR)
    state.tower = top.counts("tower", theme.letters, TILES_PER_COLOUR)
    pending = top.get("pending_bonus", list)
    if not all(isinstance(tiles, int) and not isinstance(tiles, bool) and tiles in (1, 2, 3) for tiles in pending):
        raise PositionError("position.pending_bonus lists the tiles (1, 2 or 3) still owed by completed features")
    state.pending_bonus = list(pending)
    raw_boards = top.get("boards", list)
    if len(raw_boards) != players:
        raise PositionError(f"position.boards lists {len(raw_boards)} boards for {players} players")
    state.boards = [_board_from_dict(state, raw, seat, counts_of) for seat, raw in enumerate(raw_boards)]
    state.tiles_on_table = sum(map(sum, state.factories)) + sum(state.centre)
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


def _board_from_dict(state: PavilionPosition, raw: Any, seat: int, counts_of: Any) -> PavilionBoard:
    theme = state.theme
    fields = Fields(raw, f"board {seat + 1}")
    board = PavilionBoard()
    board.score = fields.integer("score", 1)
    board.hand = counts_of(fields.get("hand", str), f"board {seat + 1} hand")
    board.passed = fields.get("passed", bool)
    stars = Fields(fields.get("stars", dict), f"board {seat + 1} stars")
    for star, letter in enumerate(STAR_LETTERS):
        text = stars.get(letter, str)
        if len(text) != SLOTS:
            raise PositionError(f"board {seat + 1} star {letter} must be {SLOTS} letters or '.'")
        for slot, tile in enumerate(text, start=1):
            if tile == ".":
                continue
            colour = counts_of(tile, f"board {seat + 1} star {letter}").index(1)
            if not board.colour_fits(star, colour, state.colourless):
                raise PositionError(
                    f"board {seat + 1}: a {theme.name(colour)} tile cannot lie on star {letter} with "
                    f"{stars.get(letter, str)} ({'S-16' if state.colourless else 'S-8'})"
                )
            board.put(space(star, slot), colour)
    stats = Fields(fields.get("stats", dict), f"board {seat + 1} stats")
    board.placement_points = stats.integer("placement_points", 0)
    board.marker_points = stats.integer("marker_points", 0)
    board.discard_points = stats.integer("discard_points", 0)
    board.star_bonus = stats.integer("star_bonus", 0)
    board.number_bonus = stats.integer("number_bonus", 0)
    # Positions written before this statistic existed have none: they count from 0.
    board.bonus_tiles = stats.integer("bonus_tiles", 0) if "bonus_tiles" in stats.data else 0
    return board
