"""The vector environment's observations and masks, kept up to date move by move in the native core,
against a from-scratch encoding of each game's position and the mask of its legal-move list."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mozaika import rl
from mozaika.core import engine as engines

VARIANTS = [
    ("azul", {}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {}),
    ("chocolatier", {"special_factories": True}),
    ("chocolatier", {"box": "brown", "special_factories": True}),
    ("pavilion", {}),
    ("pavilion", {"board": "colourless"}),
]

pytestmark = pytest.mark.skipif(not engines.is_built(), reason="the native core is not built here")


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_observation_is_its_positions_encoding_and_each_mask_its_legal_moves(
    game: str, options: dict[str, Any], players: int
) -> None:
    with engines.using("native"):
        vector = rl.vector_env(game, 4, players=players, **options)
    assert vector.engine == "native"
    rng = np.random.default_rng(players)
    observations, _ = vector.reset(seed=players * 7)
    finished = 0
    for _ in range(320 if game != "pavilion" else 220):
        for index in range(vector.num_envs):
            state = vector.position(index)
            seat = state.to_move[0]
            assert np.array_equal(observations["observation"][index], rl.encode(state, seat))
            mask = np.zeros(vector.single_action_space.n, np.int8)
            mask[list(rl.legal_actions(state))] = 1
            assert np.array_equal(observations["action_mask"][index], mask)
        observations, _, terminated, _, _ = vector.step(random_actions(observations["action_mask"], rng))
        finished += int(terminated.sum())
    assert finished >= 1  # new games start from a fresh cache within the steps
