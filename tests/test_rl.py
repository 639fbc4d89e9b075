"""The RL environments: PettingZoo's and Gymnasium's own checks, masks equal to the legal moves, rewards, seeds."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from mozaika import new_game, rl
from mozaika.azul.board import MARKER
from mozaika.azul.state import AzulState
from mozaika.pavilion.state import PavilionState
from mozaika.pavilion.theme import WILD_BY_ROUND
from mozaika.rl.actions import action_count, action_index

from examples import ALL_VARIANTS

CONFIGS = ALL_VARIANTS
IDS = [f"{game}-{'-'.join(str(value) for value in options.values())}" for game, options in CONFIGS]


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env(game, players=3, **options), num_cycles=300)


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_gymnasium_check_env(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env(game, opponents="random", **options), skip_render_check=True)


@settings(max_examples=25, deadline=None)
@given(
    config=st.sampled_from(CONFIGS), players=st.integers(2, 4), seed=st.integers(0, 2**31), steps=st.integers(0, 300)
)
def test_the_mask_is_exactly_the_legal_moves(
    config: tuple[str, dict[str, Any]], players: int, seed: int, steps: int
) -> None:
    """Masked actions are the engine's legal moves, one action per move, at every step; and every agent's
    observation, kept up to date step by step, is the position encoded afresh."""
    game, options = config
    env = rl.env(game, players=players, **options)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        observation = env.observe(agent)
        state = env.game
        legal = state.legal_moves(state.to_move[0])
        indices = {action_index(move) for move in legal}
        assert len(indices) == len(legal)
        assert set(np.flatnonzero(observation["action_mask"])) == indices
        assert observation["action_mask"].sum() == len(legal)
        assert env.legal_moves() == {action_index(move): move for move in legal}
        assert max(indices) < action_count(game, options) and observation["observation"].shape == (
            rl.observation_size(game),
        )
        for seat, someone in enumerate(env.possible_agents):
            assert np.array_equal(env.observe(someone)["observation"], rl.encode(state, seat))
        env.step(rng.choice(sorted(indices)))


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_only_masked_actions_are_legal_and_others_are_refused(game: str, options: dict[str, Any]) -> None:
    """Membership in the legal actions is the mask, for every index and for what is not an index;
    a refused action leaves the position as it was."""
    env = rl.env(game, players=2, **options)
    env.reset(seed=11)
    legal = env._legal
    mask = env.observe(env.agent_selection)["action_mask"]
    assert [index in legal for index in range(len(mask))] == [bool(bit) for bit in mask]
    assert len(legal) == mask.sum() == len(env.legal_moves())
    for outside in (-1, len(mask), "3", None, 2.0):
        assert outside not in legal
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game.to_json()
    for action in (illegal, None, len(mask)):
        with pytest.raises(ValueError, match="not legal"):
            env.step(action)
    assert env.game.to_json() == before


def test_final_rewards_margin_and_win() -> None:
    for kind in ("margin", "win"):
        env = rl.env("azul", players=3, reward=kind)
        env.reset(seed=4)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        rng = random.Random(1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            env.step(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
        scores = env.game.scores
        for seat, agent in enumerate(env.possible_agents):
            best_other = max(score for other, score in enumerate(scores) if other != seat)
            if kind == "margin":
                assert totals[agent] == scores[seat] - best_other
            else:
                assert totals[agent] in (-1.0, 0.0, 1.0)
                assert (totals[agent] >= 0) == (seat in env.game.winners)


def test_seeds_reproduce_a_game_and_shaped_rewards_follow_the_score() -> None:
    first, second = (rl.env("pavilion", players=2, shaped=True) for _ in range(2))
    first.reset(seed=9)
    second.reset(seed=9)
    rng = random.Random(2)
    while not first.terminations[first.agent_selection]:
        observation = first.observe(first.agent_selection)
        twin = second.observe(second.agent_selection)
        assert np.array_equal(observation["observation"], twin["observation"])
        action = rng.choice(list(np.flatnonzero(observation["action_mask"])))
        before = first.game.scores
        first.step(action)
        second.step(action)
        if not first.game.is_over:  # the last step adds the final margin
            changes = [after - old for old, after in zip(before, first.game.scores, strict=True)]
            assert [first.rewards[agent] for agent in first.possible_agents] == changes
    assert first.game.scores == second.game.scores


def test_gym_env_plays_against_bots_and_forfeits_on_an_illegal_action() -> None:
    env = rl.gym_env("chocolatier", players=3, opponents=["greedy", "random"], special_factories=True)
    observation, info = env.reset(seed=5)
    assert env.position()["game"] == "chocolatier" and observation["action_mask"].sum() > 0
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -100.0 and info["illegal_action"]
    observation, _ = env.reset(seed=5)
    total, done = 0.0, False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, done, _, info = env.step(action)
        total += reward
    scores = info["scores"]
    assert total == scores[0] - max(scores[1:])
    with pytest.raises(ValueError, match="opponent"):
        rl.gym_env("azul", players=3, opponents=["greedy"])


def documented_factories(factories: list[list[int]], colours: int) -> list[float]:
    """Both tables in docs/rl.md: nine factories' tiles by colour / 4, zeros for the factories a game lacks."""
    out: list[float] = []
    for factory in range(9):
        counts = factories[factory] if factory < len(factories) else [0] * colours
        out += [count / 4 for count in counts]
    return out


