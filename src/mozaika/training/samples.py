"""Training positions: what a seat saw and what each seat went on to gain, as arrays."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True)
class Samples:
    """Positions as observations (one row each) and, for each, the points each seat still gained.

    A row of ``gains`` starts with the observing seat and goes on round the table, as a
    value network answers (:mod:`mozaika.bots.network`).
    """

    observations: npt.NDArray[np.float32]
    gains: npt.NDArray[np.float32]

    def __post_init__(self) -> None:
        if len(self.observations) != len(self.gains):
            raise ValueError("every observation needs its gains")

    def __len__(self) -> int:
        return len(self.observations)

    @classmethod
    def empty(cls, inputs: int, players: int) -> Samples:
        return cls(np.zeros((0, inputs), np.float32), np.zeros((0, players), np.float32))

    @classmethod
    def join(cls, parts: list[Samples]) -> Samples:
        return cls(
            np.concatenate([part.observations for part in parts]), np.concatenate([part.gains for part in parts])
        )

    def newest(self, count: int) -> Samples:
        """The last ``count`` positions (a replay window keeps the newest games' positions)."""
        return Samples(self.observations[-count:], self.gains[-count:]) if len(self) > count else self

    def save(self, path: Path) -> None:
        with path.open("wb") as file:
            np.savez_compressed(file, observations=self.observations, gains=self.gains)

    @classmethod
    def load(cls, path: Path) -> Samples:
        with np.load(path) as data:
            return cls(data["observations"].astype(np.float32), data["gains"].astype(np.float32))
