"""What every bot offers: choose a move within a budget, and explain its choice."""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass

from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import Move, State


class BotError(MozaikaError):
    """A bot was asked for something it cannot do (no move to make, an unknown bot, a bad budget)."""


@dataclass(frozen=True)
class Budget:
    """How long a bot may think per move: wall-clock ``seconds``, ``iterations``, or both (whichever ends first)."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise BotError(f"a time budget must be positive, not {self.seconds}")
        if self.iterations is not None and self.iterations < 1:
            raise BotError(f"an iteration budget must be at least 1, not {self.iterations}")

    def describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts) or "no limit"


@dataclass(frozen=True)
class MoveValue:
    """One candidate move as a bot sees it: its value for the mover (0-1 for search, points for greedy)."""

    move: Move
    value: float
    visits: int | None = None
    points: tuple[float, ...] | None = None
    """The points each seat can expect after the move, by seat, where the bot estimates them (search)."""


class Bot(ABC):
    """A player that picks moves.  Deterministic for a given seed when its budget is not wall-clock time."""

    name: str = "bot"

    def __init__(self, *, budget: Budget | None = None, seed: int | None = None) -> None:
        self.budget = budget or Budget()
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(48)
        self.rng = random.Random(self.seed)

    def choose(self, state: State) -> Move:
        """A legal move for the (first) seat in ``state.to_move``."""
        if not state.to_move:
            raise BotError(
                "there is no move to make: " + ("the game is over" if state.is_over else "chance is pending")
            )
        return self._choose(state)

    @abstractmethod
    def _choose(self, state: State) -> Move: ...

    def analyse(self, state: State) -> list[MoveValue]:
        """Every legal move the bot considered, best first, with its value (and visits for search bots)."""
        if not state.to_move:
            raise BotError(
                "there is no move to analyse: " + ("the game is over" if state.is_over else "chance is pending")
            )
        return self._analyse(state)

    def _analyse(self, state: State) -> list[MoveValue]:
        move = self._choose(state)
        return [MoveValue(move, 0.0)]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} ({self.budget.describe()}, seed {self.seed})>"


class Deadline:
    """A budget's end: ``expired()`` after the time or iteration limit (the time one with a safety margin)."""

    def __init__(self, budget: Budget) -> None:
        self.clock = time.perf_counter
        """The clock the deadline reads (a search in the native core reads it too)."""
        self.start = self.clock()
        self.seconds = budget.seconds
        self.iterations = budget.iterations
        self.done = 0
        self.slowest = 0.0
        self._last = self.start

    def tick(self) -> None:
        """Count one finished iteration."""
        now = self.clock()
        self.slowest = max(self.slowest, now - self._last)
        self._last = now
        self.done += 1

    def expired(self) -> bool:
        if self.iterations is not None and self.done >= self.iterations:
            return True
        if self.seconds is not None:
            # Stop when one more iteration as slow as the slowest so far could overrun.
            return self.clock() - self.start + 1.5 * self.slowest >= self.seconds * 0.98
        return self.iterations is None and self.done >= 1
