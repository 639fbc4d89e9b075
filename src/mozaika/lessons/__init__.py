"""The games' tutorials as data: lessons of positions, moves and words (docs/learn.md).

Pure Python without I/O, so that the server (``GET /api/learn/<game>``), the browser's
``/learn/<game>`` page and the terminal's ``mozaika learn <game>`` teach the same lessons.
"""

from __future__ import annotations

from mozaika.i18n.languages import LANGUAGES
from mozaika.lessons import azul, chocolatier, pavilion
from mozaika.lessons.model import Lesson, Step, Tutorial, Words
from mozaika.lessons.texts import translated

TUTORIALS: dict[str, Tutorial] = {
    tutorial.game: translated(tutorial) for tutorial in (azul.TUTORIAL, chocolatier.TUTORIAL, pavilion.TUTORIAL)
}
"""Every game's tutorial, by game id."""


def tutorial_for(game: str) -> Tutorial:
    """The tutorial of ``game``; a KeyError naming the games that have one otherwise."""
    try:
        return TUTORIALS[game]
    except KeyError:
        raise KeyError(f"no tutorial for {game!r}: there are tutorials for {', '.join(TUTORIALS)}") from None


__all__ = ["LANGUAGES", "TUTORIALS", "Lesson", "Step", "Tutorial", "Words", "tutorial_for"]
