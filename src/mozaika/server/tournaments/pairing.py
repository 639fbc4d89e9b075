"""Swiss pairing for tables of 2, 3 and 4 players: pure, no I/O (rulings.md, R-27).

A round is paired from the standings (best first) and who has met whom:

- **The bye.** With tables of 2 and an odd number of players, the lowest player in the
  standings who has not had a bye sits the round out (a bye while everyone has had one
  goes to the lowest player).
- **Table sizes.** As few tables as the table size allows, their sizes as even as
  possible and differing by one at most (9 players at tables of 4: 3, 3 and 3; 7: 4 and 3);
  the bigger tables for the top of the standings, unless avoiding a rematch moves them.
- **The order.** Tables of 3 and 4 seat neighbours in the standings. Tables of 2 pair
  each score group's top half against its bottom half (the Dutch fold: of 8 players
  level on points, 1 meets 5, 2 meets 6...); a group's odd player floats down and meets
  the next group's top player.
- **No rematch while avoidable.** The tables are searched in that order of preference
  for an arrangement where no two players meet again; only when none exists is one
  repeated meeting allowed, then two, and so on. Each table takes the highest unseated
  player and the nearest others in the order that keep within the allowance.

The search is exhaustive up to ``SEARCH_LIMIT`` tables tried per allowance (a 64-player
round at tables of 2 is found within a few hundred). Past it (late in a large tournament
at tables of 4), the seating in the order of preference is improved by exchanging players
between the nearest tables while that lowers the repeated meetings: in simulated 64-player
tournaments of 8 rounds at tables of 4, this found rounds without a repeat every time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, takewhile
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
SEARCH_LIMIT = 20_000
"""Tables tried at each allowance of repeated meetings before allowing one more."""


@dataclass(frozen=True)
class Standing(Generic[K]):
    """A player as pairing sees them: who, their points, and whether they had a bye."""

    player: K
    points: float
    had_bye: bool = False


@dataclass(frozen=True)
class Pairing(Generic[K]):
    """A round's tables (best first, each in standings order) and the player with the bye, if any."""

    tables: list[list[K]]
    bye: K | None
    repeats: int
    """How many pairs of players at these tables had met before (0 whenever it could be)."""


class _SearchExhaustedError(Exception):
    pass


