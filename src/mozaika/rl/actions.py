"""Fixed-size discrete action spaces: every move of a game as an index, and back (docs/rl.md).

Azul (and Master Chocolatier without special factories), 325 actions:

* ``6 * (5 * source + colour) + line`` for a take, source 0-8 a factory and 9 the
  centre, line 0-4 a pattern line and 5 the floor (0-299);
* ``300 + 5 * line + column`` for a grey-wall column choice of the seat to move.

Master Chocolatier with special factories adds 4320 actions for takes from SN4:
``325 + 16 * (6 * (5 * factory + colour) + line) + previous``, where ``previous``
has one bit for each of the four other colours (in colour order) that goes to the
previous factory; the other leftover colours go to the next one (rule M-3).

Summer Pavilion, 1865 actions: ``6 * source + colour`` for a take (source 9 is the
centre, 0-59); ``60 + 6 * (6 * space + colour) + wilds`` for a placement
(60-1571); ``1572 + k`` for the k-th bonus pick of :data:`PICK_CHOICES` (83);
``1655 + k`` for the k-th pass of :data:`KEEP_CHOICES` (210).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from mozaika.azul.moves import MoveTable, TakeMove, WallMove
from mozaika.azul.state import AzulState
from mozaika.azul.table import DRAFT
from mozaika.chocolatier.moves import SplitTake
from mozaika.chocolatier.state import ChocolatierState
from mozaika.core.offer import CENTRE, MASK_COLOURS
from mozaika.core.protocol import Move, State
from mozaika.pavilion.moves import Pass, Pick, Place, Take, up_to

AZUL_TAKES = 300
AZUL_ACTIONS = AZUL_TAKES + 25
SPLIT_ACTIONS = 9 * 5 * 6 * 16
PAVILION_TAKES = 60
PAVILION_PLACES = 42 * 6 * 6
PICK_CHOICES = tuple(tiles for tiles in up_to((3,) * 6, 3) if tiles)
"""Every bonus pick (1-3 tiles), in a fixed order."""
KEEP_CHOICES = tuple(up_to((4,) * 6, 4))
"""Every choice of kept tiles (0-4), in a fixed order."""
_PICK_INDEX = {tiles: index for index, tiles in enumerate(PICK_CHOICES)}
_KEEP_INDEX = {tiles: index for index, tiles in enumerate(KEEP_CHOICES)}
PAVILION_ACTIONS = PAVILION_TAKES + PAVILION_PLACES + len(PICK_CHOICES) + len(KEEP_CHOICES)


def action_count(game_id: str, options: dict[str, object]) -> int:
    """The size of the discrete action space of a game with these options."""
    if game_id == "pavilion":
        return PAVILION_ACTIONS
    if game_id == "chocolatier" and options.get("special_factories"):
        return AZUL_ACTIONS + SPLIT_ACTIONS
    return AZUL_ACTIONS


def _take_index(slot: int, colour: int, line: int) -> int:
    """An Azul take's action: ``slot`` 0-8 a factory, 9 the centre; ``line`` 0-4, 5 the floor."""
    return 6 * (5 * slot + colour) + line


def _others(colour: int) -> list[int]:
    return [other for other in range(5) if other != colour]


def action_index(move: Move) -> int:
    """The action index of a move (see the module docstring)."""
    # The engines reuse one object per move, so the index is remembered by identity.
    known = _BY_IDENTITY.get(id(move))
    if known is not None and known[0] is move:
        return known[1]
    index = _compute_index(move)
    _BY_IDENTITY[id(move)] = (move, index)
    return index


_BY_IDENTITY: dict[int, tuple[Move, int]] = {}


def _compute_index(move: Move) -> int:
    if isinstance(move, SplitTake):
        previous = sum(1 << bit for bit, other in enumerate(_others(move.colour)) if move.to_previous >> other & 1)
        return AZUL_ACTIONS + 16 * (6 * (5 * move.source + move.colour) + move.line) + previous
    if isinstance(move, TakeMove):
        return _take_index(9 if move.source == CENTRE else move.source, move.colour, move.line)
    if isinstance(move, WallMove):
        return AZUL_TAKES + 5 * move.line + move.column
    if isinstance(move, Take):
        return 6 * (9 if move.source == -1 else move.source) + move.colour
    if isinstance(move, Place):
        return PAVILION_TAKES + 6 * (6 * move.space + move.colour) + move.wilds
    if isinstance(move, Pick):
        return PAVILION_TAKES + PAVILION_PLACES + _PICK_INDEX[move.tiles]
    if isinstance(move, Pass):
        return PAVILION_TAKES + PAVILION_PLACES + len(PICK_CHOICES) + _KEEP_INDEX[move.kept]
    raise TypeError(f"no action index for {move!r}")


def legal_actions(state: State) -> dict[int, Move]:
    """The legal moves of the seat to move, by action index."""
    if not state.to_move:
        return {}
    return {action_index(move): move for move in state.legal_moves(state.to_move[0])}


