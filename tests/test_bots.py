"""Bots: legal moves in every game and variant, budgets, reproducibility, levels, analysis."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mozaika
from mozaika.azul.state import AzulState
from mozaika.azul.strategy import PLACEMENTS_A_ROUND, rounds_left, wall_potential
from mozaika.azul.wall import bit
from mozaika.bots import LEVELS, BotError, Budget, bot_names, make_bot
from mozaika.bots import base as bots_base
from mozaika.bots.evaluation import evaluate
from mozaika.bots.mcts import MARGIN_SCALE, MctsBot, Node, outcome_values, standings
from mozaika.bots.rollout import best_move, move_priors, rollout_move
from mozaika.catalogue import game_spec
from mozaika.notation import positions
from mozaika.pavilion.moves import Place
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.strategy import PASS_FLOOR, PAVILION_PLACEMENTS, star_potential
from mozaika.pavilion.table import PLACE

from examples import coloured_wall

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("azul", {"wall": "coloured"}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {"box": "coloured", "special_factories": True}),
    ("chocolatier", {"box": "brown", "special_factories": True}),
    ("pavilion", {"board": "coloured"}),
    ("pavilion", {"board": "colourless"}),
]


def random_position(variant: tuple[str, dict[str, Any]], players: int, seed: int, steps: int) -> mozaika.State:
    game, options = variant
    state = mozaika.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=30, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 250),
    name=st.sampled_from(["random", "greedy", "mcts", "beginner", "expert"]),
)
def test_every_bot_plays_legal_moves_in_every_game(
    variant: tuple[str, dict[str, Any]], players: int, seed: int, steps: int, name: str
) -> None:
    """A-3, A-10, M-3, S-5, S-8, S-10, S-11: whatever the phase, a bot's move is one of the legal moves."""
    state = random_position(variant, players, seed, steps)
    if state.is_over:
        return
    bot = make_bot(name, iterations=12, seed=seed)
    move = bot.choose(state)
    assert move in state.legal_moves(state.to_move[0])
    state.play(move)


