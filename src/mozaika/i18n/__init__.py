"""Message catalogues for the text clients: every text they show, in English and Czech.

The catalogues are JSON files in this package (``messages/en.json``,
``messages/cs.json``), one entry per message key, with ``{name}`` placeholders.
A game whose rulebook has its own word for a part overrides a message with the
key ``key@game`` (Master Chocolatier's factories are "nabídky", its tiles
pralines), as ``docs/glossary.md`` lists them.
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "cs")


@cache
def catalogue(language: str) -> dict[str, str]:
    """The messages of one language."""
    text = resources.files("mozaika.i18n").joinpath("messages", f"{language}.json").read_text(encoding="utf-8")
    messages: dict[str, str] = json.loads(text)
    return messages


def default_language() -> str:
    """Czech when the environment's locale is Czech, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "cs" if value.lower().startswith("cs") else "en"
    code = locale.getlocale()[0] or ""
    return "cs" if code.lower().startswith("cs") else "en"


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

    def _find(self, key: str) -> str | None:
        if self.game is not None:
            own = self._messages.get(f"{key}@{self.game}")
            if own is not None:
                return own
        return self._messages.get(key)

    def __call__(self, key: str, **values: Any) -> str:
        """The message ``key`` with its placeholders filled in (a message may use only some of ``values``)."""
        message = self._find(key)
        if message is None:
            raise KeyError(key)
        return message.format(**values)

    def optional(self, key: str, **values: Any) -> str | None:
        """The message ``key``, or None when this language has no such message."""
        return self(key, **values) if self._find(key) is not None else None

    @property
    def keys(self) -> set[str]:
        return set(self._messages)
