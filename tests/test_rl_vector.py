"""The vector environment (mozaika.rl.vector) held to the AEC environment, game by game.

Every game of a vector environment is replayed in the AEC environment from its seed, with
the same actions: at every step both must give the same observation and action mask for
the seat to move, the same seat, and at a game's end the same rewards for every seat
(rule A-13's and S-14's winners, the margins).  The games are stepped in the native core
where it is built, else on the Python engines; both must agree.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mozaika
from mozaika import rl
from mozaika.core import engine as engines
from mozaika.core.native_state import NativeState
from mozaika.rl.aec import MozaikaEnv
from mozaika.rl.vector import MozaikaVectorEnv

VARIANTS = [
    ("azul", {}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {}),
    ("chocolatier", {"special_factories": True}),
    ("chocolatier", {"box": "brown", "special_factories": True}),
    ("pavilion", {}),
    ("pavilion", {"board": "colourless"}),
]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action of each game, read from its mask."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def play_alongside(vector: MozaikaVectorEnv, steps: int, seed: int, **settings: Any) -> int:
    """Step ``vector`` with random legal actions, each game replayed in an AEC environment; games finished."""
    rng = np.random.default_rng(seed)
    observations, info = vector.reset(seed=seed)
    twins = []
    for index in range(vector.num_envs):
        twin = MozaikaEnv(vector.game_id, players=vector.players, **settings, **vector.options)
        twin.reset(seed=int(info["game_seed"][index]))
        twins.append(twin)
    finished = 0
    for _ in range(steps):
        for index, twin in enumerate(twins):
            seen = twin.observe(twin.agent_selection)
            assert np.array_equal(observations["observation"][index], seen["observation"])
            assert np.array_equal(observations["action_mask"][index], seen["action_mask"])
        actions = random_actions(observations["action_mask"], rng)
        observations, reward, terminated, truncated, info = vector.step(actions)
        assert not truncated.any()
        for index, twin in enumerate(twins):
            mover = twin.agent_selection
            assert info["seat"][index] == int(mover.rpartition("_")[2])
            twin.step(int(actions[index]))
            rewards = [twin.rewards[agent] for agent in twin.possible_agents]
            assert info["rewards"][index].tolist() == pytest.approx(rewards)
            assert reward[index] == pytest.approx(twin.rewards[mover])
            assert terminated[index] == twin.game.is_over
            assert info["scores"][index].tolist() == list(twin.game.scores)
            if terminated[index]:
                finished += 1
                twin.reset(seed=int(info["game_seed"][index]))
    return finished


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_of_the_vector_environment_is_the_aec_environments(
    game: str, options: dict[str, Any], players: int
) -> None:
    vector = rl.vector_env(game, 3, players=players, **options)
    assert vector.engine == ("native" if engines.native_core() is not None else "python")
    finished = play_alongside(vector, 260 if game != "pavilion" else 200, seed=players)
    assert finished >= 1  # games end and start anew within the steps (auto-reset)


@pytest.mark.parametrize("settings", [{"reward": "win"}, {"shaped": True}, {"reward": "win", "shaped": True}])
def test_the_rewards_are_the_aec_environments_whatever_their_kind(settings: dict[str, Any]) -> None:
    vector = rl.vector_env("azul", 2, **settings)
    assert play_alongside(vector, 200, seed=5, **settings) >= 1


def assert_native_steps_as_python(
    game: str, options: dict[str, Any], players: int, games: int, seed: int | list[int | None], steps: int
) -> int:
    """Step a native and a Python vector environment alike with random legal actions; both must give the same
    observations, masks, rewards, info and terminal observations at every step; the games that ended."""
    with engines.using("native"):
        native = rl.vector_env(game, games, players=players, copy=True, shaped=True, **options)
    with engines.using("python"):
        python = rl.vector_env(game, games, players=players, copy=True, shaped=True, **options)
    assert (native.engine, python.engine) == ("native", "python")
    rng = np.random.default_rng(3)
    with engines.using("python"):  # the Python games start their new games on the Python engine
        answers = [native.reset(seed=seed), python.reset(seed=seed)]
    ended = 0
    for _ in range(steps):
        (first, first_info), (second, second_info) = answers
        assert np.array_equal(first["observation"], second["observation"])
        assert np.array_equal(first["action_mask"], second["action_mask"])
        for key in ("seat", "rewards", "scores", "game_seed"):
            assert np.array_equal(first_info[key], second_info[key]), key
        assert ("final_obs" in first_info) == ("final_obs" in second_info)
        for one, other in zip(first_info.get("final_obs", ()), second_info.get("final_obs", ()), strict=True):
            assert (one is None and other is None) or np.array_equal(one["observation"], other["observation"])
        actions = random_actions(first["action_mask"], rng)
        with engines.using("python"):
            stepped = [native.step(actions), python.step(actions)]
        answers = [(step[0], step[4]) for step in stepped]
        assert np.array_equal(stepped[0][1], stepped[1][1])
        assert np.array_equal(stepped[0][2], stepped[1][2])
        ended += int(stepped[0][2].sum())
    for index in range(games):
        assert type(python.position(index)).__name__ != "NativeState"
        assert native.position(index).to_dict() == python.position(index).to_dict()
    return ended


@pytest.mark.skipif(not engines.is_built(), reason="the native core is not built here")
@pytest.mark.parametrize("seed", [11, [4, 9, 16, 25]], ids=["one-seed", "a-seed-a-game"])
@pytest.mark.parametrize(("game", "options"), [VARIANTS[1], VARIANTS[4], VARIANTS[6]], ids=str)
def test_the_native_games_are_the_python_engines_games(
    game: str, options: dict[str, Any], seed: int | list[int | None]
) -> None:
    assert_native_steps_as_python(game, options, 3, 4, seed, 150)


@pytest.mark.skipif(not engines.is_built(), reason="the native core is not built here")
@pytest.mark.parametrize(
    ("game", "options", "players"),
    [("azul", {}, 2), ("azul", {}, 4), ("chocolatier", {"special_factories": True}, 2), ("pavilion", {}, 2)],
    ids=str,
)
def test_deals_hashed_four_at_a_time_are_the_python_engines_deals(
    game: str, options: dict[str, Any], players: int
) -> None:
    """F-3: a native step hashes the chance events its games meet four at a time (the round starts of the
    games that end a round in it, the first deals of those that start anew); with many games, several
    batches a step and a short last one, each game still deals as the Python engine deals it."""
    ended = assert_native_steps_as_python(game, options, players, 23, 17, 90 if game != "pavilion" else 140)
    assert ended >= 5  # new games' first deals were hashed together too


def test_a_seed_decides_every_game_and_another_seed_other_games() -> None:
    runs = []
    for seed in (7, 7, 8):
        vector = rl.vector_env("pavilion", 3, copy=True)
        observations, info = vector.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [observations["observation"]]
        for _ in range(30):
            observations, *_ = vector.step(random_actions(observations["action_mask"], rng))
            seen.append(observations["observation"])
        runs.append((info["game_seed"].tolist(), np.stack(seen)))
    assert runs[0][0] == runs[1][0] and np.array_equal(runs[0][1], runs[1][1])
    assert runs[0][0] != runs[2][0]


def test_the_spaces_describe_the_batches() -> None:
    vector = rl.vector_env("chocolatier", 5, special_factories=True)
    observations, _ = vector.reset(seed=1)
    assert observations["observation"].shape == (5, rl.observation_size("chocolatier"))
    assert observations["observation"].dtype == np.float32
    assert observations["action_mask"].shape == (5, 325 + 4320)
    assert observations["action_mask"].dtype == np.int8
    assert vector.observation_space.contains(observations)
    assert vector.action_space.shape == (5,)
    assert vector.single_action_space.n == 325 + 4320


def test_a_wrong_action_is_refused_naming_its_game_and_changes_nothing() -> None:
    vector = rl.vector_env("azul", 4, copy=True)
    observations, _ = vector.reset(seed=2)
    masks = observations["action_mask"]
    legal = masks.argmax(axis=1)
    illegal = legal.copy()
    illegal[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(ValueError, match=r"game 2: action \d+ is not legal"):
        vector.step(illegal)
    out_of_range = legal.copy()
    out_of_range[3] = 10_000
    with pytest.raises(ValueError, match="game 3: action 10000 is not legal"):
        vector.step(out_of_range)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        vector.step(legal[:3])
    with pytest.raises(ValueError, match="integer"):
        vector.step(legal.astype(np.float32))
    stepped, *_ = vector.step(legal)
    fresh = rl.vector_env("azul", 4, copy=True)
    fresh.reset(seed=2)
    expected, *_ = fresh.step(legal)
    assert np.array_equal(stepped["observation"], expected["observation"])


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        rl.vector_env("azul", 2, players=5)
    with pytest.raises(ValueError, match="reward"):
        rl.vector_env("azul", 2, reward="points")
    with pytest.raises(ValueError, match="num_envs"):
        rl.vector_env("azul", 0)
    vector = rl.vector_env("azul", 2)
    with pytest.raises(RuntimeError, match="reset"):
        vector.step(np.zeros(2, np.int64))


@pytest.mark.skipif(not engines.is_built(), reason="the native core is not built here")
def test_the_native_vector_core_refuses_what_it_cannot_step_without_crashing() -> None:
    """No input reaches the C arrays unchecked: wrong starts, sizes, buffers and tables are refused."""
    with engines.using("native"):
        native = engines.native_core()
        start = mozaika.new_game("azul", players=2, seed=0, auto_chance=False)
        over = mozaika.new_game("azul", players=2, seed=0)
    assert native is not None
    assert isinstance(start, NativeState)
    core = start.native_core()

    def arrays(games: int, size: int = 702, actions: int = 325) -> tuple[np.ndarray, ...]:
        return (
            np.zeros((games, size), np.float32),
            np.zeros((games, actions), np.int8),
            np.zeros((games, 2), np.float32),
            np.zeros(games, np.int8),
            np.zeros(games, np.bool_),
            np.zeros((games, 2), np.int32),
            np.zeros(games, np.int64),
            np.zeros(games, np.float32),
        )

    native.VectorCore(core, 2, False, False, arrays(2), (), 702, 325).reset(1)
    with pytest.raises(ValueError, match="bytes"):
        native.VectorCore(core, 3, False, False, arrays(2), (), 702, 325)
    with pytest.raises(ValueError, match="observation size or action count"):
        native.VectorCore(core, 2, False, False, arrays(2, 700), (), 700, 325)
    with pytest.raises(TypeError, match="arrays"):
        native.VectorCore(core, 2, False, False, arrays(2)[:5], (), 702, 325)
    with pytest.raises(BufferError, match="not writable"):
        native.VectorCore(core, 2, False, False, (*arrays(2)[:7], b"readonly"), (), 702, 325)
    with pytest.raises(ValueError, match="before its first deal"):
        native.VectorCore(over.native_core(), 2, False, False, arrays(2), (), 702, 325)
    with pytest.raises(ValueError, match="outside the action space"):
        native.VectorCore(core, 2, False, False, arrays(2), ((400,),), 702, 325)
    with pytest.raises(TypeError, match="starts from a core"):
        native.VectorCore(object(), 2, False, False, arrays(2), (), 702, 325)
    stepped = native.VectorCore(core, 2, False, False, arrays(2), (), 702, 325)
    stepped.reset(3)
    with pytest.raises(ValueError, match="one action"):
        stepped.step(np.zeros(3, np.int64))
    # step_as_is takes only numpy's own int64 array of one action a game; anything else is left, unplayed.
    games = arrays(2)
    own = native.VectorCore(core, 2, False, False, games, (), 702, 325)
    own.reset(3)
    before = own.position(0).dump()
    for other in (np.zeros(3, np.int64), np.zeros(2, np.int32), np.zeros(4, np.int64)[::2], [0, 0], np.zeros((2, 1))):
        assert own.step_as_is(other) is None
    assert own.position(0).dump() == before
    assert own.step_as_is(games[1].argmax(axis=1)) == ()
    assert own.position(0).dump() != before
    with pytest.raises(IndexError, match="2 games"):
        stepped.position(2)


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    actions=st.lists(st.integers(-(2**63), 2**63 - 1), min_size=3, max_size=3),
    legal=st.lists(st.booleans(), min_size=3, max_size=3),
)
def test_any_actions_step_the_games_or_are_refused(
    variant: tuple[str, dict[str, Any]], actions: list[int], legal: list[bool]
) -> None:
    """Fuzzing: any int64 actions, some replaced by legal ones, step every game or are refused changing nothing."""
    game, options = variant
    vector = rl.vector_env(game, 3, copy=True, **options)
    observations, _ = vector.reset(seed=sum(actions) % 1000)
    chosen = np.array(actions, np.int64)
    for index, use_legal in enumerate(legal):
        if use_legal:
            chosen[index] = int(np.flatnonzero(observations["action_mask"][index])[0])
    masks = observations["action_mask"]
    allowed = all(0 <= action < masks.shape[1] and masks[index, action] for index, action in enumerate(chosen))
    if allowed:
        vector.step(chosen)
        return
    with pytest.raises(ValueError, match="is not legal"):
        vector.step(chosen)
    after, *_ = vector.step(masks.argmax(axis=1))
    assert after["observation"].shape == observations["observation"].shape
