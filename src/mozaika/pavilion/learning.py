"""Summer Pavilion's observations and action space for learners (``docs/rl.md``).

Observations: the phase, the round and its wild colour (one-hot), the factories, the
centre and the marker, the supply, the bag and the tower, the bonus tiles owed, then each
board from the observer's on (score, hand, passed, every space one-hot), padded to four.

Actions, 1865: ``6 * source + colour`` for a take (source 9 is the centre, 0-59);
``60 + 6 * (6 * space + colour) + wilds`` for a placement (60-1571); ``1572 + k`` for
the k-th bonus pick of :data:`PICK_CHOICES` (83); ``1655 + k`` for the k-th pass of
:data:`KEEP_CHOICES` (210).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mozaika.core.learning import (
    SCORE,
    SEATS,
    Block,
    Blocks,
    EncodedParts,
    Encoding,
    ObservationParts,
    factory_blocks,
    one_hot_cells,
)
from mozaika.core.offer import CENTRE
from mozaika.core.protocol import Move, State
from mozaika.pavilion.moves import Pass, Pick, Place, Take, up_to
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.theme import ROUNDS, WILD_BY_ROUND

PAVILION_BOARD = 1 + 6 + 1 + 42 * 6
PAVILION_SIZE = 5 + ROUNDS + 6 + 9 * 6 + 6 + 1 + 6 + 6 + 6 + 3 + SEATS * PAVILION_BOARD
PAVILION_TAKES = 60
PAVILION_PLACES = 42 * 6 * 6
PICK_CHOICES = tuple(tiles for tiles in up_to((3,) * 6, 3) if tiles)
"""Every bonus pick (1-3 tiles), in a fixed order."""
KEEP_CHOICES = tuple(up_to((4,) * 6, 4))
"""Every choice of kept tiles (0-4), in a fixed order."""
_PICK_INDEX = {tiles: index for index, tiles in enumerate(PICK_CHOICES)}
_KEEP_INDEX = {tiles: index for index, tiles in enumerate(KEEP_CHOICES)}
PAVILION_ACTIONS = PAVILION_TAKES + PAVILION_PLACES + len(PICK_CHOICES) + len(KEEP_CHOICES)


def _head(key: tuple[int, ...]) -> list[float]:
    # The phase, the round, and the round's wild colour, each one-hot.
    phase, round_ = key
    out = [0.0] * (5 + ROUNDS + 6)
    out[phase] = 1.0
    out[5 + round_ - 1] = 1.0
    out[5 + ROUNDS + WILD_BY_ROUND[round_ - 1]] = 1.0
    return out


_HEAD = Blocks(_head)
_CENTRE_22 = Blocks(lambda key: [*(count / 22 for count in key[:6]), float(key[6])])
_SUPPLY = Blocks(lambda counts: [count / 10 for count in counts])
_BAG_AND_TOWER = Blocks(lambda counts: [count / 22 for count in counts])
_PENDING = Blocks(lambda tiles: [count / 3 for count in tiles])
_HAND = Blocks(lambda key: [*(count / 10 for count in key[:6]), float(key[6])])
_CELLS = Blocks(one_hot_cells(6))


def _shared(state: State) -> list[Block]:
    assert isinstance(state, PavilionState)
    pending = tuple(state.pending_bonus[:3])
    return [
        _HEAD[(state.phase, state.round)],
        *factory_blocks(state.factories),
        _CENTRE_22[(*state.centre, state.marker_in_centre)],
        _SUPPLY[tuple(state.supply)],
        _BAG_AND_TOWER[(*state.bag, *state.tower)],
        _PENDING[pending + (0,) * (3 - len(pending))],
    ]


def _board(state: State, seat: int) -> Block:
    assert isinstance(state, PavilionState)
    board = state.boards[seat]
    return b"".join((SCORE[(board.score,)], _HAND[(*board.hand, board.passed)], _CELLS[tuple(board.colours)]))


def _mark(state: State) -> tuple[int, ...]:
    assert isinstance(state, PavilionState)
    return state.phase, state.round


STAR_ENCODING = Encoding(_shared, _board, PAVILION_BOARD, _mark)


def _take_action(move: Take) -> int:
    return 6 * (9 if move.source == CENTRE else move.source) + move.colour


def _place_action(move: Place) -> int:
    return PAVILION_TAKES + 6 * (6 * move.space + move.colour) + move.wilds


def _pick_action(move: Pick) -> int:
    return PAVILION_TAKES + PAVILION_PLACES + _PICK_INDEX[move.tiles]


def _pass_action(move: Pass) -> int:
    return PAVILION_TAKES + PAVILION_PLACES + len(PICK_CHOICES) + _KEEP_INDEX[move.kept]


class StarLearning:
    """Summer Pavilion's observations and action space."""

    observation_size = PAVILION_SIZE

    def action_count(self, options: Mapping[str, Any]) -> int:
        return PAVILION_ACTIONS

    def action_indexers(self) -> Mapping[type[Move], Callable[[Any], int]]:
        return {Take: _take_action, Place: _place_action, Pick: _pick_action, Pass: _pass_action}

    def describe_action(self, index: int) -> str:
        if not 0 <= index < PAVILION_ACTIONS:
            raise ValueError(f"Summer Pavilion's actions are 0-{PAVILION_ACTIONS - 1}, not {index}")
        if index < PAVILION_TAKES:
            source, colour = divmod(index, 6)
            return f"take colour {colour} from {'centre' if source == 9 else f'factory {source + 1}'}"
        index -= PAVILION_TAKES
        if index < PAVILION_PLACES:
            rest, wilds = divmod(index, 6)
            space, colour = divmod(rest, 6)
            return f"place colour {colour} on space {space} paying {wilds} wilds"
        index -= PAVILION_PLACES
        if index < len(PICK_CHOICES):
            return f"pick {PICK_CHOICES[index]}"
        return f"pass keeping {KEEP_CHOICES[index - len(PICK_CHOICES)]}"

    def follow(self, state: State) -> ObservationParts:
        return EncodedParts(state, STAR_ENCODING)

    def quick_mask(self, state: State, actions: int) -> bytes | None:
        return None

    def quick_move(self, state: State, index: int) -> Move:
        raise LookupError("Summer Pavilion lists its legal actions with their moves")

    def native_actions(self, tables: tuple[Any, ...]) -> tuple[tuple[int, ...], ...]:
        """The picks and the passes, in the native core's order (its tables 3 and 2), as action indices."""
        return tuple(_pick_action(pick) for pick in tables[3]), tuple(_pass_action(keep) for keep in tables[2])


STAR_LEARNING = StarLearning()
