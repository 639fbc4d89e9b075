"""What the table services hand each other: a table as stored (the one shape every service
reads and changes), the requests that make and fill tables, and what a change produced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

OPEN, RUNNING, FINISHED, CANCELLED, ABORTED = "open", "running", "finished", "cancelled", "aborted"
STATUSES = (OPEN, RUNNING, FINISHED, CANCELLED, ABORTED)
SEAT_OPEN, SEAT_INVITED, SEAT_PLAYER, SEAT_BOT = "open", "invited", "player", "bot"


@dataclass
class TableSeat:
    """One seat: open, invited (waiting for its invite link), a player's, or a bot's."""

    index: int
    kind: str = SEAT_OPEN
    player_id: int | None = None
    bot_level: str | None = None
    token_hash: str | None = None
    """The hash of the seat's secret (given to whoever claims it)."""
    invite_hash: str | None = None
    """The hash of the invite link's token, while the seat is invited."""
    replaced: bool = False
    """A bot took over from a player who abandoned the game (or ran out of time)."""
    timed_out: bool = False
    """The bot took over because the player's time ran out (they may take the seat back)."""
    player_name: str | None = None
    """The seated player's display name, read with the seat."""
    account: str | None = None
    """The seated player's username; None for a guest."""
    page_key: str | None = None
    """A seated guest's page key (their page is at ``~`` and it); None for an account."""
    away: bool = False
    """Another player handed the seat to the bot while its player was away (they may take it back)."""


@dataclass
class Table:
    """A table as stored: its game, its seats, and how far its game has gone.

    Services read it from :class:`~mozaika.server.tables.repository.TableRepository`,
    change it, and hand it back to be written, all in one transaction.
    """

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    """Decides the draws; secret until the game is over (it is part of the record)."""
    status: str
    owner_id: int
    owner_name: str
    rated: bool
    undo_allowed: bool
    seq: int
    """How many log entries the table has: the sequence number clients quote."""
    to_move: list[int]
    result: dict[str, Any] | None
    clock: dict[str, Any] | None
    """The time control and each seat's clock (``Clocks.to_dict``); None when untimed."""
    clock_due: float | None
    """When the clocks next need a look (a timeout or a reminder), in seconds since the epoch."""
    created_at: datetime
    updated_at: datetime
    seats: list[TableSeat] = field(default_factory=list)
    invite_only: bool = False
    """Created with invited seats and no open one: kept out of every public list."""
    autostart: bool = False
    """The game starts by itself when the last seat fills."""
    rematch: str | None = None
    """The table set up to play this one again, once someone asked for it."""
    person_moved_at: float | None = None
    """When a person (not a bot, not a stand-in) last moved here or started the game (seconds since the epoch)."""
    idle_ended: bool = False
    """No person moved for ``Settings.idle_table_seconds``: the stand-ins play the game to its end."""
    spectators_open: bool = False
    """An invite-only table its creator opened to spectators: anyone may watch it."""
    abort_offer: int | None = None
    """The seat whose player proposed to abort the game (a friendly 2-player game's first round)."""


class PrivateEvent(dict[str, Any]):
    """An event about a table not everyone may watch (an invite-only one): the lobby's channel does not
    carry it; the table's own people (``audience``, player ids) get it on their own channels."""

    def __init__(self, event: dict[str, Any], audience: Sequence[int]) -> None:
        super().__init__(event)
        self.audience = tuple(sorted(set(audience)))


@dataclass(frozen=True)
class SeatRequest:
    """How a new table's seat is filled: ``me`` (the creator), ``open``, ``invite`` or ``bot`` (with a level)."""

    kind: str
    level: str | None = None


@dataclass(frozen=True)
class TableRequest:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: Sequence[SeatRequest] | None = None
    rated: bool = False
    undo: bool | None = None
    autostart: bool = False
    """Start the game by itself when the last seat fills."""
    clock: str | None = None
    """``none``, a preset (``fast``, ``normal``, ``slow``, ``12h``, ``24h``, ``72h``) or ``M+S``; by default
    untimed, or ``normal`` when rated."""


@dataclass(frozen=True)
class BotTurn:
    """A bot seat that must move now, with what its worker needs."""

    table_id: str
    seat: int
    level: str
    seq: int
    position: str
    seed: int
    paced: bool = False
    """A stand-in (a bot that took over a person's seat) while another person plays on: it moves at a
    person's pace (``Settings.stand_in_pace_seconds``), so that nobody is rushed and its person can
    come back; bots seated from the start move at once."""


@dataclass
class Outcome:
    """What a committed change produced: the data for the caller, the events for every watcher,
    and what the after-commit publisher must set going."""

    data: dict[str, Any]
    events: list[dict[str, Any]]
    bot_turns: list[BotTurn] = field(default_factory=list)
    """The bot seats that must move next, with their positions: the publisher wakes the table's bots."""
    clock_due: float | None = None
    """When the table's clocks next need a look, if the change set it: the publisher tells the clock watch."""


@dataclass(frozen=True)
class HintRequest:
    """A position to analyse for the seat on turn (with a fresh seed: the table's would tell the next draws)."""

    table_id: str
    seat: int
    seq: int
    position: str
    game: str
    options: dict[str, Any]
    """The game and its options, for the fields of the moves found (the position holds them too, as JSON)."""
