"""Observations: a flat numeric vector of a position from one seat's point of view (docs/rl.md).

Seats are rotated so that the observing seat comes first, and padded to four, so a
game's vector has the same length for 2, 3 and 4 players.  Counts are scaled to
about [0, 1]; colours are one-hot.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

from mozaika.azul.board import EMPTY, MARKER
from mozaika.azul.state import AzulState
from mozaika.chocolatier.discs import DISCS
from mozaika.chocolatier.state import ChocolatierState
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.theme import ROUNDS, WILD_BY_ROUND
from mozaika.protocol import State

SEATS = 4
AZUL_BOARD = 1 + 5 * 6 + 25 * 5 + 3
AZUL_SIZE = 4 + 1 + 9 * 5 + 5 + 1 + 10 + SEATS * AZUL_BOARD
CHOCOLATIER_EXTRA = 9 * len(DISCS) + SEATS + 5
PAVILION_BOARD = 1 + 6 + 1 + 42 * 6
PAVILION_SIZE = 5 + ROUNDS + 6 + 9 * 6 + 6 + 1 + 6 + 6 + 6 + 3 + SEATS * PAVILION_BOARD


def observation_size(game_id: str) -> int:
    """The length of a game's observation vector."""
    if game_id == "pavilion":
        return PAVILION_SIZE
    return AZUL_SIZE + (CHOCOLATIER_EXTRA if game_id == "chocolatier" else 0)


