"""A Gymnasium vector environment: many games stepped in one call, for self-play (docs/rl.md).

Each game's observation and action mask are the AEC environment's (:mod:`mozaika.rl.aec`)
for the same position, from the seat to move's point of view; each step takes one action
a game, for its seat to move.  Finished games start anew with the next seed of their
stream: in the same step (Gymnasium's same-step autoreset, the default: the terminal
observation is ``info["final_obs"]``), or in the next (``autoreset_mode="next_step"``).
Where the native core is built the games are stepped in it, all in one call; elsewhere
(and with next-step autoreset) on single-game states, one after another, with the same
numbers.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from mozaika.catalogue.registry import from_json, game_spec, new_game
from mozaika.core import engine as engines
from mozaika.core.native_state import NativeState
from mozaika.core.protocol import State
from mozaika.rl.actions import action_count
from mozaika.rl.encoding import learning_of, observation_size
from mozaika.rl.rewards import REWARDS
from mozaika.rl.vector_finals import INFO_KEYS, FinalEntries
from mozaika.rl.vector_games import Batch, Finals, PythonGames, Settings, Streams, streams_of

_MASK64 = (1 << 64) - 1
_INT64 = np.dtype(np.int64)
AUTORESET_MODES = {"same_step": AutoresetMode.SAME_STEP, "next_step": AutoresetMode.NEXT_STEP}


class MozaikaVectorEnv(VectorEnv):
    """``num_envs`` games of one kind, each step one action a game for its seat to move.

    Observations: ``{"observation": (N, D) float32, "action_mask": (N, A) int8}``.  The
    reward of a step is the final reward (``reward="margin"``: the lead over the best other
    seat; ``"win"``: +1, 0 shared, -1) of the seat that moved when its move ended the game,
    plus its score change with ``shaped=True``.  ``info`` holds, per game, the ``seat``
    that moved, every seat's ``rewards`` (a game's last move rewards every seat), the
    ``scores`` after the step and the ``game_seed`` of the game now played (the seed that
    replays it: ``mozaika.new_game(..., seed=...)`` or the AEC environment's
    ``reset(seed=...)``), each with its ``_key`` mask.  With same-step autoreset a game that
    ends starts anew at once: ``info["final_obs"]`` holds its terminal observation and
    ``info["final_info"]`` its last step's info (the finished game's seed), masked by
    ``_final_obs`` and ``_final_info`` (``final_observations=False``: ``final_info`` alone,
    without the cost of the terminal observations).  With ``autoreset_mode="next_step"`` a
    game that ends shows its terminal observation, and the next step ignores its action and
    starts it anew (``seat`` -1, no reward).  ``reset(seed=...)`` takes a number or a list
    of ``num_envs``.  The arrays returned are fresh ones; with ``copy=False`` they are the
    environment's own, written again by the next step: the finished games' entries too
    (``final_info``'s arrays, the masks as ``terminated`` itself, one kept ``final_obs``
    over one buffer of terminal observations and a shared read-only empty mask).  The environment pickles (every
    game's position as JSON) and goes on, one game after another until its next reset.
    """

    def __init__(
        self,
        game_id: str = "azul",
        num_envs: int = 256,
        *,
        players: int = 2,
        reward: str = "margin",
        shaped: bool = False,
        copy: bool = True,
        autoreset_mode: str | AutoresetMode = "same_step",
        final_observations: bool = True,
        **options: Any,
    ) -> None:
        spec = game_spec(game_id)
        if players not in spec.players:
            raise ValueError(f"{game_id} is played by 2, 3 or 4 players, not {players}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if not 1 <= num_envs <= 1 << 20:
            raise ValueError(f"num_envs must be 1 to {1 << 20}, not {num_envs}")
        mode = _autoreset_mode(autoreset_mode)
        self.metadata = {"autoreset_mode": mode}
        self._init = {"game_id": game_id, "num_envs": num_envs, "players": players, "reward": reward}
        self._init.update(shaped=shaped, copy=copy, autoreset_mode=mode, final_observations=final_observations)
        self._init.update(options)
        self.final_observations = final_observations
        self.game_id = game_id
        self.options = spec.resolve_options(options)
        self.players = players
        self.num_envs = num_envs
        self._shape = (num_envs,)
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
        self._finals = Finals.of(num_envs, players)
        self._final_entries = FinalEntries(batch, self._finals, final_observations, copy)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._present = np.ones(num_envs, np.bool_)
        values = (batch.seats, batch.rewards, batch.scores, batch.seeds)
        self._own_info: dict[str, Any] = {}
        """The step's info as the environment's own arrays (``copy=False``): copied as a dict, not built."""
        for key, value in zip(INFO_KEYS, values, strict=True):
            self._own_info[key] = value
            self._own_info[f"_{key}"] = self._present
        self._settings = Settings(game_id, players, self.options, actions, reward, shaped)
        start = new_game(game_id, players=players, seed=0, auto_chance=False, **self.options)
        self._native: NativeGames | None = None
        if start.engine == "native" and mode == AutoresetMode.SAME_STEP:
            native = engines.native_core()
            assert native is not None, "a native state comes from the built core"
            start = cast(NativeState, start)
            core = start.native_core()
            tables = learning_of(game_id).native_actions(core.tables)
            vector = native.VectorCore(
                core, num_envs, reward == "win", shaped, batch.arrays(), tables, size, actions, self._finals.arrays()
            )
            self._native = NativeGames(vector, start, batch)
        self._games: NativeGames | PythonGames = self._native or self._python()
        self._quick: Callable[[Any], Sequence[int] | None] | None = None
        """The core's own step where it steps the games (it takes an int64 array of one action a game as it is)."""
        self._started = False

    @property
    def engine(self) -> str:
        """Where the games are stepped: ``native`` (in one call) or ``python`` (one after another)."""
        return self._games.engine

    def _python(self) -> PythonGames:
        next_step = self.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        return PythonGames(self._settings, self._batch, self._finals, next_step, self.final_observations)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Start every game anew: game i plays the seeds of a stream that ``seed`` decides (random if None).

        ``seed`` may be one number, which decides every game's stream, or a list of
        ``num_envs`` (as Gymnasium's vector environments take them; None for a random one):
        game i's stream then follows from ``seed[i]`` alone, so the same seed replays the
        same games in whichever place of the list and beside whichever others.
        """
        base: int | list[int]
        if isinstance(seed, list | tuple):
            if len(seed) != self.num_envs:
                raise ValueError(f"one seed a game: a list of {self.num_envs}, not {len(seed)}")
            base = streams_of(list(seed), lambda: secrets.randbits(64))
        else:
            base = secrets.randbits(64) if seed is None else int(seed) & _MASK64
        self._games = self._native or self._games  # an unpickled environment goes back to the core
        self._quick = None if self._native is None else self._native.quick_step
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
        quick = self._quick  # the core steps numpy's own choice (an argmax, a draw) as it is
        finished = None if quick is None else quick(actions)
        if finished is None:  # anything else is checked and converted first
            finished = self._games.step(self._actions(actions))
        batch = self._batch
        if self.copy:
            info = {key: value.copy() for key, value in self._own_info.items()}
            if finished:
                self._final_entries.add(info, finished, self._games)
            answer: dict[str, npt.NDArray[Any]] = {
                "observation": batch.observations.copy(),
                "action_mask": batch.masks.copy(),
            }
            return answer, batch.mover_rewards.copy(), batch.terminated.copy(), self._truncated.copy(), info
        info = dict(self._own_info)
        if finished:
            self._final_entries.add(info, finished, self._games)
        own: dict[str, npt.NDArray[Any]] = {"observation": batch.observations, "action_mask": batch.masks}
        return own, batch.mover_rewards, batch.terminated, self._truncated, info

    def _actions(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The actions as the games take them (int64, one a game, contiguous), or a clear error."""
        chosen = np.asarray(actions)
        if chosen.shape != self._shape:
            raise ValueError(f"one action a game: an array of shape ({self.num_envs},), not {chosen.shape}")
        if chosen.dtype != _INT64:
            if chosen.dtype.kind not in "iu":
                raise ValueError(f"actions are whole numbers (an integer dtype), not {chosen.dtype}")
            chosen = chosen.astype(_INT64)
        return np.ascontiguousarray(chosen)

    def _answer(self) -> dict[str, npt.NDArray[Any]]:
        batch = self._batch
        if self.copy:
            return {"observation": batch.observations.copy(), "action_mask": batch.masks.copy()}
        return {"observation": batch.observations, "action_mask": batch.masks}

    def _info(self) -> dict[str, Any]:
        if not self.copy:
            return dict(self._own_info)
        return {key: value.copy() for key, value in self._own_info.items()}

    def position(self, index: int) -> State:
        """Game ``index``'s position (a copy) as a state of the game."""
        return self._games.position(index)

    def close_extras(self, **kwargs: Any) -> None:
        pass

    def __getstate__(self) -> dict[str, Any]:
        """The settings and, once reset, every game's position as JSON, its seed stream and the arrays."""
        kept: dict[str, Any] = {"init": self._init, "started": self._started}
        if self._started:
            kept["positions"] = [self._games.position(index).to_json() for index in range(self.num_envs)]
            kept["streams"] = list(self._games.streams.states)
            games = self._games
            kept["pending"] = games.pending.copy() if isinstance(games, PythonGames) else None
            kept["arrays"] = tuple(array.copy() for array in self._batch.arrays())
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        init = dict(kept["init"])
        self.__init__(init.pop("game_id"), init.pop("num_envs"), **init)  # type: ignore[misc]
        if not kept["started"]:
            return
        # The core cannot take a position back: the games go on one after another until the next reset().
        games = self._python()
        self._batch.load(kept["arrays"])
        pending = kept["pending"] if kept["pending"] is not None else np.zeros(self.num_envs, np.bool_)
        games.restore([from_json(text) for text in kept["positions"]], kept["streams"], pending)
        self._games = games
        self._started = True


def _autoreset_mode(mode: str | AutoresetMode) -> AutoresetMode:
    if isinstance(mode, AutoresetMode) and mode in AUTORESET_MODES.values():
        return mode
    if isinstance(mode, str) and mode in AUTORESET_MODES:
        return AUTORESET_MODES[mode]
    raise ValueError(f"autoreset_mode must be one of {', '.join(AUTORESET_MODES)}, not {mode!r}")


class NativeGames:
    """The games stepped in the core (mozaika._native.VectorCore), all in one call."""

    engine = "native"

    def __init__(self, core: Any, start: NativeState, batch: Batch) -> None:
        self._core = core
        self._start = start
        self._batch = batch

    @property
    def streams(self) -> Streams:
        """The core's seed streams (what an unpickled environment goes on with)."""
        streams = Streams(0)
        streams.states = self._core.streams()
        return streams

    def reset(self, base: int | list[int]) -> None:
        self._core.reset(base)

    def step(self, actions: npt.NDArray[np.int64]) -> Sequence[int]:
        """The games that ended (their info is in the environment's Finals), in order: a tuple."""
        ended: Sequence[int] = self._core.step(actions)
        return ended

    @property
    def quick_step(self) -> Callable[[Any], Sequence[int] | None]:
        """The core's step: the games that ended, or None (nothing played) where the actions are not a
        C-contiguous int64 array of one a game, to be converted first."""
        step: Callable[[Any], Sequence[int] | None] = self._core.step_as_is
        return step

    def encode_finals(self, out: npt.NDArray[np.float32]) -> None:
        """The terminal observations of the games the last step ended, in order, written into ``out``.

        The core keeps the positions the games ended in as they start the next: seen by the seats that moved.
        """
        self._core.encode_finals(out)

    def _state(self, core: Any, seed: int) -> State:
        state = self._start.on_core(core)
        state.seed = seed
        state.auto_chance = True
        return state

    def position(self, index: int) -> State:
        return self._state(self._core.position(index), int(self._batch.seeds[index]))
