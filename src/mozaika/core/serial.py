"""The parts of a position dictionary (``docs/api.md``) that every game of the family writes and reads alike.

The start (seed, chance), the offer (turn, starter, marker, factories, centre), the
phase, tile groups and counts, and the boards.  Each game's ``serial`` module adds its
own parts and the rules its positions must satisfy; reading names the field in every
error, and refuses what could not arise in a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from mozaika.core.errors import NotationError, PositionError
from mozaika.core.offer import FACTORIES
from mozaika.core.reading import Fields
from mozaika.core.theme import Theme

B = TypeVar("B")


class OfferPosition(Protocol):
    """The offer's part of a position (:class:`~mozaika.core.offer.FactoryOffer`), as serial modules see it."""

    factories: list[list[int]]
    centre: list[int]
    masks: list[int]
    marker_in_centre: bool
    marker_holder: int | None
    tiles_on_table: int
    turn: int
    starter: int


class FamilyPosition(OfferPosition, Protocol):
    """What a game's serial module reads and writes of any family state (the state imports the module, not back)."""

    game_id: ClassVar[str]
    theme: ClassVar[Theme]
    _players: int
    _round: int
    bag: list[int]
    phase: int

    def _start(self, seed: int, auto_chance: bool, chance_index: int = 0) -> None: ...

    def _header(self, version: int) -> dict[str, Any]: ...

    def counts_in_play(self) -> list[int]: ...


def spell(theme: Theme, counts: Sequence[int]) -> str:
    """Tile counts by colour as letters in colour order: ``[2, 0, 1]`` is ``"BBR"``."""
    return "".join(theme.letter(colour) * count for colour, count in enumerate(counts))


def counts_by_letter(theme: Theme, counts: Sequence[int]) -> dict[str, int]:
    """Tile counts by colour as a JSON count object (a bag, a lid, the tower)."""
    return {theme.letter(colour): count for colour, count in enumerate(counts)}


def family_to_dict(state: FamilyPosition, version: int, phase_names: Sequence[str]) -> dict[str, Any]:
    """The fields every family position starts with: the header, the phase and the offer (``docs/api.md``)."""
    return {**state._header(version), "phase": phase_names[state.phase], **offer_to_dict(state, state.theme)}


def offer_to_dict(state: OfferPosition, theme: Theme) -> dict[str, Any]:
    """Who is on turn and started, the marker, the factories and the centre."""
    return {
        "turn": state.turn,
        "starter": state.starter,
        "marker_in_centre": state.marker_in_centre,
        "marker_holder": state.marker_holder,
        "factories": [spell(theme, counts) for counts in state.factories],
        "centre": spell(theme, state.centre),
    }


def read_start(state: FamilyPosition, top: Fields) -> None:
    """The seed and the chance settings, which every position begins with."""
    state._start(top.integer("seed", 0), top.get("auto_chance", bool), top.integer("chance_index", 0))


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


def read_offer(state: OfferPosition, top: Fields, players: int, theme: Theme, capacity: Callable[[int], int]) -> None:
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


def read_boards(top: Fields, players: int, read_board: Callable[[Any, int], B]) -> list[B]:
    """One board per player, each read by ``read_board(raw, seat)``."""
    raw_boards = top.get("boards", list)
    if len(raw_boards) != players:
        raise PositionError(f"position.boards lists {len(raw_boards)} boards for {players} players")
    return [read_board(raw, seat) for seat, raw in enumerate(raw_boards)]
