"""``mozaika learn <game>``: a game's tutorial in the full-screen terminal client."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from mozaika.cli.common import fail
from mozaika.i18n import LANGUAGE_HELP, LANGUAGES, Messages, default_language


def learn_command(
    game: Annotated[str, typer.Argument(help="azul, chocolatier or pavilion.")] = "azul",
    lang: Annotated[str | None, typer.Option(help=LANGUAGE_HELP)] = None,
    lesson: Annotated[int, typer.Option(min=1, help="Start at this lesson (from 1).")] = 1,
) -> None:
    """Learn to play, lesson by lesson: each a position where you make the move, then what it did, explained."""
    from mozaika.lessons import TUTORIALS

    language = lang or default_language()
    if language not in LANGUAGES:
        fail(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    if game not in TUTORIALS:
        fail(f"there is no tutorial for {game!r}; there are tutorials for {', '.join(TUTORIALS)}")
    tutorial = TUTORIALS[game]
    if lesson > len(tutorial.lessons):
        fail(f"the {game} tutorial has {len(tutorial.lessons)} lessons, not {lesson}")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail("mozaika learn needs a terminal: it is played full-screen")
    from mozaika.terminal.learn import LearnApp

    LearnApp(tutorial, Messages(language), first=lesson - 1).run()
