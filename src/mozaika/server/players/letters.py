"""What the server's letters say, in the language of the person they go to.

Each letter is written from the text catalogue (``mozaika.i18n``, the ``mail.*`` messages)
in the account's language (``Player.language``: the page's language when its owner last
saved their e-mail settings), English when the server does not know it. Plurals and
numbers are the language's (CLDR, through Babel).
"""

from __future__ import annotations

from datetime import UTC, datetime

from mozaika.core.clocks import HOUR, MINUTE
from mozaika.i18n import LANGUAGES, Messages
from mozaika.server.players.mail import Letter


def words(language: str | None) -> Messages:
    """The catalogue a letter to someone speaking ``language`` is written from (English when unknown)."""
    return Messages(language if language in LANGUAGES else "en")


def game_title(text: Messages, game: str) -> str:
    """The game's title as its edition in the letter's language names it."""
    return text(f"game_{game}")


def duration(seconds: float, text: Messages | None = None) -> str:
    """``2 h 05 min``, ``7 min``, ``under a minute`` (in the letter's language)."""
    text = text or words("en")
    if seconds < MINUTE:
        return text("mail.under_a_minute")
    hours, rest = divmod(int(seconds), int(HOUR))
    minutes = rest // int(MINUTE)
    if hours:
        return text("mail.hours_minutes", hours=hours, minutes=f"{minutes:02d}")
    return text("mail.minutes", minutes=minutes)


def confirmation_letter(to: str, token: str, public_url: str, hours: float, language: str | None = None) -> Letter:
    """The letter that asks the owner of an address to confirm it.

    It names no player: whoever typed the address chose the account's name, and this
    letter goes to someone who has not agreed to anything yet.
    """
    text = words(language)
    server = public_url.rstrip("/")
    count = int(hours) if float(hours).is_integer() else hours
    body = text("mail.confirm_body", server=server, count=count, link=f"{server}/confirm-email#{token}")
    return Letter(to, text("mail.confirm_subject"), body)


def turn_letter(
    to: str, name: str, game: str, link: str, left: float, deadline: float, final: bool, language: str | None
) -> Letter:
    """The reminder that it is the player's turn in a turn-based game (``final``: shortly before the deadline)."""
    text = words(language)
    title = game_title(text, game)
    when = datetime.fromtimestamp(deadline, UTC).strftime("%Y-%m-%d %H:%M UTC")
    kind = "due" if final else "turn"
    subject = text(f"mail.{kind}_subject", game=title, left=duration(left, text))
    opening = text(f"mail.{kind}_opening", game=title, left=duration(left, text), deadline=when)
    return Letter(to, subject, text("mail.turn_body", name=name, opening=opening, link=link))


def round_letter(
    to: str,
    name: str,
    game: str,
    tournament: str,
    round_number: int,
    rounds: int,
    table: str,
    standings: str,
    language: str | None,
) -> Letter:
    """A tournament's round has begun: the player's table and the standings."""
    text = words(language)
    values = {"round": round_number, "rounds": rounds, "tournament": tournament, "name": name}
    body = text("mail.round_body", game=game_title(text, game), table=table, standings=standings, **values)
    return Letter(to, text("mail.round_subject", **values), body)


def invitation_letter(to: str, sender: str, game: str, link: str, language: str | None) -> Letter:
    """A direct invitation to a table; in English and Czech when the server does not know the reader's language."""
    text = words(language)
    body = text("mail.invite_body", name=sender, game=game_title(text, game), link=link)
    if language is None:
        czech = words("cs")
        body += "\n" + czech("mail.invite_body", name=sender, game=game_title(czech, game), link=link)
    return Letter(to, text("mail.invite_subject", name=sender), body)
