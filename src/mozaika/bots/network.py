"""Value networks: what a position is worth to each seat, learned by self-play (docs/training.md).

A network reads a position as the game's learners see it (its observation from one seat,
:mod:`mozaika.core.learning`) and answers, for that seat and each seat after it, the points it
will still gain until the game ends.  The search of the ``master`` level judges its simulations
by these answers where the ``expert`` judges them by a hand-written valuation.

A network is dense layers with ReLU between them, kept in a `safetensors
<https://huggingface.co/docs/safetensors>`_ file: tensors ``layers.K.weight`` (outputs x inputs,
float32, as PyTorch's ``Linear`` keeps them) and ``layers.K.bias``, and metadata naming the
format (``mozaika-value-1``), the game and its number of players.  The file is read and the
network evaluated here in pure Python, no numpy needed, and in the native core inside the
search: both add the same products in the same order, in double precision, so both give the
same numbers to the last bit.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import struct
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from importlib import resources
from pathlib import Path

from mozaika.bots.base import BotError
from mozaika.catalogue import spec_of
from mozaika.core.protocol import State
from mozaika.core.strategy import SearchTuning

FORMAT = "mozaika-value-1"
MOST_LAYERS = 4
MOST_WIDTH = 256
"""The native core's limits on a network's shape."""
TUNED = ("own_weight", "margin")
"""The search's settings a network file may set for itself (metadata ``search.<name>``)."""


@dataclass(frozen=True, eq=False)
class Layer:
    """A dense layer: ``weights[i]`` is input i's row of outputs (the transpose of the file's tensor)."""

    inputs: int
    outputs: int
    weights: array[float]  # float32, inputs x outputs, by input
    bias: array[float]  # float32, outputs

    def rows(self) -> list[list[float]]:
        width = self.outputs
        return [self.weights[row * width : (row + 1) * width].tolist() for row in range(self.inputs)]


