"""Reading positions back from JSON: field access that names the field in every error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mozaika.core.errors import PositionError


class Fields:
    """Reads fields out of a mapping, naming the field in every error."""

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        if not isinstance(data, Mapping):
            raise PositionError(f"{where} must be a JSON object")
        self.data = data
        self.where = where

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.data:
            raise PositionError(f"{self.where} lacks the field {key!r}")
        value = self.data[key]
        if isinstance(value, bool) and kind is int:
            raise PositionError(f"{self.where}.{key} must be a whole number, not {value!r}")
        if not isinstance(value, kind):
            raise PositionError(f"{self.where}.{key} has the wrong type: {value!r}")
        return value

    def integer(self, key: str, low: int, high: int | None = None) -> int:
        value: int = self.get(key, int)
        if value < low or (high is not None and value > high):
            bound = f"{low}..{high}" if high is not None else f"at least {low}"
            raise PositionError(f"{self.where}.{key} must be {bound}, not {value}")
        return value

    def counts(self, key: str, letters: tuple[str, ...], most: int) -> list[int]:
        """A JSON object of tile counts by colour letter, e.g. a bag ``{"B": 12, ...}``."""
        raw = Fields(self.get(key, dict), f"{self.where}.{key}")
        return [raw.integer(letter, 0, most) for letter in letters]


def read_header(top: Fields, game_id: str, version: int) -> tuple[int, dict[str, Any]]:
    """Check a position's game and format; return its player count and its options.

    The catalogue (:func:`mozaika.catalogue.from_json`) has checked the player count
    (F-1) and filled in the options' defaults before a game reads the rest.
    """
    game = top.get("game", str)
    if game != game_id:
        raise PositionError(f"this position is of {game!r}, not {game_id!r}")
    if top.data.get("format", version) != version:
        raise PositionError(f"unknown position format {top.data.get('format')!r}; this version reads {version}")
    return top.get("players", int), dict(top.get("options", dict))
