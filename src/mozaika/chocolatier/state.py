"""The Master Chocolatier engine: Azul's rules (A-1..A-13) with pralines, and the special factories (M-1..M-5).

Without special factories a game is Azul with another theme; the brown box is the
grey-wall rule A-10.  With them, each round's fill also places the special discs
(one chance outcome, :class:`SpecialFill`), and takes from SN3, SN4 and SN5 follow
their own rules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from mozaika.azul.board import EMPTY, Board
from mozaika.azul.moves import TakeMove
from mozaika.azul.moves import read_move as read_wall_move
from mozaika.azul.state import AzulState
from mozaika.azul.table import CHANCE, DRAFT, OVER
from mozaika.chocolatier.discs import DISCS, EXTRA_TILE, FLOOR_SPACE, KEEP, PULL, SPLIT, Disc, parse_disc
from mozaika.chocolatier.moves import (
    SpecialFill,
    SplitTake,
    colours_of,
    parse_plain_fill,
    parse_special_fill,
    parse_split,
    split_notation,
)
from mozaika.chocolatier.theme import PRALINE_THEME
from mozaika.core.drawing import apply_draw, draw_bits, sample_draw
from mozaika.core.errors import IllegalChanceError, IllegalMoveError, NotationError, PositionError
from mozaika.core.offer import FACTORIES, FACTORY_SIZE, MASK_COLOURS, colour_mask
from mozaika.core.protocol import ChanceOutcome, Move, State
from mozaika.core.theme import Theme

_MOST_ON_A_FACTORY = FACTORY_SIZE + 2 + 3
"""An SN2 that pulled from both neighbours (M-1), then received SN4's three leftover colours (M-3)."""