@settings(max_examples=60, deadline=None)
@given(
    board=st.sampled_from(["coloured", "colourless"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 250),
)
def test_summer_pavilion_lists_placements_then_passes_keeping_the_most_first(
    board: str, players: int, seed: int, steps: int
) -> None:
    """S-8, S-11: the order the search's rollouts rely on (PavilionState.legal_moves)."""
    state = random_position(("pavilion", {"board": board}), players, seed, steps)
    moves = state.legal_moves()
    kinds = [type(move).__name__ for move in moves]
    if "Pass" not in kinds:
        return
    first_pass = kinds.index("Pass")
    assert set(kinds[:first_pass]) <= {"Place"} and set(kinds[first_pass:]) == {"Pass"}
    kept = [len(move.kept) for move in moves[first_pass:]]  # type: ignore[attr-defined]
    assert kept == sorted(kept, reverse=True)
    assert isinstance(state, PavilionState)
    table = state.placement_table
    grouped = [move for group in state.placement_groups() for move in table.on_star(*group)]
    assert grouped == moves[:first_pass] and list(state.pass_moves()) == moves[first_pass:]


@pytest.mark.parametrize(("board", "seed"), [("coloured", 1), ("coloured", 2), ("colourless", 3), ("colourless", 4)])
def test_summer_pavilion_rollouts_choose_as_if_they_scored_every_placement(board: str, seed: int) -> None:
    """S-8, S-9, S-11: scoring a group of placements once picks what scoring each placement would pick."""
    state = mozaika.new_game("pavilion", players=3, seed=seed, board=board)
    player = random.Random(seed)
    checked = 0
    while not state.is_over:
        assert isinstance(state, PavilionState)
        moves = state.legal_moves()
        if state.phase == PLACE:
            scored = [
                (worth, move)
                for worth, move in zip(move_priors(state, moves), moves, strict=True)
                if type(move) is Place
            ]
            for draw in range(3):
                expected = best_move(scored, random.Random(draw), floor=PASS_FLOOR) or state.pass_moves()[0]
                assert rollout_move(state, random.Random(draw)) == expected
            checked += 1
        state.play(player.choice(moves))
    assert checked > 20


def test_a_whole_game_between_bots_ends_with_legal_moves_only() -> None:
    """The search bot and greedy finish a Master Chocolatier game with special factories (M-1..M-5)."""
    state = mozaika.new_game("chocolatier", players=3, seed=5, special_factories=True)
    bots = [make_bot("mcts", iterations=15, seed=1), make_bot("greedy", seed=2), make_bot("random", seed=3)]
    while not state.is_over:
        state.play(bots[state.to_move[0]].choose(state))
    assert state.winners


class SteppingClock:
    """A clock for the search to read, on which every reading takes 1-10 ms: iterations of uneven length."""

    def __init__(self, seed: int) -> None:
        self.now = 0.0
        self._steps = random.Random(seed)

    def perf_counter(self) -> float:
        self.now += self._steps.uniform(0.001, 0.01)
        return self.now


@pytest.mark.parametrize("game", ["azul", "pavilion"])
def test_a_time_budget_is_respected_by_the_clock_the_search_reads(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot given 0.4 s stops before 0.42 s (5% over at most) however uneven its iterations.

    The clock is the test's, so a busy machine cannot fail it; how long moves take on a
    real one is measured by the arena (``slowest_move``), not by a test.
    """
    state = random_position((game, {}), 2, 3, 8)
    for seed in range(5):
        clock = SteppingClock(seed)
        monkeypatch.setattr(bots_base, "time", clock)
        bot = make_bot("mcts", seconds=0.4, seed=1)
        start = clock.now
        bot.choose(state)
        assert clock.now - start <= 0.4 * 1.05
        assert bot.last_iterations > 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["mcts", "expert"])
@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_with_an_iteration_budget_and_a_seed_a_bot_is_deterministic(game: str, name: str) -> None:
    """Same seed, same iteration budget: same move and same statistics."""
    state = random_position((game, {}), 2, 11, 5)
    first = make_bot(name, iterations=60, seed=9).analyse(state)
    second = make_bot(name, iterations=60, seed=9).analyse(state)
    assert [(str(entry.move), entry.visits, entry.value) for entry in first] == [
        (str(entry.move), entry.visits, entry.value) for entry in second
    ]
    assert sum(entry.visits or 0 for entry in first) == 60
    assert first[0].visits == max(entry.visits or 0 for entry in first)


def test_a_level_can_search_with_a_budget_of_its_own_in_one_game() -> None:
    """`hard` searches 400 iterations in Summer Pavilion and 600 elsewhere; an explicit budget overrides both."""
    pavilion_start = mozaika.new_game("pavilion", players=2, seed=4)
    azul_start = mozaika.new_game("azul", players=2, seed=4)
    hard = make_bot("hard", seed=1)
    assert isinstance(hard, MctsBot)
    hard.search(pavilion_start)
    assert hard.last_iterations == 400
    hard.search(azul_start)
    assert hard.last_iterations == 600
    overridden = make_bot("hard", iterations=50, seed=1)
    assert isinstance(overridden, MctsBot)
    overridden.search(pavilion_start)
    assert overridden.last_iterations == 50


def test_greedy_ranks_a_floor_move_last() -> None:
    """Greedy values dropping every tile on the floor least at the start of a game (A-4, A-5)."""
    state = mozaika.new_game("azul", players=2, seed=2)
    ranked = make_bot("greedy", seed=1).analyse(state)
    assert ranked[0].value >= ranked[-1].value
    assert str(ranked[-1].move).endswith("F")


def test_a_bots_name_can_carry_a_budget_of_its_own() -> None:
    """``expert@20000`` and ``expert@0.5s``: one seat's budget in an arena (it wins over the arena's own)."""
    counted = make_bot("expert@300", seed=1, iterations=50)
    assert isinstance(counted, MctsBot)
    assert counted.budget == Budget(iterations=300)
    assert counted.search(mozaika.new_game("azul", players=2, seed=1)) and counted.last_iterations == 300
    timed = make_bot("hard@0.5s")
    assert timed.budget == Budget(seconds=0.5) and isinstance(timed, MctsBot)
    assert make_bot("greedy@20").budget == Budget(iterations=20)
    for wrong in ("expert@", "expert@many", "expert@-3s", "expert@0"):
        with pytest.raises(BotError, match=r"budget|positive|at least 1"):
            make_bot(wrong)
    with pytest.raises(BotError, match="unknown bot 'wizard'"):
        make_bot("wizard@300")


def test_levels_and_names() -> None:
    """Six levels map to bots and budgets; unknown names and bad budgets are refused clearly."""
    assert list(LEVELS) == ["beginner", "easy", "medium", "hard", "expert", "master"]
    assert set(bot_names()) >= {"random", "greedy", "mcts", *LEVELS}
    for level in LEVELS:
        assert make_bot(level, seed=1).choose(mozaika.new_game("azul", players=2, seed=1))
    with pytest.raises(BotError, match="unknown bot 'grandmaster'"):
        make_bot("grandmaster")
    with pytest.raises(BotError, match="at least 1"):
        Budget(iterations=0)
    with pytest.raises(BotError, match="game is over"):
        over = random_position(("azul", {}), 2, 1, 10_000)
        make_bot("random").choose(over)


def test_evaluation_is_the_score_at_the_end() -> None:
    """At the end of a game the heuristic value is the final score, for every game."""
    for game in ("azul", "pavilion"):
        state = random_position((game, {}), 2, 4, 10_000)
        assert state.is_over and evaluate(state) == [float(score) for score in state.scores]


def test_search_finds_an_obviously_better_move() -> None:
    """With a full line one tile short, the search prefers completing it to any floor move."""
    bot = MctsBot(budget=Budget(iterations=300), seed=4)
    state = mozaika.new_game("azul", players=2, seed=6)
    ranked = bot.analyse(state)
    assert not str(ranked[0].move).endswith("F")


def test_the_search_spends_itself_on_the_greedy_shortlist() -> None:
    """With many legal moves, the root searches only the best ``candidates`` by the greedy evaluation."""
    state = random_position(("pavilion", {}), 2, 3, 40)
    while len(state.legal_moves(state.to_move[0])) <= 8:
        state.play(state.legal_moves()[0])
    greedy = make_bot("greedy", seed=1).analyse(state)
    best_values = sorted((entry.value for entry in greedy), reverse=True)[:5]
    bot = MctsBot(budget=Budget(iterations=40), seed=2, candidates=5)
    searched = bot.analyse(state)
    assert len(searched) <= 5
    values = {str(entry.move): entry.value for entry in greedy}
    assert all(values[str(entry.move)] >= best_values[-1] - 1e-9 for entry in searched)


def pavilion_placement(seed: int) -> mozaika.State:
    """A Summer Pavilion position in the placement phase (S-7) with many moves to choose from."""
    state = random_position(("pavilion", {}), 2, seed, 0)
    rng = random.Random(seed)
    while not (state.to_dict()["phase"] == "placement" and len(state.legal_moves()) > 40):
        state.play(rng.choice(state.legal_moves()))
    return state


def tree_depth(node: Node) -> int:
    return 1 + max((tree_depth(child) for child in node.children.values()), default=0)


def test_with_widening_the_tree_grows_deeper_trying_few_moves_at_each_node() -> None:
    """A node visited n times below the root has at most 1 + ⌊w·√n⌋ children, so the tree grows deeper.

    The tree below the root is the Python search's (the native one hands back the root's
    statistics only; tests/test_native_search.py holds them to these, widening included).
    """
    state = pavilion_placement(5)
    widened = MctsBot(budget=Budget(iterations=400), seed=3, widening=1.0, native=False).search(state)
    full = MctsBot(budget=Budget(iterations=400), seed=3, native=False).search(state)
    below_root = list(widened.children.values())
    while below_root:
        node = below_root.pop()
        assert len(node.children) <= 1 + math.floor(math.sqrt(node.visits))
        below_root.extend(node.children.values())
    assert tree_depth(widened) > tree_depth(full) + 1
    assert sum(child.visits for child in widened.children.values()) == 400


def test_move_priors_put_placements_scoring_most_for_their_tiles_first_and_passes_after_them() -> None:
    """S-8, S-9, S-11: what a widened search tries first: points for the tiles paid, then passes keeping the most."""
    state = positions.build(
        "pavilion", players=2, hands=["RRRRRRPP", ""], stars=[{"R": "R.R..."}, None], passed=[False, True]
    )
    moves = state.legal_moves()
    prior = dict(zip(map(str, moves), move_priors(state, moves), strict=True))
    # R2 joins two tiles (3 points) for 2 tiles; paying a wild keeps a red; R4 scores 1 for 4 tiles.
    assert prior["R2R"] > prior["R2R+1"] > prior["R4R"]
    passes = [value for text, value in prior.items() if text.startswith("pass")]
    assert passes == sorted(passes, reverse=True) and max(passes) < PASS_FLOOR < prior["R2R"]
    azul = mozaika.new_game("azul", players=2, seed=1)
    assert set(move_priors(azul, azul.legal_moves())) == {0.0}


def test_the_search_values_each_seats_gain_since_the_root_in_lead_and_in_points_of_its_own() -> None:
    """A seat's value rises with its lead and, weighted by own_weight, with its own points (A-8 scores)."""
    state = mozaika.new_game("azul", players=2, seed=4)
    assert isinstance(state, AzulState)
    root = standings(evaluate(state))
    assert outcome_values(state, root, own_weight=1.0) == [0.5, 0.5]
    ahead = state.copy()
    ahead.boards[0].score += 4
    first, second = outcome_values(ahead, root, own_weight=1.0)
    assert first > 0.5 > second
    both = state.copy()
    for board in both.boards:
        board.score += 4
    assert outcome_values(both, root, own_weight=0.0) == [0.5, 0.5]
    assert min(outcome_values(both, root, own_weight=1.0)) > 0.5


