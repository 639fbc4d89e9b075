"""Tables as callers see them: the game catalogue, the lobby's summaries, a table's view, and the answers of
the requests that change a table."""

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
    Shown,
    Status,
    absent,
)
from mozaika.server.answers.results import GameResult

BotLevel = Literal["beginner", "easy", "medium", "hard", "expert", "master"]


class GameOption(Answer):
    """One option of a game, with its allowed values (the first is the default)."""

    name: str
    values: list[str | int | bool]
    help: str


class ColourTheme(Answer):
    """How a game names and paints its tile colours, by colour index."""

    letters: list[str] = Field(description="The colours' letters in the notation.")
    en: list[str] = Field(description="English names.")
    cs: list[str] = Field(description="Czech names.")
    hex: list[str] = Field(description="Display colours, #rrggbb.")


class GameGuide(Answer):
    """What a client shows to teach a game, without knowing the game by its id."""

    rules: list[str] = Field(description="The names of its short rules, in order (client texts rules.<game>.<name>).")
    variant_rules: dict[str, dict[str, list[str]]] = Field(
        description="The rules an option's value adds: {option: {value as JSON writes it: names}}."
    )
    figures: list[str] = Field(description="The tutorial lessons whose last positions illustrate the scoring.")
    showcase: str | None = Field(description="The tutorial lesson whose last position shows the game at a glance.")


class GameEntry(Answer):
    """A game a table can be created for."""

    id: str = Field(examples=["azul"])
    title: str
    players: list[int] = Field(description="The player counts it is played with.")
    options: list[GameOption]
    theme: ColourTheme | None
    board: dict[str, Any] | None = Field(
        description="The printed board as data, for clients that draw it (its kind says which drawing)."
    )
    guide: GameGuide | None = Field(
        default=None, description="Its short rules, scoring figures and showcase, for clients that teach it."
    )


class SeatView(Answer):
    """One seat of a table, as the caller sees it."""

    index: int = Field(description="The seat's place in turn order, from 0.")
    kind: Literal["open", "invited", "player", "bot"] = Field(
        description="Waiting for anyone, waiting for its invite link, held by a player, or played by a bot."
    )
    name: str | None = Field(
        description='The player\'s name, or "Bot <name> (level)" for a bot; null for a seat nobody holds.'
    )
    level: BotLevel | None = Field(description="The bot's level, for a bot seat (and one a bot took over).")
    bot_name: str | None = Field(
        description="A bot seat's own name (one per seat, so that bots of one level are told apart); null otherwise."
    )
    account: str | None = Field(description="The holder's username; null for guests, bots and empty seats.")
    replaced: bool = Field(description="A bot plays the seat on for the player who left it or ran out of time.")
    timed_out: bool = Field(description="The bot took the seat when its player's time ran out.")
    you: bool = Field(description="The caller holds this seat (by session or seat token).")
    played_for_you: bool = Field(
        description="The caller's own seat, which the stand-in (a bot) plays on since they left it or ran out of time."
    )
    can_return: bool = Field(
        description="The caller's own timed-out seat at a friendly table: POST .../return takes it back."
    )
    profile: str | None = Field(
        description="Where the seated (or, at a rematch, awaited) player's page is: ``/players/{profile}``."
    )
    rating: Shown | Absent = absent(
        "In the lobby's lists, at a rated table: the seated player's rating for the table's game and variant."
    )
    away: bool = Field(
        description="Another player handed the seat to the stand-in while its player was away (they may take "
        "it back: POST .../return)."
    )
    online: bool = Field(
        description="The seat's player has a live connection to the table or to the lobby (or had one in the "
        "last 20 s); false for a seat without a person."
    )
    away_seconds: Number | None = Field(
        description="How long the seat's player has been without a connection, when the message was made; "
        "null while online and for a seat without a person."
    )