class ChocolatierState(AzulState, lists=("discs",)):
    """A position of Azul: Master Chocolatier (coloured or brown box, with or without special factories)."""

    game_id: ClassVar[str] = "chocolatier"
    theme: ClassVar[Theme] = PRALINE_THEME

    __slots__ = ("disc_holder", "disc_tile", "discs", "special_factories")

    # --- options and the position format ------------------------------------------

    def _init_options(self, options: Mapping[str, Any]) -> None:
        self.grey = options.get("box", "coloured") == "brown"
        self.special_factories: bool = bool(options.get("special_factories", False))
        self.discs: list[Disc | None] = [None] * FACTORIES[self._players]
        """This round's special disc on each factory (None: an ordinary factory)."""
        self.disc_holder: int | None = None
        """The seat that took from SN5 this round and keeps the disc (M-4)."""
        self.disc_tile = EMPTY
        """The praline lying on the held SN5 disc, or EMPTY."""

    @property
    def options(self) -> dict[str, Any]:
        return {"box": "brown" if self.grey else "coloured", "special_factories": self.special_factories}

    def factory_capacity(self, factory: int) -> int:
        return _MOST_ON_A_FACTORY if self.special_factories else FACTORY_SIZE

    def _extra_to_dict(self) -> dict[str, Any]:
        return {
            "special_factories": [None if disc is None else disc.text(self.theme) for disc in self.discs],
            "sn5_holder": self.disc_holder,
            "sn5_praline": "" if self.disc_tile == EMPTY else self.theme.letter(self.disc_tile),
        }

    def _extra_from_dict(self, data: Mapping[str, Any]) -> None:
        raw = data.get("special_factories")
        if not isinstance(raw, list) or len(raw) != len(self.discs):
            raise PositionError(f"position.special_factories must list {len(self.discs)} entries (text or null)")
        for index, text in enumerate(raw):
            if text is None:
                continue
            if not isinstance(text, str):
                raise PositionError(f"position.special_factories[{index}] must be a disc such as '3' or '2B', or null")
            try:
                self.discs[index] = parse_disc(text, self.theme)
            except NotationError as error:
                raise PositionError(f"special factory {index + 1}: {error}") from None
        holder = data.get("sn5_holder")
        if holder is not None and (
            not isinstance(holder, int) or isinstance(holder, bool) or not 0 <= holder < self._players
        ):
            raise PositionError(f"position.sn5_holder must be a seat or null, not {holder!r}")
        self.disc_holder = holder
        praline = data.get("sn5_praline", "")
        if not isinstance(praline, str) or len(praline) > 1:
            raise PositionError(f"position.sn5_praline must be one praline letter or '', not {praline!r}")
        try:
            self.disc_tile = self.theme.colour(praline) if praline else EMPTY
        except NotationError as error:
            raise PositionError(f"position.sn5_praline: {error}") from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChocolatierState:
        state = super().from_dict(data)
        assert isinstance(state, ChocolatierState)
        state._check_discs()
        return state

    def _check_discs(self) -> None:
        placed = [disc for disc in self.discs if disc is not None]
        if not self.special_factories or self.phase in (CHANCE, OVER):
            if placed or self.disc_holder is not None or self.disc_tile != EMPTY:
                phase = "without special factories" if not self.special_factories else "between rounds"
                raise PositionError(f"no special factory or SN5 disc can be in play {phase} (M-1)")
            return
        if len(placed) != self._players or len(set(placed)) != len(placed):
            raise PositionError(f"a round has {self._players} special factories, all different (M-1)")
        if self.disc_holder is not None:
            removed = self._removed_factory()
            if removed is None:
                raise PositionError("an SN5 disc is held, but no factory has SN5 this round (M-4)")
            if any(self.factories[removed]):
                raise PositionError("the SN5 factory was taken from, so it must be empty (M-4)")
        elif self.disc_tile != EMPTY:
            raise PositionError("a praline lies on the SN5 disc, but nobody holds it (M-4)")

    # --- moves --------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        moves = super().legal_moves(seat)
        split_from = self._disc_index(SPLIT) if self.phase == DRAFT else None
        if split_from is None or not self.masks[split_from]:
            return moves
        # M-3: every take from SN4 with leftovers comes in one version per split.
        on_split = MASK_COLOURS[self.masks[split_from]]
        expanded: list[Move] = []
        for move in moves:
            if not isinstance(move, TakeMove) or move.source != split_from or len(on_split) == 1:
                expanded.append(move)
                continue
            leftovers = sum(1 << colour for colour in on_split if colour != move.colour)
            subset = leftovers
            while True:  # every subset of the leftover colours goes to the previous neighbour
                expanded.append(self._split_move(move, subset, leftovers ^ subset))
                if subset == 0:
                    break
                subset = (subset - 1) & leftovers
        return expanded

    def _split_move(self, move: TakeMove, to_previous: int, to_next: int) -> SplitTake:
        return _split_take(move.source, move.colour, move.line, self.theme, to_previous, to_next)

    def parse_move(self, text: str) -> Move:
        if self.phase != DRAFT:
            return super().parse_move(text)
        take_text, split_text = split_notation(text)
        move = super().parse_move(take_text)
        if split_text is None:
            return move
        assert isinstance(move, TakeMove)
        to_previous, to_next = parse_split(split_text, self.theme)
        return self._split_move(move, to_previous, to_next)

    def _apply_move(self, move: Move) -> None:
        if isinstance(move, TakeMove):
            self._take(move)
        else:
            super()._apply_move(move)

    def _take(self, move: TakeMove) -> None:
        source = move.source
        disc = self.discs[source] if 0 <= source < len(self.discs) else None
        if isinstance(move, SplitTake) and (disc is None or disc.kind != SPLIT):
            raise IllegalMoveError(f"{move}: only a take from SN4 splits leftovers", rule="M-3")
        if disc is None or disc.kind not in (KEEP, SPLIT, FLOOR_SPACE):
            super()._take(move)
            return
        seat, board, counts, taken = self._check_take(move)
        colour = move.colour
        if disc.kind == FLOOR_SPACE:
            # M-4: leftovers to the centre as usual; the taker keeps the disc, which is
            # a floor space already for this move's overflow.
            self.disc_holder = seat
            super()._take(move)
            return
        masks = self.masks
        if disc.kind == KEEP:
            # M-2: the leftovers stay on SN3.
            counts[colour] = 0
            masks[source] &= ~(1 << colour)
        else:
            leftovers = masks[source] & ~(1 << colour)
            to_previous, to_next = self._check_split(move, leftovers)
            previous, following = self._neighbours(source)
            counts[colour] = 0
            for mask, neighbour in ((to_previous, previous), (to_next, following)):
                receiver = self.factories[neighbour]
                for other in colours_of(mask):
                    receiver[other] += counts[other]
                    counts[other] = 0
                masks[neighbour] = colour_mask(receiver)
            masks[source] = 0
        self._settle_take(seat, board, colour, taken, move.line)

    def _check_split(self, move: TakeMove, leftovers: int) -> tuple[int, int]:
        """M-3: the split must send every leftover colour, whole, to one neighbour."""
        if not leftovers:
            if isinstance(move, SplitTake):
                raise IllegalMoveError(f"{move}: SN4 has no leftovers to split", rule="M-3")
            return 0, 0
        example = self.theme.spell(colours_of(leftovers))
        if not isinstance(move, SplitTake):
            raise IllegalMoveError(
                f"{move}: say where SN4's leftovers go, e.g. '{move}<{example}' (all to the previous factory)",
                rule="M-3",
            )
        if move.to_previous | move.to_next != leftovers or move.to_previous & move.to_next:
            raise IllegalMoveError(
                f"{move}: the split must name each leftover colour ({example}) exactly once", rule="M-3"
            )
        return move.to_previous, move.to_next

    def _neighbours(self, index: int) -> tuple[int, int]:
        """The previous and next factory in the circle, skipping a taken SN5 (M-3)."""
        count = len(self.factories)
        removed = self._removed_factory()
        previous = (index - 1) % count
        if previous == removed:
            previous = (previous - 1) % count
        following = (index + 1) % count
        if following == removed:
            following = (following + 1) % count
        return previous, following

    def _disc_index(self, kind: int) -> int | None:
        for index, disc in enumerate(self.discs):
            if disc is not None and disc.kind == kind:
                return index
        return None

    def _removed_factory(self) -> int | None:
        """The SN5 factory once its disc has gone to a player (M-4), else None."""
        return None if self.disc_holder is None else self._disc_index(FLOOR_SPACE)

    def _drop_to_floor(self, board: Board, colour: int, count: int) -> None:
        holder = self.disc_holder
        if holder is not None and self.disc_tile == EMPTY and self.boards[holder] is board:
            # M-4: the next praline bound for this floor lies on the disc, penalty-free.
            self.disc_tile = colour
            count -= 1
        if count:
            super()._drop_to_floor(board, colour, count)

    def playout(self, rng: random.Random) -> None:
        if self.special_factories:
            State.playout(self, rng)  # Azul's fast path knows nothing of SN4's splits
        else:
            super().playout(rng)

    # --- rounds -------------------------------------------------------------------

    def _end_round(self) -> None:
        self._return_discs()
        super()._end_round()

    def _finish_game(self) -> None:
        self._return_discs()
        super()._finish_game()

    def _return_discs(self) -> None:
        # M-4: SN5's praline goes to the lid and every disc back to the box.
        if self.disc_tile != EMPTY:
            self.lid[self.disc_tile] += 1
        self.disc_tile = EMPTY
        self.disc_holder = None
        self.discs = [None] * len(self.factories)

    # --- chance -------------------------------------------------------------------

    def _fill_sizes(self, discs: tuple[Disc | None, ...] | list[Disc | None]) -> tuple[int, ...]:
        return fill_sizes(discs)

    def sample_chance(self, rng: random.Random | None = None) -> ChanceOutcome:
        if not self.special_factories:
            return super().sample_chance(rng)
        if self.phase != CHANCE:
            raise IllegalChanceError("no chance event is pending")
        return draw_special_fill(self.bag, self.lid, len(self.factories), self._players, rng or self._chance_rng())

    def parse_chance(self, text: str) -> ChanceOutcome:
        if self.special_factories:
            return parse_special_fill(text, self.theme, len(self.factories))
        return parse_plain_fill(text, self.theme, len(self.factories))

    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        if not self.special_factories:
            if isinstance(outcome, SpecialFill):
                raise IllegalChanceError(f"{outcome}: this game has no special factories", rule="M-1")
            super()._apply_chance(outcome)
            return
        if self.phase != CHANCE:
            raise IllegalChanceError(f"{outcome}: no chance event is pending", rule="A-2")
        if not isinstance(outcome, SpecialFill):
            raise IllegalChanceError(
                f"{outcome}: with special factories a fill marks each special one, e.g. 'fill:BBNP*3/...'",
                rule="M-1",
            )
        self._check_assignment(outcome)
        apply_draw(
            self.bag,
            self.lid,
            self._fill_sizes(outcome.discs),
            outcome.groups,
            what="factory",
            names=self.theme.names_en,
            draw=outcome.draw,
        )
        self._deal(outcome.factories)
        self.discs = list(outcome.discs)
        # M-1: the special factories act in circle order, from factory 1.
        count = len(self.factories)
        factories = self.factories
        for index, disc in enumerate(self.discs):
            if disc is None:
                continue
            if disc.kind == EXTRA_TILE:
                for colour in outcome.extra:
                    factories[index][colour] += 1
            elif disc.kind == PULL:
                pulled = disc.colour
                assert pulled is not None
                for neighbour in ((index - 1) % count, (index + 1) % count):
                    if factories[neighbour][pulled]:
                        factories[neighbour][pulled] -= 1
                        factories[index][pulled] += 1
        self._refresh_masks()
        self.tiles_on_table = sum(map(sum, factories))
        self._open_offer()

    def _check_assignment(self, outcome: SpecialFill) -> None:
        count = len(self.factories)
        placed = [disc for disc in outcome.discs if disc is not None]
        if len(outcome.discs) != count:
            raise IllegalChanceError(f"{outcome}: the fill must list {count} factories", rule="F-1")
        if len(placed) != self._players:
            raise IllegalChanceError(
                f"{outcome}: a {self._players}-player round has {self._players} special factories, not {len(placed)}",
                rule="M-1",
            )
        if len(set(placed)) != len(placed) or any(disc not in DISCS for disc in placed):
            raise IllegalChanceError(f"{outcome}: the special factories must be different discs", rule="M-1")
        has_extra = any(disc.kind == EXTRA_TILE for disc in placed)
        available = sum(self.bag) + sum(self.lid)
        expected = 1 if has_extra and available > FACTORY_SIZE * count else 0
        if len(outcome.extra) != expected:
            raise IllegalChanceError(
                f"{outcome}: SN1 must draw {'one extra praline (+)' if expected else 'no extra praline'} here",
                rule="M-1",
            )

    # --- tiles in play ------------------------------------------------------------

    def counts_in_play(self) -> list[int]:
        totals = super().counts_in_play()
        if self.disc_tile != EMPTY:
            totals[self.disc_tile] += 1
        return totals