def test_a_larger_margin_values_a_gain_more_nearly_in_proportion_to_its_points() -> None:
    """A-8 scores: a gain of ``margin`` points is worth tanh 1; a wider margin squashes big gains less."""
    state = mozaika.new_game("azul", players=2, seed=4)
    assert isinstance(state, AzulState)
    root = standings(evaluate(state))
    leads = []
    for points in (4, 8, 16):
        ahead = state.copy()
        ahead.boards[0].score += points
        leads.append(ahead)
    narrow = [outcome_values(ahead, root, own_weight=0.0, margin=8.0)[0] for ahead in leads]
    wide = [outcome_values(ahead, root, own_weight=0.0, margin=16.0)[0] for ahead in leads]
    assert narrow[1] == pytest.approx(0.5 + 0.5 * math.tanh(1.0))
    assert wide[2] == pytest.approx(narrow[1])
    # Doubling a gain of 8 adds far less than the first 8 points under the narrow margin, less so under the wide.
    assert (narrow[2] - narrow[1]) / (narrow[1] - 0.5) < (wide[2] - wide[1]) / (wide[1] - 0.5)


def test_a_bots_margin_reaches_its_search_and_the_games_own_is_read_from_its_registration() -> None:
    """The search judges rollouts with the bot's margin (8 points by default); a bot set to the game's
    own (None, as ``expert``) takes the game's registration's: 16 in Azul, the default in Summer Pavilion."""

    def root_values(state: mozaika.State, **margin: float | None) -> list[tuple[str, float, int]]:
        bot = MctsBot(budget=Budget(iterations=120), seed=5, **margin)
        return [(str(entry.move), entry.value, entry.visits or 0) for entry in bot.analyse(state)]

    azul = mozaika.new_game("azul", players=2, seed=6)
    pavilion = mozaika.new_game("pavilion", players=2, seed=6)
    assert root_values(azul, margin=8.0) == root_values(azul)
    assert root_values(azul, margin=16.0) != root_values(azul)
    assert game_spec("azul").search.margin == 16.0
    assert root_values(azul, margin=None) == root_values(azul, margin=16.0)
    assert root_values(pavilion, margin=None) == root_values(pavilion)


