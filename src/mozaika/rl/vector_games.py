"""The vector environment's games (mozaika.rl.vector): its arrays, its seed streams, and the games stepped
on single-game states, one after another (where the core is not built, after unpickling, and for
next-step autoreset)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from mozaika.catalogue.registry import new_game
from mozaika.core.protocol import State
from mozaika.rl.actions import LegalActions
from mozaika.rl.encoding import Observer
from mozaika.rl.rewards import final_reward

_MASK64 = (1 << 64) - 1


def splitmix(state: int) -> tuple[int, int]:
    """The next state and number of a SplitMix64 generator (the games' seed streams, as the core draws them)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    number = state
    number = ((number ^ (number >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    number = ((number ^ (number >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, number ^ (number >> 31)


def streams_of(seeds: list[int | None], draw: Callable[[], int]) -> list[int]:
    """Each game's stream state from its own seed alone (``draw()`` stands in for each None)."""
    return [splitmix((draw() if seed is None else int(seed)) & _MASK64)[1] for seed in seeds]


class Streams:
    """Each game's stream of seeds: game i plays the seeds of stream i, one a game, as the core draws them."""

    def __init__(self, count: int) -> None:
        self.states = [0] * count

    def reset(self, base: int | list[int]) -> None:
        """A base number decides every stream; a list gives each game's stream state itself."""
        if isinstance(base, list):
            self.states = [state & _MASK64 for state in base]
            return
        state = base & _MASK64
        for index in range(len(self.states)):
            state, self.states[index] = splitmix(state)

    def next_seed(self, index: int) -> int:
        self.states[index], number = splitmix(self.states[index])
        return number >> 1


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

    def load(self, arrays: tuple[npt.NDArray[Any], ...]) -> None:
        """Write saved arrays into this batch's own (the core keeps writing into these)."""
        for mine, saved in zip(self.arrays(), arrays, strict=True):
            mine[...] = saved


@dataclass(frozen=True)
class Finals:
    """The info of the games a step ended (Gymnasium's ``final_info``), zero for the others: written in place
    by the step (by the core, in this order), so that no info is built for the games that go on."""

    seats: npt.NDArray[np.int8]
    """The seat that made the last move."""
    rewards: npt.NDArray[np.float32]
    scores: npt.NDArray[np.int32]
    seeds: npt.NDArray[np.int64]
    """The seed of the game that ended."""

    @classmethod
    def of(cls, games: int, players: int) -> Finals:
        return cls(
            np.zeros(games, np.int8),
            np.zeros((games, players), np.float32),
            np.zeros((games, players), np.int32),
            np.zeros(games, np.int64),
        )

    def arrays(self) -> tuple[npt.NDArray[Any], ...]:
        return tuple(getattr(self, field.name) for field in fields(self))

    def clear(self) -> None:
        for array in self.arrays():
            array[...] = 0


class Settings(NamedTuple):
    game_id: str
    players: int
    options: dict[str, Any]
    actions: int
    reward: str
    shaped: bool


class PythonGames:
    """The games on single-game states, stepped one after another.

    With ``next_step`` a game that ends keeps its terminal observation (and an empty mask)
    until the next step, which starts it anew whatever its action (Gymnasium's next-step
    autoreset); otherwise it starts anew in the same step.
    """

    engine = "python"

    def __init__(
        self, settings: Settings, batch: Batch, finals: Finals, next_step: bool, final_observations: bool
    ) -> None:
        self._settings = settings
        self._batch = batch
        self._finals = finals
        self._next_step = next_step
        self._final_observations = final_observations
        self._final_rows: list[npt.NDArray[np.float32]] = []
        """The terminal observations of the games the last step ended, in order (for the seat that moved)."""
        count = len(batch.seeds)
        self.streams = Streams(count)
        self._states: list[State] = []
        self._observers: list[Observer] = []
        self._legal: list[LegalActions] = []
        self.pending = np.zeros(count, np.bool_)
        """The games that ended in the last step and start anew in the next (next-step autoreset)."""

    def reset(self, base: int | list[int]) -> None:
        batch = self._batch
        count = len(batch.seeds)
        self.streams.reset(base)
        for array in (batch.rewards, batch.seats, batch.terminated, batch.scores, batch.mover_rewards):
            array[...] = 0
        self.pending[...] = False
        self._states = [None] * count  # type: ignore[list-item]
        self._observers = [None] * count  # type: ignore[list-item]
        self._legal = [None] * count  # type: ignore[list-item]
        for index in range(count):
            self._start(index)

    def restore(self, states: list[State], streams: list[int], pending: npt.NDArray[np.bool_]) -> None:
        """Go on with these games (unpickled); the batch already holds their arrays."""
        self._states = states
        self.streams.states = list(streams)
        self.pending[...] = pending
        self._observers = [Observer(state) for state in states]
        actions = self._settings.actions
        self._legal = [
            LegalActions.none(state, actions) if state.is_over else LegalActions(state, actions) for state in states
        ]

    def _start(self, index: int) -> None:
        settings = self._settings
        seed = self.streams.next_seed(index)
        self._batch.seeds[index] = seed
        state = new_game(settings.game_id, players=settings.players, seed=seed, **settings.options)
        self._states[index] = state
        self._observers[index] = Observer(state)
        self._observe(index)

    def _observe(self, index: int) -> None:
        state = self._states[index]
        legal = self._legal[index] = LegalActions(state, self._settings.actions)
        self._batch.observations[index] = self._observers[index].vector(state.to_move[0])
        self._batch.masks[index] = legal.mask()

    def step(self, actions: npt.NDArray[np.int64]) -> list[int]:
        """Play each game's action; the games that ended (and started anew), in order."""
        chosen = actions.tolist()
        pending = self.pending.tolist()
        for index, action in enumerate(chosen):
            if not pending[index] and action not in self._legal[index]:
                raise ValueError(
                    f"game {index}: action {action} is not legal there ({len(self._legal[index])} legal; "
                    "use the action mask)"
                )
        finished: list[int] = []
        self._final_rows = []
        self._finals.clear()
        for index, action in enumerate(chosen):
            if pending[index]:
                self._restart(index)
            else:
                self._play(index, action, finished)
        return finished

    def _restart(self, index: int) -> None:
        batch = self._batch
        self.pending[index] = False
        self._start(index)
        batch.seats[index] = -1
        batch.rewards[index] = 0.0
        batch.scores[index] = 0
        batch.terminated[index] = False
        batch.mover_rewards[index] = 0.0

    def encode_finals(self, out: npt.NDArray[np.float32]) -> None:
        """Write the terminal observations of the games the last step ended, in order, into ``out``."""
        for at, row in enumerate(self._final_rows):
            out[at] = row

    def _play(self, index: int, action: int, finished: list[int]) -> None:
        batch, settings = self._batch, self._settings
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
            batch.rewards[index, who] = after[who] - before[who] if settings.shaped else 0.0
        batch.terminated[index] = state.is_over
        if not state.is_over:
            batch.mover_rewards[index] = batch.rewards[index, seat]
            self._observe(index)
            return
        for who in range(state.players):
            batch.rewards[index, who] += final_reward(state, who, settings.reward)
        batch.mover_rewards[index] = batch.rewards[index, seat]
        if self._next_step:
            batch.observations[index] = self._observers[index].vector(seat)
            batch.masks[index] = 0
            self._legal[index] = LegalActions.none(state, settings.actions)
            self.pending[index] = True
            return
        if self._final_observations:
            self._final_rows.append(self._observers[index].vector(seat))
        finished.append(index)
        finals = self._finals
        finals.seats[index] = seat
        finals.rewards[index] = batch.rewards[index]
        finals.scores[index] = batch.scores[index]
        finals.seeds[index] = batch.seeds[index]
        self._start(index)

    def position(self, index: int) -> State:
        return self._states[index].copy()
