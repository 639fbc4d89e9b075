"""What the answers share: the base model, fields that may be absent, numbers, clocks, moves and errors."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema
from pydantic.json_schema import SkipJsonSchema


class Answer(BaseModel):
    """An answer of the server, or a part of one: exactly these fields.

    A field the server sends but a model does not name is an error (the answer fails
    its check), never silently dropped. Fields that only some answers carry are
    declared ``X | Absent`` and left out of the answer when the server leaves them out
    (the routes serialise with ``exclude_unset``).
    """

    model_config = ConfigDict(extra="forbid")


Absent = SkipJsonSchema[None]
"""In ``X | Absent``: the field is left out of some answers, and is never ``null`` when present."""


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def absent(description: str) -> Any:
    """A field that some answers leave out (``X | Absent``); the schema shows it as not required."""
    return Field(default=None, description=description, json_schema_extra=_no_default)


Number = Annotated[int | float, WithJsonSchema({"type": "number"})]
"""A JSON number, whole or not, sent as the server made it (``300`` stays ``300``, ``2.5`` stays ``2.5``)."""
Status = Literal["open", "running", "finished", "cancelled", "aborted"]
"""A table's status: waiting for players, being played, over, cancelled (by its creator before the start, or
by an administrator), or aborted by its two players' agreement in the first round (no result, no statistics)."""
Moment = Annotated[str, Field(description="An ISO 8601 moment, in UTC.", examples=["2025-05-01T18:30:00.123456"])]
Options = Annotated[
    dict[str, str | int | bool],
    Field(
        description="The game's options, each with its value (GET /api/games lists them).",
        examples=[{"wall": "coloured"}],
    ),
]
Position = Annotated[
    dict[str, Any],
    Field(
        description="The position as every watcher may see it: the game's JSON position (docs/api.md, "
        '"Positions"), without the secret seed. Its fields depend on the game.'
    ),
]
MoveFields = Annotated[
    dict[str, dict[str, Any]],
    Field(
        description='Each move named nearby, by its notation, mapped to its parts (docs/notation.md, "Moves as '
        'data"): {"2B3": {"kind": "take", "source": 2, "colour": "B", "line": 3}}. Chance outcomes are not in it.'
    ),
]


class Shown(Answer):
    """How a rating shows (``players.ratings``): 1500 for a new player, 40 per point of ordinal, never
    below 0, and provisional below 5 rated games."""

    display: int = Field(description="The shown number.")
    provisional: bool = Field(description="Fewer than 5 rated games.")
    label: str = Field(description='The shown rating: "1538", or "1538?" when provisional.')


class TimeControl(Answer):
    """A time control (``mozaika.core.clocks.TimeControl``), in seconds."""

    name: str = Field(description="The preset's name (fast, normal, slow, 12h, 24h, 72h) or custom.")
    kind: Literal["realtime", "turn"] = Field(description="Real time (a bank per player) or turn-based.")
    bank: Number = Field(description="Real time: each seat's starting bank; turn-based: the reserve for late turns.")
    increment: Number = Field(description="Real time: seconds added at the end of each turn.")
    per_move: Number = Field(description="Turn-based: how long a turn may take before it draws on the reserve.")
    label: str = Field(description="How a player writes it: 5+20 or 24h.", examples=["5+20"])


class SeatClock(Answer):
    """One seat's clock at ``now``."""

    running: bool = Field(description="The seat is thinking now.")
    remaining: Number = Field(description="Seconds the seat has left (turn-based: the turn's time and the reserve).")
    bank: Number = Field(description="The bank (turn-based: the reserve) at now.")
    since: Number | None = Field(description="Since when the seat has been thinking (seconds since the epoch).")
    deadline: Number | None = Field(description="When a running seat times out (seconds since the epoch).")


class ClockView(Answer):
    """A timed table's clocks as a client shows them (docs/server.md, "Clocks")."""

    control: TimeControl
    now: Number = Field(description="The server's time when the answer was made (seconds since the epoch).")
    seats: list[SeatClock] = Field(description="By seat.")


class ErrorDetail(BaseModel):
    """What went wrong: a code for programs (docs/server.md, "Errors") and a message for people."""

    code: str
    message: str
    details: Any = None


class ErrorBody(BaseModel):
    """Every error answer."""

    error: ErrorDetail
