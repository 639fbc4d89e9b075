"""The Azul rules engine (rules F-1..F-4, A-1..A-13), coloured and grey wall."""

from __future__ import annotations

import random
from math import floor
from operator import add
from typing import Any, NoReturn

from mozaika.azul.board import EMPTY, MARKER, Board
from mozaika.azul.moves import (
    CENTRE,
    FLOOR,
    FactoryFill,
    TakeMove,
    WallMove,
    move_table,
    parse_fill,
    parse_take,
    parse_wall,
)
from mozaika.azul.position import AzulPosition
from mozaika.azul.table import CHANCE, DRAFT, OVER, PHASE_NAMES, TILES_PER_COLOUR, TILING
from mozaika.azul.theme import COLOURS
from mozaika.azul.wall import (
    COLOUR_BONUS,
    COLUMN_BONUS,
    FLOOR_LOSS,
    FLOOR_SPACES,
    ROW_BONUS,
    SIZE,
    coloured_column,
    complete_colours,
    complete_columns,
    complete_rows,
    placement_points,
)
from mozaika.core.drawing import apply_draw, draw_bits, sample_draw
from mozaika.core.errors import IllegalChanceError, IllegalMoveError, NotationError
from mozaika.core.offer import FACTORIES, FACTORY_SIZE, MASK_COLOURS
from mozaika.core.protocol import ChanceOutcome, Move

_WIDTHS = tuple(bin(mask).count("1") + 1 for mask in range(1 << SIZE))
"""How many moves take one colour from one source, by the player's accept mask (lines + floor)."""


