"""The RL environments with the field's own tools: PettingZoo's and Gymnasium's checkers, registration,
vectorisation, pickling, and opponents that are policies or saved agents."""

from __future__ import annotations

import functools
import pickle
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test, seed_test
from pettingzoo.test.state_test import test_state as check_state
from pettingzoo.test.state_test import test_state_space as check_state_space

import mozaika
from mozaika import rl
from mozaika.rl.aec import SEATS

from examples import ALL_VARIANTS

IDS = [f"{game}-{'-'.join(str(value) for value in options.values())}" for game, options in ALL_VARIANTS]
GAME_NAMES = {"azul": "Azul", "chocolatier": "MasterChocolatier", "pavilion": "SummerPavilion"}


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    """The checkers warn about what they cannot know of a board game (observations above 1, say)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("game", "options"), ALL_VARIANTS, ids=IDS)
def test_pettingzoo_render_state_and_seed_tests(game: str, options: dict[str, Any], capsys: Any) -> None:
    render_test(functools.partial(rl.env, game, players=2, **options))
    assert "round" in capsys.readouterr().out  # human mode prints the board
    env = rl.env(game, players=3, illegal_action="lose", **options)
    check_state_space(env)
    check_state(env, num_cycles=40)  # random actions, most of them illegal: forfeits end the games
    seed_test(functools.partial(rl.env, game, players=3, **options), num_cycles=60)


@pytest.mark.parametrize(("game", "options"), ALL_VARIANTS, ids=IDS)
def test_the_state_is_the_whole_position(game: str, options: dict[str, Any]) -> None:
    """state(): the seat to move one-hot, then the position as seat 0 sees it, kept up to date step by step."""
    env = rl.env(game, players=3, **options)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        state = env.state()
        assert env.state_space.contains(state)
        to_move = np.zeros(SEATS, np.float32)
        to_move[env.game.to_move[0]] = 1.0
        assert np.array_equal(state, np.concatenate((to_move, rl.encode(env.game, 0))))
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_an_illegal_action_forfeits_the_game_in_the_aec_environment_when_asked() -> None:
    env = rl.env("azul", players=3, illegal_action="lose", reward="win")
    env.reset(seed=1)
    mover = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[mover] == -1.0
    assert [env._cumulative_rewards[agent] for agent in env.agents if agent != mover] == [0.0, 0.0]
    assert env.infos[mover]["illegal_action"] and not env.infos["player_2"]["illegal_action"]
    assert env.infos[mover]["winners"].tolist() == [False, False, False]
    assert not env.state()[:SEATS].any()  # nobody is to move any more
    assert pickle.loads(pickle.dumps(env)).observe(mover)["action_mask"].sum() == 0
    with pytest.raises(ValueError, match="mode"):
        rl.env("azul", render_mode="rgb_array")
    with pytest.raises(ValueError, match="illegal_action"):
        rl.env("azul", illegal_action="ignore")


@pytest.mark.parametrize(("game", "options"), ALL_VARIANTS, ids=IDS)
def test_gymnasium_checker_through_the_registered_ids(game: str, options: dict[str, Any]) -> None:
    env = gymnasium.make(f"mozaika/{GAME_NAMES[game]}-v0", opponents="random", players=3, **options)
    assert env.unwrapped.game_id == game and env.unwrapped.options == {**env.unwrapped.options, **options}
    check_env(env.unwrapped)
    assert env.spec is not None and env.spec.kwargs["players"] == 3


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_steps_games_with_stacked_infos(mode: str) -> None:
    envs = gymnasium.make_vec("mozaika/Azul-v0", num_envs=3, vectorization_mode=mode, opponents="random")
    try:
        observations, info = envs.reset(seed=[1, 2, 3])
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(120):
            masks = observations["action_mask"]
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            observations, _, terminated, _, info = envs.step(actions)
            assert info["scores"].shape == (3, 2) and info["winners"].dtype == np.bool_
            assert info["round"].shape == (3,) and info["illegal_action"].dtype == np.bool_
            ended += int(terminated.sum())
        assert ended >= 1
    finally:
        envs.close()


def test_the_gym_envs_info_has_one_shape_and_type_at_every_step() -> None:
    env = rl.gym_env("pavilion", players=3, opponents="random")
    observation, info = env.reset(seed=2)
    shapes = {key: (np.shape(value), type(value), np.asarray(value).dtype) for key, value in info.items()}
    done = False
    while not done:
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, _, done, _, info = env.step(action)
        assert {key: (np.shape(value), type(value), np.asarray(value).dtype) for key, value in info.items()} == shapes
    assert info["winners"].any() and info["scores"].tolist() == env.game.scores
    assert info["winners"].tolist() == [seat in env.game.winners for seat in range(3)]


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """A policy: the first legal action."""
    return int(np.flatnonzero(mask)[0])


class Predictor:
    """A model in Stable-Baselines3's shape: ``predict(observation, action_masks=...)``."""

    observation_space = gymnasium.spaces.Box(-1.0, 10.0, (rl.observation_size("azul"),))

    def predict(self, observation: Any, action_masks: np.ndarray, deterministic: bool = True) -> tuple[int, None]:
        return int(np.flatnonzero(action_masks)[-1]), None


