"""Game review: the expert's view of every decision of a finished game.

For each decision the expert search (:data:`mozaika.bots.LEVELS` ``expert``, with
the budget given) ranks the moves and estimates the points every player can expect
after each; the move played is always among those searched.  A move's *loss* is
how much expected lead (own expected points minus the best other player's) the
move played gave up against the expert's best move, never below 0.  The review
sums this up per player (average loss per decision), names the three biggest
mistakes with the better move, and follows each player's expected lead over the
game.

Pure: a function of the record, the budget and the seed (with an iteration budget,
the same review every time).  The CLI (``mozaika review``) and the server share
it; the server runs :func:`review_decision` one decision at a time in its bot
workers so that live tables go first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mozaika.bots import make_bot
from mozaika.bots.base import BotError, Budget, MoveValue
from mozaika.bots.mcts import MctsBot, standings
from mozaika.core.protocol import Move, State
from mozaika.notation.positions import to_line
from mozaika.notation.records import Record, replay

REVIEW_BOT = "expert"
"""The level that reviews unless another is asked for (any searching level: ``master`` too)."""
MISTAKES = 3
"""How many of the biggest mistakes a review names."""
DEFAULT_BUDGET = Budget(iterations=10_000, seconds=0.25)
"""Per decision, unless a review is given another: whichever ends first (as the server's reviews).

On the native core 10,000 iterations take under 0.1 s a decision, so the iterations bound;
on the pure-Python engines the time does, at about 1,000 (docs/server.md)."""


@dataclass(frozen=True)
class Decision:
    """One decision of a record: the position before it, who decided and what."""

    step: int
    """The index of the move in the record's steps (0-based)."""
    seat: int
    played: str
    position: State


@dataclass(frozen=True)
class MoveReview:
    """The expert's view of one decision."""

    step: int
    """The index of the move in the record's steps (0-based, chance outcomes counted)."""
    number: int
    """The decision's number in the game, from 1 (chance outcomes not counted)."""
    seat: int
    round: int
    played: str
    best: str
    loss: float
    """Expected lead given up against ``best``, in points (0 when the move played was as good)."""
    expected: tuple[float, ...]
    """The points each player could expect after the move played, by seat."""
    best_expected: tuple[float, ...]
    """The same after the best move."""
    forced: bool = False
    """The only legal move: no choice, no loss."""
    line: str = ""
    """The position before the decision, as a position line (docs/notation.md)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "number": self.number,
            "seat": self.seat,
            "round": self.round,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 2),
            "expected": [round(points, 2) for points in self.expected],
            "best_expected": [round(points, 2) for points in self.best_expected],
            "forced": self.forced,
            "line": self.line,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MoveReview:
        return cls(
            step=int(data["step"]),
            number=int(data["number"]),
            seat=int(data["seat"]),
            round=int(data["round"]),
            played=str(data["played"]),
            best=str(data["best"]),
            loss=float(data["loss"]),
            expected=tuple(float(points) for points in data["expected"]),
            best_expected=tuple(float(points) for points in data["best_expected"]),
            forced=bool(data.get("forced", False)),
            line=str(data.get("line", "")),
        )


@dataclass(frozen=True)
class Review:
    """A whole game's review: every decision's :class:`MoveReview`, and what they add up to."""

    game: str
    players: list[str]
    moves: list[MoveReview] = field(default_factory=list)
    budget: str = ""
    bot: str = REVIEW_BOT
    """The level whose search reviewed every decision."""

    def average_loss(self, seat: int) -> float:
        """Expected points lost per decision that was a real choice."""
        losses = [move.loss for move in self.moves if move.seat == seat and not move.forced]
        return sum(losses) / len(losses) if losses else 0.0

    def mistakes(self, count: int = MISTAKES) -> list[MoveReview]:
        """The biggest losses, biggest first (none of them zero)."""
        ranked = sorted((move for move in self.moves if move.loss > 0), key=lambda move: (-move.loss, move.step))
        return ranked[:count]

    def leads(self) -> list[list[float]]:
        """After each decision, each player's expected lead over the best other player."""
        return [_leads(move.expected) for move in self.moves]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "budget": self.budget,
            "players": [
                {
                    "name": name,
                    "average_loss": round(self.average_loss(seat), 2),
                    "decisions": sum(1 for move in self.moves if move.seat == seat and not move.forced),
                }
                for seat, name in enumerate(self.players)
            ],
            "mistakes": [move.to_dict() for move in self.mistakes()],
            "moves": [move.to_dict() for move in self.moves],
            "leads": [[round(lead, 2) for lead in leads] for leads in self.leads()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Review:
        return cls(
            game=str(data["game"]),
            players=[str(player["name"]) for player in data["players"]],
            moves=[MoveReview.from_dict(move) for move in data["moves"]],
            budget=str(data.get("budget", "")),
            bot=str(data.get("bot", REVIEW_BOT)),  # reviews stored before a level could be chosen: the expert's
        )


def decisions(record: Record) -> list[Decision]:
    """Every decision of a record with the position before it (the record is checked as it is replayed)."""
    final = replay(record)
    state = record.start()
    found: list[Decision] = []
    for step, text in enumerate(record.steps):
        if state.is_chance:
            state.apply_chance(text)
            continue
        move = state.parse_move(text)
        seat = state.mover(move)
        found.append(Decision(step, seat, str(move), state.copy()))
        state.play(move)
    assert state == final
    return found


def review_decision(
    position: State, played: Move | str, seat: int, budget: Budget, seed: int, bot_name: str = REVIEW_BOT
) -> MoveReview:
    """The view of one decision by a searching level (the expert's by default): its best move, and the
    expected points the move played lost."""
    if isinstance(played, str):
        played = position.parse_move(played)
    bot = make_bot(bot_name, iterations=budget.iterations, seconds=budget.seconds, seed=seed)
    if not isinstance(bot, MctsBot):
        raise BotError(f"a review needs a level that searches (medium … master), not {bot_name!r}")
    legal = position.legal_moves(seat)
    if played not in legal:
        raise BotError(f"{played} is not a legal move of player {seat + 1} here")
    ranked = bot.analyse_with(position, include=[played], seat=seat)
    best = ranked[0]
    mine = next((entry for entry in ranked if entry.move == played), None)
    if mine is None:  # a time budget too short to try it: judge it as the best
        mine = best
    loss = 0.0 if len(legal) == 1 or mine is best else max(0.0, _lead(best, seat) - _lead(mine, seat))
    return MoveReview(
        step=0,
        number=0,
        seat=seat,
        round=position.round,
        played=str(played),
        best=str(best.move),
        loss=loss,
        expected=_points(mine, position),
        best_expected=_points(best, position),
        forced=len(legal) == 1,
        line=to_line(position),
    )


def review_record(
    record: Record,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    bot: str = REVIEW_BOT,
) -> Review:
    """Review every decision of a finished (or unfinished) game by the level ``bot``; ``progress(done, total)``
    after each."""
    found = decisions(record)
    moves = []
    for index, decision in enumerate(found):
        reviewed = review_decision(decision.position, decision.played, decision.seat, budget, seed + index, bot)
        moves.append(placed(reviewed, decision.step, index + 1))
        if progress is not None:
            progress(index + 1, len(found))
    return Review(game=record.game, players=list(record.players), moves=moves, budget=budget.describe(), bot=bot)


def placed(reviewed: MoveReview, step: int, number: int) -> MoveReview:
    """The same review, placed at its step of the record and its decision number."""
    return dataclasses.replace(reviewed, step=step, number=number)


def _points(entry: MoveValue, position: State) -> tuple[float, ...]:
    return entry.points if entry.points is not None else tuple(float(score) for score in position.scores)


def _lead(entry: MoveValue, seat: int) -> float:
    points = entry.points or ()
    return _leads(points)[seat] if points else 0.0


def _leads(points: Sequence[float]) -> list[float]:
    return [lead for lead, _ in standings(list(points))]