def encode(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The position as seen by ``seat``."""
    if isinstance(state, PavilionState):
        return _pavilion(state, seat)
    if isinstance(state, AzulState):
        return _azul(state, seat)
    raise TypeError(f"no observation encoding for {state.game_id!r}")


def _rotated(seat: int, players: int) -> list[int]:
    return [(seat + offset) % players for offset in range(players)]


Block = npt.NDArray[np.float32]


class _Blocks:
    """Small blocks of observation entries by the position details they show, each made once.

    Positions repeat these blocks (a factory's tiles, a board's pattern lines, a
    wall) very often, so looking a block up is far cheaper than writing it again.
    """

    __slots__ = ("_cache", "_make")

    LIMIT = 1 << 15

    def __init__(self, make: Callable[[tuple[int, ...]], list[float]]) -> None:
        self._make = make
        self._cache: dict[tuple[int, ...], Block] = {}

    def __call__(self, key: tuple[int, ...]) -> Block:
        block = self._cache.get(key)
        if block is None:
            if len(self._cache) >= self.LIMIT:
                self._cache.clear()
            block = self._cache[key] = np.array(self._make(key), dtype=np.float32)
            block.flags.writeable = False
        return block


def _phase_and_round(key: tuple[int, ...]) -> list[float]:
    phase, round_ = key
    out = [0.0] * 5
    out[phase] = 1.0
    out[4] = round_ / 10
    return out


def _centre(key: tuple[int, ...]) -> list[float]:
    # The centre's tiles, then the marker while it lies there.
    return [*(count / 20 for count in key[:5]), float(key[5])]


def _lines(key: tuple[int, ...]) -> list[float]:
    # Pattern lines from key[0] on: (first line, its tiles, its colour, the next line's tiles, ...).
    first = key[0]
    out: list[float] = []
    for offset in range(0, len(key) - 1, 2):
        count, colour = key[1 + offset], key[2 + offset]
        block = [0.0] * 6
        if count:
            block[0] = count / (first + offset // 2 + 1)
            block[1 + colour] = 1.0
        out += block
    return out


def _wall(colours: tuple[int, ...]) -> list[float]:
    out = [0.0] * 125
    for cell, colour in enumerate(colours):
        if colour != EMPTY:
            out[5 * cell + colour] = 1.0
    return out


_PHASES = _Blocks(_phase_and_round)
_FACTORY = _Blocks(lambda counts: [count / 4 for count in counts])
_CENTRE = _Blocks(_centre)
_BAG_AND_LID = _Blocks(lambda counts: [count / 20 for count in counts])
_SCORE = _Blocks(lambda score: [score[0] / 100])
_LINES = _Blocks(_lines)
_WALL = _Blocks(_wall)
_FLOOR = _Blocks(lambda floor: [floor[0] / 7, float(floor[1]), float(floor[2])])


@cache
def _zeros(size: int) -> Block:
    """Padding: the entries of factories and seats a game lacks."""
    block = np.zeros(size, dtype=np.float32)
    block.flags.writeable = False
    return block


def _factories(factories: list[list[int]]) -> list[Block]:
    """Each factory's tiles by colour / 4, then zeros for the factories up to nine that the game lacks."""
    colours = len(factories[0])
    return [*(_FACTORY(tuple(counts)) for counts in factories), _zeros(colours * (9 - len(factories)))]


def _azul(state: AzulState, seat: int) -> Block:
    parts = [_PHASES((state.phase, state.round)), *_factories(state.factories)]
    parts.append(_CENTRE((*state.centre, state.centre_marker)))
    parts.append(_BAG_AND_LID((*state.bag, *state.lid)))
    seats = _rotated(seat, state.players)
    for other in seats:
        board = state.boards[other]
        parts.append(_SCORE((board.score,)))
        # Two blocks of lines (1-3 and 4-5): a block for all five would rarely repeat.
        counts, colours = board.line_count, board.line_colour
        parts.append(_LINES((0, counts[0], colours[0], counts[1], colours[1], counts[2], colours[2])))
        parts.append(_LINES((3, counts[3], colours[3], counts[4], colours[4])))
        parts.append(_WALL(tuple(board.wall_colours)))
        parts.append(_FLOOR((len(board.floor), MARKER in board.floor, board.waiting)))
    parts.append(_zeros(AZUL_BOARD * (SEATS - len(seats))))
    if isinstance(state, ChocolatierState):
        extra = [0.0] * CHOCOLATIER_EXTRA
        for index, disc in enumerate(state.discs):
            if disc is not None:
                extra[len(DISCS) * index + DISCS.index(disc)] = 1.0
        base = 9 * len(DISCS)
        if state.disc_holder is not None:
            extra[base + seats.index(state.disc_holder)] = 1.0
        if state.disc_tile != EMPTY:
            extra[base + SEATS + state.disc_tile] = 1.0
        parts.append(np.array(extra, dtype=np.float32))
    return np.concatenate(parts)


def _pavilion_head(key: tuple[int, ...]) -> list[float]:
    # The phase, the round, and the round's wild colour, each one-hot.
    phase, round_ = key
    out = [0.0] * (5 + ROUNDS + 6)
    out[phase] = 1.0
    out[5 + round_ - 1] = 1.0
    out[5 + ROUNDS + WILD_BY_ROUND[round_ - 1]] = 1.0
    return out


def _cells(colours: tuple[int, ...]) -> list[float]:
    out = [0.0] * (42 * 6)
    for cell, colour in enumerate(colours):
        if colour >= 0:
            out[6 * cell + colour] = 1.0
    return out


_PAVILION_HEAD = _Blocks(_pavilion_head)
_CENTRE_22 = _Blocks(lambda key: [*(count / 22 for count in key[:6]), float(key[6])])
_SUPPLY = _Blocks(lambda counts: [count / 10 for count in counts])
_BAG_AND_TOWER = _Blocks(lambda counts: [count / 22 for count in counts])
_PENDING = _Blocks(lambda tiles: [count / 3 for count in tiles])
_HAND = _Blocks(lambda key: [*(count / 10 for count in key[:6]), float(key[6])])
_CELLS = _Blocks(_cells)


def _pavilion(state: PavilionState, seat: int) -> Block:
    # As for Azul: a row of remembered blocks, joined in one go.
    parts = [_PAVILION_HEAD((state.phase, state.round)), *_factories(state.factories)]
    parts.append(_CENTRE_22((*state.centre, state.marker_in_centre)))
    parts.append(_SUPPLY(tuple(state.supply)))
    parts.append(_BAG_AND_TOWER((*state.bag, *state.tower)))
    pending = tuple(state.pending_bonus[:3])
    parts.append(_PENDING(pending + (0,) * (3 - len(pending))))
    seats = _rotated(seat, state.players)
    for other in seats:
        board = state.boards[other]
        parts.append(_SCORE((board.score,)))
        parts.append(_HAND((*board.hand, board.passed)))
        parts.append(_CELLS(tuple(board.colours)))
    parts.append(_zeros(PAVILION_BOARD * (SEATS - len(seats))))
    return np.concatenate(parts)
