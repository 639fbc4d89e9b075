"""The tutorials' words in the languages beyond English and Czech: one module per language.

Each module's ``TEXTS`` maps a key to the text: ``<game>.title`` for a tutorial's title,
``<game>.<lesson>.title``, ``.text`` and ``.explanation`` for a lesson's, and
``<game>.<lesson>.hint.<n>`` for the hint of its step ``n`` (from 1).
:func:`translated` puts them beside the English and Czech that each lesson is written with;
the tests check that every language has every text, with the same numbers as English.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module

from mozaika.i18n.languages import LANGUAGES
from mozaika.lessons.model import Lesson, Step, Tutorial, Words

TRANSLATED = tuple(language for language in LANGUAGES if language not in ("en", "cs"))
"""The languages whose tutorial texts are kept here."""


def texts(language: str) -> dict[str, str]:
    """The tutorial texts of one language, by key."""
    module = import_module(f"mozaika.lessons.texts.{language}")
    found: dict[str, str] = module.TEXTS
    return found


def keys(tutorial: Tutorial) -> dict[str, Words]:
    """Every text of ``tutorial`` by its key."""
    game = tutorial.game
    found = {f"{game}.title": tutorial.title}
    for lesson in tutorial.lessons:
        prefix = f"{game}.{lesson.id}"
        found[f"{prefix}.title"] = lesson.title
        found[f"{prefix}.text"] = lesson.text
        found[f"{prefix}.explanation"] = lesson.explanation
        for number, step in enumerate(lesson.steps, start=1):
            found[f"{prefix}.hint.{number}"] = step.hint
    return found


def translated(tutorial: Tutorial) -> Tutorial:
    """``tutorial`` with its words in every language of ``TRANSLATED`` too."""
    catalogues = {language: texts(language) for language in TRANSLATED}

    def words(key: str, original: Words) -> Words:
        for language, catalogue in catalogues.items():
            if key in catalogue:
                original = original.with_text(language, catalogue[key])
        return original

    def lesson(item: Lesson) -> Lesson:
        prefix = f"{tutorial.game}.{item.id}"
        steps = tuple(
            Step(step.moves, words(f"{prefix}.hint.{number}", step.hint))
            for number, step in enumerate(item.steps, start=1)
        )
        return replace(
            item,
            title=words(f"{prefix}.title", item.title),
            text=words(f"{prefix}.text", item.text),
            explanation=words(f"{prefix}.explanation", item.explanation),
            steps=steps,
        )

    return replace(
        tutorial,
        title=words(f"{tutorial.game}.title", tutorial.title),
        lessons=tuple(lesson(item) for item in tutorial.lessons),
    )
