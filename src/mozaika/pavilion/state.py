"""The Summer Pavilion rules engine (rules F-1..F-4, S-1..S-17), coloured and colourless side."""

from __future__ import annotations

import random
from typing import Any, NoReturn

from mozaika.core.drawing import apply_draw, draw_bits, sample_draw
from mozaika.core.errors import IllegalChanceError, IllegalMoveError, NotationError
from mozaika.core.fills import FactoryFill, parse_fill
from mozaika.core.offer import CENTRE, FACTORIES, FACTORY_SIZE, MASK_COLOURS
from mozaika.core.protocol import ChanceOutcome, Move
from mozaika.pavilion.board import PavilionBoard
from mozaika.pavilion.geometry import (
    ARC_POINTS,
    CENTRE_STAR,
    FEATURE_MASKS,
    FEATURES,
    FEATURES_AT,
    FULL_STAR,
    MIXED_STAR_BONUS,
    NUMBER_BONUS,
    SLOTS,
    STAR_BONUS,
    STAR_LETTERS,
    STARS,
    number_masks,
)
from mozaika.pavilion.moves import (
    TAKES,
    Pass,
    Pick,
    Place,
    SupplyDraw,
    Take,
    parse_pass,
    parse_pick,
    parse_place,
    parse_supply,
    parse_take,
    passes,
    picks,
)
from mozaika.pavilion.position import PavilionPosition
from mozaika.pavilion.table import (
    ACQUIRE,
    CHANCE,
    FILL,
    KEEP_MOST,
    OVER,
    PHASE_NAMES,
    PICK,
    PLACE,
    REFILL,
    SETUP,
    SUPPLY_SIZE,
    TILES_PER_COLOUR,
)
from mozaika.pavilion.theme import COLOURS, ROUNDS, WILD_BY_ROUND


def _take_choices(source: int, wild: int, mask: int) -> tuple[Take, ...]:
    # S-5: any colour but the wild one; the wild colour only when nothing else is there.
    if mask == 1 << wild:
        return (TAKES[source, wild],)
    return tuple(TAKES[source, colour] for colour in MASK_COLOURS[mask] if colour != wild)


TAKE_TABLE = tuple(
    tuple(
        tuple(_take_choices(source, wild, mask) for mask in range(1 << COLOURS))
        for source in (*range(max(FACTORIES.values())), CENTRE)
    )
    for wild in range(COLOURS)
)
"""``TAKE_TABLE[wild][source][mask]``: the takes from a source holding the colours of ``mask``."""


