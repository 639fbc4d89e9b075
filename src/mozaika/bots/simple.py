"""Bots without search: ``random`` and ``greedy``."""

from __future__ import annotations

from mozaika.bots.base import Bot, Budget, MoveValue
from mozaika.bots.evaluation import evaluate
from mozaika.core.protocol import Move, State


def acting_seat(state: State) -> int:
    """The seat a bot decides for: the first of ``to_move`` (several only when they decide independently)."""
    return state.to_move[0]


class RandomBot(Bot):
    """Any legal move, uniformly at random."""

    name = "random"

    def _choose(self, state: State) -> Move:
        moves = state.legal_moves(acting_seat(state))
        return moves[self.rng.randrange(len(moves))]


class GreedyBot(Bot):
    """The move whose resulting position is worth most to the mover now (see :mod:`mozaika.bots.evaluation`).

    With ``noise`` > 0, that share of its moves is chosen at random instead: a
    gentler opponent for beginners.
    """

    name = "greedy"

    def __init__(self, *, budget: Budget | None = None, seed: int | None = None, noise: float = 0.0) -> None:
        super().__init__(budget=budget, seed=seed)
        self.noise = noise

    def _choose(self, state: State) -> Move:
        if self.noise and self.rng.random() < self.noise:
            moves = state.legal_moves(acting_seat(state))
            return moves[self.rng.randrange(len(moves))]
        ranked = self._analyse(state)
        best = ranked[0].value
        ties = [entry.move for entry in ranked if entry.value >= best - 1e-9]
        return ties[self.rng.randrange(len(ties))]

    def _analyse(self, state: State) -> list[MoveValue]:
        return greedy_values(state)


def greedy_values(state: State, seat: int | None = None) -> list[MoveValue]:
    """Every legal move of the seat to move (or of ``seat``), valued by the position it leads to, best first."""
    seat = acting_seat(state) if seat is None else seat
    values = []
    for move in state.legal_moves(seat):
        after = state.copy()
        after.auto_chance = True
        after.play(move)
        values.append(MoveValue(move, evaluate(after)[seat]))
    values.sort(key=lambda entry: entry.value, reverse=True)
    return values
