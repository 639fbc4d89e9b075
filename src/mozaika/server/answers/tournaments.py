"""Tournaments: the list, a tournament's page with its rounds and standings, and its live event."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mozaika.server.answers.common import Answer, Moment, Number, Options, Status

TournamentStatus = Literal["upcoming", "running", "finished", "cancelled"]


class TournamentPerson(Answer):
    id: int
    name: str
    profile: str = Field(description="The player's page: /players/{profile}.")


class TournamentSummary(Answer):
    id: str
    name: str
    game: str
    players: int = Field(description="The table size (a round may seat one player fewer at some tables).")
    options: Options
    clock: str
    rated: bool
    format: Literal["swiss"]
    round_count: int = Field(description="The rounds to play.")
    round: int = Field(description="The round being played (the last one played once finished; 0 before the start).")
    status: TournamentStatus
    entrants: int = Field(description="The players still in the tournament.")
    creator: TournamentPerson
    starts_at: Moment | None = Field(description="When it starts by itself (None: when its creator starts it).")
    started_at: Moment | None
    finished_at: Moment | None
    joined: bool = Field(description="The caller plays in it (or played in it).")


class TournamentList(Answer):
    upcoming: list[TournamentSummary]
    running: list[TournamentSummary]
    finished: list[TournamentSummary] = Field(description="The latest 20.")


class TablePlayer(TournamentPerson):
    points: Number | None = Field(description="The round's points, once the table has ended.")
    score: int | None
    place: int | None = Field(description="0 for the table's winner.")
    missed: bool = Field(description="Made no move of their own: out of the tournament after the round.")


class TournamentTable(Answer):
    table: str
    board: int = Field(description="The table's number in the round, from 1 (the top of the standings).")
    status: Status
    players: list[TablePlayer] = Field(description="In seat order (who sits first was drawn).")


class TournamentRound(Answer):
    round: int
    tables: list[TournamentTable]
    bye: TablePlayer | None = Field(description="The player who sat the round out (a win's point).")
    over: bool


class RoundPoints(Answer):
    round: int
    points: Number


class StandingLine(TournamentPerson):
    rank: int
    points: Number
    buchholz: Number = Field(description="The sum of the average final points of each game's opponents.")
    score: int = Field(description="The total of the player's game scores.")
    games: int
    byes: int
    state: Literal["active", "withdrawn", "dropped"]
    left_after: int | None = Field(description="The last round played, for a player withdrawn or dropped.")
    results: list[RoundPoints]


class YourPart(Answer):
    state: Literal["active", "withdrawn", "dropped"]
    table: str | None = Field(description="The caller's table in the current round.")
    bye: bool
    creator: bool


class TournamentPage(TournamentSummary):
    rounds: list[TournamentRound]
    standings: list[StandingLine]
    you: YourPart | None = Field(description="The caller's part, when they joined.")


class TournamentOfTable(Answer):
    tournament: str
    name: str
    round: int = Field(description="The round the table was arranged for.")
    round_count: int = Field(description="The tournament's rounds.")
    board: int = Field(description="The table's number in its round.")
    status: TournamentStatus = Field(description="The tournament's status now.")


class PairedTable(Answer):
    table: str
    players: list[int] = Field(description="The players' ids, in seat order.")


class TournamentEvent(Answer):
    type: Literal["tournament"]
    tournament: str
    status: TournamentStatus
    round: int
    tables: list[PairedTable] = Field(description="A new round's tables (empty for other changes).")
