"""The catalogue of games: each game is described by data, and created by id."""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from mozaika.core.errors import MozaikaError, OptionError, PositionError
from mozaika.core.protocol import State
from mozaika.core.reading import Fields
from mozaika.core.spec import GameSpec, Option

__all__ = ["GameSpec", "Option", "from_json", "game_ids", "game_spec", "new_game", "register_game", "spec_of"]


BUILT_IN = ("mozaika.azul", "mozaika.chocolatier", "mozaika.pavilion")
"""Mozaika's own games: packages that each describe their game as ``SPEC``."""
_GAMES: dict[str, GameSpec] = {}
_loaded = False


def _ensure_loaded() -> None:
    # The games are imported on first use, so that a program that never plays (``mozaika --help``)
    # does not pay for their tables.  Only the catalogue imports them: the games know nothing of it.
    global _loaded
    if _loaded:
        return
    for name in BUILT_IN:
        spec: GameSpec = importlib.import_module(name).SPEC
        _GAMES.setdefault(spec.id, spec)
    _loaded = True


def register_game(spec: GameSpec) -> None:
    """Add a game to the catalogue (Mozaika's own games are in it from the start)."""
    _GAMES[spec.id] = spec


def game_ids() -> list[str]:
    """The ids of every available game."""
    _ensure_loaded()
    return list(_GAMES)


def game_spec(game_id: str) -> GameSpec:
    """The description of one game; raises :class:`OptionError` for an unknown id."""
    if not _loaded:
        _ensure_loaded()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise OptionError(f"unknown game {game_id!r}; the games are: {', '.join(_GAMES)}") from None


def new_game(
    game_id: str,
    *,
    players: int,
    seed: int | None = None,
    auto_chance: bool = True,
    **options: Any,
) -> State:
    """Start a new game.

    ``game_id`` is one of :func:`game_ids`; ``players`` is 2, 3 or 4 (rule F-1).
    ``seed`` decides every chance event that is not given explicitly (a fresh random
    seed when None; it is kept in :attr:`State.seed`).  With ``auto_chance=False``
    the returned state waits at the first chance event (the first factory fill) for
    :meth:`State.apply_chance`.  Other keyword arguments are the game's options,
    e.g. ``wall="grey"`` for Azul.
    """
    spec = game_spec(game_id)
    if not isinstance(players, int) or isinstance(players, bool) or players not in spec.players:
        allowed = ", ".join(str(n) for n in spec.players)
        raise OptionError(f"{game_id} is played by {allowed} players, not {players!r} (F-1)")
    if seed is None:
        seed = random.SystemRandom().getrandbits(48)
    elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise OptionError(f"the seed must be a non-negative whole number, not {seed!r}")
    resolved = spec.resolve_options(options)
    return spec.create(players=players, seed=seed, auto_chance=auto_chance, **resolved)


def from_json(data: str | bytes | Mapping[str, Any]) -> State:
    """Read back a position written by :meth:`State.to_json` (or :meth:`State.to_dict`).

    The ``"game"`` field selects the game.  Raises :class:`PositionError` on
    malformed or impossible positions, naming the field and the rule broken.
    """
    data = _load_mapping(data)
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise PositionError('a position needs a "game" field naming its game')
    try:
        spec = game_spec(game_id)
    except OptionError as error:
        raise PositionError(str(error)) from None
    top = Fields(data, "position")
    players = top.get("players", int)
    if players not in spec.players:
        raise PositionError(f"position.players must be 2, 3 or 4, not {players} (F-1)")
    try:
        options = spec.resolve_options(top.get("options", dict))
    except OptionError as error:
        raise PositionError(str(error)) from None
    return spec.load({**data, "options": options})


def move_fields(game_id: str, options: Mapping[str, Any], text: str) -> dict[str, Any] | None:
    """The fields of the move ``text`` names in a game with these options (``Move.fields``), or None
    when the text is not one of the game's moves (a chance outcome, say)."""
    found = _fields(game_id, tuple(sorted(options.items())), text)
    return None if found is None else dict(found)


@lru_cache(maxsize=1 << 14)  # bounded: a long-lived server meets ever more moves
def _fields(game_id: str, options: tuple[tuple[str, Any], ...], text: str) -> tuple[tuple[str, Any], ...] | None:
    read = game_spec(game_id).read_move
    if read is None:
        return None
    try:
        return tuple(read(text, dict(options)).fields().items())
    except MozaikaError:
        return None


def spec_of(state: State) -> GameSpec:
    """The description of the game ``state`` is a position of."""
    return game_spec(state.game_id)


def _load_mapping(data: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise PositionError(f"the position is not valid JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    return data
