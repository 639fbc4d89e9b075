"""The seats the learner does not play: Mozaika bots by name, policies, or saved agents."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mozaika.bots import Bot, BotError, make_bot
from mozaika.core.protocol import Move, State
from mozaika.rl.actions import LegalActions, as_index
from mozaika.rl.agents import ModelPolicy, Policy, load_agent
from mozaika.rl.encoding import encode

Opponent = str | os.PathLike[str] | Policy | Any
"""A bot or level name (``greedy``, ``expert@2000`` …), a saved agent's path (``.npz`` or ``.zip``), a
callable ``policy(observation, mask) -> action``, or a model with ``predict(observation, action_masks=...)``."""


def opponent_policy(opponent: Opponent) -> str | Callable[[Any, Any], int]:
    """What plays a seat: a bot name (a bot is made afresh for each game) or a policy."""
    if isinstance(opponent, str):
        try:
            make_bot(opponent)
        except BotError:
            if Path(opponent).suffix in (".npz", ".zip"):
                return load_agent(opponent)
            raise ValueError(
                f"{opponent!r} is neither a bot nor a saved agent (.npz or .zip); name a bot or a level"
            ) from None
        return opponent
    if isinstance(opponent, os.PathLike):
        return load_agent(opponent)
    if callable(opponent):
        return opponent
    if callable(getattr(opponent, "predict", None)):
        return ModelPolicy(opponent)
    raise ValueError(f"an opponent is a bot's name, a saved agent's path or a policy, not {opponent!r}")


class Seat:
    """One opponent's seat: chooses its moves in a game."""

    def __init__(self, seat: int, player: str | Callable[[Any, Any], int], actions: int) -> None:
        self.seat = seat
        self.player = player
        self.actions = actions
        self.bot: Bot | None = None

    def new_game(self, seed: int) -> None:
        if isinstance(self.player, str):
            self.bot = make_bot(self.player, seed=seed + self.seat)

    def choose(self, state: State) -> Move:
        if self.bot is not None:
            return self.bot.choose(state)
        policy = self.player
        assert callable(policy), "a seat without a bot has a policy"
        legal = LegalActions(state, self.actions)
        action = policy(encode(state, self.seat), legal.mask())
        index = as_index(action)
        if index not in legal:
            raise ValueError(f"the opponent in seat {self.seat} chose action {action!r}, which is not legal there")
        return legal.move(index)
