"""A Gymnasium vector environment: many games stepped in one call, for self-play (docs/rl.md).

Each game's observation and action mask are the AEC environment's (:mod:`mozaika.rl.aec`)
for the same position, from the seat to move's point of view; each step takes one action
a game, for its seat to move.  Finished games start anew at once with the next seed of
their stream (Gymnasium's same-step autoreset), so every observation is a decision.  Where
the native core is built the games are stepped in it, all in one call; elsewhere the same
games are played on the Python engines, one after another (slower, and the same numbers).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, fields
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from mozaika.catalogue.registry import game_spec, new_game
from mozaika.core import engine as engines
from mozaika.core.native_state import NativeState
from mozaika.core.protocol import State
from mozaika.rl.actions import LegalActions, action_count
from mozaika.rl.encoding import Observer, learning_of, observation_size
from mozaika.rl.rewards import REWARDS, final_reward

_MASK64 = (1 << 64) - 1
_INT64 = np.dtype(np.int64)


def splitmix(state: int) -> tuple[int, int]:
    """The next state and number of a SplitMix64 generator (the games' seed streams, as the core draws them)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    number = state
    number = ((number ^ (number >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    number = ((number ^ (number >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, number ^ (number >> 31)


@dataclass(frozen=True)
class Batch:
    """The arrays a step writes, one row a game (the core writes them in place, in this order)."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    """Every seat's reward of the step."""
    seats: npt.NDArray[np.int8]
    """The seat that moved."""
    terminated: npt.NDArray[np.bool_]
    scores: npt.NDArray[np.int32]
    seeds: npt.NDArray[np.int64]
    """The seed of the game each one plays."""
    mover_rewards: npt.NDArray[np.float32]
    """The reward of the seat that moved."""

    @classmethod
    def of(cls, games: int, players: int, size: int, actions: int) -> Batch:
        return cls(
            np.zeros((games, size), np.float32),
            np.zeros((games, actions), np.int8),
            np.zeros((games, players), np.float32),
            np.zeros(games, np.int8),
            np.zeros(games, np.bool_),
            np.zeros((games, players), np.int32),
            np.zeros(games, np.int64),
            np.zeros(games, np.float32),
        )

    def arrays(self) -> tuple[npt.NDArray[Any], ...]:
        return tuple(getattr(self, field.name) for field in fields(self))


class MozaikaVectorEnv(VectorEnv):
    """``num_envs`` games of one kind, each step one action a game for its seat to move.

    Observations: ``{"observation": (N, D) float32, "action_mask": (N, A) int8}``.  The
    reward of a step is the final reward (``reward="margin"``: the lead over the best other
    seat; ``"win"``: +1, 0 shared, -1) of the seat that moved when its move ended the game,
    plus its score change with ``shaped=True``.  ``info`` holds, per game, the ``seat``
    that moved, every seat's ``rewards`` (a game's last move rewards every seat), the
    ``scores`` after the step (the final ones for a game that ended) and the ``game_seed``
    of the game now played (the seed that replays it: ``mozaika.new_game(..., seed=...)``
    or the AEC environment's ``reset(seed=...)``).  The arrays are the environment's own,
    written again by the next step, unless ``copy=True``.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game_id: str = "azul",
        num_envs: int = 256,
        *,
        players: int = 2,
        reward: str = "margin",
        shaped: bool = False,
        copy: bool = False,
        **options: Any,
    ) -> None:
        spec = game_spec(game_id)
        if players not in spec.players:
            raise ValueError(f"{game_id} is played by 2, 3 or 4 players, not {players}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if not 1 <= num_envs <= 1 << 20:
            raise ValueError(f"num_envs must be 1 to {1 << 20}, not {num_envs}")
        self.game_id = game_id
        self.options = spec.resolve_options(options)
        self.players = players
        self.num_envs = num_envs
        self.copy = copy
        size, actions = observation_size(game_id), action_count(game_id, self.options)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-1.0, high=10.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions))
        self._batch = batch = Batch.of(num_envs, players, size, actions)
        self._truncated = np.zeros(num_envs, np.bool_)
        start = new_game(game_id, players=players, seed=0, auto_chance=False, **self.options)
        self.engine = start.engine
        """Where the games are stepped: ``native`` (in one call) or ``python`` (one after another)."""
        self._actions = actions
        games: _NativeGames | _PythonGames
        if start.engine == "native":
            native = engines.native_core()
            assert native is not None, "a native state comes from the built core"
            start = cast(NativeState, start)
            core = start.native_core()
            tables = learning_of(game_id).native_actions(core.tables)
            vector = native.VectorCore(core, num_envs, reward == "win", shaped, batch.arrays(), tables, size, actions)
            games = _NativeGames(vector, start, batch.seeds)
        else:
            games = _PythonGames(self, batch, reward, shaped)
        self._games = games
        self._started = False

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Start every game anew: game i plays the seeds of a stream that ``seed`` decides (random if None)."""
        if isinstance(seed, list):
            raise ValueError("one seed for all the games: each game's stream of seeds is drawn from it")
        base = secrets.randbits(64) if seed is None else int(seed) & _MASK64
        self._games.reset(base)
        self._started = True
        return self._answer(), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, npt.NDArray[Any]],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"one action a game: an array of shape ({self.num_envs},), not {chosen.shape}")
        if chosen.dtype != _INT64:
            if chosen.dtype.kind not in "iu":
                raise ValueError(f"actions are whole numbers (an integer dtype), not {chosen.dtype}")
            chosen = chosen.astype(_INT64)
        self._games.step(np.ascontiguousarray(chosen))
        batch = self._batch
        if self.copy:
            return self._answer(), batch.mover_rewards.copy(), batch.terminated.copy(), self._truncated, self._info()
        return self._answer(), batch.mover_rewards, batch.terminated, self._truncated, self._info()

    def _answer(self) -> dict[str, npt.NDArray[Any]]:
        batch = self._batch
        if self.copy:
            return {"observation": batch.observations.copy(), "action_mask": batch.masks.copy()}
        return {"observation": batch.observations, "action_mask": batch.masks}

    def _info(self) -> dict[str, Any]:
        batch = self._batch
        info: dict[str, npt.NDArray[Any]] = {
            "seat": batch.seats,
            "rewards": batch.rewards,
            "scores": batch.scores,
            "game_seed": batch.seeds,
        }
        return {key: value.copy() for key, value in info.items()} if self.copy else info

    def position(self, index: int) -> State:
        """Game ``index``'s position (a copy) as a state of the game."""
        return self._games.position(index)

    def close_extras(self, **kwargs: Any) -> None:
        pass


class _NativeGames:
    """The games stepped in the core (mozaika._native.VectorCore)."""

    def __init__(self, core: Any, start: NativeState, seeds: npt.NDArray[np.int64]) -> None:
        self._core = core
        self._start = start
        self._seeds = seeds

    def reset(self, base: int) -> None:
        self._core.reset(base)

    def step(self, actions: npt.NDArray[np.int64]) -> None:
        self._core.step(actions)

    def position(self, index: int) -> State:
        state = self._start.on_core(self._core.position(index))
        state.seed = int(self._seeds[index])
        state.auto_chance = True
        return state


class _PythonGames:
    """The same games on the Python engines, stepped one after another (where the core is not built)."""

    def __init__(self, env: MozaikaVectorEnv, batch: Batch, reward: str, shaped: bool) -> None:
        self._env = env
        self._batch = batch
        self._reward = reward
        self._shaped = shaped
        self._actions = env._actions
        self._streams = [0] * env.num_envs
        self._states: list[State] = []
        self._observers: list[Observer] = []
        self._legal: list[LegalActions] = []

    def reset(self, base: int) -> None:
        env = self._env
        state = base
        for index in range(env.num_envs):
            state, self._streams[index] = splitmix(state)
        batch = self._batch
        for array in (batch.rewards, batch.seats, batch.terminated, batch.scores, batch.mover_rewards):
            array[...] = 0
        self._states = [None] * env.num_envs  # type: ignore[list-item]
        self._observers = [None] * env.num_envs  # type: ignore[list-item]
        self._legal = [None] * env.num_envs  # type: ignore[list-item]
        for index in range(env.num_envs):
            self._start(index)

    def _start(self, index: int) -> None:
        env = self._env
        self._streams[index], number = splitmix(self._streams[index])
        seed = number >> 1
        self._batch.seeds[index] = seed
        state = new_game(env.game_id, players=env.players, seed=seed, **env.options)
        self._states[index] = state
        self._observers[index] = Observer(state)
        self._observe(index)

    def _observe(self, index: int) -> None:
        state = self._states[index]
        legal = self._legal[index] = LegalActions(state, self._actions)
        seat = state.to_move[0]
        self._batch.observations[index] = self._observers[index].vector(seat)
        self._batch.masks[index] = legal.mask()

    def step(self, actions: npt.NDArray[np.int64]) -> None:
        for index, action in enumerate(actions.tolist()):
            if action not in self._legal[index]:
                raise ValueError(
                    f"game {index}: action {action} is not legal there ({len(self._legal[index])} legal; "
                    "use the action mask)"
                )
        batch = self._batch
        for index, action in enumerate(actions.tolist()):
            state = self._states[index]
            seat = state.to_move[0]
            before = state.scores
            move = self._legal[index].move(action)
            state.play(move)
            self._observers[index].after_move(seat, move)
            batch.seats[index] = seat
            after = state.scores
            batch.scores[index] = after
            for who in range(state.players):
                batch.rewards[index, who] = after[who] - before[who] if self._shaped else 0.0
            batch.terminated[index] = state.is_over
            if state.is_over:
                for who in range(state.players):
                    batch.rewards[index, who] += final_reward(state, who, self._reward)
            batch.mover_rewards[index] = batch.rewards[index, seat]
            if state.is_over:
                self._start(index)
            else:
                self._observe(index)

    def position(self, index: int) -> State:
        return self._states[index].copy()
