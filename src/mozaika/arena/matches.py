"""Playing bots against each other: seats rotated, chance mirrored, games spread over a work pool.

Each *deal* is a game seed.  For a deal, the arena plays one game per rotation of
the seats (bot ``i`` in seat ``(i + r) mod n``), all with that seed: the chance
events come from the same seeded stream in every rotation, so no bot profits from
a lucky deal or a favourable seat.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mozaika.arena.entrants import make_entrant
from mozaika.arena.stats import GameResult
from mozaika.catalogue.registry import new_game
from mozaika.distributed import WorkPool, open_pool


@dataclass(frozen=True)
class Match:
    """What to play: a game with options, bots (one per seat), budgets, games and a seed.

    A bot is any spec of :mod:`mozaika.arena.entrants`: a bot or level, a network file, a callable.
    """

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seconds: float | None = None
    iterations: int | None = None

    @property
    def deals(self) -> int:
        """Deals needed so that every rotation of every deal is played: ``games`` rounded up."""
        return -(-self.games // len(self.bots))

    @property
    def labels(self) -> tuple[str, ...]:
        """Each entrant's name in the results: the bot's, numbered when a bot enters more than once."""
        return tuple(
            f"{name} {self.bots[:index].count(name) + 1}" if self.bots.count(name) > 1 else name
            for index, name in enumerate(self.bots)
        )


@dataclass(frozen=True)
class Pairing:
    """One game of a match: a deal and a rotation."""

    match: Match
    index: int
    deal: int
    rotation: int

    @property
    def entrants(self) -> tuple[int, ...]:
        """Which entrant (an index into the match's bots) sits in each seat."""
        count = len(self.match.bots)
        return tuple((seat - self.rotation) % count for seat in range(count))

    @property
    def seats(self) -> tuple[str, ...]:
        """The entrants' labels, seat by seat."""
        labels = self.match.labels
        return tuple(labels[entrant] for entrant in self.entrants)


def schedule(match: Match) -> list[Pairing]:
    """Every game of the match, rotations of a deal next to each other."""
    return [pairing_at(match, index) for index in range(match.deals * len(match.bots))]


def pairing_at(match: Match, index: int) -> Pairing:
    """The ``index``-th game of the match's schedule: deal ``index // seats``, rotation ``index % seats``."""
    deal, rotation = divmod(index, len(match.bots))
    return Pairing(match, index, match.seed + deal, rotation)


def play_game(pairing: Pairing) -> GameResult:
    """Play one game to the end (in whatever process runs it)."""
    match = pairing.match
    seats = pairing.seats
    state = new_game(match.game, players=len(seats), seed=pairing.deal, **match.options)
    # Each seat's bot gets its own seed, derived from the deal and the bot's place in the match.
    bots = [
        make_entrant(
            match.bots[entrant],
            seconds=match.seconds,
            iterations=match.iterations,
            seed=pairing.deal * 1009 + entrant * 7 + seat,
        )
        for seat, entrant in enumerate(pairing.entrants)
    ]
    moves = [0] * len(seats)
    thinking = [0.0] * len(seats)
    slowest = [0.0] * len(seats)
    while not state.is_over:
        seat = state.to_move[0]
        start = time.perf_counter()
        move = bots[seat].choose(state)
        spent = time.perf_counter() - start
        state.play(move)
        moves[seat] += 1
        thinking[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
    return GameResult(
        index=pairing.index,
        deal=pairing.deal,
        seats=seats,
        scores=tuple(state.scores),
        winners=tuple(state.winners),
        moves=tuple(moves),
        seconds=tuple(thinking),
        slowest=tuple(slowest),
    )


def run_match(
    match: Match,
    *,
    jobs: int | None = None,
    pool: WorkPool[Any] | None = None,
    progress: Callable[[GameResult], None] | None = None,
    played: Sequence[GameResult] = (),
) -> list[GameResult]:
    """Play every game of ``match``; the results in schedule order.

    The games run on ``pool`` (:func:`mozaika.distributed.open_pool`: Ray, locally or on a
    cluster), or else on ``jobs`` local processes (all cores by default).  Either way a game
    is played by :func:`play_game` from its pairing alone, so the results are the same.
    ``progress`` hears of each game as it finishes (in any order).  Games in ``played``
    (results of this match from an earlier run, see :mod:`mozaika.arena.journal`) are not
    played again, only counted.
    """
    pairings = schedule(match)
    done = {result.index: result for result in played if result.index < len(pairings)}
    waiting = [pairing for pairing in pairings if pairing.index not in done]
    results = list(done.values())
    if pool is None:
        # No more processes than games: one game, or --jobs 1, is played here, with no process started.
        workers = max(1, min(jobs or os.cpu_count() or 1, len(waiting)))
        with open_pool(workers=workers, use_ray=False) as own:
            return run_match(match, pool=own, progress=progress, played=played)
    for result in pool.map_unordered(play_game, waiting):
        results.append(result)
        if progress is not None:
            progress(result)
    results.sort(key=lambda result: result.index)
    return results
