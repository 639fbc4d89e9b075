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

from mozaika.catalogue import GameSpec, Option, from_json, game_ids, game_spec, new_game
from mozaika.core.errors import (
    IllegalChanceError,
    IllegalMoveError,
    MozaikaError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
)
from mozaika.core.protocol import ChanceOutcome, Move, State, Step
from mozaika.notation.positions import from_line, to_line

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
    "from_json",
    "from_line",
    "game_ids",
    "game_spec",
    "new_game",
    "to_line",
]
