"""Which waiting requests make a table (server/pairing/matching.py): invariants over any queue."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mozaika.server.pairing.matching import Waiting, accepted_range, groups
from mozaika.server.settings import PairingRules

RULES = PairingRules()
NOW = 1_000.0

queues = st.lists(
    st.builds(
        Waiting,
        id=st.integers(0, 0),
        player_id=st.integers(0, 0),
        rating=st.floats(-10, 50, allow_nan=False),
        asked_at=st.floats(NOW - 300, NOW, allow_nan=False),
    ),
    max_size=40,
).map(lambda found: [Waiting(index, 100 + index, item.rating, item.asked_at) for index, item in enumerate(found)])


def fits(group: list[Waiting]) -> bool:
    spread = max(member.rating for member in group) - min(member.rating for member in group)
    return all(spread <= accepted_range(RULES, NOW - member.asked_at) for member in group)


@given(queues, st.integers(2, 4))
def test_friendly_requests_are_seated_first_come_first_served(waiting: list[Waiting], size: int) -> None:
    made = groups(waiting, size, rated=False, now=NOW, rules=RULES)
    seated = [member for group in made for member in group]
    assert all(len(group) == size for group in made)
    assert len(made) == len(waiting) // size
    order = sorted(waiting, key=lambda request: (request.asked_at, request.id))
    assert seated == order[: len(seated)]  # the oldest, in the order they asked


@given(queues, st.integers(2, 4))
def test_rated_groups_fit_every_member_s_range_and_no_neighbours_that_fit_are_left(
    waiting: list[Waiting], size: int
) -> None:
    made = groups(waiting, size, rated=True, now=NOW, rules=RULES)
    seated = [member.id for group in made for member in group]
    assert len(seated) == len(set(seated))  # no request at two tables
    assert all(len(group) == size and fits(group) for group in made)
    # Groups are neighbours in rating order (ties: who asked first): none of those is left that fits.  (A
    # group that skips a neighbour whose range is still too narrow waits for that range to widen.)
    left = sorted(
        (request for request in waiting if request.id not in set(seated)),
        key=lambda request: (request.rating, request.asked_at, request.id),
    )
    assert not any(fits(left[start : start + size]) for start in range(len(left) - size + 1))


def test_the_closest_ratings_are_seated_first_and_the_range_widens_with_waiting() -> None:
    old, near, far = Waiting(1, 1, 0.0, NOW - 60), Waiting(2, 2, 7.0, NOW), Waiting(3, 3, 8.0, NOW - 60)
    assert groups([old, near, far], 2, rated=True, now=NOW, rules=RULES) == [[near, far]]
    assert accepted_range(RULES, 0.0) == RULES.rating_range
    assert accepted_range(RULES, 10.0) == RULES.rating_range + 10 * RULES.range_per_second
    assert accepted_range(RULES, 10**6) == RULES.range_max
    newcomer = Waiting(4, 4, 10.0, NOW)
    assert groups([old, newcomer], 2, rated=True, now=NOW, rules=RULES) == []  # the newcomer accepts 3 apart
    later = NOW + (10.0 - RULES.rating_range) / RULES.range_per_second
    assert groups([old, newcomer], 2, rated=True, now=later, rules=RULES) == [[old, newcomer]]
