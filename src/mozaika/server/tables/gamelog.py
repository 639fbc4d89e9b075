"""Positions from move logs: a table's game is the replay of its log, kept warm in memory.

A log holds moves, chance outcomes (drawn by the server with the table's secret
seed, and written down so that a replay needs no seed), and undos (each cancels the
move before it).  :class:`PositionCache` remembers the latest position of recently
used tables and brings it up to date from the entries it has not seen yet, so a
move costs one short read however long the game.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from threading import Lock
from typing import Any

from mozaika.catalogue.registry import move_fields, new_game
from mozaika.core.protocol import State

MOVE, CHANCE, UNDO = "move", "chance", "undo"
SECRET_FIELDS = ("seed", "chance_index", "auto_chance")
"""Position fields a player must not see while the game runs: the seed decides the next draws."""


@dataclass(frozen=True)
class Entry:
    """One log entry, as the engine needs it."""

    seq: int
    kind: str
    seat: int | None
    text: str
    stand_in: bool = False
    """A move the stand-in bot played for a person who left the seat or ran out of time."""

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "seat": self.seat, "text": self.text, "stand_in": self.stand_in}


@dataclass(frozen=True)
class Game:
    """What a table's game is made from: its id, options, seat count and seed."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int

    def start(self) -> State:
        # Chance is never automatic on the server: every outcome is drawn, logged, then applied.
        return new_game(self.game, players=self.players, seed=self.seed, auto_chance=False, **self.options)


def effective_steps(entries: Iterable[Entry]) -> list[Entry]:
    """The moves and chance outcomes that stand, once every undo has cancelled its move."""
    steps: list[Entry] = []
    for entry in entries:
        if entry.kind == UNDO:
            steps.pop()
        else:
            steps.append(entry)
    return steps


def apply_entry(state: State, entry: Entry) -> None:
    if entry.kind == CHANCE:
        state.apply_chance(entry.text)
    else:
        state.play(entry.text)


def replay(game: Game, entries: Iterable[Entry]) -> State:
    state = game.start()
    for entry in effective_steps(entries):
        apply_entry(state, entry)
    return state


def round_starts(game: Game, entries: Iterable[Entry]) -> list[list[int]]:
    """The scores as each round began, from the first round to the one being played (or the last)."""
    state = game.start()
    starts = [list(state.scores)]
    for entry in effective_steps(entries):
        before = state.round
        apply_entry(state, entry)
        if state.round != before:
            starts.append(list(state.scores))
    return starts


def public_position(state: State) -> dict[str, Any]:
    """The position as every watcher may see it (no seed)."""
    position = state.to_dict()
    for name in SECRET_FIELDS:
        position.pop(name, None)
    return position


def moves_to_take_back(
    newest_first: Iterable[Entry], seat: int, bot_seats: frozenset[int] = frozenset()
) -> list[Entry]:
    """The moves an undo by ``seat`` cancels, newest first, read from the log backwards; none if it may not undo.

    That is its last move, while nothing was drawn since and no other seat acted,
    except the seats in ``bot_seats`` (given where every other seat is a bot's): their
    replies go back with the move.  Each undo entry cancels the step that stands
    before it, so an undo read backwards cancels the next step not already cancelled;
    this reads only back to the answer, where :func:`effective_steps` needs the whole log.
    """
    cancelled = 0
    taken: list[Entry] = []
    for entry in newest_first:
        if entry.kind == UNDO:
            cancelled += 1
        elif cancelled:
            cancelled -= 1
        elif entry.kind != MOVE:
            return []
        elif entry.seat == seat:
            return [*taken, entry]
        elif entry.seat in bot_seats:
            taken.append(entry)
        else:
            return []
    return []


class PositionCache:
    """The latest position of recently used tables, by table id (thread-safe, least recently used out)."""

    def __init__(self, capacity: int = 2048) -> None:
        self._capacity = capacity
        self._positions: OrderedDict[str, tuple[int, State]] = OrderedDict()
        self._lock = Lock()

    def position(self, table_id: str, game: Game, seq: int, entries_after: Callable[[int], list[Entry]]) -> State:
        """The position after ``seq`` log entries, as a copy the caller may change.

        ``entries_after(n)`` reads the log entries numbered above ``n``; it is called
        only for what the cache has not seen.
        """
        with self._lock:
            cached = self._positions.get(table_id)
            if cached is not None:
                self._positions.move_to_end(table_id)
        if cached is not None and cached[0] == seq:
            return cached[1].copy()
        state: State | None = None
        if cached is not None and cached[0] < seq:
            newer = entries_after(cached[0])
            if all(entry.kind != UNDO for entry in newer):
                state = cached[1].copy()
                for entry in newer:
                    apply_entry(state, entry)
        if state is None:
            state = replay(game, entries_after(0))
        self.remember(table_id, seq, state)
        return state.copy()

    def remember(self, table_id: str, seq: int, state: State) -> None:
        """Keep ``state`` as the position after ``seq`` entries; only committed positions belong here.

        The state must not be changed afterwards.  A position older than the table's
        is harmless: the next read brings it up to date from the log.
        """
        with self._lock:
            self._positions[table_id] = (seq, state)
            self._positions.move_to_end(table_id)
            while len(self._positions) > self._capacity:
                self._positions.popitem(last=False)


def fields_of_moves(game: str, options: Mapping[str, Any], texts: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each move text's fields (``Move.fields``, docs/notation.md "Moves as data"), by the text: sent beside
    every answer and event that names moves, so that clients read a move instead of parsing its notation."""
    found: dict[str, dict[str, Any]] = {}
    for text in texts:
        if text not in found:
            fields = move_fields(game, options, text)
            if fields is not None:
                found[text] = fields
    return found


def fields_of_entries(game: str, options: Mapping[str, Any], entries: Iterable[Entry]) -> dict[str, dict[str, Any]]:
    """The fields of the moves a list of log entries names (moves, and the moves undos take back)."""
    return fields_of_moves(game, options, (entry.text for entry in entries if entry.kind != CHANCE))