@dataclass(frozen=True, eq=False)
class ValueNetwork:
    """A trained value network for one game and number of players."""

    game: str
    players: int
    layers: tuple[Layer, ...]
    metadata: Mapping[str, str] = field(default_factory=dict)
    """What the file says besides the shape: how it was trained (free text by key)."""

    def __post_init__(self) -> None:
        if not 1 <= len(self.layers) <= MOST_LAYERS:
            raise BotError(f"a value network has 1 to {MOST_LAYERS} layers, not {len(self.layers)}")
        for before, after in zip(self.layers, self.layers[1:], strict=False):
            if before.outputs != after.inputs:
                raise BotError("a value network's layers do not fit together: each takes the last one's outputs")
        if self.layers[-1].outputs != self.players:
            raise BotError(f"a value network for {self.players} players answers {self.players} numbers")
        if any(layer.outputs > MOST_WIDTH for layer in self.layers):
            raise BotError(f"a value network's layers have at most {MOST_WIDTH} outputs")

    @property
    def inputs(self) -> int:
        return self.layers[0].inputs

    def gains(self, observation: Sequence[float]) -> list[float]:
        """The points the observing seat and each seat after it will still gain, from an observation."""
        rows = self._rows
        first = rows[0]
        hidden = [float(bias) for bias in self.layers[0].bias]
        # Sparse on purpose: most of an observation is zeros, and the core skips them too.
        for index, value in enumerate(observation):
            if value != 0.0:
                hidden = [total + value * weight for total, weight in zip(hidden, first[index], strict=True)]
        values = hidden
        for layer, layer_rows in zip(self.layers[1:], rows[1:], strict=True):
            inputs = [value if value > 0.0 else 0.0 for value in values]
            values = [float(bias) for bias in layer.bias]
            for value, row in zip(inputs, layer_rows, strict=True):
                values = [total + value * weight for total, weight in zip(values, row, strict=True)]
        return values

    def points(self, state: State) -> list[float]:
        """Each seat's expected final score: its score now and what the network says it will gain.

        Seen from the first seat to move (seat 0 where none is); a finished game's exact scores.
        """
        if state.is_over:
            return [float(score) for score in state.scores]
        seat = state.to_move[0] if state.to_move else 0
        gains = self.gains(observation_of(state, seat))
        players = self.players
        scores = state.scores
        points = [0.0] * players
        for offset, gain in enumerate(gains):
            other = (seat + offset) % players
            points[other] = float(scores[other]) + gain
        return points

    def tuned(self, tuning: SearchTuning) -> SearchTuning:
        """The game's search tuning with what this network's metadata sets (``search.own_weight``,
        ``search.margin``): the search a network was measured with is part of the agent."""
        settings = [tuning.own_weight, tuning.margin]
        for index, name in enumerate(TUNED):
            text = self.metadata.get(f"search.{name}")
            if text is not None:
                try:
                    settings[index] = float(text)
                except ValueError:
                    raise BotError(f"the network's search.{name} is not a number: {text!r}") from None
        return replace(tuning, own_weight=settings[0], margin=settings[1])

    @cached_property
    def _rows(self) -> tuple[list[list[float]], ...]:
        """Each layer's weights as rows of Python floats, for the Python evaluation (made once a network)."""
        return tuple(layer.rows() for layer in self.layers)

    @cached_property
    def _native(self) -> tuple[int, tuple[tuple[int, bytes, bytes], ...]]:
        return self.inputs, tuple(
            (layer.outputs, layer.weights.tobytes(), layer.bias.tobytes()) for layer in self.layers
        )

    def native_form(self) -> tuple[int, tuple[tuple[int, bytes, bytes], ...]]:
        """What the core's search reads: the inputs, then each layer's outputs, weights and biases."""
        return self._native

    def fits(self, state: State) -> bool:
        """Whether this network judges ``state``'s game: the same game, players and observation."""
        spec = spec_of(state)
        learning = spec.learning
        return (
            spec.id == self.game
            and len(state.scores) == self.players
            and learning is not None
            and learning.observation_size == self.inputs
        )

    # The file ------------------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The network as a safetensors file."""
        tensors: dict[str, tuple[list[int], bytes]] = {}
        for index, layer in enumerate(self.layers):
            transposed = array("f", bytes(4 * layer.inputs * layer.outputs))
            for row in range(layer.inputs):
                for column in range(layer.outputs):
                    transposed[column * layer.inputs + row] = layer.weights[row * layer.outputs + column]
            tensors[f"layers.{index}.weight"] = ([layer.outputs, layer.inputs], _little(transposed))
            tensors[f"layers.{index}.bias"] = ([layer.outputs], _little(layer.bias))
        metadata = {**self.metadata, "format": FORMAT, "game": self.game, "players": str(self.players)}
        return write_safetensors(tensors, metadata)

    def save(self, path: str | Path) -> None:
        Path(path).write_bytes(self.to_bytes())

    @classmethod
    def from_bytes(cls, data: bytes, *, source: str = "the network") -> ValueNetwork:
        """Read a network file; :class:`BotError` saying what is wrong with one that is not."""
        tensors, metadata = read_safetensors(data, source=source)
        if metadata.get("format") != FORMAT:
            raise BotError(f"{source} is not a Mozaika value network (its metadata names no format {FORMAT!r})")
        try:
            players = int(metadata["players"])
            game = metadata["game"]
        except (KeyError, ValueError):
            raise BotError(f"{source} does not say which game and how many players it is for") from None
        layers = []
        for index in range(MOST_LAYERS + 1):
            weight, bias = tensors.pop(f"layers.{index}.weight", None), tensors.pop(f"layers.{index}.bias", None)
            if weight is None and bias is None:
                break
            if weight is None or bias is None or len(weight[0]) != 2 or bias[0] != weight[0][:1]:
                raise BotError(f"{source}: layer {index} needs a weight (outputs x inputs) and a bias (outputs)")
            (outputs, inputs), values = weight
            by_input = array("f", bytes(4 * inputs * outputs))
            for row in range(outputs):
                for column in range(inputs):
                    by_input[column * outputs + row] = values[row * inputs + column]
            layers.append(Layer(inputs, outputs, by_input, bias[1]))
        if tensors:
            raise BotError(f"{source} holds tensors a value network has not: {', '.join(sorted(tensors))}")
        if not layers:
            raise BotError(f"{source} holds no layers")
        return cls(game, players, tuple(layers), metadata)

    @classmethod
    def initial(
        cls, game: str, players: int, inputs: int, hidden: Sequence[int] = (64, 32), seed: int = 0
    ) -> ValueNetwork:
        """An untrained network: weights drawn uniformly within ±1/√inputs, as PyTorch's ``Linear`` draws them."""
        rng = random.Random(seed)
        widths = [inputs, *hidden, players]
        layers = []
        for before, after in itertools.pairwise(widths):
            bound = 1 / math.sqrt(before)
            weights = array("f", [rng.uniform(-bound, bound) for _ in range(before * after)])
            bias = array("f", [rng.uniform(-bound, bound) for _ in range(after)])
            layers.append(Layer(before, after, weights, bias))
        return cls(game, players, tuple(layers), {"trained": "no"})

    @classmethod
    def load(cls, path: str | Path) -> ValueNetwork:
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise BotError(f"cannot read the network {str(path)!r}: {error.strerror or error}") from None
        return cls.from_bytes(data, source=repr(str(path)))


