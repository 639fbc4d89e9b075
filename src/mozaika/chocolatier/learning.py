"""Master Chocolatier's observations and action space for learners (``docs/rl.md``).

Azul's (:mod:`mozaika.azul.learning`), with the special factories: the observation adds
each factory's disc, who holds SN5's disc (as seen by the observer) and SN5's praline;
the action space adds 4320 actions for takes from SN4, ``325 + 16 * (6 * (5 * factory
+ colour) + line) + previous``, where ``previous`` has one bit for each of the four
other colours (in colour order) that goes to the previous factory; the other leftover
colours go to the next one (rule M-3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mozaika.azul.board import EMPTY
from mozaika.azul.learning import AZUL_ACTIONS, AZUL_SIZE, WALL_ENCODING, WallLearning
from mozaika.chocolatier.discs import DISCS
from mozaika.chocolatier.moves import SplitTake
from mozaika.chocolatier.state import ChocolatierState
from mozaika.core.learning import SEATS, Block, EncodedParts, Encoding, ObservationParts, packed
from mozaika.core.protocol import Move, State

CHOCOLATIER_EXTRA = 9 * len(DISCS) + SEATS + 5
SPLIT_ACTIONS = 9 * 5 * 6 * 16


def _extra(state: State, seat: int) -> list[Block]:
    """The discs, their holder (as seen by ``seat``) and SN1's extra tile."""
    assert isinstance(state, ChocolatierState)
    extra = [0.0] * CHOCOLATIER_EXTRA
    for index, disc in enumerate(state.discs):
        if disc is not None:
            extra[len(DISCS) * index + DISCS.index(disc)] = 1.0
    base = 9 * len(DISCS)
    if state.disc_holder is not None:
        extra[base + (state.disc_holder - seat) % state.players] = 1.0
    if state.disc_tile != EMPTY:
        extra[base + SEATS + state.disc_tile] = 1.0
    return [packed(extra)]


PRALINE_ENCODING = Encoding(
    WALL_ENCODING.shared, WALL_ENCODING.board, WALL_ENCODING.board_size, WALL_ENCODING.mark, _extra
)


def _others(colour: int) -> list[int]:
    return [other for other in range(5) if other != colour]


def _split_action(move: SplitTake) -> int:
    previous = sum(1 << bit for bit, other in enumerate(_others(move.colour)) if move.to_previous >> other & 1)
    return AZUL_ACTIONS + 16 * (6 * (5 * move.source + move.colour) + move.line) + previous


class PralineLearning(WallLearning):
    """Master Chocolatier's observations and action space."""

    observation_size = AZUL_SIZE + CHOCOLATIER_EXTRA

    def action_count(self, options: Mapping[str, Any]) -> int:
        return AZUL_ACTIONS + (SPLIT_ACTIONS if options.get("special_factories") else 0)

    def action_indexers(self) -> Mapping[type[Move], Callable[[Any], int]]:
        return {**super().action_indexers(), SplitTake: _split_action}

    def describe_action(self, index: int) -> str:
        if not 0 <= index < AZUL_ACTIONS + SPLIT_ACTIONS:
            raise ValueError(f"Master Chocolatier's actions are 0-{AZUL_ACTIONS + SPLIT_ACTIONS - 1}, not {index}")
        if index < AZUL_ACTIONS:
            return super().describe_action(index)
        take, previous = divmod(index - AZUL_ACTIONS, 16)
        return f"{super().describe_action(take)} from SN4, leftovers split {previous:04b}"

    def follow(self, state: State) -> ObservationParts:
        return EncodedParts(state, PRALINE_ENCODING)

    def quick_mask(self, state: State, actions: int) -> bytes | None:
        assert isinstance(state, ChocolatierState)
        return None if state.special_factories else super().quick_mask(state, actions)


PRALINE_LEARNING = PralineLearning()
