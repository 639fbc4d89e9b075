"""Self-play: games of the search against itself, each position kept with what followed.

A task is a picklable value and :func:`play_games` a top-level function, so that a work pool
(:mod:`mozaika.distributed`) can run tasks anywhere.  The search is the expert's, judged by the
network being trained once there is one (the ``master`` level's search), at a smaller budget.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from mozaika.bots import MctsBot, make_bot
from mozaika.bots.network import ValueNetwork, observation_of
from mozaika.catalogue.registry import new_game
from mozaika.training.samples import Samples


@dataclass(frozen=True)
class SelfPlayTask:
    """Games to play: the game, its players, how many, the seed of the first, the search's budget."""

    game: str
    players: int
    games: int
    seed: int
    iterations: int
    network: bytes | None = None
    """The network file's bytes judging the search (None: the expert's valuation)."""
    rollout: bool = True
    options: tuple[tuple[str, Any], ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class SelfPlayResult:
    seed: int
    """The task's first game's seed (results come back in any order)."""
    samples: Samples
    games: int
    moves: int
    scores: list[tuple[int, ...]]


def play_games(task: SelfPlayTask) -> SelfPlayResult:
    """Play the task's games; every position before a decision, seen from every seat."""
    network = ValueNetwork.from_bytes(task.network) if task.network is not None else None
    level = "master" if network is not None else "expert"
    observations: list[bytes] = []
    gains: list[list[float]] = []
    scores: list[tuple[int, ...]] = []
    moves = 0
    for game_index in range(task.games):
        seed = task.seed + game_index
        state = new_game(task.game, players=task.players, seed=seed, **dict(task.options))
        bot = cast(MctsBot, make_bot(level, iterations=task.iterations, seed=seed, network=network))
        bot.rollout = task.rollout
        seen: list[tuple[int, tuple[int, ...]]] = []
        while not state.is_over:
            now = tuple(state.scores)
            for seat in range(task.players):
                observations.append(observation_of(state, seat).tobytes())
                seen.append((seat, now))
            state.play(bot.choose(state))
            moves += 1
        final = tuple(state.scores)
        scores.append(final)
        for seat, then in seen:
            order = [(seat + offset) % task.players for offset in range(task.players)]
            gains.append([float(final[other] - then[other]) for other in order])
    inputs = len(observations[0]) // 4 if observations else 0
    samples = Samples(
        np.frombuffer(b"".join(observations), np.float32).reshape(len(observations), inputs).copy(),
        np.asarray(gains, np.float32).reshape(len(gains), task.players),
    )
    return SelfPlayResult(task.seed, samples, task.games, moves, scores)