def fill_sizes(discs: tuple[Disc | None, ...] | list[Disc | None]) -> tuple[int, ...]:
    """The groups a round's start draws: four pralines per factory, then SN1's extra one (M-1)."""
    has_extra = any(disc is not None and disc.kind == EXTRA_TILE for disc in discs)
    return (FACTORY_SIZE,) * len(discs) + ((1,) if has_extra else ())


def draw_special_fill(bag: list[int], lid: list[int], factories: int, players: int, rng: random.Random) -> SpecialFill:
    """A round's start with special factories, drawn from ``rng`` (M-1): as many special factories as
    players, at random places, with distinct random discs; then the fill and SN1's extra praline."""
    placed: list[Disc | None] = [None] * factories
    places = rng.sample(range(factories), players)
    for factory, disc in zip(places, rng.sample(DISCS, players), strict=True):
        placed[factory] = disc
    discs = tuple(placed)
    sizes = fill_sizes(discs)
    draw = sample_draw(bag, lid, sizes, rng.getrandbits(draw_bits(sizes)))
    extra = draw.groups[factories] if len(draw.groups) > factories else ()
    return SpecialFill(draw.groups[:factories], discs, extra, PRALINE_THEME, draw)


_SPLITS: dict[tuple[int, int, int, Theme, int, int], SplitTake] = {}


def _split_take(source: int, colour: int, line: int, theme: Theme, to_previous: int, to_next: int) -> SplitTake:
    key = (source, colour, line, theme, to_previous, to_next)
    move = _SPLITS.get(key)
    if move is None:
        move = _SPLITS[key] = SplitTake(source, colour, line, theme, to_previous, to_next)
    return move


def read_move(text: str, options: Mapping[str, Any]) -> Move:
    """The move ``text`` names, whatever the phase: a take (from SN4 with its split), or a brown-box column choice."""
    take_text, split_text = split_notation(text)
    move = read_wall_move(take_text, options, PRALINE_THEME)
    if split_text is None:
        return move
    if not isinstance(move, TakeMove):
        raise NotationError(f"{text!r}: only a take from SN4 splits leftovers (M-3)")
    to_previous, to_next = parse_split(split_text, PRALINE_THEME)
    return _split_take(move.source, move.colour, move.line, PRALINE_THEME, to_previous, to_next)
