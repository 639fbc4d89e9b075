"""Tables the server arranges for players it already knows: a pairing's or a tournament round's.

Nobody creates such a table by hand and nobody waits at it for a start: it is made with every
seat taken by its player, in the order given, and its game begins in the same transaction.
The caller (quick pairing, a tournament's round) runs :meth:`Arrangements.arrange` inside its
own transaction, so that what it decided (requests matched, a round paired) and the table it
made commit together or not at all; after the commit it hands :meth:`Arranged.outcome` to the
publisher and calls :meth:`Arranged.remember`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.errors import BadRequestError
from mozaika.server.players.credentials import new_seed, new_table_id, new_token, token_hash
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.seating import Seating, checked_game
from mozaika.server.tables.shapes import OPEN, SEAT_PLAYER, BotTurn, Outcome, Table, TableSeat
from mozaika.server.tables.steps import bot_turns


@dataclass(frozen=True)
class Arrangement:
    """A table to arrange: the game, its options and clock, and the players in seat order."""

    game: str
    player_ids: Sequence[int]
    """The players, one a seat, in turn order; the first is the table's owner."""
    options: dict[str, Any] = field(default_factory=dict)
    clock: str | None = None
    """As ``TableRequest.clock``: ``none``, a preset or ``M+S``; untimed, or ``normal`` when rated, by default."""
    rated: bool = False


@dataclass
class Arranged:
    """A table arranged and begun in the caller's transaction: what to do once it commits."""

    table: Table
    events: list[dict[str, Any]]
    bot_turns: list[BotTurn]
    state: State
    store: TableRepository

    def outcome(self, data: dict[str, Any] | None = None) -> Outcome:
        """The change for the publisher: the table's events, its bots to wake and its clocks' next look."""
        return Outcome(data or {}, list(self.events), list(self.bot_turns), self.table.clock_due)

    def remember(self) -> None:
        """Keep the first position in the position cache (after the commit, as every begun game does)."""
        self.store.positions.remember(self.table.id, self.table.seq, self.state)


class Arrangements:
    """Makes and begins tables whose players the server chose."""

    def __init__(self, store: TableRepository, seating: Seating) -> None:
        self.store = store
        self.seating = seating

    def arrange(self, session: Session, arrangement: Arrangement) -> Arranged:
        """The table, every seat taken, its game begun; inside the caller's transaction ``session``.

        Each seat gets a fresh secret token (only its hash is kept): its player acts through their
        session, as at any table, and never needs it.  Undo is off: these are games between people
        who did not choose each other, played as at a tournament (rulings.md, R-24).
        """
        players = list(arrangement.player_ids)
        if len(set(players)) != len(players):
            raise BadRequestError("a player can take only one seat at a table")
        spec, options = checked_game(arrangement.game, len(players), arrangement.options)
        created = utc_now()
        table = Table(
            id=new_table_id(), game=spec.id, players=len(players), options=options, seed=new_seed(),
            status=OPEN, owner_id=players[0], owner_name="?", rated=arrangement.rated,
            undo_allowed=False, seq=0, to_move=[], result=None,
            clock=clocks.new_clocks(arrangement.clock, rated=arrangement.rated, players=len(players)),
            clock_due=None, created_at=created, updated_at=created,
        )  # fmt: skip
        for index, player in enumerate(players):
            table.seats.append(TableSeat(index, SEAT_PLAYER, player, token_hash=token_hash(new_token())))
        self.store.insert(session, table)
        self.store.name_seats(session, table)
        table.owner_name = table.seats[0].player_name or "?"
        events, state = self.seating.begin_game(session, table)
        return Arranged(table, events, bot_turns(table, state), state, self.store)
