"""Tournament points and standings: pure, no I/O (rulings.md, R-27).

A game gives each player the share of the others they finished ahead of, a tie counting
half: at a table of 2, 1, 0.5 or 0; of 3, 1, 0.5, 0; of 4, 1, 2/3, 1/3, 0. Every game is
worth the same single point whatever the table's size, so that players seated at tables
of 3 and of 4 in the same round are compared fairly. A bye is worth 1. A player who
abandoned or ran out of time counts last at the table (R-17, R-22), and a table an
administrator cancelled gives each of its players half a point.

The standings order players by points, then by Buchholz (the sum, over their games, of
the average final points of the opponents at that table), then by the total of their game
scores, then by the seeding (rating when the tournament began).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

BYE_POINTS = 1.0
CANCELLED_POINTS = 0.5


def table_points(places: Sequence[int]) -> list[float]:
    """Each seat's points from its place (0 = first; equal places are a tie)."""
    others = len(places) - 1
    if others <= 0:
        return [BYE_POINTS for _ in places]
    return [
        (sum(1 for other in places if other > place) + 0.5 * (sum(1 for other in places if other == place) - 1))
        / others
        for place in places
    ]


@dataclass(frozen=True)
class GamePlayed:
    """One player's part in one round: their table's players (themselves included) or a bye."""

    round: int
    player: int
    points: float
    score: int | None = None
    """The player's game score (None for a bye)."""
    table: str | None = None
    players: tuple[int, ...] = ()
    """Everyone at the table, in seat order (empty for a bye)."""


@dataclass
class Line:
    """One player's line in the standings."""

    player: int
    seed: int
    points: float = 0.0
    buchholz: float = 0.0
    score: int = 0
    games: int = 0
    byes: int = 0
    rank: int = 0
    rounds: dict[int, float] = field(default_factory=dict)
    """The points of each round played (a bye's too)."""


def standings(seeds: Sequence[int], played: Iterable[GamePlayed]) -> list[Line]:
    """The standings of the players ``seeds`` (in seeding order, best first) after the games ``played``."""
    lines = {player: Line(player, seed) for seed, player in enumerate(seeds)}
    games = [game for game in played if game.player in lines]
    for game in games:
        line = lines[game.player]
        line.points += game.points
        line.rounds[game.round] = game.points
        if game.table is None:
            line.byes += 1
        else:
            line.games += 1
            line.score += game.score or 0
    for game in games:
        opponents = [lines[other].points for other in game.players if other != game.player and other in lines]
        if opponents:
            lines[game.player].buchholz += sum(opponents) / len(opponents)
    ordered = sorted(lines.values(), key=lambda line: (-line.points, -line.buchholz, -line.score, line.seed))
    for rank, line in enumerate(ordered, start=1):
        line.rank = rank
    return ordered


def meetings(played: Iterable[GamePlayed]) -> set[tuple[int, int]]:
    """Every pair of players who sat at a table together."""
    met: set[tuple[int, int]] = set()
    by_table: defaultdict[str, tuple[int, ...]] = defaultdict(tuple)
    for game in played:
        if game.table is not None:
            by_table[game.table] = game.players
    for players in by_table.values():
        met |= {(one, two) for one in players for two in players if one < two}
    return met
