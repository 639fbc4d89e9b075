"""Statistics of an arena run: win rates with confidence intervals, score summaries, ratings."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); ``wins`` may be fractional (shared victories)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class GameResult:
    """One finished game: which bot sat where, the scores and the winning seats."""

    index: int
    deal: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: tuple[int, ...]
    """Moves made by each seat."""
    seconds: tuple[float, ...]
    """Time each seat spent choosing its moves."""
    slowest: tuple[float, ...]
    """Each seat's longest single move."""


@dataclass(frozen=True)
class BotSummary:
    name: str
    games: int
    wins: float
    """Victories, a shared one counting as a share."""
    win_rate: float
    interval: tuple[float, float]
    mean_score: float
    score_spread: float
    """The standard deviation of its scores."""
    rating: float
    """The openskill (Plackett-Luce) ordinal: mu - 3 sigma."""
    mu: float
    sigma: float
    seconds_per_move: float
    slowest_move: float


def summarise(results: Sequence[GameResult]) -> list[BotSummary]:
    """Per bot (in order of first appearance): wins, 95% interval, scores and rating."""
    names: list[str] = []
    for result in results:
        for name in result.seats:
            if name not in names:
                names.append(name)
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    wins = dict.fromkeys(names, 0.0)
    scores: dict[str, list[int]] = {name: [] for name in names}
    seconds = dict.fromkeys(names, 0.0)
    slowest = dict.fromkeys(names, 0.0)
    moves = dict.fromkeys(names, 0)
    for result in sorted(results, key=lambda result: result.index):
        for seat, name in enumerate(result.seats):
            scores[name].append(result.scores[seat])
            seconds[name] += result.seconds[seat]
            slowest[name] = max(slowest[name], result.slowest[seat])
            moves[name] += result.moves[seat]
            if seat in result.winners:
                wins[name] += 1 / len(result.winners)
        # Ranks: the winners first (tie-break applied), then by score.
        ordered = sorted(result.scores, reverse=True)
        ranks: list[float] = [
            0.0 if seat in result.winners else 1.0 + ordered.index(score) for seat, score in enumerate(result.scores)
        ]
        teams = [[ratings[name]] for name in result.seats]
        updated = model.rate(teams, ranks=ranks)
        for name, team in zip(result.seats, updated, strict=True):
            ratings[name] = team[0]
    summaries = []
    for name in names:
        played = len(scores[name])
        summaries.append(
            BotSummary(
                name=name,
                games=played,
                wins=wins[name],
                win_rate=wins[name] / played if played else 0.0,
                interval=wilson_interval(wins[name], played),
                mean_score=statistics.fmean(scores[name]) if played else 0.0,
                score_spread=statistics.pstdev(scores[name]) if played > 1 else 0.0,
                rating=ratings[name].ordinal(),
                mu=ratings[name].mu,
                sigma=ratings[name].sigma,
                seconds_per_move=seconds[name] / moves[name] if moves[name] else 0.0,
                slowest_move=slowest[name],
            )
        )
    return summaries
