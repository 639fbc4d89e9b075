"""A table's history: its log entries and steps, a finished game's record and replay, and its chat."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from mozaika.server.answers.common import (
    Absent,
    Answer,
    ClockView,
    Moment,
    MoveFields,
    Number,
    Options,
    Position,
    Status,
    TimeControl,
    absent,
)
from mozaika.server.answers.results import GameResult


class LogEntry(Answer):
    """One entry of a table's log."""

    seq: int = Field(description="The entry's number, from 1.")
    kind: Literal["move", "chance", "undo"] = Field(
        description="A move, a chance outcome drawn by the server, or an undo (which cancels the move it names)."
    )
    seat: int | None = Field(description="The seat that moved or undid; null for a chance outcome.")
    text: str = Field(description="The move or chance outcome in the game's notation (for an undo: the move undone).")
    stand_in: bool = Field(
        default=False,
        description="A move the stand-in played (the bot that took over when its player left or ran out of time).",
    )


class StepEvent(Answer):
    """Entries added to a table's log and where the table stands now: the ``step`` event, and the answer of
    ``GET /api/tables/{id}/log``.

    A table that has started also has ``round``, ``to_move``, ``scores``, ``position`` and
    ``legal_moves``; a finished one has its ``result``.
    """

    type: Literal["step"]
    table: str = Field(description="The table's id.")
    seq: int = Field(description="The table's sequence number after these entries.")
    status: Status
    entries: list[LogEntry]
    clock: ClockView | None = Field(description="The clocks; null for an untimed table.")
    online: list[bool] = Field(
        description="By seat: its player has a live connection to the table or the lobby (docs/server.md, Presence)."
    )
    round: int | Absent = absent("The round being played (tables that have started).")
    to_move: list[int] | Absent = absent("The seats that must move now (tables that have started).")
    scores: list[int] | Absent = absent("The scores by seat (tables that have started).")
    position: Position | Absent = absent("The position (tables that have started).")
    legal_moves: dict[str, list[str]] | Absent = absent(
        "Each seat on turn's legal moves, by seat number (tables that have started): public knowledge."
    )
    may_undo: list[int] | Absent = absent(
        "The seats whose player may take back their last move now (tables that have started; docs/server.md, Undo)."
    )
    move_fields: MoveFields
    result: GameResult | Absent = absent("The result: only when the game is over.")


class GameRecord(Answer):
    """A finished game's record (docs/records.md), replayable with ``mozaika replay``."""

    format: Literal["mozaika-record"]
    version: Literal[1]
    game: str
    options: Options
    players: list[str] = Field(description="The players' names, by seat.")
    seed: int = Field(description="The seed of the game's draws (published once the game is over).")
    steps: list[str] = Field(description="Every decision and chance outcome, in notation, in order.")
    result: dict[str, Any] | Absent = absent('The final "scores" by seat and the "winners".')
    times: list[Number | None] | Absent = absent(
        "The seconds each step took, one per step (null for chance outcomes and untimed steps)."
    )
    clock: TimeControl | Absent = absent("The time control the game was played with; absent for an untimed game.")


class ReplayStep(Answer):
    """A finished game's position after one step of its record."""

    step: int = Field(description="How many of the record's steps have been played (0: none).")
    steps: int = Field(description="The record's number of steps.")
    text: str | None = Field(description="The step played last, in notation; null at step 0.")
    stand_in: bool = Field(
        description="Whether the step played last was a stand-in's move (the bot that took over when its player "
        "left or ran out of time); false at step 0."
    )
    move_fields: MoveFields
    round: int
    to_move: list[int]
    scores: list[int]
    position: Position


class ChatMessage(Answer):
    """A line said at a table."""

    id: int
    player: int = Field(description="Who said it (their id: a client hides the lines of players it muted).")
    profile: str = Field(description="Where the page of whoever said it is (`/api/players/{profile}`, to mute them).")
    name: str = Field(description="The name of whoever said it.")
    text: str = Field(description="Plain text: clients escape it.")
    at: Moment
