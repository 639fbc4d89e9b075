"""The vector environment's same-step autoreset entries (mozaika.rl.vector): each finished game's terminal
observation (``info["final_obs"]``) and last info (``info["final_info"]``), fresh arrays each step or, with
``copy=False``, the environment's own, written again by the next step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from mozaika.rl.vector_games import Batch, Finals

INFO_KEYS = ("seat", "rewards", "scores", "game_seed")


class FinishedGames(Protocol):
    def encode_finals(self, out: npt.NDArray[np.float32]) -> None:
        """Write the terminal observations of the games the last step ended, in order, into ``out``'s first rows."""


class FinalEntries:
    """Adds a step's ``final_info`` and ``final_obs`` (and their masks) to its info.

    The step wrote the finished games' info into ``finals`` (zero for the others), and the
    games keep their terminal positions: the games that go on cost nothing.  With ``copy``
    every entry is a fresh array; without, ``final_info`` holds the finals' arrays
    themselves, the masks are the batch's ``terminated``, and ``final_obs`` is one object
    array, kept, whose entries from the last step are set back to None: each finished game's
    is a dict of a row of one kept buffer of terminal observations and one read-only empty
    mask, all shared.
    """

    def __init__(self, batch: Batch, finals: Finals, final_observations: bool, copy: bool) -> None:
        self._batch = batch
        self._final_observations = final_observations
        self._copy = copy
        self._values: tuple[npt.NDArray[Any], ...] = (finals.seats, finals.rewards, finals.scores, finals.seeds)
        games, size = batch.observations.shape
        self._empty_mask = np.zeros(batch.masks.shape[1], np.int8)
        self._empty_mask.flags.writeable = False
        self._own_info: dict[str, Any] = {}
        if copy:
            return
        for key, value in zip(INFO_KEYS, self._values, strict=True):
            self._own_info[key] = value
            self._own_info[f"_{key}"] = batch.terminated
        self._final_obs = np.full(games, None, dtype=object)
        self._shown: Sequence[int] = ()
        """The games whose entries of ``_final_obs`` the last step set (set back to None by the next)."""
        self._rows = np.zeros((0, size), np.float32)
        self._entries: list[dict[str, npt.NDArray[Any]]] = []
        """One dict a row of ``_rows``, made once: the terminal observation and the empty mask."""

    def add(self, info: dict[str, Any], finished: Sequence[int], games: FinishedGames) -> None:
        """Add the entries of the ``finished`` games (in order; at least one) to the step's ``info``."""
        if self._copy:
            self._add_fresh(info, finished, games)
            return
        ended = self._batch.terminated
        info["final_info"] = self._own_info
        info["_final_info"] = ended
        if not self._final_observations:
            return
        count = len(finished)
        if count > len(self._entries):
            self._grow(count)
        games.encode_finals(self._rows)  # its first rows
        final_obs, entries = self._final_obs, self._entries
        for game in self._shown:
            final_obs[game] = None
        for at, game in enumerate(finished):
            final_obs[game] = entries[at]
        self._shown = finished
        info["final_obs"] = final_obs
        info["_final_obs"] = ended

    def _grow(self, count: int) -> None:
        """Room for ``count`` terminal observations (kept; the entries read the new rows)."""
        size = max(count, 2 * len(self._entries), 8)
        self._rows = np.zeros((min(size, len(self._final_obs)), self._rows.shape[1]), np.float32)
        self._entries = [{"observation": row, "action_mask": self._empty_mask} for row in self._rows]

    def _add_fresh(self, info: dict[str, Any], finished: Sequence[int], games: FinishedGames) -> None:
        ended = self._batch.terminated.copy()
        final_info: dict[str, Any] = {key: value.copy() for key, value in zip(INFO_KEYS, self._values, strict=True)}
        final_info.update((f"_{key}", ended) for key in INFO_KEYS)
        info["final_info"] = final_info
        info["_final_info"] = ended
        if not self._final_observations:
            return
        observations = np.empty((len(finished), self._batch.observations.shape[1]), np.float32)
        games.encode_finals(observations)
        final_obs = np.empty(len(ended), dtype=object)  # None for the games that go on
        empty_masks = np.zeros((len(finished), len(self._empty_mask)), np.int8)
        for game, observation, mask in zip(finished, observations, empty_masks, strict=True):
            final_obs[game] = {"observation": observation, "action_mask": mask}
        info["final_obs"] = final_obs
        info["_final_obs"] = ended
