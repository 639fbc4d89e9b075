"""The learning examples run, on tiny budgets, with the libraries they show: sb3-contrib's MaskablePPO,
a CleanRL-style PPO in PyTorch on the vector environment, and a Tianshou collector."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import torch
from stable_baselines3.common.env_checker import check_env

from mozaika import rl

from examples import ALL_VARIANTS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> ModuleType:
    """An example script as a module (``examples/`` is not a package; ``tests/examples.py`` takes the name)."""
    spec = importlib.util.spec_from_file_location(f"mozaika_example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("game", "options"), ALL_VARIANTS, ids=[str(index) for index in range(len(ALL_VARIANTS))])
def test_stable_baselines_check_env(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # Stable-Baselines3 warns of what would hinder learning
        check_env(rl.gym_env(game, opponents="random", **options))


def test_maskable_ppo_trains_and_its_network_plays_without_torch(tmp_path: Path) -> None:
    script = example("train_azul_maskable_ppo")
    model = script.train(1024)
    policy = rl.NetworkPolicy.from_maskable_ppo(model, game="azul")
    env = rl.gym_env("azul", opponents="random")
    observation, _ = env.reset(seed=3)
    for _ in range(10):  # the numpy network chooses what the trained model would, deterministically
        mask = observation["action_mask"]
        expected, _ = model.predict(observation["observation"], action_masks=mask.astype(bool), deterministic=True)
        assert policy(observation["observation"], mask) == int(expected)
        observation, *_ = env.step(int(expected))
    policy.save(tmp_path / "agent.npz")
    assert (tmp_path / "agent.npz").stat().st_size < 1_000_000
    wins, shared, losses = rl.play_against(rl.load_agent(tmp_path / "agent.npz"), "random", 2)
    assert wins + shared + losses == 2
    model.save(tmp_path / "agent.zip")  # a saved MaskablePPO agent is an opponent too
    env = rl.gym_env("azul", opponents=str(tmp_path / "agent.zip"))
    observation, _ = env.reset(seed=5)
    done = False
    while not done:
        observation, _, done, _, info = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert not info["illegal_action"] and env.game.is_over


def test_cleanrl_style_ppo_learns_on_the_vector_environment() -> None:
    script = example("train_azul_ppo_selfplay")
    settings = script.Settings(num_envs=8, num_steps=16, minibatches=2, epochs=2)
    torch.manual_seed(settings.seed)  # the untrained network train() starts from
    untrained = script.Agent(rl.observation_size("azul"), rl.action_count("azul", {}))
    agent = script.train(2, settings)
    assert all(np.shape(p) == np.shape(q) for p, q in zip(untrained.parameters(), agent.parameters(), strict=True))
    assert any(not torch.equal(p, q) for p, q in zip(untrained.parameters(), agent.parameters(), strict=True))
    env = rl.gym_env("azul", opponents="random")
    observation, _ = env.reset(seed=1)
    policy = script.network_policy(agent)
    done = False
    while not done:  # its choices are legal, and its numpy copy makes the same
        action = agent.policy(observation["observation"], observation["action_mask"])
        assert observation["action_mask"][action] == 1
        assert policy(observation["observation"], observation["action_mask"]) == action
        observation, _, done, _, info = env.step(action)
    assert not info["illegal_action"]


def test_a_tianshou_collector_fills_its_buffer_with_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # Tianshou's buffers compile their helpers with numba at first use (20 s of CPU); on a few
    # games they run as well as plain Python.
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    script = example("collect_azul_tianshou")
    mean, wins, steps = script.collect(4)
    assert steps > 4 * 20 and 0.0 <= wins <= 1.0 and np.isfinite(mean)
    shipped = rl.load_agent(rl.BASELINE)
    mean, wins, steps = script.collect(4, shipped)
    assert wins >= 0.75 and mean > 0  # the trained baseline beats the random bot


def test_the_shipped_baseline_beats_the_random_bot() -> None:
    baseline = rl.load_agent(rl.BASELINE)
    assert isinstance(baseline, rl.NetworkPolicy) and baseline.game == "azul"
    assert baseline.observation_size == rl.observation_size("azul")
    assert baseline.action_count == rl.action_count("azul", {})
    assert rl.BASELINE.stat().st_size < 1_000_000
    record = rl.play_against(baseline, "random", 10)  # seeded games, a deterministic policy
    assert record.wins >= 8 and sum(record) == 10
