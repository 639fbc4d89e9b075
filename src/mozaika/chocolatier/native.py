"""Master Chocolatier on the native core (docs/engine.md): Azul's rules with pralines, the brown box
(the grey-wall rule A-10) and the special factories (M-1..M-5), held by the wall core.

The special discs live in the core; where a round's start places them, the core samples the
event as the Python engine does (the same ``random.Random``, in C: ``native/pyrandom.c``) and
hands its outcome to :func:`special_outcome` for the history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from mozaika.azul.native import NativeWallState
from mozaika.azul.native_form import disc_code, tables_for
from mozaika.azul.state import AzulState
from mozaika.azul.table import CHANCE
from mozaika.chocolatier.discs import DISCS, Disc
from mozaika.chocolatier.moves import SpecialFill, SplitTake
from mozaika.chocolatier.state import ChocolatierState, _split_take
from mozaika.chocolatier.theme import PRALINE_THEME
from mozaika.core.drawing import Draw, Groups, apply_draw
from mozaika.core.engine import native_core
from mozaika.core.protocol import ChanceOutcome, State

_DISCS: dict[int, Disc | None] = {0: None, **{disc_code(disc): disc for disc in DISCS}}
"""The discs by the core's code."""


def special_outcome(
    factories: Groups,
    codes: tuple[int, ...],
    extra: tuple[int, ...],
    groups: Groups,
    bag: tuple[int, ...],
    lid: tuple[int, ...],
    bag_after: list[int],
    lid_after: list[int],
) -> SpecialFill:
    """The round's start the core sampled and dealt, as :func:`draw_special_fill` makes it: the
    factories' pralines, each factory's disc by its code, SN1's extra praline, and the draw of
    ``groups`` (the factories, then SN1's extra where it is drawn) from ``bag`` and ``lid`` to
    ``bag_after`` and ``lid_after``."""
    discs = tuple(map(_DISCS.__getitem__, codes))
    return SpecialFill(factories, discs, extra, PRALINE_THEME, Draw(groups, (bag, lid), (bag_after, lid_after)))


def _split(source: int, colour: int, line: int, to_previous: int, to_next: int) -> SplitTake:
    """SN4's take with its split, as the Python engine makes it (one object per split, kept)."""
    return _split_take(source, colour, line, PRALINE_THEME, to_previous, to_next)


class NativeChocolatierState(NativeWallState, ChocolatierState):
    """A game of Master Chocolatier whose position the native core holds."""

    __slots__ = ("_core", "_views")
    REFERENCE = ChocolatierState
    _SHARED: ClassVar[tuple[str, ...]] = (*NativeWallState._SHARED, "special_factories")

    @classmethod
    def _core_tables(cls, factories: int) -> tuple[Any, ...]:
        return tables_for(cls.theme, factories, (SplitTake, _split, special_outcome))

    def _special(self) -> bool:
        return self.special_factories

    def _read_discs(self, reference: AzulState, codes: list[int], holder: int, tile: int) -> None:
        assert isinstance(reference, ChocolatierState)
        reference.discs = [_DISCS[code] for code in codes]
        reference.disc_holder = None if holder < 0 else holder
        reference.disc_tile = tile

    @property
    def discs(self) -> list[Disc | None]:
        return [_DISCS[code] for code in self._core.disc_codes]

    @discs.setter
    def discs(self, discs: list[Disc | None]) -> None:
        if hasattr(self, "_core"):
            self._edit("discs", discs)

    @property
    def disc_holder(self) -> int | None:
        return self._core.disc_holder  # type: ignore[no-any-return]

    @disc_holder.setter
    def disc_holder(self, holder: int | None) -> None:
        if hasattr(self, "_core"):
            self._edit("disc_holder", holder)

    @property
    def disc_tile(self) -> int:
        return self._core.disc_tile  # type: ignore[no-any-return]

    @disc_tile.setter
    def disc_tile(self, tile: int) -> None:
        if hasattr(self, "_core"):
            self._edit("disc_tile", tile)

    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        core = self._core
        if not (self.special_factories and core.phase == CHANCE and type(outcome) is SpecialFill):
            NativeWallState._apply_chance(self, outcome)  # a plain fill, or the Python engine's error
            return
        self._check_assignment(outcome)
        bag, lid = core.bag, core.lid
        apply_draw(
            bag,
            lid,
            self._fill_sizes(outcome.discs),
            outcome.groups,
            what="factory",
            names=self.theme.names_en,
            draw=outcome.draw,
        )
        try:
            core.deal_special(outcome.factories, tuple(map(disc_code, outcome.discs)), outcome.extra, bag, lid)
        except (ValueError, TypeError):
            reference = self.reference()
            reference._apply_chance(outcome)
            self._take_from_reference(reference)


def create_chocolatier(*, players: int, seed: int, auto_chance: bool = True, **options: Any) -> State:
    """A new game on the native core where it is built and chosen, else on the Python engine."""
    if native_core() is None:
        return ChocolatierState(players=players, seed=seed, auto_chance=auto_chance, **options)  # type: ignore[abstract]
    return NativeChocolatierState.started(players, seed, auto_chance, options)  # type: ignore[no-any-return]


def load_chocolatier(data: Mapping[str, Any]) -> State:
    """A position read back, on the native core where it is built and chosen."""
    reference = ChocolatierState.from_dict(data)
    if native_core() is None:
        return reference
    return NativeChocolatierState.adopt(reference)  # type: ignore[no-any-return]
