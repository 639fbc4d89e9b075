"""Swiss pairing and tournament points on known examples, and their invariants (rulings.md, R-27)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mozaika.server.tournaments.pairing import Standing, pair_round, table_sizes
from mozaika.server.tournaments.scoring import GamePlayed, meetings, standings, table_points


def level(players: int) -> list[Standing[int]]:
    return [Standing(player, 0.0) for player in range(1, players + 1)]


def test_round_one_folds_the_field_top_half_against_bottom_half() -> None:
    assert pair_round(level(8), 2).tables == [[1, 5], [2, 6], [3, 7], [4, 8]]


def test_score_groups_are_paired_within_themselves_first() -> None:
    # After round one of 8: 1-4 won, 5-8 lost.
    field = [Standing(p, 1.0) for p in (1, 2, 3, 4)] + [Standing(p, 0.0) for p in (5, 6, 7, 8)]
    met = [(1, 5), (2, 6), (3, 7), (4, 8)]
    pairing = pair_round(field, 2, met)
    assert pairing.tables == [[1, 3], [2, 4], [5, 7], [6, 8]] and pairing.repeats == 0


def test_an_odd_score_group_floats_its_lowest_player_down() -> None:
    field = [Standing(1, 2.0), Standing(2, 1.0), Standing(3, 1.0), Standing(4, 1.0), Standing(5, 0.0), Standing(6, 0.0)]
    # 1 floats down to meet 2, the next group's top; 3 and 4 are left.
    assert pair_round(field, 2).tables == [[1, 2], [3, 4], [5, 6]]
    field[0] = Standing(1, 1.0)  # now 1-4 are level: 1 v 3, 2 v 4
    assert pair_round(field, 2).tables == [[1, 3], [2, 4], [5, 6]]


def test_no_rematch_while_another_pairing_is_possible() -> None:
    # 1 and 2 lead alone and already met: 1 goes one further down, and so does 2.
    field = [Standing(1, 2.0), Standing(2, 2.0), Standing(3, 1.0), Standing(4, 1.0)]
    pairing = pair_round(field, 2, [(1, 2), (3, 4)])
    assert pairing.tables == [[1, 3], [2, 4]] and pairing.repeats == 0


def test_a_rematch_only_when_every_pairing_repeats_one() -> None:
    # Three players played each other round robin, a fourth met all three: someone must meet again.
    met = [(1, 2), (1, 3), (2, 3), (1, 4), (2, 4), (3, 4)]
    pairing = pair_round(level(4), 2, met)
    assert pairing.repeats == 2 and sorted(p for table in pairing.tables for p in table) == [1, 2, 3, 4]
    four = pair_round(level(4), 2, [(1, 2), (3, 4), (1, 3), (2, 4)])
    assert four.tables == [[1, 4], [2, 3]] and four.repeats == 0


def test_the_bye_goes_to_the_lowest_player_without_one() -> None:
    field = [Standing(1, 1.0), Standing(2, 1.0), Standing(3, 0.0), Standing(4, 0.0, had_bye=True), Standing(5, 0.0)]
    assert pair_round(field, 2).bye == 5
    had = [Standing(1, 1.0), Standing(2, 1.0), Standing(3, 0.0), Standing(4, 0.0), Standing(5, 0.0, had_bye=True)]
    pairing = pair_round(had, 2)
    assert pairing.bye == 4 and sorted(p for table in pairing.tables for p in table) == [1, 2, 3, 5]
    assert pair_round(level(6), 2).bye is None


def test_tables_of_three_and_four_seat_neighbours_in_the_standings() -> None:
    assert pair_round(level(8), 4).tables == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert pair_round(level(9), 3).tables == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    # 7 at tables of 4: one of 4 and one of 3, the bigger first; nobody sits out.
    pairing = pair_round(level(7), 4)
    assert pairing.tables == [[1, 2, 3, 4], [5, 6, 7]] and pairing.bye is None


def test_tables_of_four_avoid_earlier_tablemates() -> None:
    met = list(combinations([1, 2, 3, 4], 2)) + list(combinations([5, 6, 7, 8], 2))
    pairing = pair_round(level(8), 4, met)
    assert pairing.repeats == 4  # two tables of 4 from two old ones: at best 2 + 2 old pairs meet again
    assert pair_round(level(12), 4, met).repeats == 2  # 4 old tablemates, 3 tables: one pair each
    fewer = pair_round(level(16), 4, met)
    assert fewer.repeats == 0 and fewer.tables[0] == [1, 5, 9, 10]


def test_table_sizes_are_as_even_as_the_size_allows() -> None:
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(5, 4) == [3, 2]
    assert table_sizes(64, 2) == [2] * 32
    assert table_sizes(1, 3) == []


def test_points_by_place_share_ties_and_sum_to_half_the_pairs() -> None:
    assert table_points([0, 1]) == [1.0, 0.0]
    assert table_points([0, 0]) == [0.5, 0.5]
    assert table_points([0, 1, 2]) == [1.0, 0.5, 0.0]
    assert table_points([0, 1, 2, 3]) == [1.0, 2 / 3, 1 / 3, 0.0]
    assert table_points([0, 1, 1, 3]) == [1.0, 0.5, 0.5, 0.0]


def test_standings_rank_by_points_then_buchholz_then_score() -> None:
    games = [
        GamePlayed(1, 1, 1.0, 60, "a", (1, 2)), GamePlayed(1, 2, 0.0, 40, "a", (1, 2)),
        GamePlayed(1, 3, 1.0, 50, "b", (3, 4)), GamePlayed(1, 4, 0.0, 45, "b", (3, 4)),
        GamePlayed(2, 1, 0.0, 30, "c", (1, 3)), GamePlayed(2, 3, 1.0, 55, "c", (1, 3)),
        GamePlayed(2, 2, 1.0, 70, "d", (2, 4)), GamePlayed(2, 4, 0.0, 20, "d", (2, 4)),
    ]  # fmt: skip
    lines = standings([4, 3, 2, 1], games)
    assert [line.player for line in lines] == [3, 1, 2, 4]
    assert lines[1].buchholz == 1.0 + 2.0 and lines[2].buchholz == 1.0 + 0.0
    assert meetings(games) == {(1, 2), (3, 4), (1, 3), (2, 4)}


@given(
    players=st.integers(2, 40),
    size=st.integers(2, 4),
    seed=st.randoms(use_true_random=False),
    history=st.integers(0, 60),
)
def test_every_player_is_seated_once_or_has_the_bye(players: int, size: int, seed: object, history: int) -> None:
    rng = seed  # a hypothesis Random
    ids = list(range(players))
    met = {tuple(sorted(rng.sample(ids, 2))) for _ in range(history)}  # type: ignore[attr-defined]
    field = [Standing(p, float(rng.randint(0, 3)), had_bye=rng.random() < 0.3) for p in ids]  # type: ignore[attr-defined]
    field.sort(key=lambda entry: -entry.points)
    pairing = pair_round(field, size, met)  # type: ignore[arg-type]
    seated = [p for table in pairing.tables for p in table] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seated) == ids
    assert all(2 <= len(table) <= size for table in pairing.tables)
    assert max(map(len, pairing.tables)) - min(map(len, pairing.tables)) <= 1
    assert (pairing.bye is not None) == (size == 2 and players % 2 == 1)
    assert pairing.repeats == sum(
        1 for table in pairing.tables for pair in combinations(table, 2) if tuple(sorted(pair)) in met
    )


@given(players=st.integers(2, 12).map(lambda n: 2 * n), rounds=st.integers(1, 5))
def test_no_rematch_in_a_short_swiss_of_two_player_tables(players: int, rounds: int) -> None:
    """With fewer rounds than half the field, a rematch is always avoidable, and never made."""
    met: set[tuple[int, int]] = set()
    points = dict.fromkeys(range(players), 0.0)
    for _ in range(min(rounds, players // 2 - 1) if players > 2 else 1):
        field = sorted((Standing(p, points[p]) for p in points), key=lambda entry: (-entry.points, entry.player))
        pairing = pair_round(field, 2, met)
        assert pairing.repeats == 0
        for one, two in pairing.tables:
            met.add((min(one, two), max(one, two)))
            points[min(one, two)] += 1.0


def fewest_repeats(players: list[int], sizes: list[int], met: set[tuple[int, int]]) -> int:
    """The fewest repeated meetings of any seating of ``players`` at tables of ``sizes`` (by trying them all)."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    best = None
    for size in set(sizes):
        others = list(sizes)
        others.remove(size)
        for companions in combinations(rest, size - 1):
            table = (first, *companions)
            here = sum(1 for pair in combinations(table, 2) if tuple(sorted(pair)) in met)
            left = [p for p in rest if p not in companions]
            found = here + fewest_repeats(left, others, met)
            best = found if best is None else min(best, found)
    assert best is not None
    return best