def table_sizes(players: int, size: int) -> list[int]:
    """The sizes of a round's tables for ``players`` seated players at tables of ``size``."""
    if players < 2:
        return []
    count = -(-players // size)
    base, bigger = divmod(players, count)
    return [base + 1] * bigger + [base] * (count - bigger)


def pair_round(standings: Sequence[Standing[K]], size: int, met: Iterable[tuple[K, K]] = ()) -> Pairing[K]:
    """Pair a round: ``standings`` best first, tables of ``size`` (2-4), ``met`` the pairs who met before."""
    if size < 2:
        raise ValueError("a table seats 2 players at least")
    seated = list(standings)
    bye: K | None = None
    if (size == 2 and len(seated) % 2 == 1) or len(seated) == 1:
        chosen = next((entry for entry in reversed(seated) if not entry.had_bye), seated[-1])
        seated.remove(chosen)
        bye = chosen.player
    order = _dutch_order(seated) if size == 2 else [entry.player for entry in seated]
    meetings = {frozenset(pair) for pair in met if pair[0] != pair[1]}
    sizes = table_sizes(len(order), size)
    found = _least_repeats(order, sizes, meetings)
    rank = {entry.player: index for index, entry in enumerate(standings)}
    tables = [sorted(table, key=rank.__getitem__) for table in found]
    tables.sort(key=lambda table: rank[table[0]])
    return Pairing(tables, bye, _repeats(tables, meetings))


def _least_repeats(order: list[K], sizes: list[int], meetings: set[frozenset[K]]) -> list[list[K]]:
    """The preferred seating with the fewest repeated meetings.

    Allowances of 0, 1, 2... repeats are searched in turn; a search that runs out of its budget
    before deciding ends them, and the first seating in the order of preference is improved by
    exchanges instead."""
    for allowed in range(0, _pairs_in(sizes) + 1):
        try:
            found = _search(order, sizes, meetings, allowed)
        except _SearchExhaustedError:
            break
        if found is not None:
            return found if allowed == 0 else _exchange(found, meetings)
    preferred = _search(order, sizes, meetings, _pairs_in(sizes))
    assert preferred is not None, "every seating is within an allowance of every pair"
    return _exchange(preferred, meetings)


def _exchange(tables: list[list[K]], meetings: set[frozenset[K]]) -> list[list[K]]:
    """Swap players between tables, the nearest tables first, while a swap lowers the repeated meetings.

    When the search ran out of its budget before proving a round without repeats impossible (large
    fields at tables of 3 and 4, late in a tournament), what it found is improved here."""
    tables = [list(table) for table in tables]
    improved = True
    while improved:
        improved = False
        for here, table in enumerate(tables):
            if not _repeats([table], meetings):
                continue
            for there in sorted(range(len(tables)), key=lambda other: (abs(other - here), other)):
                if there == here:
                    continue
                other = tables[there]
                before = _repeats([table, other], meetings)
                for mine, theirs in ((a, b) for a in range(len(table)) for b in range(len(other))):
                    table[mine], other[theirs] = other[theirs], table[mine]
                    if _repeats([table, other], meetings) < before:
                        improved = True
                        break
                    table[mine], other[theirs] = other[theirs], table[mine]
                if improved:
                    break
            if improved:
                break
    return tables


def _dutch_order(seated: Sequence[Standing[K]]) -> list[K]:
    """Score groups in order, each folded so that neighbours are its top half against its bottom half."""
    order: list[K] = []
    carried: list[K] = []
    index = 0
    while index < len(seated):
        group = _score_group(seated, index)
        index += len(group)
        # A player floated down from the group above meets this group's top player.
        for floater in carried:
            order += [floater, group.pop(0)] if group else [floater]
        carried = [group.pop()] if len(group) % 2 == 1 and index < len(seated) else []
        half = len(group) // 2
        for top, bottom in zip(group[:half], group[half:], strict=False):
            order += [top, bottom]
        if len(group) % 2 == 1:
            order.append(group[-1])
    return order + carried


def _score_group(seated: Sequence[Standing[K]], start: int) -> list[K]:
    """The players level on points with the one at ``start``, from there on."""
    level = seated[start].points
    return [entry.player for entry in takewhile(lambda entry: entry.points == level, seated[start:])]


def _pairs_in(sizes: Sequence[int]) -> int:
    return sum(size * (size - 1) // 2 for size in sizes)


def _repeats(tables: Iterable[Sequence[K]], meetings: set[frozenset[K]]) -> int:
    return sum(1 for table in tables for pair in combinations(table, 2) if frozenset(pair) in meetings)


def _search(order: list[K], sizes: list[int], meetings: set[frozenset[K]], allowed: int) -> list[list[K]] | None:
    """Depth first, best-preferred first: the tables with at most ``allowed`` repeated meetings, or None.

    The highest unseated player's table is tried at each size still to be made, the biggest first."""
    tried = 0
    tables: list[list[K]] = []
    left = Counter(sizes)

    def place(rest: list[K], used: int) -> bool:
        nonlocal tried
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for size in sorted((size for size, count in left.items() if count), reverse=True):
            left[size] -= 1
            for companions in combinations(others, size - 1):
                tried += 1
                if tried > SEARCH_LIMIT:
                    raise _SearchExhaustedError
                table = [first, *companions]
                repeats = used + _repeats([table], meetings)
                if repeats > allowed:
                    continue
                tables.append(table)
                if place([player for player in others if player not in companions], repeats):
                    return True
                tables.pop()
            left[size] += 1
        return False

    return [list(table) for table in tables] if place(order, 0) else None
