"""How fast the search bot thinks: MCTS iterations per second, from realistic positions."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from mozaika.bots.base import Budget
from mozaika.bots.mcts import MctsBot
from mozaika.catalogue.registry import new_game
from mozaika.core.protocol import State


@dataclass(frozen=True)
class SearchSpeed:
    game: str
    players: int
    iterations: int
    searches: int
    seconds: float
    engine: str = "python"
    """The engine the searched positions were held by (``native`` or ``python``)."""

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds

    def summary(self) -> str:
        label = f"{self.game} {self.players}p"
        return (
            f"{label:<50} {'search':<9} {self.engine:<7} {self.iterations_per_second:>8.1f} iterations/s "
            f"  ({self.iterations} MCTS iterations in {self.searches} searches, {self.seconds:.1f} s)"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "case": f"{self.game} {self.players}p",
            "game": self.game,
            "players": self.players,
            "method": "search",
            "engine": self.engine,
            "iterations": self.iterations,
            "searches": self.searches,
            "seconds": round(self.seconds, 3),
            "iterations_per_second": round(self.iterations_per_second, 1),
        }


def random_position(game: str, players: int, rng: random.Random) -> State | None:
    """A position of a random game, from its first move to mid-game; None where that game ended first."""
    state = new_game(game, players=players, seed=rng.getrandbits(32))
    for _ in range(rng.randrange(40)):
        if state.is_over:
            break
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    return None if state.is_over else state


def search_speed(game: str, *, players: int = 2, seconds: float = 3.0, seed: int = 0) -> SearchSpeed:
    """Search positions of random games (from the first move to mid-game) for about ``seconds``."""
    rng = random.Random(seed)
    iterations = searches = 0
    spent = 0.0
    engine = "python"
    while spent < seconds:
        state = random_position(game, players, rng)
        if state is None:
            continue
        engine = state.engine
        bot = MctsBot(budget=Budget(iterations=200), seed=rng.getrandbits(32))
        start = time.perf_counter()
        bot.search(state)
        spent += time.perf_counter() - start
        iterations += bot.last_iterations
        searches += 1
    return SearchSpeed(game, players, iterations, searches, spent, engine)
