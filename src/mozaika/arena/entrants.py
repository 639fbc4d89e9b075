"""Who can play in the arena: a bot or level by name, a trained network's file, or a Python callable.

An entrant is named by a *spec*, the text given to ``mozaika arena --bots``:

- a bot or level, with a budget of its own after ``@`` if wanted: ``expert``, ``expert@0.5s``;
- a value network's file (``*.safetensors``, as ``mozaika train`` writes them): the ``master``
  level with that network, ``runs/azul/net.safetensors@0.5s`` with a budget;
- a Python callable, ``module:name`` (importable where the games are played): a policy
  ``name(state) -> Move`` (or the move's notation), a :class:`~mozaika.bots.base.Bot` subclass,
  or a factory returning a bot, called with the keywords it takes of ``budget`` and ``seed``.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mozaika.bots import Bot, BotError, Budget, MctsBot, ValueNetwork, bot_names, make_bot, split_budget
from mozaika.core.errors import NotationError
from mozaika.core.protocol import Move, State

Policy = Callable[[State], Move | str]
NETWORK_SUFFIX = ".safetensors"
NETWORK_LEVEL = "master"
"""The level a network file plays at: the search it is trained to judge for."""


class CallableBot(Bot):
    """A policy function as a bot: it is given a copy of the position and answers a legal move."""

    def __init__(self, policy: Policy, *, name: str, budget: Budget | None = None, seed: int | None = None) -> None:
        super().__init__(budget=budget, seed=seed)
        self.policy = policy
        self.name = name

    def _choose(self, state: State) -> Move:
        answer = self.policy(state.copy())
        try:
            move = state.parse_move(answer) if isinstance(answer, str) else answer
        except NotationError as error:
            raise BotError(f"{self.name} answered {answer!r}: {error}") from None
        if move not in state.legal_moves(state.to_move[0]):
            raise BotError(f"{self.name} answered {answer!r}, which is not a legal move here")
        return move


def make_entrant(
    spec: str, *, seconds: float | None = None, iterations: int | None = None, seed: int | None = None
) -> Bot:
    """The bot a spec names (see the module's docstring); :class:`BotError` saying what is wrong otherwise.

    ``seconds`` and ``iterations`` are the arena's budget for every bot; a budget in the spec
    replaces it, as in :func:`mozaika.bots.make_bot`.
    """
    text = spec.strip()
    if not text:
        raise BotError("an empty bot: name a bot or level, a network file (NAME.safetensors) or module:function")
    target = text.rpartition("@")[0] if "@" in text else text
    if target.lower().endswith(NETWORK_SUFFIX):
        budget = _budget(text, seconds, iterations) or Budget()
        network = _network(target)
        return make_bot(NETWORK_LEVEL, seconds=budget.seconds, iterations=budget.iterations, seed=seed, network=network)
    if ":" in text:
        return _from_callable(text, _budget(text, seconds, iterations), seed)
    name = split_budget(text)[0]
    if Path(name).is_file():
        raise BotError(f"{name} is a file, but not a network's: a value network's file ends in {NETWORK_SUFFIX}")
    if name not in bot_names():
        raise BotError(
            f"unknown bot {name!r}; the bots are: {', '.join(bot_names())};"
            " or a network file (NAME.safetensors), or a Python callable (module:function)"
        )
    return make_bot(text, seconds=seconds, iterations=iterations, seed=seed)


def check_entrant(spec: str, *, game: str, players: int) -> None:
    """Whether ``spec`` can play ``game`` with ``players`` players: :class:`BotError` saying why not."""
    bot = make_entrant(spec, seed=0)
    network = bot.network if isinstance(bot, MctsBot) else None
    if isinstance(network, ValueNetwork) and (network.game, network.players) != (game, players):
        raise BotError(
            f"{spec}: the network is for {network.game} with {network.players} players, not {game} with {players}"
        )


def _network(path: str) -> ValueNetwork:
    """A network file, read once in each process while it stays unchanged (every game makes its bots anew)."""
    try:
        changed = Path(path).stat().st_mtime_ns
    except OSError as error:
        raise BotError(f"no network file {path!r}: {error.strerror or error}") from None
    return _read_network(str(Path(path).resolve()), changed)


@functools.lru_cache(maxsize=16)
def _read_network(path: str, changed: int) -> ValueNetwork:
    return ValueNetwork.load(path)


def _budget(spec: str, seconds: float | None, iterations: int | None) -> Budget | None:
    """The budget after the spec's last ``@``, else the arena's (None when it set none)."""
    _, marker, tail = spec.rpartition("@")
    if marker:
        try:
            carried = split_budget(f"bot@{tail}")[1]
        except BotError:
            carried = None
        if carried is None:
            raise BotError(f"{spec!r}: after the @ comes a budget, iterations (@20000) or seconds (@0.5s)")
        return carried
    return Budget(seconds=seconds, iterations=iterations) if seconds is not None or iterations is not None else None


def _from_callable(spec: str, budget: Budget | None, seed: int | None) -> Bot:
    target = spec.rpartition("@")[0] if "@" in spec else spec
    found = resolve_callable(target)
    if isinstance(found, type) and issubclass(found, Bot):
        return found(budget=budget, seed=seed)
    if _is_policy(found):
        return CallableBot(found, name=target, budget=budget, seed=seed)
    made = found(**_accepted(found, budget=budget, seed=seed))
    if not isinstance(made, Bot):
        raise BotError(
            f"{target} takes no position, so it is taken for a factory of bots, but it made"
            f" {type(made).__name__!s}, not a mozaika.bots.Bot"
        )
    return made


def resolve_callable(target: str) -> Any:
    """The object ``module:name`` names (``name`` may be dotted: ``module:Class.method``)."""
    module_name, _, attribute = target.partition(":")
    if not module_name or not attribute:
        raise BotError(f"{target!r}: a Python callable is named module:function, e.g. mypackage.agents:policy")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise BotError(f"{target}: cannot import {module_name}: {error}") from None
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise BotError(f"{target}: {module_name} has no {attribute}") from None
    if not callable(found):
        raise BotError(f"{target} is a {type(found).__name__}, not a function, a factory or a bot class")
    return found


def _is_policy(function: Callable[..., Any]) -> bool:
    """Whether a callable takes a position: a required parameter given by position."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        raise BotError(f"{function!r}: cannot tell what it takes (a policy takes a position)") from None
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return any(parameter.kind in positional and parameter.default is parameter.empty for parameter in parameters)


def _accepted(function: Callable[..., Any], **offered: Any) -> dict[str, Any]:
    """The keywords of ``offered`` that ``function`` takes (all of them where it takes ``**kwargs``)."""
    parameters = inspect.signature(function).parameters
    if any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values()):
        return offered
    return {name: value for name, value in offered.items() if name in parameters}