_GROUP_MASKS = tuple(bytes([*(mask >> line & 1 for line in range(5)), 1]) for mask in range(32))
"""``_GROUP_MASKS[accept]``: the mask of one colour's six take actions from one source (pattern lines
1-5, then the floor) for a player whose lines accept the colour as the bit mask ``accept`` says."""
_NO_GROUP = bytes(6)
_TAKE_GROUPS = AZUL_TAKES // 6
_INT8 = np.dtype(np.int8)


class LegalActions:
    """The legal moves of the seat to move, as an action mask, each with its move on demand.

    For an Azul factory offer the mask is read off the position (the colours at
    each source and the lines each colour may go to), without building the moves:
    this is what an environment needs at every step.  The take actions of one
    colour from one source are six neighbouring indices, so the mask is joined
    from six-byte blocks, one per source and colour.
    """

    __slots__ = ("_indices", "_mask", "_moves", "_state")

    def __init__(self, state: State, actions: int) -> None:
        """The legal actions in ``state``, in an action space of ``actions`` indices."""
        self._state = state
        self._moves: dict[int, Move] | None = None
        self._indices: list[int] | None = None
        if _offers_plain_takes(state):
            assert isinstance(state, AzulState)
            colour_masks = [_GROUP_MASKS[accept] for accept in state.boards[state.turn].accept]
            masks = state.masks
            centre = len(masks) - 1
            groups = [_NO_GROUP] * _TAKE_GROUPS
            for source, held in enumerate(masks):
                if held:
                    first = 5 * (9 if source == centre else source)
                    for colour in MASK_COLOURS[held]:
                        groups[first + colour] = colour_masks[colour]
            groups.append(_zeros(actions - AZUL_TAKES))
            self._mask = b"".join(groups)
        else:
            self._moves = legal_actions(state)
            mask = bytearray(actions)
            for index in self._moves:
                mask[index] = 1
            self._mask = bytes(mask)

    @classmethod
    def none(cls, state: State, actions: int) -> LegalActions:
        """No legal action (after a forfeit: the game is over for the learner)."""
        empty = cls.__new__(cls)
        empty._state = state
        empty._moves = {}
        empty._indices = []
        empty._mask = _zeros(actions)
        return empty

    @property
    def indices(self) -> list[int]:
        """The legal action indices, in increasing order (what the action mask marks)."""
        if self._indices is None:
            self._indices = np.flatnonzero(np.frombuffer(self._mask, dtype=np.int8)).tolist()
        return self._indices

    def mask(self) -> npt.NDArray[np.int8]:
        """The action mask: a new array, 1 at each legal action and 0 elsewhere."""
        # The dtype as a positional argument: numpy parses keywords at a cost that shows at every step.
        return np.frombuffer(bytearray(self._mask), _INT8)

    def __len__(self) -> int:
        return self._mask.count(1)

    def __contains__(self, index: object) -> bool:
        return type(index) is int and 0 <= index < len(self._mask) and self._mask[index] == 1

    def move(self, index: int) -> Move:
        """The move behind a legal action index."""
        if self._moves is not None:
            return self._moves[index]
        state = self._state
        assert isinstance(state, AzulState)
        move = _take_moves(state.table)[index]
        assert move is not None
        return move

    def as_dict(self) -> dict[int, Move]:
        """Every legal move by action index."""
        if self._moves is None:
            self._moves = {index: self.move(index) for index in self.indices}
        return dict(self._moves)


@cache
def _take_moves(table: MoveTable) -> tuple[TakeMove | None, ...]:
    """A game's take moves by action index (None for the factories it lacks)."""
    moves: list[TakeMove | None] = [None] * AZUL_TAKES
    for (source, colour, line), move in table.moves.items():
        moves[_take_index(9 if source == CENTRE else source, colour, line)] = move
    return tuple(moves)


@cache
def _zeros(size: int) -> bytes:
    return bytes(size)


def describe_action(index: int, game_id: str) -> str:
    """A readable name for an action index, without a position (for docs and logs)."""
    if game_id == "pavilion":
        return _describe_pavilion(index)
    if index < AZUL_TAKES:
        group, line = divmod(index, 6)
        source, colour = divmod(group, 5)
        return f"take colour {colour} from {'centre' if source == 9 else f'factory {source + 1}'} to " + (
            "floor" if line == 5 else f"line {line + 1}"
        )
    if index < AZUL_ACTIONS:
        line, column = divmod(index - AZUL_TAKES, 5)
        return f"line {line + 1} to wall column {column + 1}"
    take, previous = divmod(index - AZUL_ACTIONS, 16)
    return f"{describe_action(take, game_id)} from SN4, leftovers split {previous:04b}"


def _describe_pavilion(index: int) -> str:
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


def _offers_plain_takes(state: State) -> bool:
    """Whether the seat to move takes tiles, each take a source, a colour and a line (no SN4 split)."""
    # Exact types: isinstance would go through the ABC machinery at every step.
    if type(state) is AzulState:
        return state.phase == DRAFT
    return type(state) is ChocolatierState and state.phase == DRAFT and not state.special_factories
