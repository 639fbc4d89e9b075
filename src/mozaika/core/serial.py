"""The parts of a position dictionary (``docs/api.md``) that every game of the family writes and reads alike.

The start (seed, chance), the offer (turn, starter, marker, factories, centre), the
phase, tile groups and counts, and the boards.  Each game's ``position`` module adds its
own parts and the rules its positions must satisfy; reading names the field in every
error, and refuses what could not arise in a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from mozaika.core.errors import NotationError, PositionError
from mozaika.core.family import FamilyBoard, FamilyState
from mozaika.core.offer import FACTORIES, FactoryOffer
from mozaika.core.reading import Fields, read_header
from mozaika.core.theme import Theme

B = TypeVar("B", bound=FamilyBoard)
P = TypeVar("P", bound=FamilyState[Any])


def spell(theme: Theme, counts: Sequence[int]) -> str:
    """Tile counts by colour as letters in colour order: ``[2, 0, 1]`` is ``"BBR"``."""
    letters = theme.letters  # (a list joined costs less than a generator: every position written spells a few)
    return "".join([letters[colour] * count for colour, count in enumerate(counts)])


def counts_by_letter(theme: Theme, counts: Sequence[int]) -> dict[str, int]:
    """Tile counts by colour as a JSON count object (a bag, a lid, the tower)."""
    letters = theme.letters
    return {letters[colour]: count for colour, count in enumerate(counts)}


def family_to_dict(state: FamilyState[Any], version: int, phase_names: Sequence[str]) -> dict[str, Any]:
    """The fields every family position starts with: the header, the phase and the offer (``docs/api.md``)."""
    return {**state._header(version), "phase": phase_names[state.phase], **offer_to_dict(state, state.theme)}


def piles_to_dict(
    state: FamilyState[B], discard_name: str, discard: Sequence[int], board_parts: Callable[[Theme, B], dict[str, Any]]
) -> dict[str, Any]:
    """The bag, the discard pile (Azul's lid, the Pavilion's tower) and the boards, in that order.

    Each board is its score, the parts ``board_parts`` writes, and its statistics.
    """
    theme = state.theme
    return {
        "bag": counts_by_letter(theme, state.bag),
        discard_name: counts_by_letter(theme, discard),
        "boards": [
            {"score": board.score, **board_parts(theme, board), "stats": board.stats()} for board in state.boards
        ],
    }


def offer_to_dict(state: FactoryOffer, theme: Theme) -> dict[str, Any]:
    """Who is on turn and started, the marker, the factories and the centre."""
    return {
        "turn": state.turn,
        "starter": state.starter,
        "marker_in_centre": state.marker_in_centre,
        "marker_holder": state.marker_holder,
        "factories": [spell(theme, counts) for counts in state.factories],
        "centre": spell(theme, state.centre),
    }


def check_conserved(state: FamilyState[Any], per_colour: int) -> None:
    """Every colour has its ``per_colour`` tiles somewhere in the position (F-4)."""
    for colour, total in enumerate(state.counts_in_play()):
        if total != per_colour:
            raise PositionError(
                f"the position holds {total} {state.theme.name(colour)} tiles, not {per_colour}: "
                "tiles must be conserved (F-4)"
            )


def read_start(cls: type[P], data: Mapping[str, Any], version: int) -> tuple[P, Fields, dict[str, Any]]:
    """A new state of ``cls`` from a position's start: the game, the format, the seats and the chance settings.

    Returns the state, the position's fields for the game to read the rest, and the options.
    """
    top = Fields(data, "position")
    players, options = read_header(top, cls.game_id, version)
    state = object.__new__(cls)
    state._start(top.integer("seed", 0), top.get("auto_chance", bool), top.integer("chance_index", 0))
    state._players = players
    return state, top, options


def read_colours(theme: Theme, text: Any, where: str) -> list[int]:
    """The colours of a group of tiles written as letters, in the order written."""
    if not isinstance(text, str):
        raise PositionError(f"{where} must be a string of colour letters, not {text!r}")
    try:
        return theme.tiles(text)
    except NotationError as error:
        raise PositionError(f"{where}: {error}") from None


def read_counts(theme: Theme, text: Any, where: str, most: int | None = None, rule: str = "") -> list[int]:
    """Tile counts by colour of a group written as letters, holding at most ``most`` tiles when given."""
    colours = read_colours(theme, text, where)
    if most is not None and len(colours) > most:
        raise PositionError(f"{where} holds {len(colours)} tiles; at most {most} fit{f' ({rule})' if rule else ''}")
    return [colours.count(colour) for colour in range(len(theme.letters))]


def read_offer(state: FactoryOffer, top: Fields, players: int, theme: Theme, capacity: Callable[[int], int]) -> None:
    """Turn, starter, marker, factories (each holding at most ``capacity(index)`` tiles, F-1) and centre."""
    state.turn = top.integer("turn", 0, players - 1)
    state.starter = top.integer("starter", 0, players - 1)
    state.marker_in_centre = top.get("marker_in_centre", bool)
    holder = top.data.get("marker_holder")
    if holder is not None and (not isinstance(holder, int) or isinstance(holder, bool) or not 0 <= holder < players):
        raise PositionError(f"position.marker_holder must be a seat or null, not {holder!r}")
    state.marker_holder = holder
    raw_factories = top.get("factories", list)
    if len(raw_factories) != FACTORIES[players]:
        raise PositionError(
            f"a {players}-player game has {FACTORIES[players]} factories, not {len(raw_factories)} (F-1)"
        )
    state.factories = [
        read_counts(theme, raw, f"factory {index + 1}", capacity(index), "F-1")
        for index, raw in enumerate(raw_factories)
    ]
    state.centre = read_counts(theme, top.get("centre", str), "centre")
    state.tiles_on_table = sum(map(sum, state.factories)) + sum(state.centre)


def read_phase(top: Fields, names: Sequence[str]) -> int:
    """The phase, by its name in ``names``."""
    name = top.get("phase", str)
    if name not in names:
        raise PositionError(f"position.phase must be one of {', '.join(names)}, not {name!r}")
    return list(names).index(name)


def read_boards(
    top: Fields,
    players: int,
    new_board: Callable[[], B],
    lowest_score: int,
    read_parts: Callable[[B, Fields, str], None],
) -> list[B]:
    """One board per player: its score (at least ``lowest_score``), the parts ``read_parts`` reads, its statistics.

    ``read_parts(board, fields, where)`` names the board in its errors by ``where`` ("board 2").
    """
    raw_boards = top.get("boards", list)
    if len(raw_boards) != players:
        raise PositionError(f"position.boards lists {len(raw_boards)} boards for {players} players")
    boards = []
    for seat, raw in enumerate(raw_boards):
        where = f"board {seat + 1}"
        fields = Fields(raw, where)
        board = new_board()
        board.score = fields.integer("score", lowest_score)
        read_parts(board, fields, where)
        board.read_stats(Fields(fields.get("stats", dict), f"{where} stats"))
        boards.append(board)
    return boards
