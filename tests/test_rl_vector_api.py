"""The vector environment keeps Gymnasium's vector API: terminal observations and infos on same-step
autoreset, next-step autoreset, seed lists, fresh arrays, Gymnasium's vector wrappers, and pickling."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import FlattenObservation, RecordEpisodeStatistics

from mozaika import rl
from mozaika.core import engine as engines
from mozaika.rl.aec import MozaikaEnv

VARIANTS = [
    ("azul", {}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {"special_factories": True}),
    ("chocolatier", {"box": "brown"}),
    ("pavilion", {"board": "colourless"}),
]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def aec_twins(game: str, vector: Any, info: dict[str, Any]) -> list[MozaikaEnv]:
    """An AEC environment for each of the vector's games, started on the same game's seed."""
    twins = []
    for seed in info["game_seed"]:
        twin = MozaikaEnv(game, players=2, **vector.options)
        twin.reset(seed=int(seed))
        twins.append(twin)
    return twins


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=str)
def test_a_finished_games_terminal_observation_and_info_are_the_aec_environments(
    game: str, options: dict[str, Any]
) -> None:
    """Same-step autoreset: final_obs is what the AEC environment shows the mover at the end (rules A-13,
    S-14 decide the end), final_info the finished game's seat, rewards, scores and seed."""
    vector = rl.vector_env(game, 4, players=2, **options)
    assert vector.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observations, info = vector.reset(seed=21)
    twins = aec_twins(game, vector, info)
    rng = np.random.default_rng(21)
    finished = 0
    for _ in range(400 if game == "pavilion" else 300):
        actions = random_actions(observations["action_mask"], rng)
        observations, _, terminated, _, info = vector.step(actions)
        assert info["_seat"].all() and info["_game_seed"].all()
        assert ("final_obs" in info) == terminated.any() == ("final_info" in info)
        for index, twin in enumerate(twins):
            mover = twin.agent_selection
            old_seed = twin.game.seed
            twin.step(int(actions[index]))
            if not terminated[index]:
                if "final_obs" in info:
                    assert info["final_obs"][index] is None and not info["_final_obs"][index]
                continue
            finished += 1
            final = info["final_obs"][index]
            assert info["_final_obs"][index] and info["_final_info"][index]
            assert np.array_equal(final["observation"], twin.observe(mover)["observation"])
            assert not final["action_mask"].any()
            final_info = info["final_info"]
            assert final_info["game_seed"][index] == old_seed != info["game_seed"][index]
            assert final_info["scores"][index].tolist() == list(twin.game.scores)
            assert final_info["seat"][index] == int(mover.rpartition("_")[2]) and final_info["_seat"][index]
            twin.reset(seed=int(info["game_seed"][index]))
    assert finished >= 2


def test_without_terminal_observations_the_finished_games_info_remains() -> None:
    vector = rl.vector_env("azul", 8, final_observations=False)
    observations, _ = vector.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(200):
        observations, _, terminated, _, info = vector.step(random_actions(observations["action_mask"], rng))
        assert ("final_info" in info) == terminated.any() and "final_obs" not in info
        if terminated.any():
            assert (info["final_info"]["game_seed"] != 0).tolist() == terminated.tolist()
            return
    pytest.fail("no game ended")


@pytest.mark.parametrize(("game", "options"), VARIANTS[:1] + VARIANTS[-1:], ids=str)
def test_next_step_autoreset_shows_the_end_then_starts_anew(game: str, options: dict[str, Any]) -> None:
    vector = rl.vector_env(game, 3, autoreset_mode="next_step", **options)
    assert vector.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    observations, info = vector.reset(seed=8)
    twins = aec_twins(game, vector, info)
    rng = np.random.default_rng(8)
    ending = np.zeros(3, np.bool_)
    restarts = 0
    for _ in range(350 if game == "pavilion" else 250):
        actions = random_actions(observations["action_mask"], rng)
        observations, reward, terminated, _, info = vector.step(actions)
        assert "final_obs" not in info
        for index, twin in enumerate(twins):
            if ending[index]:  # the action was ignored: a new game, nobody moved
                restarts += 1
                assert not terminated[index] and reward[index] == 0 and info["seat"][index] == -1
                twin.reset(seed=int(info["game_seed"][index]))
            else:
                mover = twin.agent_selection
                twin.step(int(actions[index]))
                assert terminated[index] == twin.game.is_over
                if terminated[index]:
                    assert np.array_equal(observations["observation"][index], twin.observe(mover)["observation"])
                    assert not observations["action_mask"][index].any()
                    continue
            seen = twin.observe(twin.agent_selection)
            assert np.array_equal(observations["observation"][index], seen["observation"])
            assert np.array_equal(observations["action_mask"][index], seen["action_mask"])
        ending = terminated.copy()
    assert restarts >= 1


def test_gymnasiums_vector_wrappers_take_the_environment() -> None:
    episodes = RecordEpisodeStatistics(rl.vector_env("azul", 4))
    observations, _ = episodes.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = []
    for _ in range(250):
        observations, _, terminated, _, info = episodes.step(random_actions(observations["action_mask"], rng))
        if terminated.any():
            ended += info["episode"]["l"][terminated].tolist()
    assert ended and min(ended) > 20
    flat = FlattenObservation(rl.vector_env("azul", 2, autoreset_mode="next_step"))
    flattened, _ = flat.reset(seed=1)
    assert flattened.shape == (2, rl.observation_size("azul") + rl.action_count("azul", {}))