class AzulState(AzulPosition):
    """A game of Azul (coloured wall, or the grey-wall variant of rule A-10): a position and its rules."""

    __slots__ = ()

    def __init__(self, *, players: int, seed: int, auto_chance: bool = True, **options: Any) -> None:
        self._start(seed, auto_chance)
        self._players = players
        self._init_options(options)
        factories = FACTORIES[players]
        self.table = move_table(factories, self.theme)
        self.fill_sizes = (FACTORY_SIZE,) * factories
        self._open_table(players, COLOURS)
        self.bag = [TILES_PER_COLOUR] * COLOURS
        self.lid = [0] * COLOURS
        self.boards = [Board() for _ in range(players)]
        self.phase = CHANCE
        self._round = 1
        if auto_chance:
            self.resolve_chance()

    # --- protocol: who acts, who won ----------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == DRAFT:
            return (self.turn,)
        if self.phase == TILING:
            return tuple(seat for seat, board in enumerate(self.boards) if board.waiting)
        return ()

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        tied = self._leaders()
        # ties go to the most complete horizontal rows; still tied, shared victory.
        rows = {seat: complete_rows(self.boards[seat].wall) for seat in tied}
        most = max(rows.values())
        return [seat for seat in tied if rows[seat] == most]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's score split into its sources (placement, floor, the three end bonuses)."""
        return [
            {
                "placement": board.placement_points,
                "floor": -board.floor_points,
                "rows": board.bonus_rows,
                "columns": board.bonus_columns,
                "colours": board.bonus_colours,
                "total": board.score,
                "tiles_to_floor": board.tiles_to_floor,
            }
            for board in self.boards
        ]

    # --- protocol: moves --------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        if self.phase == DRAFT:
            if seat is not None and seat != self.turn:
                return []
            accept = self.boards[self.turn].accept
            by_source = self.table.by_source
            colours_of = MASK_COLOURS
            moves: list[Move] = []
            for source, mask in enumerate(self.masks):
                if mask:
                    per_colour = by_source[source]
                    for colour in colours_of[mask]:
                        moves += per_colour[colour][accept[colour]]
            return moves
        if self.phase == TILING:
            seats = self.to_move if seat is None else (seat,)
            wall_moves: list[Move] = []
            for who in seats:
                board = self.boards[who]
                if board.waiting:
                    line = board.tiling_line
                    colour = board.line_colour[line]
                    wall_moves += [
                        self.table.wall_moves[who, line, column] for column in board.grey_columns(line, colour)
                    ]
            return wall_moves
        return []

    def playout(self, rng: random.Random) -> None:
        """Play on to the end of the game, every decision uniform over the legal moves.

        The same distribution of games as ``while not over: play(moves[int(rng.random()
        * len(moves))])`` with ``moves = legal_moves()`` and chance resolved from the
        seed, but without building move lists: the moves of each colour are counted
        (sources holding it times the lines and floor that accept it) and the chosen
        one is looked up, so this is the fast path for simulations (e.g. Monte Carlo
        rollouts).  The history records every step as usual.
        """
        draw = rng.random
        widths = _WIDTHS
        by_source = self.table.by_source
        boards = self.boards
        factories = self.factories
        holders = self._colour_holders()
        colours_of = MASK_COLOURS
        while True:
            phase = self.phase
            if phase == DRAFT:
                seat = self.turn
                board = boards[seat]
                accept = board.accept
                masks = self.masks
                # Each colour's moves: the sources holding it, times its open lines and the floor.
                # (Spelled out for the five colours: a comprehension costs more than the lookups.)
                first, second, third, fourth, fifth = accept
                blocks = (
                    widths[first] * holders[0],
                    widths[second] * holders[1],
                    widths[third] * holders[2],
                    widths[fourth] * holders[3],
                    widths[fifth] * holders[4],
                )
                pick = floor(draw() * sum(blocks))
                colour = 0
                for block in blocks:
                    if pick < block:
                        break
                    pick -= block
                    colour += 1
                span = widths[accept[colour]]
                nth = pick // span
                slot = pick - nth * span
                source = -1
                for mask in masks:
                    source += 1
                    if colour in colours_of[mask]:  # (a tuple lookup: cheaper than the bit test in CPython)
                        if not nth:
                            break
                        nth -= 1
                chosen = by_source[source][colour][accept[colour]][slot]
                if source == len(factories):
                    source = CENTRE
                    counts = self.centre
                    holders[colour] -= 1
                else:
                    counts = factories[source]
                    # The factory's other colours move to the centre: one holder fewer only if it had them.
                    centre_colours = masks[-1] | 1 << colour
                    for other in colours_of[masks[source]]:
                        if centre_colours >> other & 1:
                            holders[other] -= 1
                taken = counts[colour]
                counts[colour] = 0
                marker = self._take_from(seat, source, colour, counts)
                self._settle_take(seat, board, colour, taken, chosen.line, marker)
                self._history = (chosen, self._history)
            elif phase == TILING:
                moves = self.legal_moves()
                move = moves[floor(draw() * len(moves))]
                self._apply_move(move)
                self._history = (move, self._history)
            elif phase == CHANCE:
                self.resolve_chance()
                holders = self._colour_holders()
            else:
                return

    def mover(self, move: Move) -> int:
        return move.seat if type(move) is WallMove else self.to_move[0]

    def parse_move(self, text: str) -> Move:
        if self.phase == TILING:
            waiting = self.to_move
            return parse_wall(text, self.table, waiting[0] if len(waiting) == 1 else None, self._players)
        if self.phase == DRAFT:
            return parse_take(text, self.table)
        if self.phase == CHANCE:
            raise NotationError(f"no move is possible now: a chance event is pending ({text!r})")
        raise NotationError(f"no move is possible now: the game is over ({text!r})")

    def _apply_move(self, move: Move) -> None:
        if type(move) is TakeMove:
            self._take(move)
        elif isinstance(move, WallMove):
            self._choose_column(move)
        else:
            raise IllegalMoveError(f"{move!r} is not an Azul move")

    def _take(self, move: TakeMove) -> None:
        # The checks of _check_take, spelled out: every take of every search passes here.
        seat = self.turn
        board = self.boards[seat]
        colour = move.colour
        source = move.source
        line = move.line
        if not CENTRE <= source < len(self.factories):
            self._refuse_take(move)
        counts = self.centre if source == CENTRE else self.factories[source]
        taken = counts[colour]
        if not taken or self.phase != DRAFT or (line != FLOOR and not board.accept[colour] >> line & 1):
            self._refuse_take(move)
        counts[colour] = 0  # every tile of the colour
        marker = self._take_from(seat, source, colour, counts)
        self._settle_take(seat, board, colour, taken, line, marker)

    def _check_take(self, move: TakeMove) -> tuple[int, Board, list[int], int]:
        """Refuse an illegal take; else the seat, its board, the source's counts and the tiles taken."""
        seat = self.turn
        board = self.boards[seat]
        counts = self._source(move.source)
        if counts is None or self.phase != DRAFT or not counts[move.colour] or not board.takes(move.colour, move.line):
            self._refuse_take(move)
        return seat, board, counts, counts[move.colour]

    def _refuse_take(self, move: TakeMove) -> NoReturn:
        """Say why a take is illegal, the first reason in the order a player would look (A-2, F-1, A-3, A-4)."""
        if self.phase != DRAFT:
            raise IllegalMoveError(
                f"{move} takes tiles, but the factory offer is not under way ({PHASE_NAMES[self.phase]})",
                rule="A-2",
            )
        counts = self._source(move.source)
        if counts is None:
            raise IllegalMoveError(f"{move}: there is no factory {move.source + 1}", rule="F-1")
        colour = move.colour
        if not counts[colour]:
            where = "the centre" if move.source == CENTRE else f"factory {move.source + 1}"
            raise IllegalMoveError(f"{move}: {where} holds no {self.theme.name(colour)} tile", rule="A-3")
        board = self.boards[self.turn]
        if not board.takes(colour, move.line):
            raise IllegalMoveError(f"{move}: {self._why_line_refuses(board, move.line, colour)}", rule="A-4")
        raise AssertionError(f"{move} is a legal take")

    def _settle_take(self, seat: int, board: Board, colour: int, taken: int, line: int, marker: bool = False) -> None:
        """Put the marker (if this take took it) on the floor first (A-3), the taken tiles on their line (A-4),
        then pass the turn or end the offer (A-6)."""
        if marker and len(board.floor) < FLOOR_SPACES:  # on a full floor the marker costs nothing
            board.floor.append(MARKER)
        self.tiles_on_table -= taken
        if line == FLOOR:
            overflow = taken
        else:
            held = board.line_count[line]
            space = line + 1 - held
            placed = taken if taken < space else space
            if held == 0:
                board.line_colour[line] = colour
                # The line now takes only this colour, and only while it has room.
                closed = ~(1 << line)
                first, second, third, fourth, fifth = board.accept
                board.accept = [first & closed, second & closed, third & closed, fourth & closed, fifth & closed]
                if placed < space:
                    board.accept[colour] |= 1 << line
            elif placed == space:
                board.accept[colour] &= ~(1 << line)
            board.line_count[line] = held + placed
            overflow = taken - placed
        if overflow:
            self._drop_to_floor(board, colour, overflow)
        if self.tiles_on_table == 0:
            self._tile_walls()
        else:
            self.turn = (seat + 1) % self._players

    def _why_line_refuses(self, board: Board, line: int, colour: int) -> str:
        name = self.theme.name(colour)
        if board.colour_rows[colour] >> line & 1:
            return f"wall row {line + 1} already holds {name}"
        held = board.line_colour[line]
        if held != colour:
            return f"pattern line {line + 1} already holds {self.theme.name(held)}"
        return f"pattern line {line + 1} is already full (choose the floor line instead)"

    def _drop_to_floor(self, board: Board, colour: int, count: int) -> None:
        # seven floor spaces; further tiles go to the lid at no cost.
        board.tiles_to_floor += count
        room = FLOOR_SPACES - len(board.floor)
        kept = count if count < room else room
        if kept > 0:
            board.floor += [colour] * kept
        if count > kept:
            self.lid[colour] += count - kept

    # --- wall tiling ------------------------------------------------------------------

    def _tile_walls(self) -> None:
        if self.grey:
            for board in self.boards:
                board.tiling_line = 0
                self._advance_grey_tiling(board)
            if any(board.waiting for board in self.boards):
                self.phase = TILING
                return
        else:
            for board in self.boards:
                line_count = board.line_count
                for line in range(SIZE):
                    if line_count[line] == line + 1:
                        self._move_to_wall(board, line, coloured_column(line, board.line_colour[line]))
                self._score_floor(board)
        self._end_round()

    def _move_to_wall(self, board: Board, line: int, column: int) -> None:
        # one tile to the wall, scored at once; the rest of the line to the lid.
        colour = board.line_colour[line]
        board.place_on_wall(line, column, colour)
        points = placement_points(board.wall, line, column)
        board.score += points
        board.placement_points += points
        self.lid[colour] += line
        board.line_count[line] = 0
        board.line_colour[line] = EMPTY

    def _advance_grey_tiling(self, board: Board) -> None:
        """Tile the board's complete lines from ``tiling_line`` down until a column must be chosen."""
        line = board.tiling_line
        while line < SIZE:
            if board.line_count[line] == line + 1:
                colour = board.line_colour[line]
                if board.grey_columns(line, colour):
                    board.tiling_line = line
                    board.waiting = True
                    return
                # no column allowed, so every tile of the line goes to the floor.
                board.line_count[line] = 0
                board.line_colour[line] = EMPTY
                self._drop_to_floor(board, colour, line + 1)
            line += 1
        board.tiling_line = SIZE
        board.waiting = False
        self._score_floor(board)

    def _choose_column(self, move: WallMove) -> None:
        if self.phase != TILING:
            raise IllegalMoveError(f"{move} chooses a wall column, but no wall is being tiled", rule="A-10")
        if not 0 <= move.seat < self._players:
            raise IllegalMoveError(f"{move}: there is no player {move.seat + 1}", rule="F-1")
        board = self.boards[move.seat]
        if not board.waiting:
            raise IllegalMoveError(f"{move}: player {move.seat + 1} has no column to choose now", rule="A-10")
        if move.line != board.tiling_line:
            raise IllegalMoveError(
                f"{move}: player {move.seat + 1} must place pattern line {board.tiling_line + 1} next "
                "(lines are tiled top to bottom)",
                rule="A-7",
            )
        colour = board.line_colour[move.line]
        if move.column not in board.grey_columns(move.line, colour):
            raise IllegalMoveError(
                f"{move}: column {move.column + 1} of row {move.line + 1} is taken or already holds "
                f"{self.theme.name(colour)}",
                rule="A-10",
            )
        self._move_to_wall(board, move.line, move.column)
        board.waiting = False
        board.tiling_line = move.line + 1
        self._advance_grey_tiling(board)
        if not any(other.waiting for other in self.boards):
            self._end_round()

    def _score_floor(self, board: Board) -> None:
        # floor penalty, never below 0; floor tiles to the lid, the marker to its holder.
        loss = FLOOR_LOSS[len(board.floor)]
        if loss > board.score:
            loss = board.score
        board.score -= loss
        board.floor_points += loss
        lid = self.lid
        for tile in board.floor:
            if tile != MARKER:
                lid[tile] += 1
        board.floor.clear()
        board.refresh_accept()

    def _end_round(self) -> None:
        for board in self.boards:
            if complete_rows(board.wall):
                self._finish_game()
                return
        if not self._a_row_can_still_be_completed():
            # Rulings: A-12 could never end the game.
            self._finish_game()
            return
        # the marker's holder starts; if nobody took it, the same starter again.
        if self.marker_holder is not None:
            self.starter = self.marker_holder
        self._round += 1
        self.phase = CHANCE

    def _a_row_can_still_be_completed(self) -> bool:
        """Whether some wall row might still be completed (rulings R-6 and R-15), between rounds.

        Every tile is then in the bag, the lid, a pattern line or on a wall.  A pattern
        line gives up its tiles only when it is complete, so the lines that might ever
        be completed are found by letting each line that the free tiles could fill
        give its tiles back, until no more can.  A row might be completed only if its
        pattern line is empty or one of those, each colour it lacks could then fill the
        line, and, on the grey wall, each such colour has a column of its own (R-6).
        The answer errs towards "yes": the game ends only when it can never end otherwise.
        """
        free = list(map(add, self.bag, self.lid))
        if min(free) >= SIZE:
            # The free tiles alone could fill any pattern line: only a grey wall's columns can stop a row.
            return not self.grey or any(board.row_can_be_completed(row) for board in self.boards for row in range(SIZE))
        # (seat, line) -> (colour, count) for the pattern lines that hold tiles and may never fill.
        blocked = {
            (seat, line): (colour, count)
            for seat, board in enumerate(self.boards)
            for line, (colour, count) in enumerate(zip(board.line_colour, board.line_count, strict=True))
            if count
        }
        released = True
        while released:
            released = False
            for (seat, line), (colour, count) in list(blocked.items()):
                if free[colour] >= line + 1 - count:
                    free[colour] += count
                    del blocked[seat, line]
                    released = True
        for seat, board in enumerate(self.boards):
            colour_rows = board.colour_rows
            for row in range(SIZE):
                if (seat, row) in blocked:
                    continue
                if all(free[colour] > row for colour in range(COLOURS) if not colour_rows[colour] >> row & 1) and (
                    not self.grey or board.row_can_be_completed(row)
                ):
                    return True
        return False

    def _finish_game(self) -> None:
        # end-of-game bonuses.
        for board in self.boards:
            board.bonus_rows = ROW_BONUS * complete_rows(board.wall)
            board.bonus_columns = COLUMN_BONUS * complete_columns(board.wall)
            board.bonus_colours = COLOUR_BONUS * complete_colours(board.colour_rows)
            board.score += board.bonus_rows + board.bonus_columns + board.bonus_colours
        self.phase = OVER

    # --- chance -----------------------------------------------------------------------

    def sample_chance(self, rng: random.Random | None = None) -> ChanceOutcome:
        if self.phase != CHANCE:
            raise IllegalChanceError("no chance event is pending")
        sizes = self.fill_sizes
        draw = sample_draw(self.bag, self.lid, sizes, self.chance_bits(draw_bits(sizes), rng))
        return FactoryFill(draw.groups, self.theme, draw)

    def parse_chance(self, text: str) -> ChanceOutcome:
        return parse_fill(text, self.theme, len(self.factories))

    def _apply_chance(self, outcome: ChanceOutcome) -> None:
        if self.phase != CHANCE:
            raise IllegalChanceError(f"{outcome}: no chance event is pending", rule="A-2")
        if not isinstance(outcome, FactoryFill):
            raise IllegalChanceError(f"{outcome!r} is not an Azul factory fill", rule="A-11")
        apply_draw(
            self.bag,
            self.lid,
            self.fill_sizes,
            outcome.factories,
            what="factory",
            names=self.theme.names_en,
            draw=outcome.draw,
        )
        if len(outcome.factories) != len(self.factories):
            raise IllegalChanceError(
                f"the fill must list {len(self.factories)} factories, not {len(outcome.factories)}", rule="F-1"
            )
        self._deal(outcome.factories)
        self._open_offer()

    def _open_offer(self) -> None:
        """Start the factory offer of a round whose factories are filled and counted (A-3, A-11)."""
        if self.tiles_on_table == 0:
            # Ruling R-2: with no tile left to offer, no tile can ever move again.
            self._finish_game()
        else:
            self.phase = DRAFT
