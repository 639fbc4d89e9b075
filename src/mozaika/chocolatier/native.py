"""Master Chocolatier on the native core: without special factories a game is Azul's rules with
pralines (the brown box is the grey-wall rule A-10), so the wall core holds it (docs/engine.md).

With special factories (M-1..M-5) the Python engine plays: the core does not hold the discs yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from mozaika.azul.native import NativeWallState
from mozaika.chocolatier.state import ChocolatierState
from mozaika.core.engine import native_core
from mozaika.core.protocol import State


class NativeChocolatierState(NativeWallState, ChocolatierState):
    """A game of Master Chocolatier without special factories, whose position the native core holds."""

    __slots__ = ("_core", "_views")
    REFERENCE = ChocolatierState
    _SHARED: ClassVar[tuple[str, ...]] = (
        *NativeWallState._SHARED,
        "special_factories",
        "discs",
        "disc_holder",
        "disc_tile",
    )


def create_chocolatier(*, players: int, seed: int, auto_chance: bool = True, **options: Any) -> State:
    """A new game on the native core where it is built, chosen and holds the variant, else on the Python engine."""
    if options.get("special_factories") or native_core() is None:
        return ChocolatierState(players=players, seed=seed, auto_chance=auto_chance, **options)  # type: ignore[abstract]
    return NativeChocolatierState(players=players, seed=seed, auto_chance=auto_chance, **options)


def load_chocolatier(data: Mapping[str, Any]) -> State:
    """A position read back, on the native core where it is built, chosen and holds the variant."""
    reference = ChocolatierState.from_dict(data)
    if reference.special_factories or native_core() is None:
        return reference
    return NativeChocolatierState.adopt(reference)  # type: ignore[no-any-return]