def seats_from(state: Any, seat: int) -> list[Any]:
    """Both tables in docs/rl.md: the boards from ``seat`` on, then None for the seats up to four a game lacks."""
    return [state.boards[(seat + offset) % state.players] if offset < state.players else None for offset in range(4)]


def documented_azul_observation(state: AzulState, seat: int) -> list[float]:
    """The Azul observation written out entry by entry from the table in docs/rl.md."""
    out: list[float] = [1.0 if phase == state.phase else 0.0 for phase in range(4)]
    out.append(state.round / 10)
    out += documented_factories(state.factories, 5)
    out += [count / 20 for count in state.centre] + [1.0 if state.marker_in_centre else 0.0]
    out += [count / 20 for count in state.bag] + [count / 20 for count in state.lid]
    for board in seats_from(state, seat):
        if board is None:
            out += [0.0] * 159
            continue
        out.append(board.score / 100)
        for line in range(5):
            count = board.line_count[line]
            out.append(count / (line + 1))
            out += [1.0 if count and colour == board.line_colour[line] else 0.0 for colour in range(5)]
        for colour_here in board.wall_colours:
            out += [1.0 if colour == colour_here else 0.0 for colour in range(5)]
        floor = board.floor
        out += [len(floor) / 7, 1.0 if MARKER in floor else 0.0, 1.0 if board.waiting else 0.0]
    return out


def documented_pavilion_observation(state: PavilionState, seat: int) -> list[float]:
    """The Summer Pavilion observation written out entry by entry from the table in docs/rl.md."""
    out: list[float] = [1.0 if phase == state.phase else 0.0 for phase in range(5)]
    out += [1.0 if number == state.round else 0.0 for number in range(1, 7)]
    out += [1.0 if colour == WILD_BY_ROUND[state.round - 1] else 0.0 for colour in range(6)]
    out += documented_factories(state.factories, 6)
    out += [count / 22 for count in state.centre] + [1.0 if state.marker_in_centre else 0.0]
    out += [count / 10 for count in state.supply]
    out += [count / 22 for count in state.bag] + [count / 22 for count in state.tower]
    owed = list(state.pending_bonus[:3])
    out += [tiles / 3 for tiles in owed + [0] * (3 - len(owed))]
    for board in seats_from(state, seat):
        if board is None:
            out += [0.0] * 260
            continue
        out.append(board.score / 100)
        out += [count / 10 for count in board.hand]
        out.append(1.0 if board.passed else 0.0)
        for colour_here in board.colours:
            out += [1.0 if colour == colour_here else 0.0 for colour in range(6)]
    return out


LAYOUTS: list[tuple[str, str, tuple[str, ...], Callable[[Any, int], list[float]], int]] = [
    ("azul", "wall", ("coloured", "grey"), documented_azul_observation, 150),
    ("pavilion", "board", ("coloured", "colourless"), documented_pavilion_observation, 200),
]
"""Per game: its board option and values, the documented observation, and the most moves to walk."""


@pytest.mark.parametrize(("game", "option", "values", "documented", "most_steps"), LAYOUTS, ids=["azul", "pavilion"])
@settings(max_examples=20, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_observations_follow_the_documented_layout(
    game: str,
    option: str,
    values: tuple[str, ...],
    documented: Callable[[Any, int], list[float]],
    most_steps: int,
    data: st.DataObject,
    players: int,
    seed: int,
) -> None:
    """Every entry of an observation, for every seat, is what docs/rl.md says, before each random move.

    Azul: the state of rules A-2..A-7; Summer Pavilion: S-4..S-12.
    """
    state = new_game(game, players=players, seed=seed, **{option: data.draw(st.sampled_from(values))})
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, most_steps))):
        if state.is_over:
            break
        for seat in range(players):
            expected = np.array(documented(state, seat), dtype=np.float32)
            assert np.array_equal(rl.encode(state, seat), expected)
        state.play(rng.choice(state.legal_moves(state.to_move[0])))


@pytest.mark.parametrize(("game", "size"), [("azul", 325), ("chocolatier", 325 + 4320), ("pavilion", 1865)])
def test_each_action_of_a_game_has_a_name_and_no_other_index_does(game: str, size: int) -> None:
    assert rl.describe_action(0, game).startswith("take colour 0 from factory 1")
    assert rl.describe_action(size - 1, game)
    for outside in (-1, size):
        with pytest.raises(ValueError, match=f"0-{size - 1}"):
            rl.describe_action(outside, game)
