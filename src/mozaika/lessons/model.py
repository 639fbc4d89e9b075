"""A lesson of a game's tutorial, as data: a position line, the moves the learner makes there, and words.

Each game's tutorial is a tuple of :class:`Lesson` values in its own module
(``mozaika.lessons.azul``, ...).  The browser's ``/learn/<game>`` page and the
terminal's ``mozaika learn <game>`` play the same lessons: they draw the lesson's
position, let the learner choose a move as at a real table, accept it when it is
one of the step's moves, and otherwise show the step's hint.  What a move does
(the tiles that move, the points it scores) is always the engine's: a lesson only
says how many points the learner gains in all (:attr:`Lesson.gain`), and the
tests check that the engine agrees.
"""

from __future__ import annotations

from dataclasses import dataclass

from mozaika.core.protocol import State
from mozaika.i18n.languages import LANGUAGES
from mozaika.notation.positions import from_line


@dataclass(frozen=True)
class Words:
    """A text in English and in Czech (vykání, the glossary's words: docs/glossary.md), written beside
    the lesson, and in the other languages (``more``), added from ``mozaika.lessons.texts``."""

    en: str
    cs: str
    more: tuple[tuple[str, str], ...] = ()
    """(language, text) for each language beyond English and Czech."""

    def __getitem__(self, language: str) -> str:
        """The text in ``language``; English for a language it has no text in."""
        if language == "cs":
            return self.cs
        return dict(self.more).get(language, self.en)

    def with_text(self, language: str, text: str) -> Words:
        """The same words with ``text`` in ``language`` too."""
        kept = tuple((code, old) for code, old in self.more if code != language)
        return Words(self.en, self.cs, (*kept, (language, text)))

    def as_dict(self) -> dict[str, str]:
        """The text in every language of ``LANGUAGES`` (English where one has none)."""
        return {language: self[language] for language in LANGUAGES}


@dataclass(frozen=True)
class Step:
    """One move the learner must make: the moves accepted (the first is the one a lesson shows) and a hint."""

    moves: tuple[str, ...]
    hint: Words
    """Said after any other move: what to look at, not a dead end."""

    def accepts(self, move: str) -> bool:
        return move in self.moves


@dataclass(frozen=True)
class Lesson:
    """A position, a short text, the learner's moves, and what happened, explained."""

    id: str
    rules: tuple[str, ...]
    """The rule ids of docs/rules.md the lesson teaches (``"A-8"``)."""
    title: Words
    position: str
    """A position line (docs/notation.md) with the learner on turn."""
    text: Words
    """What the position shows and what the learner is asked to do."""
    steps: tuple[Step, ...]
    explanation: Words
    """Said once the last step is made: what the engine did and why."""
    gain: int = 0
    """The points the learner's score gains through the lesson's moves (negative: a loss), as the engine counts them."""
    ends_game: bool = False
    """True when the lesson's last move ends the game, with the learner among the winners."""

    def start(self) -> State:
        """The lesson's position, read from its line."""
        return from_line(self.position)

    @property
    def learner(self) -> int:
        """The seat the learner plays: the one on turn in the lesson's position."""
        return self.start().to_move[0]

    def states(self) -> list[State]:
        """The position before each step and after the last, each step made with its first move."""
        state = self.start()
        seen = [state.copy()]
        for step in self.steps:
            state.play(step.moves[0])
            seen.append(state.copy())
        return seen


@dataclass(frozen=True)
class Tutorial:
    """A game's lessons, in the order they are taught (the variants last)."""

    game: str
    title: Words
    lessons: tuple[Lesson, ...]

    def lesson(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(f"{self.game} has no lesson {lesson_id!r}")