def test_the_levels_name_no_game_and_each_game_tunes_its_own_search() -> None:
    """The levels take a game's own settings from its registration; what each game sets there."""
    for level in LEVELS.values():
        for _, value in level.settings:
            assert not isinstance(value, dict), f"{level}: a setting by game belongs to the game's registration"
    azul, chocolatier, pavilion = (game_spec(game).search for game in ("azul", "chocolatier", "pavilion"))
    assert (azul.own_weight, azul.widening, azul.foresight, azul.margin) == (1.0, 0.0, 1.0, 16.0)
    assert (chocolatier.own_weight, chocolatier.foresight, chocolatier.margin) == (1.0, 1.0, MARGIN_SCALE)
    assert (pavilion.own_weight, pavilion.widening, pavilion.foresight) == (0.0, 1.0, 0.0)
    assert pavilion.level_iterations == {"hard": 400} and not azul.level_iterations
    # A budget asked for replaces the one the game gives the level.
    hard, hard_at_50 = make_bot("hard", seed=1), make_bot("hard@50", seed=1)
    assert isinstance(hard, MctsBot) and isinstance(hard_at_50, MctsBot)
    assert hard._budget_in(pavilion) == Budget(iterations=400)
    assert hard._budget_in(azul) == Budget(iterations=600)
    assert hard_at_50._budget_in(pavilion) == Budget(iterations=50)


