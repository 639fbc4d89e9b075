"""Observations: a flat numeric vector of a position from one seat's point of view (docs/rl.md).

Seats are rotated so that the observing seat comes first, and padded to four, so a
game's vector has the same length for 2, 3 and 4 players.  Counts are scaled to
about [0, 1]; colours are one-hot.
"""

from __future__ import annotations

from functools import lru_cache

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


def _factories(factories: list[list[int]], base: int, at: list[int], value: list[float]) -> None:
    """Each factory's tiles by colour / 4, one block of entries per factory from ``base``."""
    for counts in factories:
        for colour, count in enumerate(counts):
            if count:
                at.append(base + colour)
                value.append(count / 4)
        base += len(counts)


@lru_cache(maxsize=1 << 16)
def _azul_board(
    score: int,
    counts: tuple[int, ...],
    colours: tuple[int, ...],
    wall: tuple[int, ...],
    floor: int,
    marker: bool,
    waiting: bool,
) -> npt.NDArray[np.float32]:
    """One seat's block of an Azul observation; boards repeat a lot, so blocks are remembered."""
    block = np.zeros(AZUL_BOARD, dtype=np.float32)
    block[0] = score / 100
    for line in range(5):
        if counts[line]:
            block[1 + 6 * line] = counts[line] / (line + 1)
            block[2 + 6 * line + colours[line]] = 1.0
    for cell, colour in enumerate(wall):
        if colour != EMPTY:
            block[31 + 5 * cell + colour] = 1.0
    block[AZUL_BOARD - 3 :] = (floor / 7, 1.0 if marker else 0.0, 1.0 if waiting else 0.0)
    block.flags.writeable = False
    return block


def _azul(state: AzulState, seat: int) -> npt.NDArray[np.float32]:
    # The shared table written sparsely; each seat's block looked up by its board's contents.
    at: list[int] = [state.phase, 4]  # phase one-hot: offer, tiling, chance, over; then the round
    value: list[float] = [1.0, state.round / 10]
    _factories(state.factories, 5, at, value)
    base = 5 + 45
    for colour in range(5):
        at += (base + colour, base + 6 + colour, base + 11 + colour)
        value += (state.centre[colour] / 20, state.bag[colour] / 20, state.lid[colour] / 20)
    at.append(base + 5)
    value.append(1.0 if state.centre_marker else 0.0)
    base += 16
    seats = _rotated(seat, state.players)
    table = np.zeros(base, dtype=np.float32)
    table[at] = value
    parts = [table]
    for other in seats:
        board = state.boards[other]
        parts.append(
            _azul_board(
                board.score,
                tuple(board.line_count),
                tuple(board.line_colour),
                tuple(board.wall_colours),
                len(board.floor),
                MARKER in board.floor,
                board.waiting,
            )
        )
    if len(seats) < SEATS:
        parts.append(np.zeros(AZUL_BOARD * (SEATS - len(seats)), dtype=np.float32))
    at = []
    value = []
    size = AZUL_SIZE
    if isinstance(state, ChocolatierState):
        size += CHOCOLATIER_EXTRA
        base = AZUL_SIZE
        for index, disc in enumerate(state.discs):
            if disc is not None:
                at.append(base + len(DISCS) * index + DISCS.index(disc))
                value.append(1.0)
        base += 9 * len(DISCS)
        if state.disc_holder is not None:
            at.append(base + seats.index(state.disc_holder))
            value.append(1.0)
        if state.disc_tile != EMPTY:
            at.append(base + SEATS + state.disc_tile)
            value.append(1.0)
    if size > AZUL_SIZE:
        extra = np.zeros(CHOCOLATIER_EXTRA, dtype=np.float32)
        extra[[index - AZUL_SIZE for index in at]] = value
        parts.append(extra)
    return np.concatenate(parts)


def _pavilion(state: PavilionState, seat: int) -> npt.NDArray[np.float32]:
    at: list[int] = [state.phase, 5 + state.round - 1, 5 + ROUNDS + WILD_BY_ROUND[state.round - 1]]
    value: list[float] = [1.0, 1.0, 1.0]
    _factories(state.factories, 5 + ROUNDS + 6, at, value)
    base = 5 + ROUNDS + 6 + 54
    for colour in range(6):
        at += (base + colour, base + 7 + colour, base + 13 + colour, base + 19 + colour)
        value += (
            state.centre[colour] / 22,
            state.supply[colour] / 10,
            state.bag[colour] / 22,
            state.tower[colour] / 22,
        )
    at.append(base + 6)
    value.append(1.0 if state.marker_in_centre else 0.0)
    base += 25
    for slot, tiles in enumerate(state.pending_bonus[:3]):
        at.append(base + slot)
        value.append(tiles / 3)
    base += 3
    for other in _rotated(seat, state.players):
        board = state.boards[other]
        at.append(base)
        value.append(board.score / 100)
        for colour in range(6):
            if board.hand[colour]:
                at.append(base + 1 + colour)
                value.append(board.hand[colour] / 10)
        at.append(base + 7)
        value.append(1.0 if board.passed else 0.0)
        cells = base + 8
        for cell, colour in enumerate(board.colours):
            if colour >= 0:
                at.append(cells + 6 * cell + colour)
                value.append(1.0)
        base += PAVILION_BOARD
    out = np.zeros(PAVILION_SIZE, dtype=np.float32)
    out[at] = value
    return out
