"""Mozaika: rules engines, bots and tools for the Azul family of tile-drafting games.

Start a game with :func:`new_game`, ask it for :meth:`State.legal_moves`, and
:meth:`State.play` them::

    >>> import mozaika
    >>> state = mozaika.new_game("azul", players=2, seed=7)
    >>> state.to_move
    (0,)
    >>> move = state.legal_moves()[0]
    >>> state.play(move)

See ``docs/api.md`` for the whole protocol, ``docs/notation.md`` for move notation
and ``docs/records.md`` for game records.
"""

from __future__ import annotations

from mozaika.errors import (
    IllegalChanceError,
    IllegalMoveError,
    MozaikaError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
)
from mozaika.protocol import ChanceOutcome, Move, State, Step
from mozaika.registry import GameSpec, Option, game_ids, game_spec, new_game

__version__ = "0.1.0"

__all__ = [
    "ChanceOutcome",
    "GameSpec",
    "IllegalChanceError",
    "IllegalMoveError",
    "Move",
    "MozaikaError",
    "NotationError",
    "Option",
    "OptionError",
    "PositionError",
    "RecordError",
    "State",
    "Step",
    "game_ids",
    "game_spec",
    "new_game",
]
