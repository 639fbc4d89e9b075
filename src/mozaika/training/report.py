"""A run's journal (a line per generation) and its plot of strength against the expert."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Generation:
    """What one generation of a run did and how strong it left the network."""

    number: int
    seconds: float
    games: int
    positions: int
    trained_on: int
    loss: float
    """The learner's mean squared error on its last pass, in points²."""
    held_out_error: float
    """The same on the newest games' positions it never trained on."""
    duels: int
    master_share: float
    """The master's share of the wins against the expert (0.5: equal)."""
    interval: tuple[float, float]
    """Its 95% Wilson interval."""
    mean_margin: float

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "interval": list(self.interval)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Generation:
        return cls(**{**data, "interval": tuple(data["interval"])})


def read_journal(path: Path) -> list[Generation]:
    if not path.exists():
        return []
    return [Generation.from_json(json.loads(line)) for line in path.read_text().splitlines() if line.strip()]


def plot_strength(history: list[Generation], path: Path, title: str, players: int) -> None:
    """The master's share against the expert after each generation, with its interval, over the hours trained.

    With more than two players the master plays experts in every other seat: as strong as
    they are, it wins one game in ``players``.
    """
    import matplotlib

    matplotlib.use("Agg")  # no display needed: the plot goes to a file
    from matplotlib import pyplot

    hours, shares, lows, highs = [], [], [], []
    elapsed = 0.0
    for generation in history:
        elapsed += generation.seconds / 3600
        hours.append(elapsed)
        shares.append(100 * generation.master_share)
        lows.append(100 * generation.interval[0])
        highs.append(100 * generation.interval[1])
    figure, axes = pyplot.subplots(figsize=(7, 4), dpi=120)
    axes.fill_between(hours, lows, highs, alpha=0.25, label="95% interval")
    axes.plot(hours, shares, marker="o", label="master's share of the wins")
    axes.axhline(100 / players, color="grey", linestyle="--", linewidth=1, label="as strong as the expert")
    for hour, share, generation in zip(hours, shares, history, strict=True):
        axes.annotate(str(generation.number), (hour, share), textcoords="offset points", xytext=(0, 7), ha="center")
    axes.set_xlabel("hours of training")
    axes.set_ylabel("% of the wins against the expert")
    axes.set_ylim(0, 100)
    axes.set_title(f"Master against expert, equal iterations: {title}")
    axes.legend(loc="best")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
