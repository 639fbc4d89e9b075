"""``GET /api/learn/{game}``: a game's tutorial, its lessons with the positions the board draws."""

from __future__ import annotations

from pydantic import Field

from mozaika.server.answers.analysis import AnalysisPosition
from mozaika.server.answers.common import Absent, Answer


class Texts(Answer):
    """A text in every language Mozaika speaks (docs/glossary.md: each language's words and form of address)."""

    en: str
    cs: str = Field(description="In Czech, with vykání and the glossary's words (docs/glossary.md).")
    de: str | Absent = Field(None, description="In German (du), in every answer once German is spoken.")
    pl: str | Absent = Field(None, description="In Polish (ty), in every answer once Polish is spoken.")
    fr: str | Absent = Field(None, description="In French (vous), in every answer once French is spoken.")
    es: str | Absent = Field(None, description="In Spanish (tú), in every answer once Spanish is spoken.")


class LessonStep(Answer):
    """One move the learner must make, and what the board shows before and after it."""

    moves: list[str] = Field(description="The moves accepted, in the game's notation; the first is the one shown.")
    hint: Texts = Field(description="Said after any other move.")
    view: AnalysisPosition = Field(description="The position before the step, as the analysis board draws it.")
    results: dict[str, AnalysisPosition] = Field(
        description="The position after each accepted move, as the engine made it (scoring included)."
    )


class LessonView(Answer):
    """A lesson: a position, a text, the learner's moves, and the explanation."""

    id: str
    rules: list[str] = Field(description="The rule ids of docs/rules.md the lesson teaches.", examples=[["A-8"]])
    title: Texts
    text: Texts
    explanation: Texts
    position: str = Field(description="The lesson's position line (docs/notation.md).")
    learner: int = Field(description="The seat the learner plays (on turn in the position).")
    gain: int = Field(description="The points the learner gains through the lesson, as the engine counts them.")
    ends_game: bool
    steps: list[LessonStep]


class TutorialView(Answer):
    """A game's tutorial, its lessons in the order they are taught (the variants last)."""

    game: str
    title: Texts
    lessons: list[LessonView]


class InviteLinkView(Answer):
    """``GET /api/tables/{id}/invitation``: what an invite link shows before anyone signs in."""

    table: str
    game: str
    options: dict[str, str | int | bool]
    players: int
    host: str = Field(description="The name of the player who made the table and shares its link.")
    status: str = Field(description="open, running, finished or cancelled: only an open table takes players.")
    seats_waiting: int = Field(description="How many seats wait for a player (open or invited).")
