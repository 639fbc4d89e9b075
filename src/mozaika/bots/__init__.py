"""Bots for every game of the family, by name or by player-facing level.

>>> import mozaika
>>> from mozaika.bots import make_bot
>>> bot = make_bot("greedy", seed=1)
>>> state = mozaika.new_game("azul", players=2, seed=7)
>>> state.play(bot.choose(state))

Bots: ``random``, ``greedy`` and ``mcts`` (see :mod:`mozaika.bots.mcts`).
Levels: ``beginner``, ``easy``, ``medium``, ``hard``, ``expert``, ``master`` (:data:`LEVELS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mozaika.bots.base import Bot, BotError, Budget, MoveValue
from mozaika.bots.mcts import MctsBot
from mozaika.bots.network import ValueNetwork
from mozaika.bots.simple import GreedyBot, RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}


@dataclass(frozen=True)
class Level:
    """A player-facing strength: a bot, its budget and settings.

    A setting of None is the game's own (its :class:`~mozaika.core.strategy.SearchTuning`): the
    level names no game; each game says how it is best searched.
    """

    bot: str
    budget: Budget
    settings: tuple[tuple[str, Any], ...] = ()
    description: str = ""


EXPERT_BUDGET = Budget(iterations=10_000, seconds=3.0)
EXPERT_SEARCH: tuple[tuple[str, Any], ...] = (
    ("candidates", 32),
    ("widening", None),
    ("foresight", None),
    ("margin", None),
)
"""The expert's search, which the master shares (the game's own widening, foresight and margin)."""

LEVELS: dict[str, Level] = {
    "beginner": Level("greedy", Budget(), (("noise", 0.5),), "greedy, but half its moves are random"),
    "easy": Level("greedy", Budget(), (), "always the best-looking move now"),
    "medium": Level("mcts", Budget(iterations=150), (), "search, 150 iterations a move"),
    "hard": Level(
        "mcts",
        Budget(iterations=600),
        (("widening", None), ("level", "hard")),
        "search, 600 iterations a move; in Summer Pavilion, 400 iterations, deeper: trying the likeliest moves first",
    ),
    "expert": Level(
        "mcts",
        EXPERT_BUDGET,
        EXPERT_SEARCH,
        "search over the 32 best-looking moves, 10,000 iterations (at most 3 s) a move;"
        " in Summer Pavilion, deeper: trying the likeliest moves first;"
        " in Azul and Master Chocolatier, valuing what the wall's shape will score;"
        " in Azul, valuing bigger gains more nearly in proportion to their points",
    ),
    "master": Level(
        "mcts",
        EXPERT_BUDGET,
        (*EXPERT_SEARCH, ("network", "shipped")),
        "the expert's search, each simulation judged by a value network trained by self-play"
        " (docs/training.md); in a game without a trained network, the expert",
    ),
}


def bot_names() -> list[str]:
    """Every name :func:`make_bot` accepts: the bots, then the levels."""
    return [*BOTS, *LEVELS]


def split_budget(name: str) -> tuple[str, Budget | None]:
    """A bot's name and the budget it carries: ``expert@20000`` (iterations) or ``expert@0.5s`` (seconds).

    A plain name carries none.  Raises :class:`BotError` for a budget that is not one.
    """
    base, marker, budget = name.partition("@")
    if not marker:
        return name, None
    text = budget.strip().lower()
    try:
        if text.endswith("s"):
            return base, Budget(seconds=float(text[:-1]))
        return base, Budget(iterations=int(text))
    except ValueError:
        raise BotError(
            f"{name!r}: after the @ comes a budget, iterations (expert@20000) or seconds (expert@0.5s)"
        ) from None


def make_bot(
    name: str,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int | None = None,
    network: ValueNetwork | str | Path | None = None,
) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``) or level (``beginner`` … ``master``).

    ``seconds`` and ``iterations`` override the budget (for a level, both replace
    its own, in every game); a budget in the name (``expert@20000``, ``expert@0.5s``,
    see :func:`split_budget`) overrides them.  With an iteration budget and a seed, a
    bot is deterministic.  ``network``: a value network (or its file) that judges a
    searching bot's simulations instead of the game's valuation (the ``master`` level's
    own is the one Mozaika ships for the game).
    """
    name, carried = split_budget(name)
    override = carried or (
        Budget(seconds=seconds, iterations=iterations) if seconds is not None or iterations is not None else None
    )
    if isinstance(network, str | Path):
        network = ValueNetwork.load(network)
    if name in LEVELS:
        level = LEVELS[name]
        settings = dict(level.settings)
        if override:
            settings.pop("level", None)  # a budget asked for replaces the one a game gives the level
        if network is not None:
            _check_searches(name, level.bot)
            settings["network"] = network
        return BOTS[level.bot](budget=override or level.budget, seed=seed, **settings)
    if name in BOTS:
        if network is not None:
            _check_searches(name, name)
            return MctsBot(budget=override, seed=seed, network=network)
        return BOTS[name](budget=override, seed=seed)
    raise BotError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}")


def _check_searches(name: str, bot: str) -> None:
    if BOTS[bot] is not MctsBot:
        raise BotError(f"{name!r} does not search, so no value network can judge for it")


__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "BotError",
    "Budget",
    "GreedyBot",
    "Level",
    "MctsBot",
    "MoveValue",
    "RandomBot",
    "ValueNetwork",
    "bot_names",
    "make_bot",
    "split_budget",
]