def observation_of(state: State, seat: int) -> array[float]:
    """``state`` as ``seat`` sees it: the game's observation (:mod:`mozaika.core.learning`) as float32."""
    learning = spec_of(state).learning
    if learning is None:
        raise BotError(f"{spec_of(state).id} has no observation for a network to read")
    observation = array("f")
    observation.frombytes(b"".join(learning.follow(state).blocks(seat)))
    return observation


# The networks shipped with Mozaika ------------------------------------------------------------------


def shipped_network_name(game: str, players: int) -> str:
    return f"{game}-{players}p.safetensors"


def shipped_network(game: str, players: int) -> ValueNetwork | None:
    """The network Mozaika ships for a game and number of players, or None where there is none."""
    return _shipped(game, players)


@cache
def _shipped(game: str, players: int) -> ValueNetwork | None:
    resource = resources.files("mozaika.bots") / "networks" / shipped_network_name(game, players)
    if not resource.is_file():
        return None
    return ValueNetwork.from_bytes(resource.read_bytes(), source=f"the shipped network {resource.name}")


# safetensors, read and written without a library (the format: an 8-byte little-endian header
# length, a JSON header of each tensor's dtype, shape and byte offsets plus "__metadata__", the data).


def write_safetensors(tensors: Mapping[str, tuple[list[int], bytes]], metadata: Mapping[str, str]) -> bytes:
    header: dict[str, object] = {"__metadata__": dict(metadata)}
    offset = 0
    for name, (shape, data) in tensors.items():
        header[name] = {"dtype": "F32", "shape": shape, "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the data starts aligned, as the format recommends
    return struct.pack("<Q", len(text)) + text + b"".join(data for _, data in tensors.values())


def read_safetensors(data: bytes, *, source: str) -> tuple[dict[str, tuple[list[int], array[float]]], dict[str, str]]:
    """A safetensors file's float32 tensors (shape, values) and its metadata; BotError for a broken one."""
    broken = BotError(f"{source} is not a safetensors file")
    if len(data) < 8:
        raise broken
    (length,) = struct.unpack_from("<Q", data)
    if length > len(data) - 8:
        raise broken
    try:
        header = json.loads(data[8 : 8 + length])
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise broken from None
    if not isinstance(header, dict):
        raise broken
    metadata = header.pop("__metadata__", {})
    if not isinstance(metadata, dict) or not all(isinstance(value, str) for value in metadata.values()):
        raise broken
    body = memoryview(data)[8 + length :]
    tensors = {}
    for name, entry in header.items():
        try:
            dtype, shape, (start, end) = entry["dtype"], entry["shape"], entry["data_offsets"]
            count = 1
            for size in shape:
                count *= int(size)
        except (KeyError, TypeError, ValueError):
            raise BotError(f"{source}: the tensor {name!r} is described wrongly") from None
        if dtype != "F32":
            raise BotError(f"{source}: the tensor {name!r} is {dtype}; a value network's tensors are F32")
        if not 0 <= start <= end <= len(body) or end - start != 4 * count:
            raise BotError(f"{source}: the tensor {name!r} does not fit in the file")
        values = array("f")
        values.frombytes(body[start:end])
        if struct.pack("=I", 1) != struct.pack("<I", 1):
            values.byteswap()
        tensors[name] = ([int(size) for size in shape], values)
    return tensors, dict(metadata)


def _little(values: array[float]) -> bytes:
    if struct.pack("=I", 1) == struct.pack("<I", 1):
        return values.tobytes()
    swapped = array("f", values)
    swapped.byteswap()
    return swapped.tobytes()
