"""E-mail through an SMTP server (``--smtp URL``): address confirmations and turn-based reminders.

Every letter goes to exactly one envelope recipient, the address it was written for
(whatever its headers say), and only addresses checked by ``text.EmailAddress`` get here.

``smtp://[user:password@]host[:port][?from=address]`` sends in clear (port 25 by
default, for a relay on the same host or network), ``smtp+starttls://`` upgrades the
connection with STARTTLS (port 587), and ``smtps://`` speaks TLS from the start
(port 465).
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

log = logging.getLogger("mozaika.server")

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
TIMEOUT_SECONDS = 20.0


class MailSettingsError(ValueError):
    """An SMTP URL that cannot be used."""


@dataclass(frozen=True)
class Letter:
    to: str
    subject: str
    body: str


@dataclass(frozen=True)
class Mailer:
    """Where letters go, read from an SMTP URL."""

    scheme: str
    host: str
    port: int
    sender: str
    username: str | None = None
    password: str | None = None

    @classmethod
    def from_url(cls, url: str) -> Mailer:
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise MailSettingsError(f"an SMTP URL starts with {', '.join(s + '://' for s in SCHEMES)}, not {url!r}")
        if not parts.hostname:
            raise MailSettingsError(f"the SMTP URL {url!r} names no host")
        try:
            port = parts.port or SCHEMES[parts.scheme]
        except ValueError as error:
            raise MailSettingsError(f"the SMTP URL's port: {error}") from None
        query = parse_qs(parts.query)
        sender = query.get("from", [f"mozaika@{parts.hostname}"])[0]
        return cls(
            parts.scheme,
            parts.hostname,
            port,
            sender,
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
        )

    def send(self, letter: Letter) -> None:
        """Send one letter (blocking: call it from a worker thread)."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = letter.to
        message["Subject"] = letter.subject
        message.set_content(letter.body)
        connection: smtplib.SMTP
        if self.scheme == "smtps":
            connection = smtplib.SMTP_SSL(
                self.host, self.port, timeout=TIMEOUT_SECONDS, context=ssl.create_default_context()
            )
        else:
            connection = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT_SECONDS)
        with connection:
            if self.scheme == "smtp+starttls":
                connection.starttls(context=ssl.create_default_context())
            if self.username is not None:
                connection.login(self.username, self.password or "")
            connection.send_message(message, from_addr=self.sender, to_addrs=[letter.to])

    def post(self, letter: Letter) -> None:
        """Send one letter, or log why it could not go (a letter is a courtesy: nothing waits for it)."""
        try:
            self.send(letter)
        except Exception:
            log.exception("the letter %r to %s was not sent", letter.subject, letter.to)
