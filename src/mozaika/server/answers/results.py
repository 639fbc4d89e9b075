"""After a game: its result, with each player's points by source, statistics and rating change."""

from __future__ import annotations

from pydantic import Field

from mozaika.server.answers.common import Absent, Answer, Number, absent


class PlayerStatistics(Answer):
    """What a seat did in the game."""

    moves: int
    rounds_as_first_player: int
    thinking_seconds: Number = Field(description="The time the table waited for the seat's moves.")


class PlayerResult(Answer):
    """One seat's final score, its sources and statistics."""

    seat: int
    score: int
    sources: dict[str, int] = Field(
        description="The engine's score breakdown by source (which sources depends on the game; docs/server.md).",
        examples=[{"placement": 52, "floor": -7, "rows": 2, "columns": 7, "colours": 10}],
    )
    statistics: PlayerStatistics
    stand_in_moves: int | Absent = absent(
        "How many of the seat's moves the stand-in played: the bot that took over when its player left or ran "
        "out of time (games finished before the server counted them have none)."
    )


class RatingChange(Answer):
    """A player's rating for the game and variant played (the one its leaderboard ranks by) before and
    after a rated game (openskill; the shown rating is mu - 3 sigma)."""

    before: Number
    after: Number
    mu: Number
    sigma: Number
    rated_games: int | Absent = absent("The player's rated games of the game and variant, this one counted.")
    display: int | Absent = absent("The rating after the game as shown (1500 for a new player, never below 0).")
    provisional: bool | Absent = absent("Fewer than 5 rated games: the shown rating is provisional.")
    label: str | Absent = absent('The shown rating after the game: "1538", or "1538?" when provisional.')
    display_before: int | Absent = absent("The shown rating before the game.")
    display_change: int | Absent = absent("The shown rating's change (after minus before).")


class GameResult(Answer):
    """A finished game's result, as the table keeps it."""

    scores: list[int] = Field(description="By seat.")
    winners: list[int] = Field(description="The winning seats, after the tie-break.")
    rounds: int
    players: list[PlayerResult] = Field(description="By seat.")
    ratings: list[RatingChange] | Absent = absent(
        "Rated games only: each seat's rating change (empty when not every seat is an account's)."
    )
    idle_ended: bool | Absent = absent(
        "No person had moved for an hour: the stand-ins played the game to its end, and it counts for nobody (R-25)."
    )
    resigned: list[int] | Absent = absent(
        "The seats whose player resigned (the stand-in played them to the end); games finished before the "
        "server noted it have none."
    )


class TableResult(GameResult):
    """``GET /api/tables/{id}/result``: the table's result, with the players' names."""

    table: str
    game: str
    names: list[str] = Field(description='By seat; a seat a bot took over is "<name> / Bot (<level>)".')