class TableSummary(Answer):
    """A table in the lobby (``GET /api/tables``) and in ``table`` events."""

    id: str
    game: str
    title: str = Field(description="The game's title.")
    players: int
    options: Options
    status: Status
    rated: bool
    undo: bool = Field(description="The table allows undo.")
    hints: bool = Field(description="The table allows hints (friendly tables).")
    owner: str = Field(description="The creator's name.")
    owner_you: bool = Field(description="The caller created the table.")
    seq: int = Field(description="The number of entries in the table's log.")
    to_move: list[int] = Field(description="The seats that must move now.")
    seats: list[SeatView]
    you: int | None = Field(description="The caller's seat, if any.")
    your_turn: bool
    scores: list[int] | Absent = absent("The final scores by seat: only a finished table's summary has them.")
    winners: list[int] | Absent = absent("The winning seats: only a finished table's summary has them.")
    clock: ClockView | None = Field(description="The clocks; null for an untimed table.")
    created_at: Moment
    updated_at: Moment
    autostart: bool = Field(description="The game starts by itself when the last seat fills.")
    rematch: str | None = Field(description="The table set up to play this one again, once asked for.")
    spectators: int | Absent = absent("How many watch the game without a seat (in the games-in-progress list).")
    people: int = Field(description="How many seats people hold now (not bots, not stand-ins).")
    invite_only: bool = Field(
        description="Created with invited seats and no open one: only its players and invitees may watch it."
    )
    spectators_open: bool = Field(description="The creator opened the invite-only table to spectators.")
    idle_ended: bool = Field(
        description="No person moved for an hour: the stand-ins play (or played) the game to its end (R-25)."
    )
    hand_over_after: Number | None = Field(
        description="In a running untimed friendly game: how long a player must have been away (away_seconds) "
        "before the others may hand their seat to the stand-in (POST .../hand-over); null elsewhere."
    )
    abort_offer: int | None = Field(
        description="The seat whose player proposed to abort the game (POST .../abort agrees); null when none."
    )


class TableView(TableSummary):
    """A table as a player or watcher sees it (``GET /api/tables/{id}`` and the ``hello`` event).

    A running or finished table also has ``round``, ``scores``, ``position``,
    ``legal_moves``, ``move_fields`` and ``can_undo``; an open or cancelled one has none of them.
    """

    round: int | Absent = absent("The round being played (running and finished tables).")
    scores: list[int] | Absent = absent("The scores by seat (running and finished tables).")
    round_starts: list[list[int]] | Absent = absent(
        "The scores by seat as each round began, from round 1 to the current one (running and finished tables)."
    )
    position: Position | Absent = absent("The position (running and finished tables).")
    legal_moves: list[str] | Absent = absent(
        "The caller's legal moves, in the game's notation: empty unless the caller's seat is on turn."
    )
    move_fields: MoveFields | Absent = absent("The fields of each legal move.")
    can_undo: bool | Absent = absent("The caller may take back their last move now (POST .../undo).")
    result: GameResult | None = Field(description="The result, once the game is over.")


class TableCreated(Answer):
    """A new table, with the creator's seat and the secrets only the creator ever sees."""

    table: TableView
    seat: int = Field(description="The creator's seat.")
    seat_token: str = Field(description="Acts for the seat in an X-Seat-Token header.")
    invites: dict[str, str] = Field(
        description="A token per invited seat (by seat number), for the invite link …/join/<table>?invite=<token>."
    )


class SeatTaken(Answer):
    """The table after the caller took a seat (by joining, or by taking their seat back from the bot)."""

    table: TableView
    seat: int
    seat_token: str = Field(description="Acts for the seat in an X-Seat-Token header.")


class InvitesMade(Answer):
    """New invite tokens for the invited seats still waiting (the old links stop working)."""

    table: TableView
    invites: dict[str, str] = Field(description="A token per invited seat, by seat number.")


class TableChanged(Answer):
    """The table after the change, as the caller now sees it."""

    table: TableView


class MovePlayed(Answer):
    """The table after a move or an undo."""

    seq: int = Field(description="The table's sequence number after the change.")
    table: TableView | Absent = absent(
        'The table as the mover now sees it; left out when the move was sent with "view": false.'
    )
