"""Quick pairing's answers and events (docs/server.md, "Quick pairing")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mozaika.server.answers.common import Absent, Answer, Number, Options, absent


class PairingWish(Answer):
    """A request as the server keeps it: the options resolved, the clock in its canonical name."""

    game: str
    players: int
    options: Options
    clock: str = Field(description="``none``, a preset (``fast``, ``normal``, ``slow``, ``12h``…) or ``M+S``.")
    rated: bool


class PairingState(Answer):
    """Where the caller's request stands: ``waiting``, ``paired`` (at ``table``, in ``seat``) or ``none``."""

    status: Literal["waiting", "paired", "none"]
    request: PairingWish | Absent = absent("The request (waiting or paired).")
    waited: Number | Absent = absent("Seconds the request has waited (waiting).")
    others: int | Absent = absent("How many others wait for the same game (waiting).")
    table: str | Absent = absent("The table made for the request (paired): open /tables/{table}.")
    seat: int | Absent = absent("The caller's seat at that table (paired).")


class PairingQueue(Answer):
    """How many wait for one game, player count, options, clock and rated or not."""

    game: str
    players: int
    options: Options
    clock: str
    rated: bool
    waiting: int


class PairingQueues(Answer):
    """Every queue where someone waits, the fullest first."""

    queues: list[PairingQueue]


class PairedEvent(Answer):
    """On the lobby connection of a player whose request was paired: the table to open."""

    type: Literal["paired"]
    table: str
    seat: int
    game: str
    players: int


class PairingEvent(Answer):
    """On every lobby connection when the counts of who waits for what change."""

    type: Literal["pairing"]
    queues: list[PairingQueue]
