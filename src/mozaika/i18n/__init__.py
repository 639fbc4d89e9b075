"""Message catalogues for the text clients: every text they show, in every language of ``LANGUAGES``.

The catalogues are JSON files in this package (``messages/en.json``,
``messages/cs.json``, ...), one entry per message key, with ``{name}`` placeholders.
An entry whose text depends on a number is an object of CLDR plural forms
(``{"one": ..., "few": ..., "other": ...}``), the form picked by Babel from its
``count``; numbers are written as the language writes them (Babel again).
A game whose rulebook has its own word for a part overrides a message with the
key ``key@game`` (Master Chocolatier's factories are "nabídky", its tiles
pralines), as ``docs/glossary.md`` lists them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from mozaika.i18n.languages import LANGUAGES, best_language, language_from_environment, native_name

LANGUAGE_HELP = f"{', '.join(LANGUAGES)} (default: from the locale, LC_ALL, LC_MESSAGES or LANG)."
"""What ``--lang`` says of itself."""

Entry = str | dict[str, str]
"""A message: a text, or a text per CLDR plural form."""


@cache
def catalogue(language: str) -> dict[str, Entry]:
    """The messages of one language."""
    text = resources.files("mozaika.i18n").joinpath("messages", f"{language}.json").read_text(encoding="utf-8")
    messages: dict[str, Entry] = json.loads(text)
    return messages


def default_language() -> str:
    """The language of the environment's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    return language_from_environment()


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


def plural_form(language: str, count: float) -> str:
    """The CLDR plural form (``one``, ``few``, ``many``, ``other``...) of ``count`` in ``language``."""
    return str(_locale(language).plural_form(abs(count)))


def format_number(language: str, value: float) -> str:
    """A number as ``language`` writes it ("1,234.5" in English, "1 234,5" in Czech)."""
    return str(format_decimal(value, locale=_locale(language), decimal_quantization=False))


class Messages:
    """Looks messages up in one language's catalogue and fills in their placeholders."""

    def __init__(self, language: str, game: str | None = None) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
        self.language = language
        self.game = game
        self._messages = catalogue(language)

    def for_game(self, game: str) -> Messages:
        """The same language in the words of ``game``'s rulebook."""
        return Messages(self.language, game)

    def _find(self, key: str) -> Entry | None:
        if self.game is not None:
            own = self._messages.get(f"{key}@{self.game}")
            if own is not None:
                return own
        return self._messages.get(key)

    def __call__(self, key: str, **values: Any) -> str:
        """The message ``key`` with its placeholders filled in (a message may use only some of ``values``)."""
        entry = self._find(key)
        if entry is None:
            raise KeyError(key)
        if isinstance(entry, dict):
            count = values.get("count", 0)
            form = plural_form(self.language, count) if isinstance(count, int | float) else "other"
            entry = entry.get(form, entry["other"])
        shown = {
            name: format_number(self.language, value)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else value
            for name, value in values.items()
        }
        return entry.format(**shown)

    def optional(self, key: str, **values: Any) -> str | None:
        """The message ``key``, or None when this language has no such message."""
        return self(key, **values) if self._find(key) is not None else None

    @property
    def keys(self) -> set[str]:
        return set(self._messages)


__all__ = [
    "LANGUAGES",
    "LANGUAGE_HELP",
    "Messages",
    "best_language",
    "catalogue",
    "default_language",
    "format_number",
    "native_name",
    "plural_form",
]
