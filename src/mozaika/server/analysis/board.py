"""The analysis board's service: positions set up, edited, played through and analysed by the expert.

Positions travel as position lines (``docs/notation.md``): the browser keeps its
move tree as lines, and the server, holding nothing, answers each request from the
line it is given.  Chance after a move (the next round's fill) is decided by the
seed in the line, so a line and a move always lead to the same position.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from mozaika.catalogue.registry import game_spec, new_game
from mozaika.core.errors import MozaikaError, PositionError
from mozaika.core.protocol import State
from mozaika.notation.positions import build, from_line, to_line
from mozaika.notation.records import Record, replay
from mozaika.server.analysis.hints import Hints
from mozaika.server.errors import (
    BadRequestError,
    BusyError,
    ConflictError,
    InvalidRequestError,
    MoveRefusedError,
    PositionRefusedError,
)
from mozaika.server.players.accounts import Caller
from mozaika.server.settings import Settings
from mozaika.server.tables import History
from mozaika.server.tables.gamelog import fields_of_moves, public_position

MOST_MOVES = 8
"""How many of the expert's best moves an analysis lists."""
WAITING_PER_WORKER = 2
"""How many analyses may wait for each bot worker before more are refused as busy (open to anyone: bounded)."""


def view(state: State) -> dict[str, Any]:
    """What the board shows of a position, with its line and the moves that can be played."""
    return {
        "line": to_line(state),
        "game": state.game_id,
        "players": state.players,
        "options": state.options,
        "round": state.round,
        "to_move": list(state.to_move),
        "scores": state.scores,
        "over": state.is_over,
        "winners": state.winners,
        "position": public_position(state),
        "legal_moves": {str(seat): [str(move) for move in state.legal_moves(seat)] for seat in state.to_move},
        "move_fields": {str(move): move.fields() for move in state.legal_moves()},
    }


def read_line(line: str) -> State:
    """The position of a line, refused (422) when it cannot be read or a seat to move has no move."""
    try:
        state = from_line(line)
    except PositionError as error:
        raise PositionRefusedError(str(error)) from None
    return playable(state)


def playable(state: State) -> State:
    """The position, unless a seat to move has no legal move (no game reaches one; a search would fail on it)."""
    stuck = [seat for seat in state.to_move if not state.legal_moves(seat)]
    if stuck:
        raise PositionRefusedError(f"player {stuck[0] + 1} is to move but has no legal move: no game reaches this")
    return state


class Analysis:
    """Answers the analysis board: a position from a line, a record, a table's replay or a new game."""

    def __init__(self, history: History, hints: Hints, settings: Settings) -> None:
        self.history = history
        self.hints = hints
        """The expert's answers, shared with the tables' hints (a position asked twice is searched once)."""
        self.settings = settings
        self._askers: set[str] = set()
        """Who has a question being answered now (one each: so also how many are)."""

    def new(self, game: str, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        try:
            known = {option.name for option in game_spec(game).options}
        except MozaikaError as error:
            raise BadRequestError(str(error)) from None
        unknown = sorted(set(options) - known)
        if unknown:  # seed, players, auto_chance...: new_game's own arguments are not options to set
            raise InvalidRequestError(
                f"options.{unknown[0]}: {game} has no option {unknown[0]!r}; its options are: "
                + (", ".join(sorted(known)) or "none")
            )
        try:
            return view(new_game(game, players=players, seed=random.getrandbits(48), **options))
        except MozaikaError as error:
            raise BadRequestError(str(error)) from None

    def from_line(self, line: str) -> dict[str, Any]:
        """The position of a line; one that waits for a chance event (a fill) gets it, as the line's seed decides."""
        state = read_line(line)
        state.resolve_chance()
        return view(state)

    def from_record(self, data: Mapping[str, Any], step: int | None) -> dict[str, Any]:
        """A pasted record's position after ``step`` of its steps (by default its last)."""
        try:
            record = Record.from_dict(data)
            return {**view(self._at(record, step)), "names": list(record.players)}
        except MozaikaError as error:
            raise BadRequestError(str(error)) from None

    def from_table(self, table_id: str, step: int | None, caller: Caller | None = None) -> dict[str, Any]:
        """A finished game's position after ``step`` (its replay's numbering): "analyse from here", for a
        ``caller`` who may watch the table."""
        record = self.history.record(table_id, caller)
        return {**view(self._at(record, step)), "names": list(record.players)}

    @staticmethod
    def _at(record: Record, step: int | None) -> State:
        steps = len(record.steps) if step is None else step
        if not 0 <= steps <= len(record.steps):
            raise BadRequestError(f"the game has {len(record.steps)} steps; there is no step {steps}")
        state = replay(record, upto=steps)
        state.auto_chance = True
        state.resolve_chance()  # as the game went on: the record's seed decides
        return state

    def play(self, line: str, move: str) -> dict[str, Any]:
        state = read_line(line)
        try:
            state.play(move)
        except MozaikaError as error:
            raise MoveRefusedError(str(error)) from None
        return view(state)

    def build(self, game: str, players: int, options: Mapping[str, Any], parts: Mapping[str, Any]) -> dict[str, Any]:
        """An edited position, checked and completed by the position builder (the error names the rule)."""
        try:
            game_spec(game)
            return view(playable(build(game, players=players, **options, **parts)))
        except (PositionError, TypeError, ValueError, AttributeError) as error:
            raise PositionRefusedError(str(error)) from None
        except MozaikaError as error:
            raise BadRequestError(str(error)) from None

    async def best(self, line: str, asker: str) -> dict[str, Any]:
        """The expert's best moves for the first player to move, with values and each side's expected points.

        Bounded for everyone together (a few questions waiting per background worker) and for
        each ``asker`` (one question at a time: an address, or a player): past either, 503.
        """
        state = read_line(line)
        if not state.to_move:
            raise BadRequestError("there is no move to analyse: the game is over")
        seat = state.to_move[0]
        if not state.legal_moves(seat):  # read_line refuses such lines; the search must never see one
            raise ConflictError(f"player {seat + 1} has no legal move to analyse")
        settings = self.settings
        if asker in self._askers:
            raise BusyError("the expert is still answering your last question; ask again once it has", retry_after=1)
        if len(self._askers) >= WAITING_PER_WORKER * settings.background_workers:
            raise BusyError("the expert is answering as many questions as it can; ask again in a moment", retry_after=1)
        self._askers.add(asker)
        line = to_line(state)
        try:
            moves = await self.hints.best(("line", line, str(seat)), state.to_json(), seat, MOST_MOVES)
        finally:
            self._askers.discard(asker)
        texts = [str(found["move"]) for found in moves]
        return {
            "line": line,
            "seat": seat,
            "bot": settings.hint_bot,
            "moves": moves,
            "move_fields": fields_of_moves(state.game_id, state.options, texts),
        }
