"""The search bot's search in the native core held to the Python search (mozaika.bots.mcts).

Both run the same open-loop UCT and draw the same numbers from the bot's generator, so on the
same position with the same seed and an iteration budget they must give the same statistics
for every root move (visits, summed value, summed points, in the order first tried) and leave
the generator in the same state: for every game and variant, 2-4 players, with every setting
the levels use (shortlists, widening, foresight, margins, the weight of a seat's own points).
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mozaika import new_game
from mozaika.bots import make_bot
from mozaika.bots.base import Budget
from mozaika.bots.mcts import MctsBot, Node
from mozaika.core import engine as engines
from mozaika.core.native_state import NativeState
from mozaika.core.protocol import State

from examples import scoring_example

pytestmark = pytest.mark.skipif(
    not engines.is_built() and not os.environ.get("MOZAIKA_REQUIRE_NATIVE"),
    reason="the native core is not built here (MOZAIKA_REQUIRE_NATIVE=1 makes this a failure)",
)

VARIANTS = [
    ("azul", {"wall": "coloured"}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {"box": "coloured"}),
    ("chocolatier", {"box": "brown"}),
    ("chocolatier", {"special_factories": True}),
    ("chocolatier", {"box": "brown", "special_factories": True}),
    ("pavilion", {"board": "coloured"}),
    ("pavilion", {"board": "colourless"}),
]
"""Every variant of the family (A-10's grey wall, M-1..M-5's special factories, S-16's colourless stars)."""

SETTINGS: list[dict[str, Any]] = [
    {},
    {"candidates": 6, "widening": 1.0},
    {"foresight": 1.0, "margin": 16.0},
    {"own_weight": 0.3, "exploration": 0.4, "candidates": 32},
    {"widening": 0.7, "foresight": 0.5, "margin": 5.0},
    {"candidates": 32, "widening": None, "foresight": None, "margin": None},
]
"""The search's settings, as the levels and the ladder's experiments set them (None: the game's own)."""


def position(game: str, options: dict[str, Any], players: int, seed: int, steps: int) -> State:
    """A native position after ``steps`` random moves (chance resolved as the seed says), not over."""
    with engines.using("native"):
        state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        after = state.copy()
        after.play(moves[rng.randrange(len(moves))])
        if after.is_over:
            break
        state = after
    assert state.engine == "native"
    return state


def statistics(root: Node) -> list[tuple[str, int, float, list[float] | None]]:
    return [(str(move), node.visits, node.value, node.points) for move, node in root.children.items()]


def both_searches(state: State, seed: int, iterations: int, **settings: Any) -> tuple[MctsBot, Node, MctsBot, Node]:
    reference = MctsBot(budget=Budget(iterations=iterations), seed=seed, native=False, **settings)
    native = MctsBot(budget=Budget(iterations=iterations), seed=seed, **settings)
    return reference, reference.search(state), native, native.search(state)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=lambda value: str(value))
def test_the_native_search_gives_the_python_searchs_statistics(
    game: str, options: dict[str, Any], players: int
) -> None:
    for index, steps in enumerate([0, 17, 38, 70]):
        state = position(game, options, players, seed=100 * players + index, steps=steps)
        if not state.to_move:
            continue
        chosen = SETTINGS[(index + players) % len(SETTINGS)]
        reference, expected, native, found = both_searches(state, 7 + index, 120, **chosen)
        assert statistics(found) == statistics(expected), (steps, chosen)
        assert native.last_iterations == reference.last_iterations == 120
        assert native.rng.getstate() == reference.rng.getstate()


@settings(max_examples=25, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 90),
    iterations=st.integers(1, 60),
    chosen=st.sampled_from(SETTINGS),
)
def test_on_any_position_and_settings_both_searches_agree(
    variant: tuple[str, dict[str, Any]], players: int, seed: int, steps: int, iterations: int, chosen: dict[str, Any]
) -> None:
    game, options = variant
    state = position(game, options, players, seed, steps)
    if not state.to_move:
        return
    reference, expected, native, found = both_searches(state, seed, iterations, **chosen)
    assert statistics(found) == statistics(expected)
    assert native.rng.getstate() == reference.rng.getstate()


@pytest.mark.parametrize(("game", "options"), [VARIANTS[0], VARIANTS[4], VARIANTS[7]], ids=str)
def test_a_whole_game_between_searching_levels_is_the_same_on_either_search(game: str, options: dict[str, Any]) -> None:
    """The levels keep their generators from move to move: every move of a game agrees."""
    games = []
    for native in (False, True):
        with engines.using("native"):
            state = new_game(game, players=2, seed=11, **options)
        bots = [make_bot("expert", iterations=40, seed=1), make_bot("hard", iterations=30, seed=2)]
        for bot in bots:
            assert isinstance(bot, MctsBot)
            bot.native = native
        while not state.is_over:
            state.play(bots[state.to_move[0]].choose(state))
        games.append([str(step) for step in state.history])
    assert games[0] == games[1]


def test_a_reviews_search_of_the_move_played_agrees_for_a_seat_deciding_beside_another() -> None:
    """A-10: on the grey wall several seats choose columns at once; a review searches each seat's choice."""
    for seed in range(40):
        state = position("azul", {"wall": "grey"}, 3, seed, 200)
        rng = random.Random(seed)
        while not state.is_over and len(state.to_move) < 2:
            state.play(rng.choice(state.legal_moves()))
        if len(state.to_move) >= 2:
            break
    else:
        pytest.fail("no position with two seats choosing columns")
    seat = state.to_move[1]
    played = state.legal_moves(seat)[-1]
    ranked = []
    for native in (False, True):
        bot = MctsBot(budget=Budget(iterations=80), seed=5, candidates=1, native=native)
        ranked.append(
            [
                (str(entry.move), entry.visits, entry.value, entry.points)
                for entry in bot.analyse_with(state, include=[played], seat=seat)
            ]
        )
    assert ranked[0] == ranked[1]
    assert str(played) in [entry[0] for entry in ranked[1]]