def test_opponents_may_be_policies_models_and_saved_agents(tmp_path: Path) -> None:
    size, actions = rl.observation_size("azul"), rl.action_count("azul", {})
    rng = np.random.default_rng(1)
    network = rl.NetworkPolicy(
        [(rng.normal(size=(size, 16)), np.zeros(16)), (rng.normal(size=(16, actions)), np.zeros(actions))]
    )
    network.save(tmp_path / "agent.npz")
    loaded = rl.load_agent(tmp_path / "agent.npz")
    assert isinstance(loaded, rl.NetworkPolicy)
    observation = rl.encode(mozaika.new_game("azul", players=2, seed=1), 0)
    mask = np.zeros(actions, np.int8)
    mask[[3, 7, 40]] = 1
    assert loaded(observation, mask) == network(observation, mask) in (3, 7, 40)
    opponents: list[Any] = [first_legal, Predictor(), str(tmp_path / "agent.npz")]
    env = rl.gym_env("azul", players=4, opponents=opponents)
    observation_, _ = env.reset(seed=4)
    done = False
    while not done:
        observation_, _, done, _, info = env.step(int(np.flatnonzero(observation_["action_mask"])[0]))
    assert not info["illegal_action"] and env.game.is_over
    with pytest.raises(ValueError, match="neither a bot nor a saved agent"):
        rl.gym_env("azul", opponents="grandmaster")
    with pytest.raises(ValueError, match="no saved agent"):
        rl.gym_env("azul", opponents=str(tmp_path / "missing.npz"))


def test_an_opponent_policy_that_plays_an_illegal_action_is_named() -> None:
    env = rl.gym_env("azul", players=2, seat=1, opponents=lambda observation, mask: int(np.argmin(mask)))
    with pytest.raises(ValueError, match="opponent in seat 0 chose action"):
        env.reset(seed=1)


def test_both_environments_pickle_and_go_on_as_they_were() -> None:
    aec = rl.env("chocolatier", players=3, special_factories=True, shaped=True)
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):
        aec.step(int(rng.choice(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"]))))
    twin = pickle.loads(pickle.dumps(aec))
    assert twin.game == aec.game and twin.agent_selection == aec.agent_selection
    for _ in range(300):
        if aec.terminations[aec.agent_selection]:
            break
        mask = aec.observe(aec.agent_selection)["action_mask"]
        assert np.array_equal(mask, twin.observe(twin.agent_selection)["action_mask"])
        assert np.array_equal(aec.state(), twin.state())
        action = int(rng.choice(np.flatnonzero(mask)))
        aec.step(action)
        twin.step(action)
        assert aec.rewards == twin.rewards
    single = rl.gym_env("pavilion", opponents=["greedy"], render_mode="ansi")
    observation, _ = single.reset(seed=6)
    for _ in range(5):
        observation, *_ = single.step(int(np.flatnonzero(observation["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(single))
    assert copy.game == single.game and copy.render() == single.render()
    for _ in range(20):
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, *_ = single.step(action)
        again, reward_again, *_ = copy.step(action)
        assert np.array_equal(observation["observation"], again["observation"]) and reward == reward_again
