"""The exceptions Mozaika raises.

Every error carries a message that says what was wrong and why, and, where a rule
was broken, the rule id from ``docs/rules.md`` (for example ``A-4``), so that a client can
show it to a player and a record checker can point at the faulty step.
"""

from __future__ import annotations


class MozaikaError(Exception):
    """Base class of every error raised by Mozaika."""


class OptionError(MozaikaError, ValueError):
    """A game was asked for with an unknown game id, a wrong player count or a bad option."""


class NotationError(MozaikaError, ValueError):
    """A move or chance outcome written in text could not be read (unknown colour, bad syntax)."""


class IllegalMoveError(MozaikaError):
    """A move that the rules do not allow in this position.

    ``rule`` is the id of the rule that forbids it (``"A-4"``), or ``""`` when the
    move is simply not the kind of decision the position asks for.
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class IllegalChanceError(IllegalMoveError):
    """A chance outcome that cannot happen in this position (e.g. more red tiles than the bag holds)."""


class PositionError(MozaikaError, ValueError):
    """A serialised position that is malformed or breaks a rule (tile conservation, F-4, ...)."""


class RecordError(MozaikaError, ValueError):
    """A game record that is malformed or does not replay.

    ``step`` is the 1-based index of the faulty step in the record's ``steps`` list,
    or ``None`` when the problem is in the record's header.
    """

    def __init__(self, message: str, *, step: int | None = None) -> None:
        super().__init__(f"step {step}: {message}" if step is not None else message)
        self.step = step
