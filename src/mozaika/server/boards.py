"""A board: one game with one set of options, the unit that statistics and ratings count apart."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mozaika.catalogue.registry import game_ids, game_spec
from mozaika.server.errors import BadRequestError, NotFoundError


def variant_of(options: Mapping[str, Any]) -> str:
    """The options in one canonical text (``wall=grey``, ``box=brown,special_factories=true``)."""
    return ",".join(f"{name}={json.dumps(value)}".replace('"', "") for name, value in sorted(options.items()))


def default_variant(game: str) -> str:
    """The variant of a table created with no options."""
    return variant_of(game_spec(game).resolve_options({}))


def known_game(game: str) -> str:
    """The game's id, or 404 naming the games there are."""
    if game not in game_ids():
        raise NotFoundError(f"there is no game {game!r}; the games are: {', '.join(game_ids())}")
    return game


def known_variant(game: str, variant: str | None) -> str:
    """The variant asked for (the default one when none is), or 400 naming those the game has."""
    if variant is None:
        return default_variant(game)
    spec = game_spec(game)
    variants = all_variants(game)
    if variant not in variants:
        raise BadRequestError(f"{spec.title} has the variants {', '.join(variants)}, not {variant!r}")
    return variant


def all_variants(game: str) -> list[str]:
    """Every variant of the game: each combination of its options' values."""
    combinations: list[dict[str, Any]] = [{}]
    for option in game_spec(game).options:
        combinations = [{**chosen, option.name: value} for chosen in combinations for value in option.values]
    return [variant_of(chosen) for chosen in combinations]
