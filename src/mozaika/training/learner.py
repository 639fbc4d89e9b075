"""The learner: fits a value network to self-play's positions with PyTorch (the ``train`` extra)."""

from __future__ import annotations

import itertools
import json
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mozaika.bots.network import Layer, ValueNetwork
from mozaika.training.samples import Samples

try:
    import torch
    from torch import nn
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError("training value networks needs PyTorch: pip install 'mozaika[train]'") from missing

POINT_SCALE = 20.0
"""Gains are learned in units of this many points (so the targets are about 1); the exported network answers points."""


class Learner:
    """A value network being trained, its optimiser, and how far it has come."""

    def __init__(
        self,
        game: str,
        players: int,
        inputs: int,
        *,
        hidden: Sequence[int] = (64, 32),
        learning_rate: float = 1e-3,
        weight_decay: float = 1e-5,
        seed: int = 0,
    ) -> None:
        self.game, self.players, self.inputs, self.hidden = game, players, inputs, tuple(hidden)
        generator = torch.Generator().manual_seed(seed)
        torch.manual_seed(seed)
        widths = [inputs, *self.hidden, players]
        layers: list[nn.Module] = []
        for before, after in itertools.pairwise(widths):
            layers += [nn.Linear(before, after), nn.ReLU()]
        self.model = nn.Sequential(*layers[:-1])
        self.optimiser = torch.optim.AdamW(self.model.parameters(), lr=learning_rate, weight_decay=weight_decay)
        self.generator = generator
        self.steps = 0

    def fit(self, samples: Samples, *, epochs: int = 4, batch: int = 512) -> float:
        """Train on ``samples`` for ``epochs`` passes; the mean squared error of the last pass, in points²."""
        observations = torch.from_numpy(samples.observations)
        targets = torch.from_numpy(samples.gains / POINT_SCALE)
        self.model.train()
        last = 0.0
        for _ in range(epochs):
            order = torch.randperm(len(samples), generator=self.generator)
            total = 0.0
            for start in range(0, len(samples), batch):
                chosen = order[start : start + batch]
                loss = nn.functional.mse_loss(self.model(observations[chosen]), targets[chosen])
                self.optimiser.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call]
                self.optimiser.step()
                self.steps += 1
                total += float(loss.detach()) * len(chosen)
            last = total / max(len(samples), 1) * POINT_SCALE**2
        return last

    def error(self, samples: Samples) -> float:
        """The mean squared error on ``samples`` (held-out positions), in points²."""
        self.model.eval()
        with torch.no_grad():
            predicted = self.model(torch.from_numpy(samples.observations))
            loss = nn.functional.mse_loss(predicted, torch.from_numpy(samples.gains / POINT_SCALE))
        return float(loss) * POINT_SCALE**2

    def network(self, metadata: Mapping[str, str] | None = None) -> ValueNetwork:
        """The network as the bots play it: weights by input, the last layer answering points."""
        linears = [module for module in self.model if isinstance(module, nn.Linear)]
        layers = []
        for index, linear in enumerate(linears):
            scale = POINT_SCALE if index == len(linears) - 1 else 1.0
            weight = (linear.weight.detach().numpy().astype(np.float64) * scale).astype(np.float32)
            bias = (linear.bias.detach().numpy().astype(np.float64) * scale).astype(np.float32)
            layers.append(
                Layer(
                    linear.in_features,
                    linear.out_features,
                    array("f", np.ascontiguousarray(weight.T).tobytes()),
                    array("f", bias.tobytes()),
                )
            )
        return ValueNetwork(self.game, self.players, tuple(layers), dict(metadata or {}))

    def save(self, path: Path, extra: Mapping[str, Any] | None = None) -> None:
        """A checkpoint: the model, the optimiser and how far it has come (torch.save), to resume from."""
        torch.save(
            {
                "model": self.model.state_dict(),
                "optimiser": self.optimiser.state_dict(),
                "generator": self.generator.get_state(),
                "steps": self.steps,
                "shape": json.dumps([self.game, self.players, self.inputs, list(self.hidden)]),
                "extra": dict(extra or {}),
            },
            path,
        )

    def restore(self, path: Path) -> dict[str, Any]:
        """Continue from a checkpoint of a learner of the same shape; what was saved with it."""
        saved = torch.load(path, weights_only=False)
        if json.loads(saved["shape"]) != [self.game, self.players, self.inputs, list(self.hidden)]:
            raise ValueError(f"{path} is a checkpoint of another network")
        self.model.load_state_dict(saved["model"])
        self.optimiser.load_state_dict(saved["optimiser"])
        self.generator.set_state(saved["generator"])
        self.steps = int(saved["steps"])
        return dict(saved["extra"])
