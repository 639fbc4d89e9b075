"""The steps every change to a running game shares, as plain functions: chance resolved, the
log and clocks advanced, the bots that must move next, and who may take a move back."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy.orm import Session

from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import State
from mozaika.server import clocks
from mozaika.server.storage.models import utc_now
from mozaika.server.tables.endings import finish
from mozaika.server.tables.gamelog import CHANCE, Entry, moves_to_take_back
from mozaika.server.tables.repository import TableRepository
from mozaika.server.tables.shapes import RUNNING, SEAT_BOT, SEAT_PLAYER, BotTurn, Table


def resolve_chance(state: State, seq: int) -> list[Entry]:
    """Draw every chance event the position waits for; their log entries, numbered after ``seq``."""
    entries = []
    while state.is_chance:
        outcome = state.sample_chance()
        state.apply_chance(outcome)
        seq += 1
        entries.append(Entry(seq, CHANCE, None, str(outcome)))
    return entries


def advance(
    session: Session,
    table: Table,
    entries: list[Entry],
    state: State,
    now: float,
    *,
    undo: tuple[int, bool] | None = None,
) -> None:
    """Write entries to the log and advance the table (and ``table``) and its clocks to ``state``, in
    the caller's transaction; a game that is over is finished. ``undo`` is the seat whose undo the
    entries are, and whether its undone move had ended its turn (then its clock reopens that turn)."""
    table.seq = entries[-1].seq
    table.to_move = list(state.to_move)
    undo_by, reopens_turn = undo if undo is not None else (None, False)
    timing = clocks.advanced(
        table.clock,
        state.to_move,
        table.seats,
        now,
        over=state.is_over,
        undo_by=undo_by,
        reopens_turn=reopens_turn,
    )
    table.clock, table.clock_due = timing.clock, timing.due
    TableRepository.advance(session, table, entries, utc_now())
    if state.is_over:
        finish(session, table, state)
        TableRepository.save(session, table)


def bot_turns(table: Table, state: State) -> list[BotTurn]:
    """What each bot seat that must move now needs (its worker gets the position, not the table)."""
    if table.status != RUNNING:
        return []
    bots = {seat.index: seat for seat in table.seats if seat.kind == SEAT_BOT}
    movers = [seat for seat in state.to_move if seat in bots]
    if not movers:
        return []
    text = reseeded(state)
    return [
        BotTurn(
            table.id, seat, bots[seat].bot_level or "medium", table.seq, text, random.getrandbits(32),
            paced=stands_in_for_people(table, seat),
        )
        for seat in movers
    ]  # fmt: skip


def stands_in_for_people(table: Table, seat: int) -> bool:
    """Whether the seat's bot is a stand-in (it took over a person's seat, who left it or ran out of
    time) while another seat's person still plays: then it moves at a person's pace."""
    return table.seats[seat].replaced and any(
        other.kind == SEAT_PLAYER and not other.timed_out for other in table.seats if other.index != seat
    )


def bots_to_move(table: Table) -> bool:
    return table.status == RUNNING and any(
        seat.kind == SEAT_BOT and seat.index in table.to_move for seat in table.seats
    )


def reseeded(state: State) -> str:
    """The position for a bot or a hint, with a fresh seed: the table's would tell the next draws."""
    position = state.copy()
    position.reseed(random.getrandbits(62))
    return position.to_json()


def why_illegal(state: State, move: Any, seat: int) -> str:
    trial = state.copy()
    try:
        trial.play(move)
    except MozaikaError as error:
        return str(error)
    return f"{move} is another seat's move, not seat {seat + 1}'s"


def bot_replies(table: Table, seat: int) -> frozenset[int]:
    """The seats whose moves an undo by ``seat`` takes back with its own: all the others, where all are bots."""
    others = [other for other in table.seats if other.index != seat]
    if all(other.kind == SEAT_BOT for other in others):
        return frozenset(other.index for other in others)
    return frozenset()


def undo_rights(table: Table, newest_first: Iterable[Entry]) -> list[int]:
    """The seats whose player may take back their last move now (``docs/server.md``, Undo): read
    from the log backwards, only as far as the answer needs."""
    if table.status != RUNNING or not table.undo_allowed:
        return []
    log = _Remembered(newest_first)
    return [
        seat.index
        for seat in table.seats
        if seat.kind == SEAT_PLAYER and moves_to_take_back(log, seat.index, bot_replies(table, seat.index))
    ]


class _Remembered:
    """An iterable that reads its source once, as far as any reader has gone, for every reader."""

    def __init__(self, source: Iterable[Entry]) -> None:
        self._source = iter(source)
        self._read: list[Entry] = []

    def __iter__(self) -> Iterator[Entry]:
        index = 0
        while True:
            if index == len(self._read):
                entry = next(self._source, None)
                if entry is None:
                    return
                self._read.append(entry)
            yield self._read[index]
            index += 1
