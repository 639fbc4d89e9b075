"""Which languages Mozaika speaks, and which of them a reader gets.

The order is the language menu's; each language is named in itself there. The terminal's
language comes from its locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``--lang`` overrides
it), matched to the languages offered by Babel (``de_AT`` gets German, ``pl_PL.UTF-8``
Polish). The browser's copy of the list is ``static/js/languages.js``, which picks from
``navigator.languages`` (the browser's ``Accept-Language``) the same way.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from babel import Locale, UnknownLocaleError, negotiate_locale

LANGUAGES = ("en", "cs", "de", "pl", "fr", "es")
"""Every language, in the order of the language menu."""

DEFAULT = "en"

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX locale variables that say the language of messages, the strongest first."""


def native_name(language: str) -> str:
    """The language's name in itself, capitalised as a menu item ("Deutsch", "Čeština", "Français")."""
    name = Locale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def best_language(wanted: Iterable[str]) -> str:
    """The first of the ``wanted`` language tags (``de-AT``, ``pl_PL.UTF-8``) Mozaika speaks, else English."""
    for tag in wanted:
        code = tag.split(".")[0].split("@")[0].replace("-", "_")
        if not code or code in ("C", "POSIX"):
            continue
        found = negotiate_locale([code], list(LANGUAGES), sep="_")
        if found is None:
            try:
                found = Locale.parse(code).language
            except (UnknownLocaleError, ValueError):
                continue
        if found in LANGUAGES:
            return found
    return DEFAULT


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: the first locale variable set (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return best_language([value])
    return DEFAULT
