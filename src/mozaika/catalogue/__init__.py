"""The catalogue of games: each game registers its description (:class:`GameSpec`) on import;
games are created, and positions read back, by id.  Above the game packages and the protocol."""

from __future__ import annotations

from mozaika.catalogue.registry import (
    GameSpec,
    Option,
    from_json,
    game_ids,
    game_spec,
    move_fields,
    new_game,
    register_game,
    spec_of,
)

__all__ = [
    "GameSpec",
    "Option",
    "from_json",
    "game_ids",
    "game_spec",
    "move_fields",
    "new_game",
    "register_game",
    "spec_of",
]
