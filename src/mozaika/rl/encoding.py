"""Observations: a flat numeric vector of a position from one seat's point of view (docs/rl.md).

Seats are rotated so that the observing seat comes first, and padded to four, so a
game's vector has the same length for 2, 3 and 4 players.  Counts are scaled to
about [0, 1]; colours are one-hot.  Each game says how its positions are encoded (its
:class:`~mozaika.core.learning.Learning`, in the game's package); this module turns the
game's blocks into arrays.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mozaika.catalogue import game_spec, spec_of
from mozaika.core.learning import Learning
from mozaika.core.protocol import Move, State

_FLOAT32 = np.dtype(np.float32)


def learning_of(game_id: str) -> Learning:
    """A game's observations and action space; ``ValueError`` for a game that has none."""
    learning = game_spec(game_id).learning
    if learning is None:
        raise ValueError(f"{game_id} has no observation encoding or action space")
    return learning


def observation_size(game_id: str) -> int:
    """The length of a game's observation vector."""
    return learning_of(game_id).observation_size


def encode(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The position as seen by ``seat``."""
    return Observer(state).vector(seat)


def observer(state: State) -> Observer:
    """An :class:`Observer` of a game about to be played."""
    return Observer(state)


class Observer:
    """The observation vectors of one game as it is played, re-encoding only what a step changed."""

    __slots__ = ("_parts", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._parts = learning_of(spec_of(state).id).follow(state)

    def refresh(self) -> None:
        """Encode the whole position again."""
        self._parts.refresh()

    def after_move(self, mover: int, move: Move) -> None:
        """Bring the vectors up to date after ``mover`` played ``move`` (and any chance that followed)."""
        self._parts.after_move(mover, move)

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        """The position as seen by ``seat``: a new array, the caller's to keep or change."""
        # The dtype as a positional argument: numpy parses keywords at a cost that shows at every step.
        return np.frombuffer(bytearray().join(self._parts.blocks(seat)), _FLOAT32)
