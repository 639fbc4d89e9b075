"""Policies that play a seat: a callable ``policy(observation, mask) -> action``, a saved network, or a bot.

A :class:`NetworkPolicy` is a small multilayer perceptron held as numpy arrays: it plays
without a deep-learning library, pickles, and saves to a compressed ``.npz`` file of a few
hundred kilobytes.  :meth:`NetworkPolicy.from_maskable_ppo` takes the policy network out of a
trained ``sb3_contrib.MaskablePPO`` (or ``stable_baselines3.PPO``) model; :func:`load_agent`
opens either kind of saved agent.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

BASELINE = Path(__file__).parent / "baselines" / "azul-2p-ppo-selfplay.npz"
"""A trained neural baseline for 2-player Azul (docs/rl.md has its training and its win rates)."""

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]
"""``policy(observation, mask) -> action``: the seat's observation vector and its action mask."""

ACTIVATIONS: dict[str, Callable[[npt.NDArray[np.float32]], npt.NDArray[np.float32]]] = {
    "tanh": np.tanh,
    "relu": lambda values: np.maximum(values, 0.0),
}


class NetworkPolicy:
    """A multilayer perceptron from the observation vector to one logit an action; plays the best legal one.

    ``layers`` are ``(weights, bias)`` pairs, weights of shape ``(inputs, outputs)``; the
    hidden layers use ``activation``, the last gives the logits.  ``game`` and ``options``
    say which game's observations and actions it was trained on.
    """

    def __init__(
        self,
        layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
        *,
        activation: str = "tanh",
        game: str = "azul",
        options: dict[str, Any] | None = None,
    ) -> None:
        if activation not in ACTIVATIONS:
            raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}, not {activation!r}")
        if not layers:
            raise ValueError("a network needs at least one layer")
        self.layers = [
            (np.asarray(weights, np.float32), np.asarray(bias, np.float32).reshape(-1)) for weights, bias in layers
        ]
        for (weights, bias), following in zip(self.layers, [*self.layers[1:], None], strict=True):
            if weights.ndim != 2 or bias.shape != (weights.shape[1],):
                raise ValueError(f"a layer's weights are (inputs, outputs) and its bias (outputs,): {weights.shape}")
            if following is not None and following[0].shape[0] != weights.shape[1]:
                raise ValueError("each layer's outputs are the next layer's inputs")
        self.activation = activation
        self.game = game
        self.options = dict(options or {})

    @property
    def observation_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def action_count(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def logits(self, observations: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """The logits of one observation ``(D,)`` or of a batch ``(N, D)``."""
        values = np.asarray(observations, np.float32)
        activate = ACTIVATIONS[self.activation]
        for depth, (weights, bias) in enumerate(self.layers):
            values = values @ weights + bias
            if depth < len(self.layers) - 1:
                values = activate(values)
        return values

    def act(self, observations: npt.ArrayLike, masks: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The most likely legal action of each row of a batch."""
        logits = self.logits(observations)
        legal = np.asarray(masks).astype(bool)
        if not legal.any(axis=-1).all():
            raise ValueError("every mask needs at least one legal action")
        return np.asarray(np.where(legal, logits, -np.inf).argmax(axis=-1), np.int64)

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        return int(self.act(observation, mask))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save to a compressed ``.npz`` file (numpy arrays and the settings; nothing executable)."""
        arrays: dict[str, Any] = {}
        for depth, (weights, bias) in enumerate(self.layers):
            arrays[f"weights_{depth}"] = weights
            arrays[f"bias_{depth}"] = bias
        arrays["activation"] = np.array(self.activation)
        arrays["game"] = np.array(self.game)
        arrays["options"] = np.array(sorted((key, str(value)) for key, value in self.options.items()))
        with open(path, "wb") as file:
            np.savez_compressed(file, **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> NetworkPolicy:
        """Open a network saved by :meth:`save`."""
        with np.load(path, allow_pickle=False) as saved:
            depth = sum(1 for name in saved.files if name.startswith("weights_"))
            layers = [(saved[f"weights_{index}"], saved[f"bias_{index}"]) for index in range(depth)]
            options = {str(key): _option(str(value)) for key, value in saved["options"].reshape(-1, 2)}
            return cls(layers, activation=str(saved["activation"]), game=str(saved["game"]), options=options)

    @classmethod
    def from_maskable_ppo(
        cls, model: Any, *, game: str = "azul", options: dict[str, Any] | None = None
    ) -> NetworkPolicy:
        """The policy network of a Stable-Baselines3 ``MlpPolicy`` (``MaskablePPO`` or ``PPO``) over the vector.

        The model must have been trained on the observation vector alone (a ``Box``, not the
        dictionary with the mask) with separate policy and value networks, as
        ``examples/train_azul_maskable_ppo.py`` does.
        """
        policy = model.policy
        names = {"tanh": "Tanh", "relu": "ReLU"}
        activation = next(
            (key for key, name in names.items() if policy.activation_fn.__name__ == name),
            None,
        )
        if activation is None:
            raise ValueError(f"only tanh and ReLU networks are supported, not {policy.activation_fn.__name__}")
        linear = [module for module in policy.mlp_extractor.policy_net if hasattr(module, "weight")]
        linear.append(policy.action_net)
        layers = [(module.weight.detach().cpu().numpy().T, module.bias.detach().cpu().numpy()) for module in linear]
        return cls(layers, activation=activation, game=game, options=options)


def _option(text: str) -> Any:
    """An option saved as text back as what it was (the games' options are names or true/false)."""
    return {"True": True, "False": False}.get(text, text)


def load_agent(path: str | os.PathLike[str]) -> Policy:
    """A saved agent as a policy: a :class:`NetworkPolicy` ``.npz``, or a ``MaskablePPO`` ``.zip`` (sb3-contrib)."""
    where = Path(path)
    if not where.is_file():
        raise ValueError(f"no saved agent at {where}")
    if where.suffix == ".npz":
        return NetworkPolicy.load(where)
    if where.suffix == ".zip":
        try:
            from sb3_contrib import MaskablePPO
        except ImportError as error:
            raise ValueError(f"{where} is a MaskablePPO agent: install sb3-contrib to load it") from error
        return ModelPolicy(MaskablePPO.load(where, device="cpu"))
    raise ValueError(f"{where}: a saved agent is a NetworkPolicy .npz or a MaskablePPO .zip")


class ModelPolicy:
    """A Stable-Baselines3 model (anything with ``predict(observation, action_masks=...)``) as a policy."""

    def __init__(self, model: Any) -> None:
        self.model = model

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        seen: Any = observation
        if hasattr(self.model.observation_space, "spaces"):  # trained on the dictionary, mask included
            seen = {"observation": observation, "action_mask": mask}
        action, _ = self.model.predict(seen, action_masks=mask.astype(bool), deterministic=True)
        return int(action)
