"""Engine speed measurements, used by ``mozaika bench`` and ``benchmarks/engine.py``.

A random playout plays a whole game choosing every decision uniformly from the
full list of legal moves, with chance decided by each game's seed (rule F-3),
through the public protocol (``legal_moves`` then ``play``), exactly as a bot or
a simulation would.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from mozaika.catalogue.registry import new_game
from mozaika.core.engine import available, using


@dataclass(frozen=True)
class BenchCase:
    """One line of the benchmark: a game, a player count and options."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        options = ", ".join(f"{key}={value}" for key, value in self.options)
        return f"{self.game} {self.players}p" + (f" ({options})" if options else "")


@dataclass(frozen=True)
class BenchResult:
    case: BenchCase
    games: int
    moves: int
    seconds: float
    fast: bool = False
    engine: str = "python"
    """The engine that held the games' positions: ``native`` or ``python`` (docs/engine.md)."""

    @property
    def method(self) -> str:
        """``protocol`` (legal_moves + play) or ``playout`` (the engine's own loop)."""
        return "playout" if self.fast else "protocol"

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    def summary(self) -> str:
        """One aligned line: case, method, games/s, moves/s."""
        return (
            f"{self.case.label:<50} {self.method:<9} {self.engine:<7} {self.games_per_second:>8.1f} games/s "
            f"{self.moves_per_second:>10.1f} moves/s   ({self.games} games in {self.seconds:.1f} s)"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "case": self.case.label,
            "game": self.case.game,
            "players": self.case.players,
            "options": dict(self.case.options),
            "method": self.method,
            "engine": self.engine,
            "games": self.games,
            "moves": self.moves,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "moves_per_second": round(self.moves_per_second, 1),
        }


DEFAULT_CASES = (
    BenchCase("azul", 2, (("wall", "coloured"),)),
    BenchCase("azul", 4, (("wall", "coloured"),)),
    BenchCase("azul", 2, (("wall", "grey"),)),
    BenchCase("chocolatier", 2, (("special_factories", False),)),
    BenchCase("chocolatier", 2, (("special_factories", True),)),
    BenchCase("chocolatier", 4, (("box", "brown"), ("special_factories", True))),
    BenchCase("pavilion", 2, (("board", "coloured"),)),
    BenchCase("pavilion", 4, (("board", "coloured"),)),
    BenchCase("pavilion", 2, (("board", "colourless"),)),
)


def random_playouts(case: BenchCase, *, seconds: float = 3.0, seed: int = 0, fast: bool = False) -> BenchResult:
    """Play random games of ``case`` for about ``seconds`` and count games and moves.

    With ``fast`` the engine's own :meth:`playout` plays each game (the same
    distribution of games, without building move lists), as simulations do; its
    moves are counted from the game's history off the clock, since reading the
    history makes Python objects of steps that the native core's playout records
    as numbers (the playout itself makes none).
    """
    rng = random.Random(seed)
    draw = rng.random
    options = dict(case.options)
    games = moves = 0
    engine = "python"
    spent = 0.0
    while True:  # one game at least
        began = time.perf_counter()
        state = new_game(case.game, players=case.players, seed=seed + games, **options)
        engine = state.engine
        if fast:
            made = time.perf_counter()
            started = state.copy()  # off the clock, as the counting below: what the history held before
            resumed = time.perf_counter()
            state.playout(rng)
            spent += made - began + time.perf_counter() - resumed
            # Every step is a move or a chance outcome, and each chance outcome counts one chance event.
            steps = len(state.history) - len(started.history)
            moves += steps - (state.chance_index - started.chance_index)
        else:
            while not state.is_over:
                legal = state.legal_moves()
                state.play(legal[int(draw() * len(legal))])
                moves += 1
            spent += time.perf_counter() - began
        games += 1
        if spent >= seconds:
            return BenchResult(case, games, moves, spent, fast, engine)


def engines_for(game: str, engines: Iterable[str], options: Iterable[tuple[str, Any]] = ()) -> list[str]:
    """Those of ``engines`` that hold games of ``game`` with ``options`` here (a variant the native
    core does not hold plays on the Python engine: it is measured once, as ``python``)."""
    found = []
    for engine in engines:
        with using(engine):
            if new_game(game, players=2, seed=0, auto_chance=False, **dict(options)).engine == engine:
                found.append(engine)
    return found


def run_cases(
    cases: Iterable[BenchCase], *, seconds: float, warmup: float = 1.0, engines: Iterable[str] | None = None
) -> Iterator[BenchResult]:
    """Each case through the protocol, then through the engine's playout, on each engine side by side.

    ``engines`` defaults to every engine available here (the native core where it is built,
    then the Python engines).  Each case first plays untimed games for ``warmup`` seconds,
    so that the engines' lazily built move tables are measured in the steady state a bot or
    a simulation runs in, not while they are being filled.
    """
    chosen = tuple(available() if engines is None else engines)
    for case in cases:
        for engine in engines_for(case.game, chosen, case.options):
            with using(engine):
                if warmup > 0:
                    random_playouts(case, seconds=warmup, seed=1_000_000)
                for fast in (False, True):
                    yield random_playouts(case, seconds=seconds, fast=fast)