class PavilionState(PavilionPosition):
    """A game of Summer Pavilion (coloured stars, or the colourless side of S-15..S-17): a position and its rules."""

    __slots__ = ()

    def __init__(self, *, players: int, seed: int, auto_chance: bool = True, **options: Any) -> None:
        self._start(seed, auto_chance)
        self._players = players
        self._set_side(options.get("board", "coloured") == "colourless")
        self._open_table(players, COLOURS)
        self.supply = [0] * COLOURS
        self.bag = [TILES_PER_COLOUR] * COLOURS
        self.tower = [0] * COLOURS
        self.boards = [PavilionBoard() for _ in range(players)]
        self._round = 1
        self.phase = CHANCE
        self.chance_kind = SETUP
        self.pending_bonus = []
        if auto_chance:
            self.resolve_chance()

    # --- protocol: who acts, who won ----------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase in (ACQUIRE, PLACE, PICK):
            return (self.turn,)
        return ()

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return self._leaders()  # S-14: ties share

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's score split into its sources: start, placements, marker, discards, the end bonuses."""
        return [
            {
                "start": 5,
                "placement": board.placement_points,
                "marker": -board.marker_points,
                "discards": -board.discard_points,
                "stars": board.star_bonus,
                "numbers": board.number_bonus,
                "total": board.score,
                "bonus_tiles": board.bonus_tiles,
            }
            for board in self.boards
        ]

    # --- protocol: moves --------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """The legal moves; in the placement phase the placements come first, then the passes,
        those keeping the most tiles first (the bots' rollouts rely on this order)."""
        if seat is not None and seat not in self.to_move:
            return []
        if self.phase == ACQUIRE:
            return self._takes()
        if self.phase == PLACE:
            moves: list[Move] = self._placements(self.boards[self.turn])
            moves += self.pass_moves()
            return moves
        if self.phase == PICK:
            return list(picks(self.supply, self._pick_size()))
        return []

    def _takes(self) -> list[Move]:
        by_mask = TAKE_TABLE[WILD_BY_ROUND[self._round - 1]]  # self.wild without the property call (hot)
        masks = self.masks
        moves: list[Move] = []
        for source in range(len(masks) - 1):
            if masks[source]:
                moves += by_mask[source][masks[source]]
        if masks[-1]:
            moves += by_mask[-1][masks[-1]]  # the centre
        return moves

    def _placements(self, board: PavilionBoard) -> list[Move]:
        on_star = self.placement_table.on_star
        moves: list[Move] = []
        for star, ring, colour, key in self.placement_groups(board):
            moves += on_star(star, ring, colour, key)
        return moves

    def placement_groups(self, board: PavilionBoard | None = None) -> list[tuple[int, int, int, int]]:
        """The placements open to ``board`` (the placer's by default), grouped by star and colour (S-8, S-16).

        Each group is ``(star, ring, colour, key)``: its placements are
        ``placement_table.on_star(star, ring, colour, key)``, and the legal placements
        are the groups' placements in this order.  Bots score a group once and reuse
        the score, since a group's placements depend on nothing else.
        """
        if board is None:
            board = self.boards[self.turn]
        hand = board.hand
        held = 0
        for colour in range(COLOURS):
            if hand[colour]:
                held |= 1 << colour
        if not held:
            return []
        wild = WILD_BY_ROUND[self._round - 1]
        wilds_held = hand[wild] if hand[wild] < SLOTS else SLOTS
        coloured = not self.colourless
        rings = board.star_rings
        star_colours = board.star_colours
        groups: list[tuple[int, int, int, int]] = []
        for star in range(STARS):
            ring = rings[star]
            if ring == FULL_STAR:
                continue
            # Which held colours fit this star (S-8; S-16 on the colourless side).
            present = star_colours[star]
            if coloured and star != CENTRE_STAR:
                allowed = held & (1 << star)
            elif coloured or present & (present - 1) or not present:
                allowed = held & ~present
            elif ring & (ring - 1):
                allowed = held & present  # a one-colour star
            else:
                allowed = held  # one tile so far: the next one decides
            if not allowed:
                continue
            for colour in MASK_COLOURS[allowed]:
                count = hand[colour] if hand[colour] < SLOTS else SLOTS
                groups.append((star, ring, colour, -1 - count if colour == wild else 7 * count + wilds_held))
        return groups

    def pass_moves(self) -> tuple[Pass, ...]:
        """The placer's passes (S-11), those keeping the most tiles first; in round 6 the only pass keeps nothing."""
        return passes(self.boards[self.turn].hand, 0 if self._round == ROUNDS else KEEP_MOST)

    def _pick_size(self) -> int:
        return min(self.pending_bonus[0], sum(self.supply))

    def parse_move(self, text: str) -> Move:
        if self.phase == ACQUIRE:
            return parse_take(text, len(self.factories))
        if self.phase == PLACE:
            passing = parse_pass(text)
            return passing if passing is not None else parse_place(text, self.colourless)
        if self.phase == PICK:
            return parse_pick(text)
        if self.phase == CHANCE:
            raise NotationError(f"no move is possible now: a chance event is pending ({text!r})")
        raise NotationError(f"no move is possible now: the game is over ({text!r})")

    def _apply_move(self, move: Move) -> None:
        kind = type(move)
        if kind is Take:
            self._take(move)  # type: ignore[arg-type]
        elif kind is Place:
            self._place(move)  # type: ignore[arg-type]
        elif kind is Pass:
            self._pass(move)  # type: ignore[arg-type]
        elif kind is Pick:
            self._pick(move)  # type: ignore[arg-type]
        else:
            raise IllegalMoveError(f"{move!r} is not a Summer Pavilion move")

    def _expect(self, phase: int, move: Move, rule: str) -> None:
        if self.phase != phase:
            raise IllegalMoveError(
                f"{move} is a {PHASE_NAMES[phase]} move, but the game is in the {PHASE_NAMES[self.phase]} phase",
                rule=rule,
            )

    # --- acquisition (S-5, S-6) -------------------------------------------------------

    def _take(self, move: Take) -> None:
        if self.phase != ACQUIRE:
            self._expect(ACQUIRE, move, "S-5")
        source, colour = move.source, move.colour
        masks = self.masks
        if not CENTRE <= source < len(self.factories):
            raise IllegalMoveError(f"{move}: there is no factory {source + 1}", rule="F-1")
        counts = self.centre if source == CENTRE else self.factories[source]  # the offer's _source, in place
        wild = WILD_BY_ROUND[self._round - 1]
        if not counts[colour] or (colour == wild and masks[source] != 1 << wild):
            self._refuse_take(move, counts, wild)
        seat = self.turn
        board = self.boards[seat]
        hand = board.hand
        # S-5: all of the colour, plus exactly one wild tile if there is one.
        taken = 1 if colour == wild else counts[colour]
        counts[colour] -= taken
        hand[colour] += taken
        if colour != wild and counts[wild]:
            counts[wild] -= 1
            hand[wild] += 1
            taken += 1
        if self._take_from(seat, source, colour, counts):
            board.marker_points += board.lose(taken)  # S-5: a point for each tile taken with the marker
        if source == CENTRE and not counts[wild]:
            masks[-1] &= ~(1 << wild)  # the wild tile that came with the colour
        self.tiles_on_table -= taken
        if self.tiles_on_table == 0:  # S-6
            self._start_placement()
        else:
            self.turn = (seat + 1) % self._players

    def _refuse_take(self, move: Take, counts: list[int], wild: int) -> NoReturn:
        name = self.theme.name
        where = "the centre" if move.source == CENTRE else f"factory {move.source + 1}"
        if not counts[move.colour]:
            raise IllegalMoveError(f"{move}: {where} holds no {name(move.colour)} tile", rule="S-5")
        raise IllegalMoveError(
            f"{move}: {name(wild)} is this round's wild colour; take another colour "
            f"(one {name(wild)} tile comes with it)",
            rule="S-5",
        )

    def _start_placement(self) -> None:
        # S-7: the marker's holder places first; if nobody took it, the round's starter.
        self.phase = PLACE
        for board in self.boards:
            board.passed = False
        self.turn = self.marker_holder if self.marker_holder is not None else self.starter

    # --- placement (S-7..S-11) --------------------------------------------------------

    def _place(self, move: Place) -> None:
        self._expect(PLACE, move, "S-7")
        board = self.boards[self.turn]
        index, colour, wilds, star = move.space, move.colour, move.wilds, move.star
        if board.filled >> index & 1:
            raise IllegalMoveError(f"{move}: {self._space_name(index)} is already filled", rule="S-8")
        name = self.theme.name
        if not board.colour_fits(star, colour, self.colourless):
            raise IllegalMoveError(f"{move}: {self._why_colour_refused(board, star, colour)}", rule=self._star_rule())
        number = self.numbers[index]
        hand = board.hand
        wild = WILD_BY_ROUND[self._round - 1]
        if colour == wild:
            if wilds:
                raise IllegalMoveError(
                    f"{move}: a {name(colour)} tile is this round's wild colour, so it is paid with "
                    f"{name(colour)} tiles only (write {str(move).split('+')[0]})",
                    rule="S-8",
                )
            if hand[colour] < number:
                raise IllegalMoveError(
                    f"{move}: {self._space_name(index)} costs {number} {name(colour)} tiles; you hold {hand[colour]}",
                    rule="S-8",
                )
        else:
            if hand[colour] == 0:
                raise IllegalMoveError(f"{move}: you hold no {name(colour)} tile to place", rule="S-8")
            if wilds > number - 1:
                raise IllegalMoveError(
                    f"{move}: {self._space_name(index)} costs {number} tiles, one of them the {name(colour)} "
                    f"tile placed, so at most {number - 1} wild tiles pay for it",
                    rule="S-8",
                )
            if hand[wild] < wilds:
                raise IllegalMoveError(
                    f"{move}: you hold {hand[wild]} wild {name(wild)} tiles, not {wilds}", rule="S-8"
                )
            if hand[colour] < number - wilds:
                raise IllegalMoveError(
                    f"{move}: {self._space_name(index)} costs {number} tiles; {hand[colour]} {name(colour)} "
                    f"and {wilds} wild are not enough",
                    rule="S-8",
                )
        # S-8: one tile on the space, the rest of the cost to the tower.
        hand[colour] -= number - wilds
        self.tower[colour] += number - wilds - 1
        if wilds:
            hand[wild] -= wilds
            self.tower[wild] += wilds
        board.put(index, colour)
        points = ARC_POINTS[board.star_rings[star]][move.slot]  # S-9
        board.score += points
        board.placement_points += points
        # S-10: every feature this placement completes pays its tiles from the supply.
        filled = board.filled
        for number_of_feature in FEATURES_AT[index]:
            mask = FEATURE_MASKS[number_of_feature]
            if filled & mask == mask:
                self.pending_bonus.append(FEATURES[number_of_feature].tiles)
        if self.pending_bonus:
            self._next_bonus()
        else:
            self._next_placer()

    def _space_name(self, index: int) -> str:
        return f"slot {index % SLOTS + 1} of the {self._star_name(index // SLOTS)}"

    def _star_rule(self) -> str:
        return "S-16" if self.colourless else "S-8"

    def _star_name(self, star: int) -> str:
        if star == CENTRE_STAR:
            return "centre star"
        if self.colourless:
            return f"star {STAR_LETTERS[star]}"
        return f"{self.theme.name(star)} star"

    def _why_colour_refused(self, board: PavilionBoard, star: int, colour: int) -> str:
        name = self.theme.name(colour)
        present = board.star_colours[star]
        if not self.colourless and star != CENTRE_STAR:
            return f"the {self._star_name(star)} takes only {self.theme.name(star)} tiles, not {name}"
        if present & (present - 1) == 0 and self.colourless:
            return f"the {self._star_name(star)} is a one-colour star of {self.theme.name(present.bit_length() - 1)}"
        return f"the {self._star_name(star)} already holds {name}, and its six tiles must all differ"

    def _next_bonus(self) -> None:
        """Ask for the next owed bonus pick, or go on when nothing is owed or the supply is empty."""
        while self.pending_bonus and not sum(self.supply):
            self.pending_bonus.pop(0)  # S-10: fewer tiles if the supply holds fewer (here none)
        if self.pending_bonus:
            self.phase = PICK
        else:
            self.phase = PLACE
            self._next_placer()

    def _pick(self, move: Pick) -> None:
        self._expect(PICK, move, "S-10")
        size = self._pick_size()
        if len(move.tiles) != size:
            raise IllegalMoveError(
                f"{move}: the bonus takes {size} tiles from the supply, not {len(move.tiles)}", rule="S-10"
            )
        wanted = [move.tiles.count(colour) for colour in range(COLOURS)]
        for colour in range(COLOURS):
            if wanted[colour] > self.supply[colour]:
                raise IllegalMoveError(
                    f"{move}: the supply holds {self.supply[colour]} {self.theme.name(colour)} tiles, "
                    f"not {wanted[colour]}",
                    rule="S-10",
                )
        board = self.boards[self.turn]
        hand = board.hand
        for colour in range(COLOURS):
            self.supply[colour] -= wanted[colour]
            hand[colour] += wanted[colour]
        board.bonus_tiles += size
        self.pending_bonus.pop(0)
        if sum(self.supply) < SUPPLY_SIZE and (any(self.bag) or any(self.tower)):
            self.phase = CHANCE  # S-10: refill the supply to ten
            self.chance_kind = REFILL
        else:
            self._next_bonus()

    def _pass(self, move: Pass) -> None:
        self._expect(PLACE, move, "S-11")
        board = self.boards[self.turn]
        keep_most = 0 if self._round == ROUNDS else KEEP_MOST
        if len(move.kept) > keep_most:
            why = "nothing is kept in the last round" if keep_most == 0 else "at most 4 tiles are kept"
            raise IllegalMoveError(f"{move}: {why}", rule="S-11")
        hand = board.hand
        kept = [move.kept.count(colour) for colour in range(COLOURS)]
        for colour in range(COLOURS):
            if kept[colour] > hand[colour]:
                raise IllegalMoveError(
                    f"{move}: you hold {hand[colour]} {self.theme.name(colour)} tiles, not {kept[colour]}", rule="S-11"
                )
        # S-11: the rest goes to the tower at -1 point each, never below 1.
        discarded = 0
        for colour in range(COLOURS):
            extra = hand[colour] - kept[colour]
            if extra:
                self.tower[colour] += extra
                discarded += extra
        board.hand = kept
        board.discard_points += board.lose(discarded)
        board.passed = True
        self._next_placer()

    def _next_placer(self) -> None:
        boards = self.boards
        players = self._players
        for step in range(1, players + 1):
            seat = (self.turn + step) % players
            if not boards[seat].passed:
                self.turn = seat
                return
        self._end_round()

    # --- rounds -----------------------------------------------------------------------

    def _end_round(self) -> None:
        if self._round == ROUNDS:
            self._finish_game()
            return
        # S-12: next round; the marker's holder starts, else the same starter again.
        self._round += 1
        if self.marker_holder is not None:
            self.starter = self.marker_holder
        self.marker_holder = None
        self.marker_in_centre = True
        self.phase = CHANCE
        self.chance_kind = FILL

    def _finish_game(self) -> None:
        # S-13, S-17: completed stars and numbers.
        masks = number_masks(self.numbers)
        for board in self.boards:
            stars = 0
            for star in range(STARS):
                if board.star_rings[star] != FULL_STAR:
                    continue
                present = board.star_colours[star]
                if not self.colourless:
                    stars += STAR_BONUS[star]
                elif present & (present - 1) == 0:
                    stars += STAR_BONUS[present.bit_length() - 1]
                else:
                    stars += MIXED_STAR_BONUS
            numbers = sum(NUMBER_BONUS[number] for number, mask in masks if board.filled & mask == mask)
            board.star_bonus = stars
            board.number_bonus = numbers
            board.score += stars + numbers
        self.phase = OVER

    # --- chance -----------------------------------------------------------------------

    def _draw_sizes(self) -> tuple[int, ...]:
        if self.chance_kind == FILL:
            return (FACTORY_SIZE,) * len(self.factories)
        return (SUPPLY_SIZE - sum(self.supply),)

    def sample_chance(self, rng: random.Random | None = None) -> ChanceOutcome:
        if self.phase != CHANCE:
            raise IllegalChanceError("no chance event is pending")
        sizes = self._draw_sizes()
        draw = sample_draw(self.bag, self.tower, sizes, self.chance_bits(draw_bits(sizes), rng))
        if self.chance_kind == FILL:
            return FactoryFill(draw.groups, self.theme, draw)
        return SupplyDraw(draw.groups[0], draw)

    def parse_chance(self, text: str) -> ChanceOutcome:
        if self.phase == CHANCE and self.chance_kind == FILL:
            return parse_fill(text, self.theme, len(self.factories))
        if text.strip().lower().startswith("fill"):
            return parse_fill(text, self.theme, len(self.factories))
        return parse_supply(text)

    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        if self.phase != CHANCE:
            raise IllegalChanceError(f"{outcome}: no chance event is pending", rule="F-2")
        kind = self.chance_kind
        if kind == FILL:
            if not isinstance(outcome, FactoryFill):
                raise IllegalChanceError(f"{outcome}: the factories are to be filled now ('fill:...')", rule="S-12")
            groups = outcome.factories
        else:
            if not isinstance(outcome, SupplyDraw):
                raise IllegalChanceError(f"{outcome}: the supply is to be filled now ('supply:...')", rule="S-10")
            groups = (outcome.tiles,)
        apply_draw(
            self.bag,
            self.tower,
            self._draw_sizes(),
            groups,
            what="factory" if kind == FILL else "supply",
            names=self.theme.names_en,
            draw=outcome.draw,
        )
        if kind != FILL:
            for colour in groups[0]:
                self.supply[colour] += 1
            if kind == SETUP:
                self.chance_kind = FILL
            else:
                self._next_bonus()
        else:
            self._deal(groups)
            if self.tiles_on_table:
                self.phase = ACQUIRE
            else:
                self._start_placement()  # ruling R-13: nothing to acquire, so placement begins at once
