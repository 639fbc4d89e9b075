"""The tutorials' lessons as the browser plays them: each step's position and the engine's result of each accepted move.

The lessons are data in the core (``mozaika.lessons``); this service adds what the
board draws, in the analysis board's shape (:func:`~mozaika.server.analysis.board.view`),
so that the page checks and shows a move without asking the server again.  The
tutorials never change while the server runs: each is made once.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mozaika.lessons import TUTORIALS, Lesson
from mozaika.server.analysis.board import view
from mozaika.server.errors import NotFoundError


def tutorial_view(game: str) -> dict[str, Any]:
    """The tutorial of ``game``, or 404 naming the games that have one."""
    if game not in TUTORIALS:
        raise NotFoundError(f"there is no tutorial for {game!r}; there are tutorials for {', '.join(TUTORIALS)}")
    return _made(game)


@cache
def _made(game: str) -> dict[str, Any]:
    tutorial = TUTORIALS[game]
    return {
        "game": tutorial.game,
        "title": tutorial.title.as_dict(),
        "lessons": [_lesson(lesson) for lesson in tutorial.lessons],
    }


def _lesson(lesson: Lesson) -> dict[str, Any]:
    state = lesson.start()
    steps = []
    for step in lesson.steps:
        results = {}
        for move in step.moves:
            after = state.copy()
            after.play(move)
            results[move] = view(after)
        steps.append({"moves": list(step.moves), "hint": step.hint.as_dict(), "view": view(state), "results": results})
        state.play(step.moves[0])
    return {
        "id": lesson.id,
        "rules": list(lesson.rules),
        "title": lesson.title.as_dict(),
        "text": lesson.text.as_dict(),
        "explanation": lesson.explanation.as_dict(),
        "position": lesson.position,
        "learner": lesson.learner,
        "gain": lesson.gain,
        "ends_game": lesson.ends_game,
        "steps": steps,
    }
