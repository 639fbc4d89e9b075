"""Fixed-size discrete action spaces: every move of a game as an index, and back (docs/rl.md).

Each game numbers its own moves (its :class:`~mozaika.core.learning.Learning`, in the
game's package: ``mozaika.azul.learning``, ``mozaika.chocolatier.learning``,
``mozaika.pavilion.learning``); this module looks the numbering up by the move's kind
and turns the legal moves into masks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from mozaika.catalogue import game_ids, game_spec
from mozaika.core.protocol import Move, State
from mozaika.rl.encoding import learning_of


def action_count(game_id: str, options: dict[str, object]) -> int:
    """The size of the discrete action space of a game with these options."""
    return learning_of(game_id).action_count(options)


def _indexers() -> dict[type[Move], Callable[[Any], int]]:
    found: dict[type[Move], Callable[[Any], int]] = {}
    for game_id in game_ids():
        learning = game_spec(game_id).learning
        if learning is not None:
            found.update(learning.action_indexers())
    return found


_INDEXERS = _indexers()
"""Every game's action numbering, by the exact class of its moves."""


def action_index(move: Move) -> int:
    """The action index of a move (``docs/rl.md``)."""
    # The engines reuse one object per move, so the index is remembered by identity.
    known = _BY_IDENTITY.get(id(move))
    if known is not None and known[0] is move:
        return known[1]
    indexer = _INDEXERS.get(type(move))
    if indexer is None:
        raise TypeError(f"no action index for {move!r}")
    index = indexer(move)
    _BY_IDENTITY[id(move)] = (move, index)
    return index


_BY_IDENTITY: dict[int, tuple[Move, int]] = {}


def legal_actions(state: State) -> dict[int, Move]:
    """The legal moves of the seat to move, by action index."""
    if not state.to_move:
        return {}
    return {action_index(move): move for move in state.legal_moves(state.to_move[0])}


_INT8 = np.dtype(np.int8)


class LegalActions:
    """The legal moves of the seat to move, as an action mask, each with its move on demand.

    For an Azul factory offer the mask is read off the position (the colours at
    each source and the lines each colour may go to), without building the moves:
    this is what an environment needs at every step.  The take actions of one
    colour from one source are six neighbouring indices, so the mask is joined
    from six-byte blocks, one per source and colour.
    """

    __slots__ = ("_indices", "_mask", "_moves", "_state")

    def __init__(self, state: State, actions: int) -> None:
        """The legal actions in ``state``, in an action space of ``actions`` indices."""
        self._state = state
        self._moves: dict[int, Move] | None = None
        self._indices: list[int] | None = None
        quick = learning_of(state.game_id).quick_mask(state, actions) if state.to_move else None
        if quick is not None:
            self._mask = quick
        else:
            self._moves = legal_actions(state)
            mask = bytearray(actions)
            for index in self._moves:
                mask[index] = 1
            self._mask = bytes(mask)

    @classmethod
    def none(cls, state: State, actions: int) -> LegalActions:
        """No legal action (after a forfeit: the game is over for the learner)."""
        empty = cls.__new__(cls)
        empty._state = state
        empty._moves = {}
        empty._indices = []
        empty._mask = _zeros(actions)
        return empty

    @property
    def indices(self) -> list[int]:
        """The legal action indices, in increasing order (what the action mask marks)."""
        if self._indices is None:
            self._indices = np.flatnonzero(np.frombuffer(self._mask, dtype=np.int8)).tolist()
        return self._indices

    def mask(self) -> npt.NDArray[np.int8]:
        """The action mask: a new array, 1 at each legal action and 0 elsewhere."""
        # The dtype as a positional argument: numpy parses keywords at a cost that shows at every step.
        return np.frombuffer(bytearray(self._mask), _INT8)

    def __len__(self) -> int:
        return self._mask.count(1)

    def __contains__(self, index: object) -> bool:
        return type(index) is int and 0 <= index < len(self._mask) and self._mask[index] == 1

    def move(self, index: int) -> Move:
        """The move behind a legal action index."""
        if self._moves is not None:
            return self._moves[index]
        return learning_of(self._state.game_id).quick_move(self._state, index)

    def as_dict(self) -> dict[int, Move]:
        """Every legal move by action index."""
        if self._moves is None:
            self._moves = {index: self.move(index) for index in self.indices}
        return dict(self._moves)


def as_index(action: Any) -> Any:
    """An action as a Python ``int`` (from numpy's integers too), or as it came, to be refused, when it is not a
    whole number."""
    try:
        return int(action) if int(action) == action else action
    except (TypeError, ValueError):
        return action


def _zeros(size: int) -> bytes:
    return bytes(size)


def describe_action(index: int, game_id: str) -> str:
    """A readable name for an action index, without a position (for docs and logs)."""
    return learning_of(game_id).describe_action(index)
