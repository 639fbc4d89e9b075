"""What clients send, validated before any service sees it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from mozaika.i18n.languages import LANGUAGES
from mozaika.server.answers import ErrorBody
from mozaika.server.api.text import EmailAddress, Lines, PlainText

TABLE_ID = r"^[A-Za-z0-9_-]{1,16}$"
TableId = Annotated[str, Path(pattern=TABLE_ID, description="The table's id, as in its invite link.")]
"""A table's id in a route's path."""
"""A table's id, as in its invite link."""
SEQUENCE_NUMBER = r"^(0|[1-9][0-9]{0,6})$"
"""A position in a table's log, as a query gives it: a whole number written one way only."""


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Registration(Body):
    username: PlainText = Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$",
        examples=["jana"],
        description="2-32 letters, digits, '_', '.' or '-'; case does not matter.",
    )
    password: str = Field(min_length=8, max_length=256)
    name: PlainText | None = Field(
        default=None, min_length=1, max_length=32, description="The name shown at tables (the username by default)."
    )


class SignIn(Body):
    username: PlainText = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)


class Guest(Body):
    name: PlainText = Field(min_length=1, max_length=32, examples=["Petr"])


class SeatPlan(Body):
    kind: Literal["me", "open", "invite", "bot"]
    level: Literal["beginner", "easy", "medium", "hard", "expert", "master"] | None = None


class NewTable(Body):
    game: PlainText = Field(max_length=32, examples=["azul"])
    players: int = Field(ge=2, le=4, strict=True)
    options: dict[PlainText, PlainText | int | bool] = Field(
        default_factory=dict, max_length=8, examples=[{"wall": "coloured"}]
    )
    seats: list[SeatPlan] | None = Field(
        default=None, max_length=4, description="Each seat in turn order; by default the creator's, then open seats."
    )
    rated: bool = False
    undo: bool | None = Field(default=None, description="Allow undo (the default for friendly tables, never rated).")
    clock: str | None = Field(
        default=None,
        max_length=16,
        examples=["normal"],
        description="The time control: none (friendly tables only), fast (2+10), normal (5+20), slow (10+40), "
        "minutes+seconds such as 3+5 (real time), or 12h, 24h, 72h (turn-based). Default: none, or normal when rated.",
    )
    autostart: bool = Field(default=False, description="Start the game by itself when the last seat fills.")


class NewTournament(Body):
    name: PlainText = Field(min_length=1, max_length=64, examples=["Friday club Swiss"])
    game: PlainText = Field(max_length=32, examples=["azul"])
    players: int = Field(ge=2, le=4, strict=True, description="Players at a table (some tables may seat one fewer).")
    options: dict[PlainText, PlainText | int | bool] = Field(
        default_factory=dict, max_length=8, examples=[{"wall": "coloured"}]
    )
    clock: str = Field(
        default="normal",
        max_length=16,
        examples=["normal"],
        description="Every tournament game's time control, as a table's (docs/server.md, Clocks); never none.",
    )
    format: Literal["swiss"] = "swiss"
    rounds: int = Field(ge=1, le=20, strict=True, examples=[5])
    rated: bool = Field(default=True, description="Whether the games count for the players' ratings.")
    starts_at: AwareDatetime | None = Field(
        default=None,
        description="When it starts by itself (ISO 8601 with its zone); by default, when its creator starts it.",
    )


class PlayAgain(Body):
    autostart: bool = Field(default=True, description="Start the new game by itself when its last seat fills.")


class PlayerInvite(Body):
    player: PlainText = Field(
        min_length=2, max_length=64, description="The invited player's page name: a username, or ~id for a guest."
    )


class InviteMail(Body):
    enabled: bool = Field(description="Also mail me the direct invitations to a table (at my confirmed address).")


class LanguageChoice(Body):
    language: str = Field(
        pattern=f"^({'|'.join(LANGUAGES)})$",
        examples=["pl"],
        description="The language the player reads Mozaika in, kept with them for every browser and their letters.",
    )


class AccountSettings(Body):
    email: EmailAddress | None = Field(
        default=None,
        max_length=254,
        examples=["jana@example.org"],
        description="Where reminders go, once confirmed through the link the server mails there; null removes it.",
    )
    email_reminders: bool = Field(
        default=False, description="E-mail me when it is my turn in a turn-based game (and before its deadline)."
    )
    language: str | None = Field(
        default=None,
        pattern=f"^({'|'.join(LANGUAGES)})$",
        examples=["de"],
        description="The language letters to this account are written in (the page's own); unchanged when left out.",
    )


class EmailConfirmation(Body):
    token: str = Field(
        min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="The token of the mailed link."
    )


class Join(Body):
    seat: int | None = Field(
        default=None, ge=0, le=3, strict=True, description="Which open seat (the first open one by default)."
    )
    invite: PlainText | None = Field(
        default=None, min_length=1, max_length=64, description="The token of an invite link."
    )


class SpectatorsSetting(Body):
    open: bool = Field(strict=True, description="Anyone may watch the invite-only table (true), or only its people.")


class BotSeat(Body):
    seat: int = Field(ge=0, le=3, description="The open or invited seat the bot takes.")
    level: str = Field(min_length=1, max_length=16, examples=["medium"], description="The bot's level (docs/bots.md).")


class MoveSubmission(Body):
    move: PlainText = Field(
        min_length=1, max_length=200, examples=["2B3"], description="The move in the game's notation."
    )
    seq: int = Field(ge=0, strict=True, description="The table's sequence number the move was chosen at.")
    view: bool = Field(
        default=True,
        strict=True,
        description="Answer with the table as the mover now sees it; false answers with the new sequence number "
        "only, for a client that follows the table's live events.",
    )


class UndoRequest(Body):
    seq: int = Field(ge=0, strict=True)


class ChatLine(Body):
    text: Lines = Field(min_length=1, max_length=500, description="Plain text; clients escape it.")


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in (
        (400, "The request cannot be done as asked"),
        (401, "Not signed in, or the session has ended"),
        (403, "Not allowed for this caller"),
        (404, "No such table or player"),
        (409, "Does not fit the table's current state (a stale sequence number, a started game…)"),
        (413, "The request is too large"),
        (422, "Malformed, or an illegal move"),
        (429, "Too many requests: try again after Retry-After seconds"),
    )
}
