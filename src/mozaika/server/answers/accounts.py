"""Accounts, guests, sessions, e-mail settings and player pages."""

from __future__ import annotations

from pydantic import Field

from mozaika.server.answers.common import Absent, Answer, absent


class Me(Answer):
    """Who a session belongs to."""

    id: int
    name: str = Field(description="The name shown at tables.")
    guest: bool = Field(description="A guest (a name, no password), not an account.")
    profile: str | Absent = absent("Where the player's own page is (GET /api/me only): `/players/{profile}`.")
    admin: bool | Absent = absent("True for the server's administrators (GET /api/me only; absent for everyone else).")
    language: str | Absent = absent(
        "The language the player reads Mozaika in (GET /api/me only; absent until one is kept): a browser "
        "without a choice of its own follows it, and letters are written in it."
    )


class LanguageKept(Answer):
    """``PUT /api/me/language``: the language now kept with the player."""

    language: str = Field(description="A code of `GET /api/games`' languages: en, cs, de, pl, fr or es.")


class SignedIn(Answer):
    """A new session (also set as the mozaika_session cookie)."""

    player: Me
    token: str = Field(description="The session's token, for an Authorization: Bearer header.")


class SessionsEnded(Answer):
    """``DELETE /api/sessions``: how many sessions of the player were ended."""

    ended: int


class EmailSettings(Answer):
    """An account's e-mail settings."""

    email: str | None = Field(description="Where reminders go, once confirmed.")
    email_reminders: bool = Field(description="E-mail me when it is my turn in a turn-based game.")
    email_confirmed: bool = Field(description="The address's owner opened its confirmation link.")
    sending: bool = Field(description="This server sends e-mail at all (clients offer reminders only then).")


class EmailSettingsChanged(EmailSettings):
    """The settings after a change, or after asking for the confirmation letter again."""

    confirmation_sent: bool = Field(description="A confirmation letter is on its way to the address.")


class EmailConfirmed(Answer):
    """``POST /api/email/confirm``: the address now confirmed."""

    email: str
    email_confirmed: bool