def test_a_time_budget_ends_the_native_search_on_the_deadlines_clock() -> None:
    """The native search reads the bot's clock: here one that jumps 0.1 s a reading, so 1 s allows a few iterations."""
    state = position("azul", {}, 2, 3, 5)
    readings = iter(range(10_000))

    def clock() -> float:
        return next(readings) * 0.1

    assert isinstance(state, NativeState)
    generator = random.Random(1).getstate()[1]
    options = (0.12, 0.0, 0.0, 1.0, 8.0, None, 1.0, 0.0, clock)
    answer = state.native_search(state.legal_moves(), state.to_move[0], generator, options)
    assert answer is not None
    children, iterations, _ = answer
    assert iterations == 4  # readings 0.1 s apart: after the 4th, one more as slow as the slowest would overrun
    assert sum(visits for _, visits, _, _ in children) == iterations


def test_bad_requests_to_the_native_search_are_refused_with_a_message() -> None:
    state = position("pavilion", {}, 2, 4, 3)
    assert isinstance(state, NativeState)
    moves = state.legal_moves()
    seat = state.to_move[0]
    generator = random.Random(1).getstate()[1]
    timing = (50, None, 0.0, float)
    good = (0.12, 0.0, 0.0, 1.0, 8.0, *timing)
    with pytest.raises(ValueError, match="generator"):
        state.native_search(moves, seat, generator[:-1], good)
    with pytest.raises(ValueError, match="generator"):
        state.native_search(moves, seat, (*generator[:-1], 700), good)
    with pytest.raises(TypeError, match="search options"):
        state.native_search(moves, seat, generator, good[:-1])
    with pytest.raises(ValueError, match="finite"):
        state.native_search(moves, seat, generator, (float("nan"), *good[1:]))
    with pytest.raises(ValueError, match="at least one iteration"):
        state.native_search(moves, seat, generator, (*good[:5], 0, None, 0.0, float))
    with pytest.raises(ValueError, match="margin"):
        state.native_search(moves, seat, generator, (*good[:4], 0.0, *timing))
    with pytest.raises(ValueError, match="widening"):
        state.native_search(moves, seat, generator, (0.12, -1.0, *good[2:]))

    def broken_clock() -> float:
        raise RuntimeError("the clock stopped")

    with pytest.raises(RuntimeError, match="the clock stopped"):
        state.native_search(moves, seat, generator, (*good[:5], None, 1.0, 0.0, broken_clock))
    # A move the position does not list, or a seat not to move: the Python search judges.
    stranger = next(
        move for seed in range(20) for move in position("pavilion", {}, 2, seed, 30).legal_moves() if move not in moves
    )
    assert state.native_search([stranger], seat, generator, good) is None
    assert state.native_search(moves, 1 - seat, generator, good) is None


def test_the_bot_workers_search_native_positions() -> None:
    """Hints, reviews and the analysis board (mozaika.server.bots.work) search positions the core holds."""
    from mozaika.server.bots import work as botwork

    state = position("azul", {}, 2, 21, 9)
    with engines.using("native"):  # the workers' engine, as the environment chooses it (the default: native)
        assert botwork.position_for(state.to_json(), state.to_move[0]).engine == "native"
        hint = botwork.analyse_position(state.to_json(), state.to_move[0], "expert@300", 30.0, 3)
    assert len(hint) == 3 and sum(entry["visits"] for entry in hint) <= 300
    assert hint[0]["visits"] == max(entry["visits"] for entry in hint)


@settings(max_examples=60, deadline=None)
@given(
    settings_given=st.lists(st.floats(allow_nan=True, allow_infinity=True, width=64), min_size=5, max_size=5),
    iterations=st.one_of(st.none(), st.integers(-5, 60)),
    seconds=st.one_of(st.none(), st.floats(-1.0, 0.05)),
    words=st.lists(st.integers(-1, 2**33), min_size=0, max_size=626),
    seat=st.integers(-2, 5),
)
def test_any_request_to_the_native_search_is_answered_or_refused(
    settings_given: list[float], iterations: int | None, seconds: float | None, words: list[int], seat: int
) -> None:
    """Fuzzing: whatever the settings, generator state and seat, the core searches, defers or refuses; no crash."""
    state = position("pavilion", {}, 2, 13, 12)
    assert isinstance(state, NativeState)
    generator = tuple(words) if len(words) != 625 else random.Random(1).getstate()[1]
    for candidate in (generator, random.Random(2).getstate()[1]):
        options = (*settings_given, iterations, seconds, time.perf_counter(), time.perf_counter)
        try:
            answer = state.native_search(state.legal_moves()[:5], seat, candidate, options)
        except (ValueError, TypeError, OverflowError):
            continue
        if answer is not None:
            children, done, after = answer
            assert len(after) == 625 and done >= 1
            assert sum(visits for _, visits, _, _ in children) == done


def test_on_the_rulebooks_scoring_example_both_searches_choose_a_pattern_line_over_the_floor() -> None:
    """A-8's worked example: player 2 takes the last tile; both searches keep it off the floor, the same way."""
    with engines.using("native"):
        state = scoring_example()
    assert state.engine == "native"
    ranked = []
    for native in (False, True):
        bot = MctsBot(budget=Budget(iterations=400), seed=3, native=native)
        ranked.append([(str(entry.move), entry.visits, entry.value) for entry in bot.analyse(state)])
    assert ranked[0] == ranked[1]
    assert not ranked[1][0][0].endswith("F")
