"""Measuring a network while it trains: the master level with it against the expert, seats rotated.

Like the arena (:mod:`mozaika.arena`), each deal is played once per rotation of the seats, with
the same seeded chance, so no side profits from a lucky deal.  Both sides search the same
number of iterations, so that a run's curve can be reproduced on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mozaika.bots import make_bot
from mozaika.bots.network import ValueNetwork
from mozaika.catalogue.registry import new_game


@dataclass(frozen=True)
class DuelTask:
    """One game: the master with ``network`` in seat ``rotation``, the expert in every other seat."""

    game: str
    players: int
    deal: int
    rotation: int
    network: bytes
    iterations: int
    options: tuple[tuple[str, Any], ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class DuelResult:
    deal: int
    rotation: int
    share: float
    """The master's share of the win: 1 won, 1/k tied first with k-1 others, 0 lost."""
    margin: int
    """The master's score less the best other seat's."""


def duel_tasks(
    game: str,
    players: int,
    network: bytes,
    deals: int,
    seed: int,
    iterations: int,
    options: tuple[tuple[str, Any], ...] = (),
) -> list[DuelTask]:
    return [
        DuelTask(game, players, seed + deal, rotation, network, iterations, options)
        for deal in range(deals)
        for rotation in range(players)
    ]


def play_duel(task: DuelTask) -> DuelResult:
    network = ValueNetwork.from_bytes(task.network)
    state = new_game(task.game, players=task.players, seed=task.deal, **dict(task.options))
    bots = [
        make_bot(
            "master" if seat == task.rotation else "expert",
            iterations=task.iterations,
            seed=task.deal * 1009 + seat,
            network=network if seat == task.rotation else None,
        )
        for seat in range(task.players)
    ]
    while not state.is_over:
        seat = state.to_move[0]
        state.play(bots[seat].choose(state))
    winners = state.winners
    share = 1 / len(winners) if task.rotation in winners else 0.0
    others = [score for seat, score in enumerate(state.scores) if seat != task.rotation]
    return DuelResult(task.deal, task.rotation, share, state.scores[task.rotation] - max(others))
