"""The catalogue of games: each game is described by data, and created by id."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mozaika.errors import OptionError, PositionError
from mozaika.lineformat import PositionKit
from mozaika.protocol import State
from mozaika.theme import Theme


@dataclass(frozen=True)
class Option:
    """One option of a game: its allowed values (the first is the default)."""

    name: str
    values: tuple[Any, ...]
    help: str

    @property
    def default(self) -> Any:
        return self.values[0]


@dataclass(frozen=True)
class GameSpec:
    """What a client needs to know to offer a game, and how to create it."""

    id: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    create: Callable[..., State]
    """``create(players=, seed=, auto_chance=, **options)``, options already validated."""
    load: Callable[[Mapping[str, Any]], State]
    """Rebuild a state from :meth:`State.to_dict` output."""
    theme: Theme | None = None
    """The names and display colours of the game's tiles, for clients."""
    board: Mapping[str, Any] | None = None
    """The printed board as plain data, for clients that draw it (``kind`` says which drawing)."""
    positions: PositionKit | None = None
    """Position lines and the position builder of the game's family (``mozaika.positions``)."""

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Fill in defaults and reject unknown options or values."""
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionError(
                f"{self.id} has no option {unknown[0]!r}; its options are: " + (", ".join(known) or "none")
            )
        resolved: dict[str, Any] = {}
        for option in self.options:
            value = given.get(option.name, option.default)
            if value not in option.values:
                allowed = ", ".join(repr(v) for v in option.values)
                raise OptionError(f"{self.id} option {option.name}={value!r} is not one of {allowed}")
            resolved[option.name] = value
        return resolved


_GAMES: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> None:
    """Add a game to the catalogue (done by each game's package on import)."""
    _GAMES[spec.id] = spec


_loaded = False


def _ensure_loaded() -> None:
    # Importing the game packages registers them (checked once: new_game starts every simulated game).
    global _loaded
    if _loaded:
        return
    import mozaika.azul
    import mozaika.chocolatier
    import mozaika.pavilion  # noqa: F401

    _loaded = True


def game_ids() -> list[str]:
    """The ids of every available game."""
    _ensure_loaded()
    return list(_GAMES)


def game_spec(game_id: str) -> GameSpec:
    """The description of one game; raises :class:`OptionError` for an unknown id."""
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


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Rebuild any game's state from :meth:`State.to_dict` output."""
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise PositionError('a position needs a "game" field naming its game')
    try:
        spec = game_spec(game_id)
    except OptionError as error:
        raise PositionError(str(error)) from None
    return spec.load(data)