def test_a_walls_potential_is_what_its_tiles_add_to_the_placements_still_to_come() -> None:
    """A-8: a tile beside none scores 1; beside a run it scores the run's length, and that excess is the potential."""
    one = bit(2, 2)
    # Its four neighbours would score 2 each: 4 points beyond 1, spread over the 24 empty spaces.
    assert wall_potential(one, placements=24) == 4
    assert wall_potential(one, placements=6) == pytest.approx(4 * 6 / 24)
    pair = bit(0, 0) | bit(0, 1)
    # (0, 2) would score 3, (1, 0) and (1, 1) 2 each: 2 + 1 + 1 beyond 1.
    assert wall_potential(pair, placements=100) == 4
    assert wall_potential((1 << 25) - 1, placements=10) == 0
    assert wall_potential(0, placements=10) == 0


def test_a_stars_potential_is_what_its_tiles_add_to_the_placements_still_to_come() -> None:
    """S-9: a tile beside none scores 1; joining an arc it scores the arc's length, and that excess is the potential."""
    empty = (0,) * 7
    one = (0b000001, *empty[1:])
    # Slots 2 and 6 of that star would score 2 each: 2 points beyond 1, over the 41 empty spaces.
    assert star_potential(one, placements=41) == 2
    assert star_potential(one, placements=10) == pytest.approx(2 * 10 / 41)
    arc = (0b000111, *empty[1:])
    # Slots 4 and 6 would each join the arc of three and score 4; slot 5 touches nothing.
    assert star_potential(arc, placements=100) == 6
    assert star_potential(empty, placements=10) == 0
    assert star_potential((0b111111,) * 7, placements=10) == 0


def test_summer_pavilion_foresight_counts_the_placements_of_the_rounds_left() -> None:
    """S-13: the game ends after round 6, so the rounds left bound the placements the stars' shape can pay."""
    stars = [{"R": "RR....", "C": "R....."}, {"B": "B.B..."}]
    state = positions.build("pavilion", players=2, stars=stars, round=5)
    plain, foreseeing = evaluate(state), evaluate(state, foresight=1.0)
    placements = PAVILION_PLACEMENTS[4] + PAVILION_PLACEMENTS[5]
    for seat, board in enumerate(state.boards):
        expected = star_potential(tuple(board.star_rings), placements)
        assert expected > 0 and foreseeing[seat] == pytest.approx(plain[seat] + expected)
    later = positions.build("pavilion", players=2, stars=stars, round=6)
    assert evaluate(later, foresight=1.0)[0] - evaluate(later)[0] < foreseeing[0] - plain[0]
    over = random_position(("pavilion", {}), 2, 4, 10_000)
    assert over.is_over and evaluate(over, foresight=1.0) == [float(score) for score in over.scores]


def test_foresight_adds_each_walls_potential_over_the_rounds_a_game_has_left() -> None:
    """A-12: a wall row gains one tile a round, so the fullest row bounds the rounds left; foresight counts them."""
    walls = [coloured_wall({(1, 1), (1, 2), (1, 3), (4, 4)}), coloured_wall({(3, 1), (3, 2)})]
    state = positions.build("azul", players=2, walls=walls, factories="BBYR/KKWW/RRRY/BWKY/YYYY")
    assert rounds_left(state) == 2
    plain, foreseeing = evaluate(state), evaluate(state, foresight=1.0)
    for seat, azul_board in enumerate(state.boards):
        expected = wall_potential(azul_board.wall, PLACEMENTS_A_ROUND * 2)
        assert expected > 0 and foreseeing[seat] == pytest.approx(plain[seat] + expected)
    halved = evaluate(state, foresight=0.5)
    assert halved[0] == pytest.approx(plain[0] + wall_potential(state.boards[0].wall, PLACEMENTS_A_ROUND))
    over = random_position(("azul", {}), 2, 4, 10_000)
    assert evaluate(over, foresight=1.0) == [float(score) for score in over.scores]


def test_a_search_refuses_settings_it_cannot_search_with() -> None:
    """A negative widening would leave a node with no move to try, a margin of 0 no scale for a gain."""
    with pytest.raises(BotError, match="widening"):
        MctsBot(widening=-1.0)
    with pytest.raises(BotError, match="margin"):
        MctsBot(margin=0.0)
