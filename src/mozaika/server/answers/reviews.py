"""Game reviews: the expert's view of every decision of a finished game (docs/server.md, "The game review")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from mozaika.server.answers.common import Absent, Answer, MoveFields, Number, absent

ReviewStatus = Literal["none", "queued", "running", "done", "failed"]


class ReviewedMove(Answer):
    """One decision, with the move played and the expert's best."""

    step: int = Field(description="The decision's step in the record.")
    number: int = Field(description="The decision's number among the game's decisions, from 1.")
    seat: int
    round: int
    played: str
    best: str
    loss: Number = Field(description="The expected lead the move played gave up against the best move.")
    expected: list[Number] = Field(description="Each seat's expected points after the move played.")
    best_expected: list[Number] = Field(description="Each seat's expected points after the best move.")
    forced: bool = Field(description="There was no choice.")
    line: str = Field(description="The position before the decision (docs/notation.md), for the analysis board.")


class ReviewedPlayer(Answer):
    """How one seat played."""

    name: str
    average_loss: Number = Field(description="The average loss per decision that was a choice.")
    decisions: int = Field(description="The seat's decisions that were a choice.")


class GameReview(Answer):
    """A finished game's review (``mozaika.bots.review``)."""

    game: str
    bot: str = Field(
        "expert", description="The level whose search reviewed every decision (docs/bots.md).", examples=["expert"]
    )
    budget: str = Field(description="Each decision's search bound.", examples=["10000 iterations or 0.25 s"])
    players: list[ReviewedPlayer] = Field(description="By seat.")
    mistakes: list[ReviewedMove] = Field(description="The biggest losses.")
    moves: list[ReviewedMove] = Field(description="Every decision.")
    leads: list[list[Number]] = Field(description="Each seat's expected lead after each decision.")


class ReviewView(Answer):
    """A finished game's review as it stands."""

    table: str
    status: ReviewStatus = Field(
        description="none (never asked for), queued, running (done of total decisions so far), done or failed."
    )
    done: int
    total: int
    review: GameReview | None = Field(description="Once done.")
    move_fields: MoveFields | Absent = absent(
        "The fields of the moves the mistakes name (absent while no review was asked for)."
    )
    error: str | Absent = absent("Why a failed review failed.")
