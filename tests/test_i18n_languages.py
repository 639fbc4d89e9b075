"""Every language Mozaika speaks is complete: the browser's and the terminal's catalogues and the
tutorials have every text of English, with its placeholders, the plural forms CLDR gives the
language, and nothing left in English by mistake; and the reader gets the language they ask for."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from babel import Locale

from mozaika.i18n import LANGUAGES, Messages, catalogue, format_number, native_name, plural_form
from mozaika.i18n.languages import best_language, language_from_environment
from mozaika.lessons import TUTORIALS
from mozaika.lessons.texts import TRANSLATED, keys, texts
from mozaika.web import STATIC

WEB = {language: json.loads((STATIC / "i18n" / f"{language}.json").read_text()) for language in LANGUAGES}
TERMINAL = {language: catalogue(language) for language in LANGUAGES}
OTHERS = [language for language in LANGUAGES if language != "en"]

SAME_EVERYWHERE = {
    "azul",
    "mozaika",
    "ok",
    "bot",
    "expert",
    "elo",
    "buchholz",
    "buch",
    "sn1",
    "sn2",
    "sn3",
    "sn4",
    "sn5",
    "ada",
    "bruno",
    "cyril",
    "dora",
    "email",
    "e",
    "mail",
    "max",
    "min",
    "h",
    "s",
    "b",
    "pgn",
    "json",
    "url",
    "id",
    "chat",
    "mozaika.org",
    "html",
    "hint",
}
"""The words a message may keep from English in another language: names, marks and abbreviations."""
SAME_IN = {
    "cs": {"start"},
    "de": {"administrator", "normal", "hand", "lobby", "online", "offline", "pause", "name", "chocolatier", "r"},
    "pl": {"administrator", "start", "lobby", "r"},
    "fr": {"table", "administration", "action", "centre", "message", "orange", "date", "points", "pages", "pause"}
    | {"score", "total", "r"},
    "es": {"normal", "r"},
}
"""Words a language shares with English ("start" is Czech too, "Hand" and "Lobby" German)."""

REWORDED = {"bad_input": {"reason", "answer", "example"}, "illegal": {"reason", "rule", "explanation"}}
"""Terminal messages another language may word with other values than English's: English shows the engine's
own reason, other languages explain the broken rule by its id (``rule_<id>``, as Czech does)."""


def _texts(entry: Any) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def _placeholders(entry: Any) -> set[str]:
    return {name for text in _texts(entry) for name in re.findall(r"\{(\w+)\}", text)}


def _words(text: str) -> set[str]:
    """The words of a text, less its placeholders and numbers."""
    return {word.lower() for word in re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", " ", text))}


def _cldr_forms(language: str) -> set[str]:
    return set(Locale.parse(language).plural_form.tags) | {"other"}


def _check_catalogue(
    english: dict[str, Any], other: dict[str, Any], language: str, *, own: dict[str, Any] | None = None
) -> list[str]:
    """What is wrong with ``other``'s texts beside ``english``'s; ``own`` are texts a language other than English
    has beside them (the terminal's rule explanations, by Czech's keys), and ``key@game`` words of a game."""
    problems: list[str] = []
    wanted = set(english) | set(own or {})
    missing = wanted - set(other)
    extra = {key for key in set(other) - wanted if not (own is not None and key.split("@")[0] in wanted)}
    problems += [f"{language}: no {key!r}" for key in sorted(missing)]
    problems += [f"{language}: {key!r} is not in English" for key in sorted(extra)]
    allowed = SAME_EVERYWHERE | SAME_IN.get(language, set())
    for key in sorted(set(other) - set(english) - extra):
        source = english.get(key.split("@")[0]) or (own or {}).get(key.split("@")[0])
        if source is not None and not _placeholders(other[key]) <= _placeholders(source) | REWORDED.get(key, set()):
            problems.append(f"{language} {key!r}: placeholders {_placeholders(other[key])}")
    for key in sorted(set(english) & set(other)):
        source, text = english[key], other[key]
        if key in REWORDED and own is not None:
            if not _placeholders(text) <= REWORDED[key]:
                problems.append(f"{language} {key!r}: placeholders {_placeholders(text)} beyond {REWORDED[key]}")
        elif _placeholders(source) != _placeholders(text):
            problems.append(f"{language} {key!r}: placeholders {_placeholders(text)} != {_placeholders(source)}")
        if isinstance(source, dict):
            if not isinstance(text, dict) or set(text) != _cldr_forms(language):
                forms = sorted(text) if isinstance(text, dict) else "a plain text"
                problems.append(f"{language} {key!r}: plural forms {forms}, CLDR has {sorted(_cldr_forms(language))}")
        elif not isinstance(text, str):
            problems.append(f"{language} {key!r}: plural forms where English has one text")
        for english_text, text_here in zip(_texts(source), _texts(text), strict=False):
            if english_text == text_here and not _words(english_text) <= allowed:
                problems.append(f"{language} {key!r} is left in English: {english_text!r}")
    return problems


@pytest.mark.parametrize("language", OTHERS)
def test_the_browser_catalogue_has_every_text_of_english(language: str) -> None:
    problems = _check_catalogue(WEB["en"], WEB[language], language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", OTHERS)
def test_the_terminal_catalogue_has_every_text_of_english(language: str) -> None:
    rules = {key: text for key, text in TERMINAL["cs"].items() if key.startswith("rule_") and "@" not in key}
    problems = _check_catalogue(TERMINAL["en"], TERMINAL[language], language, own=rules)
    assert not problems, "\n".join(problems)


def test_english_plural_entries_have_the_english_forms() -> None:
    for catalogue_ in (WEB["en"], TERMINAL["en"]):
        for key, entry in catalogue_.items():
            if isinstance(entry, dict):
                assert set(entry) == _cldr_forms("en"), key


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_tutorials_have_every_text_in_every_language(language: str) -> None:
    written = texts(language)
    wanted: dict[str, str] = {}
    for tutorial in TUTORIALS.values():
        wanted |= {key: words.en for key, words in keys(tutorial).items()}
    assert set(written) == set(wanted), sorted(set(written) ^ set(wanted))
    for key, english in wanted.items():
        # A lesson's numbers (lines, factories, points) are the same in every language.
        assert sorted(re.findall(r"\d+", written[key])) == sorted(re.findall(r"\d+", english)), key
        if written[key] == english:
            assert _words(english) <= SAME_EVERYWHERE, f"{language} {key!r} is left in English"
    for tutorial in TUTORIALS.values():
        assert tutorial.lessons[0].text[language] == written[f"{tutorial.game}.{tutorial.lessons[0].id}.text"]
        assert set(tutorial.title.as_dict()) == set(LANGUAGES)


def test_the_menu_names_each_language_in_itself() -> None:
    script = (STATIC / "js" / "languages.js").read_text()
    found = re.search(r"export const LANGUAGES = (\{[^}]*\});", script)
    assert found is not None
    menu = json.loads(re.sub(r"(\w+):", r'"\1":', found.group(1)))
    assert list(menu) == list(LANGUAGES), "the browser offers the languages the catalogues have"
    assert menu == {language: native_name(language) for language in LANGUAGES}
    assert native_name("cs") == "Čeština" and native_name("en") == "English"


def test_a_language_tag_picks_the_language_mozaika_speaks() -> None:
    for language in LANGUAGES:
        assert best_language(["xx-YY", f"{language}-ZZ", "en"]) == language
        assert best_language([f"{language}_XX.UTF-8"]) == language
    assert best_language(["sk", "cs"]) == "cs"
    assert best_language(["de-AT"]) == "de"
    assert best_language(["tlh", "i-klingon", "C", "POSIX"]) == "en"


def test_the_terminal_takes_its_language_from_the_locale() -> None:
    assert language_from_environment({}) == "en"
    assert language_from_environment({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert language_from_environment({"LANG": "cs_CZ.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}) == "en"
    assert language_from_environment({"LANG": "en_US.UTF-8", "LC_ALL": "cs_CZ"}) == "cs"
    assert language_from_environment({"LC_ALL": "", "LANG": "C.UTF-8"}) == "en"
    for language in LANGUAGES:
        assert language_from_environment({"LANG": f"{language}.UTF-8@euro"}) == language


def test_plural_forms_and_numbers_are_cldr_s() -> None:
    assert [plural_form("cs", count) for count in (1, 2, 5, 1.5)] == ["one", "few", "other", "many"]
    assert [plural_form("en", count) for count in (1, 2, 0)] == ["one", "other", "other"]
    assert format_number("cs", 1234.5) == "1\xa0234,5"
    assert format_number("en", 1234.5) == "1,234.5"
    text = Messages("cs")
    assert text("bad_number", number=1500, count=12) == "Tah číslo 1\xa0500 neexistuje: vyberte 1 až 12."


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plural_message_picks_the_languages_form(language: str) -> None:
    """Every plural entry of the browser's catalogue has a text for each count's CLDR form."""
    for key, entry in WEB[language].items():
        if isinstance(entry, dict):
            for count in (0, 1, 2, 3, 5, 12, 22, 101, 1.5):
                assert plural_form(language, count) in entry, (key, count)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_colour_is_named(language: str) -> None:
    from mozaika.catalogue.registry import game_ids, game_spec

    for game in game_ids():
        theme = game_spec(game).theme
        assert theme is not None
        for name in theme.names_en:
            assert f"colour.{name}" in TERMINAL[language], (game, name)
            for form in ("nominative", "accusative", "masculine", "genitive"):
                assert f"colour.{name}.{form}" in WEB[language], (game, name, form)
