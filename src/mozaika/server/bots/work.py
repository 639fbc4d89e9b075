"""What the server's bot workers run: a bot's move or hint for a seat, from a position in JSON.

The workers are separate processes (see :mod:`mozaika.server.bots.player`).  This module
imports the bots and the games only, not the web framework or the database, so a
worker starts quickly and stays small.
"""

from __future__ import annotations

import os
import select
import threading
import time
from typing import Any

from mozaika.bots import make_bot
from mozaika.bots.base import Budget
from mozaika.bots.review import review_decision
from mozaika.catalogue import from_json
from mozaika.core.protocol import State


def exit_with_server(server: int) -> None:
    """In a worker process: exit when the server is gone, even if it was killed without a word.

    The worker watches the server itself, not its own parent: a worker started by a fork server
    is that server's child, and the fork server lives on while its workers do.
    """

    def watch() -> None:
        try:
            gone = os.pidfd_open(server)  # readable once the server has exited (Linux 5.3 and later)
        except (AttributeError, OSError):
            while alive(server):
                time.sleep(1.0)
        else:
            select.select([gone], [], [])
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def alive(pid: int) -> bool:
    """Whether a process is there (a signal 0 reaches it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def ready() -> bool:
    """Nothing: the server runs it once in each worker to start the workers before the first game."""
    return True


def position_for(position: str, seat: int) -> State:
    """The position as ``seat`` decides in it: a bot decides for the first seat to move.

    Several seats move at once only where their decisions are independent (the grey
    wall's columns, rule A-10), so the seats before ``seat`` settle theirs in this copy
    first; that changes nothing about the choices ``seat`` has.
    """
    state = from_json(position)
    while state.to_move and state.to_move[0] != seat:
        if seat not in state.to_move:
            raise ValueError(f"seat {seat + 1} has no decision to make in this position")
        state.play(state.legal_moves(state.to_move[0])[0])
    return state


def choose_move(position: str, seat: int, level: str, seed: int) -> str:
    """In a worker process: the move the level's bot makes for ``seat`` in this position."""
    return str(make_bot(level, seed=seed).choose(position_for(position, seat)))


def analyse_position(position: str, seat: int, bot: str, seconds: float, top: int) -> list[dict[str, Any]]:
    """In a worker process: the bot's best moves for ``seat`` in this position, best first."""
    ranked = make_bot(bot, seconds=seconds).analyse(position_for(position, seat))[:top]
    return [
        {
            "move": str(found.move),
            "value": round(found.value, 4),
            "visits": found.visits,
            "expected": None if found.points is None else [round(points, 1) for points in found.points],
        }
        for found in ranked
    ]


def review_move(
    position: str, played: str, seat: int, iterations: int | None, seconds: float | None, seed: int, bot: str
) -> dict[str, Any]:
    """In a worker process: a level's review of one decision (:func:`mozaika.bots.review.review_decision`)."""
    state = from_json(position)
    budget = Budget(iterations=iterations, seconds=seconds)
    return review_decision(state, played, seat, budget, seed, bot).to_dict()