@given(
    players=st.integers(4, 8),
    size=st.integers(2, 4),
    seed=st.randoms(use_true_random=False),
    history=st.integers(0, 20),
)
def test_the_pairing_repeats_no_more_meetings_than_the_best_seating(
    players: int, size: int, seed: object, history: int
) -> None:
    rng = seed
    ids = list(range(players))
    met = {tuple(sorted(rng.sample(ids, 2))) for _ in range(history)}  # type: ignore[attr-defined]
    pairing = pair_round([Standing(p, 0.0) for p in ids], size, met)  # type: ignore[arg-type]
    seated = sorted(p for table in pairing.tables for p in table)
    sizes = sorted((len(table) for table in pairing.tables), reverse=True)
    assert pairing.repeats == fewest_repeats(seated, sizes, met)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [2, 3, 4])
def test_a_64_player_swiss_of_seven_rounds_never_repeats_a_meeting(size: int) -> None:
    """Late rounds of a large field, where the exact search runs out of its budget at tables of 4:
    the exchanges between neighbouring tables still find rounds without a repeat."""
    rng = random.Random(size)
    players = list(range(64))
    played: list[GamePlayed] = []
    for number in range(1, 8):
        field = [Standing(line.player, line.points, line.byes > 0) for line in standings(players, played)]
        pairing = pair_round(field, size, meetings(played))
        assert pairing.repeats == 0, f"round {number}"
        for board, table in enumerate(pairing.tables):
            places = list(range(len(table)))
            rng.shuffle(places)
            for seat, player in enumerate(table):
                points = table_points(places)[seat]
                played.append(GamePlayed(number, player, points, rng.randint(0, 80), f"{number}-{board}", tuple(table)))
