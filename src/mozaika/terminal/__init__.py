"""The terminal client: ``mozaika play``, people and bots at one keyboard."""

from __future__ import annotations

from mozaika.terminal.session import Seat, Session, seats_from_names

__all__ = ["Seat", "Session", "seats_from_names"]
