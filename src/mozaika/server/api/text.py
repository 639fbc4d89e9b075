"""What text a client may send: no control characters and no bidirectional overrides.

Control characters (NUL, BEL, ESC, …) cannot be stored by PostgreSQL or shown by a
terminal safely, and the bidirectional controls (U+202A-U+202E, U+2066-U+2069 and the
marks) let a line pretend to say something else.  They are refused with 422 in every
field and path, the same on every database; a chat line may hold line breaks.
Passwords are exempt: they are only hashed, never stored or shown.
"""

from __future__ import annotations

import re
from typing import Annotated

from email_validator import EmailNotValidError, validate_email
from pydantic import AfterValidator

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_HIDDEN = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")
_HIDDEN_BUT_NEWLINES = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_BIDI}]")


def hidden_character(text: str, *, newlines: bool = False) -> str | None:
    """The first character of ``text`` that is refused, written as U+XXXX, or None."""
    found = (_HIDDEN_BUT_NEWLINES if newlines else _HIDDEN).search(text)
    return f"U+{ord(found.group()):04X}" if found is not None else None


def _plain(text: str) -> str:
    found = hidden_character(text)
    if found is not None:
        raise ValueError(f"control characters and bidirectional overrides are not allowed (found {found})")
    return text


def _lines(text: str) -> str:
    found = hidden_character(text, newlines=True)
    if found is not None:
        raise ValueError(
            f"control characters other than line breaks and bidirectional overrides are not allowed (found {found})"
        )
    return text


def _address(text: str) -> str:
    """One e-mail address, normalised (the domain lower-cased), or ValueError saying what is wrong."""
    found = hidden_character(text)
    if found is not None:
        raise ValueError(f"an e-mail address has no control characters or bidirectional overrides (found {found})")
    if "=?" in text:
        # An RFC 2047 encoded word: a mail program may decode it into other addresses.
        raise ValueError("an e-mail address cannot hold an encoded word ('=?...?=')")
    try:
        checked = validate_email(text, check_deliverability=False)
    except EmailNotValidError as error:
        raise ValueError(f"not an e-mail address: {error}") from None
    return checked.normalized


PlainText = Annotated[str, AfterValidator(_plain)]
"""A single line of text: no control characters, no bidirectional overrides."""
Lines = Annotated[str, AfterValidator(_lines)]
"""Text that may hold line breaks (a chat message), otherwise as :data:`PlainText`."""
EmailAddress = Annotated[str, AfterValidator(_address)]
"""Exactly one e-mail address (``jana@example.org``): no display name, no list, no encoded word,
no control or bidirectional characters; given back normalised."""
