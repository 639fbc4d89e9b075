"""The terminal client: ``mozaika play``, people and bots at one keyboard, full-screen or line by line."""

from __future__ import annotations

from mozaika.terminal.game import GameTable, RoundEnd, Seat, seats_from_names
from mozaika.terminal.session import Session

__all__ = ["GameTable", "RoundEnd", "Seat", "Session", "seats_from_names"]