def test_a_list_of_seeds_decides_the_games() -> None:
    def seeds_of(seed: Any) -> list[int]:
        vector = rl.vector_env("pavilion", 3)
        return vector.reset(seed=seed)[1]["game_seed"].tolist()

    assert seeds_of([1, 2, 3]) == seeds_of([1, 2, 3]) != seeds_of([1, 2, 4])
    assert seeds_of([1, None, 3]) != seeds_of([1, None, 3])
    # Each game's stream is its own seed's alone: the same seed in another place, beside other seeds.
    first, second, _ = seeds_of([7, 8, 9])
    assert seeds_of([5, 8, 7])[2] == first and seeds_of([8, 1, 2])[0] == second
    assert seeds_of([1, 2, 4])[:2] == seeds_of([1, 2, 3])[:2]
    with pytest.raises(ValueError, match="a list of 3"):
        seeds_of([1, 2])


def test_arrays_are_fresh_by_default_and_the_environments_own_when_asked() -> None:
    fresh = rl.vector_env("azul", 4)
    observations, info = fresh.reset(seed=2)
    kept = observations["observation"].copy()
    stepped, _, _, _, later = fresh.step(observations["action_mask"].argmax(axis=1))
    assert np.array_equal(observations["observation"], kept)
    assert stepped["observation"] is not observations["observation"] and later["seat"] is not info["seat"]
    own = rl.vector_env("azul", 4, copy=False)
    first, first_info = own.reset(seed=2)
    second, _, _, _, second_info = own.step(first["action_mask"].argmax(axis=1))
    assert second["observation"] is first["observation"] and second_info["seat"] is first_info["seat"]
    assert np.array_equal(second["observation"], stepped["observation"])


@pytest.mark.parametrize("final_observations", [True, False])
def test_own_arrays_give_each_step_only_its_own_finished_games(final_observations: bool) -> None:
    """With copy=False the final entries are kept and written again: a step marks its own finished games
    alone, none left from the step before, and says what fresh arrays say."""
    fresh = rl.vector_env("azul", 6, final_observations=final_observations)
    own = rl.vector_env("azul", 6, copy=False, final_observations=final_observations)
    observations, _ = fresh.reset(seed=11)
    own.reset(seed=11)
    rng = np.random.default_rng(11)
    ended_before: set[int] = set()
    followed = 0  # steps with finished games right after another such step, other games than its
    for _ in range(400):
        actions = random_actions(observations["action_mask"], rng)
        observations, _, terminated, _, info = fresh.step(actions)
        _, _, own_terminated, _, own_info = own.step(actions)
        ended = set(np.flatnonzero(terminated).tolist())
        assert np.array_equal(own_terminated, terminated)
        assert ("final_info" in own_info) == bool(ended) == ("final_info" in info)
        if not ended:
            ended_before = set()
            continue
        assert np.array_equal(own_info["_final_info"], terminated)
        for key in ("seat", "rewards", "scores", "game_seed"):
            assert np.array_equal(own_info["final_info"][key], info["final_info"][key])
            assert np.array_equal(own_info["final_info"][f"_{key}"], terminated)
        assert ("final_obs" in own_info) == final_observations
        if final_observations:
            assert np.array_equal(own_info["_final_obs"], terminated)
            for game, final in enumerate(own_info["final_obs"]):
                if game not in ended:
                    assert final is None and info["final_obs"][game] is None
                    continue
                expected = info["final_obs"][game]
                assert np.array_equal(final["observation"], expected["observation"])
                assert np.array_equal(final["action_mask"], expected["action_mask"])
                assert not final["action_mask"].any()
        if ended_before and ended != ended_before:
            followed += 1
        ended_before = ended
    assert followed >= 1


def test_the_vector_environment_pickles_and_goes_on_from_the_positions() -> None:
    vector = rl.vector_env("chocolatier", 3, players=3, special_factories=True)
    assert pickle.loads(pickle.dumps(vector)).engine == vector.engine  # not reset yet
    observations, _ = vector.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(40):
        observations, *_ = vector.step(random_actions(observations["action_mask"], rng))
    twin = pickle.loads(pickle.dumps(vector))
    assert twin.engine == "python"  # the core cannot take positions back: the games go on one by one
    for index in range(3):
        assert twin.position(index) == vector.position(index)
    for _ in range(250):
        actions = random_actions(observations["action_mask"], rng)
        first = vector.step(actions)
        second = twin.step(actions)
        for key in ("observation", "action_mask"):
            assert np.array_equal(first[0][key], second[0][key])
        assert np.array_equal(first[1], second[1]) and np.array_equal(first[2], second[2])
        for key in ("seat", "rewards", "scores", "game_seed"):
            assert np.array_equal(first[4][key], second[4][key])
        if "final_obs" in first[4]:
            for one, other in zip(first[4]["final_obs"], second[4]["final_obs"], strict=True):
                assert (one is None and other is None) or np.array_equal(one["observation"], other["observation"])
        observations = first[0]
    twin.reset(seed=1)
    assert twin.engine == ("native" if engines.native_core() is not None else "python")
