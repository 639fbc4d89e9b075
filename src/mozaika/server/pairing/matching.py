"""Which waiting requests make a table: pure choices over what waits, no database.

Requests wait in queues of identical requests (same game, player count, options, clock and
rated or not).  Friendly requests are seated first come, first served, a table's worth at a
time.  A rated request accepts opponents within a range of its rating that widens the longer
it waits (:func:`accepted_range`); a group fits when every member accepts every other, and of
the groups that fit the one with the closest ratings is seated first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mozaika.server.settings import PairingRules


@dataclass(frozen=True)
class Waiting:
    """A waiting request, as matching sees it."""

    id: int
    player_id: int
    rating: float
    asked_at: float


def accepted_range(rules: PairingRules, waited: float) -> float:
    """How far from its own rating a rated request accepts opponents after waiting ``waited`` seconds."""
    return min(rules.range_max, rules.rating_range + rules.range_per_second * max(0.0, waited))


def groups(
    waiting: Sequence[Waiting], size: int, *, rated: bool, now: float, rules: PairingRules
) -> list[list[Waiting]]:
    """The tables to make of one queue's waiting requests, each a group of ``size``; the rest wait on."""
    if rated:
        return _rated_groups(list(waiting), size, now, rules)
    ordered = sorted(waiting, key=lambda request: (request.asked_at, request.id))
    return [ordered[start : start + size] for start in range(0, len(ordered) - size + 1, size)]


def _rated_groups(waiting: list[Waiting], size: int, now: float, rules: PairingRules) -> list[list[Waiting]]:
    made: list[list[Waiting]] = []
    remaining = sorted(waiting, key=lambda request: (request.rating, request.asked_at, request.id))
    while len(remaining) >= size:
        best: tuple[float, float, int] | None = None
        for start in range(len(remaining) - size + 1):
            # The closest ratings of a group of ``size`` are neighbours in rating order.
            window = remaining[start : start + size]
            spread = window[-1].rating - window[0].rating
            if all(spread <= accepted_range(rules, now - member.asked_at) for member in window):
                candidate = (spread, min(member.asked_at for member in window), start)
                if best is None or candidate < best:
                    best = candidate
        if best is None:
            break
        start = best[2]
        made.append(remaining[start : start + size])
        del remaining[start : start + size]
    return made
