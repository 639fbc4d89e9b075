"""Why what a person typed is not a move here, in their language: not notation, or the rule it breaks.

Both terminal clients say it the same way (the engine's reason, or this language's
explanation of the rule by its id, as ``docs/rulings.md`` and ``docs/rules.md`` number them).
"""

from __future__ import annotations

from mozaika.core.errors import IllegalMoveError, NotationError
from mozaika.core.protocol import Move, State
from mozaika.i18n import Messages


def why_not(state: State, answer: str, text: Messages, example: Move | str) -> str:
    """What is wrong with ``answer`` in ``state``: bad notation, a broken rule, or another seat's move."""
    try:
        move = state.parse_move(answer)
    except NotationError as error:
        return text("bad_input", reason=error, answer=answer, example=example)
    return why_illegal(state, move, text)


def why_illegal(state: State, move: Move, text: Messages) -> str:
    """The rule ``move`` breaks in ``state``, or that it is not this seat's to make."""
    trial = state.copy()
    try:
        trial.play(move)
    except IllegalMoveError as error:
        rule = error.rule or ""
        explanation = text.optional(f"rule_{rule}") or str(error)
        return text("illegal", reason=error, rule=rule, explanation=explanation)
    return text("not_yours", move=move)
