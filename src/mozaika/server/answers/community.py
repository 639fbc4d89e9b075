"""The community's answers: players' pages, leaderboards, friends, invitations and mutes."""

from __future__ import annotations

from pydantic import Field

from mozaika.server.answers.common import Absent, Answer, Moment, Number, Shown, absent
from mozaika.server.answers.tables import TableView


class Rating(Shown):
    """An openskill rating; ``ordinal`` (mu - 3 sigma) is the one ranked by, ``display`` the one shown."""

    mu: Number
    sigma: Number
    ordinal: Number
    rated_games: int


class RatingPoint(Shown):
    table: str = Field(description="The rated game after which the rating was this.")
    rating: Number = Field(description="The conservative rating (ordinal) after that game.")
    at: Moment


class BoardStatistics(Answer):
    """A player's numbers for one game and variant."""

    game: str
    title: str
    variant: str = Field(description="The options, canonically written (``wall=grey``).")
    played: int
    won: int
    average_score: Number
    best_score: int
    rating: Rating | None = Field(description="The rating for this game and variant; null before a rated game.")
    rating_history: list[RatingPoint] = Field(description="The rating after each rated game among the last 50.")
    average_loss: Number | None = Field(description="Points lost per move by the reviews; null before any review.")
    recent_average_loss: Number | None = Field(description="The same over the last 10 reviewed games.")
    loss_trend: Number | None = Field(description="Recent minus overall: below zero, the player improves.")
    reviewed_games: int


class Statistics(Answer):
    games: int = Field(description="Finished games, all games and variants together.")
    boards: list[BoardStatistics] = Field(description="Per game and variant, the most played first.")


class RecentGame(Answer):
    """One of a player's recent finished games."""

    table: str
    game: str
    variant: str
    rated: bool
    seat: int
    score: int
    won: bool
    place: int = Field(description="1 for a winner.")
    players: int
    finished_at: Moment
    replay: str = Field(description="The replay's address.")
    review: str = Field(description="The review's address (in the replay).")


class PlayerPage(Answer):
    """A player's public page (an account's, or a guest's while the guest exists); never an e-mail address."""

    username: str | None = Field(description="The account's username; null for a guest.")
    profile: str = Field(description="The page's name: the username, or ~id for a guest.")
    name: str
    guest: bool
    you: bool = Field(description="The page is the caller's own.")
    rating: Rating = Field(description="The rating across all games (the one a rated result reports).")
    finished_games: int
    recent_games: list[RecentGame] = Field(description="The last 20 finished games, newest first.")
    statistics: Statistics
    member_since: Moment
    following: bool = Field(description="The caller follows this player.")
    muted: bool = Field(description="The caller muted this player's chat.")


class LeaderboardEntry(Shown):
    place: int
    name: str
    profile: str
    ordinal: Number
    mu: Number
    sigma: Number
    rated_games: int
    you: bool = Field(description="The caller's own line.")


class Leaderboard(Answer):
    game: str
    title: str
    variant: str
    variants: list[str]
    min_rated_games: int = Field(description="Players appear after this many rated games of the game and variant.")
    provisional_games: int = Field(description="Below this many rated games a player's rating is provisional.")
    page: int
    size: int
    total: int
    pages: int
    entries: list[LeaderboardEntry]
    you: LeaderboardEntry | None = Field(description="The caller's place, when they are on the leaderboard.")


class FriendTable(Answer):
    table: str
    game: str
    title: str
    players: int


class Friend(Answer):
    profile: str
    name: str
    online: bool | None = Field(
        description="Seen in the last five minutes; null unless they follow you too (presence is shown to mutual"
        " followers only: following needs no consent)."
    )
    open_tables: list[FriendTable] = Field(description="Their waiting tables anyone may join.")


class Following(Answer):
    profile: str
    name: str
    following: bool


class Invitation(Answer):
    table: str
    game: str
    title: str
    players: int
    sender: str = Field(alias="from", description="Who invited the caller.")
    from_profile: str
    at: Moment


class InvitationMade(Answer):
    table: str
    profile: str
    name: str


class InviteMailSetting(Answer):
    invitations_by_email: bool


class MuteChanged(Answer):
    profile: str
    name: str
    player: int
    muted: bool


class MutedPlayer(Answer):
    player: int
    name: str
    profile: str


class Rematch(Answer):
    """The table set up to play a finished one again; the caller's seat at it when they set it up now
    (the other players take theirs with ``POST /api/tables/{id}/join``)."""

    table: TableView
    seat: int | Absent = absent("The caller's seat, when this request set the table up.")
    seat_token: str | Absent = absent("Acts for the seat in an X-Seat-Token header.")
