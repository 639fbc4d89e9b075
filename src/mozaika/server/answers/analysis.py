"""The expert's answers (a table's hint, the analysis board's question) and the analysis board's positions."""

from __future__ import annotations

from pydantic import Field

from mozaika.server.answers.common import Answer, MoveFields, Number, Options, Position


class FoundMove(Answer):
    """One of the expert's best moves."""

    move: str = Field(description="In the game's notation.")
    value: Number = Field(description="The search's value of the move for the seat (higher is better).")
    visits: int = Field(description="How often the search tried it.")
    expected: list[Number] | None = Field(
        default=None,
        description="The points each seat can expect after the move, by seat (null or absent where the bot does "
        "not say).",
    )


class Hint(Answer):
    """``GET /api/tables/{id}/hint``: the best moves for the caller on turn, best first."""

    table: str
    seat: int
    seq: int = Field(description="The sequence number the hint is for.")
    moves: list[FoundMove]
    move_fields: MoveFields


class AnalysisPosition(Answer):
    """A position of the analysis board, with its line and the moves that can be played."""

    line: str = Field(description="The position line (docs/notation.md): the board keeps its move tree as lines.")
    game: str
    players: int
    options: Options
    round: int
    to_move: list[int]
    scores: list[int]
    over: bool
    winners: list[int]
    position: Position
    legal_moves: dict[str, list[str]] = Field(description="Each seat on turn's legal moves, by seat number.")
    move_fields: MoveFields
    names: list[str] | None = Field(
        default=None,
        description="The players' names, by seat, for a position from a finished game or a record (absent otherwise).",
    )


class AnalysisBest(Answer):
    """The expert's best moves for the first seat to move in a position, best first."""

    line: str = Field(description="The position line asked about, as the server writes it.")
    seat: int
    bot: str = Field(description="The bot that searched.")
    moves: list[FoundMove]
    move_fields: MoveFields
