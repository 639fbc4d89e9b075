"""An account's e-mail address: given in the settings, confirmed through a mailed link, and how
much may be mailed to it a day.

Nothing but the confirmation letter goes to an address before its owner opens the link
in it: an address typed by someone else never receives a reminder.  Confirmation letters
and reminders are counted per account and day (``Limits``), so that no account can make
the server mail anyone often.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from mozaika.server.clocks import TimeSource, wall_clock
from mozaika.server.errors import BadRequestError, ForbiddenError, NotSignedInError, TooManyRequestsError
from mozaika.server.players.accounts import Caller
from mozaika.server.players.credentials import new_token, token_hash
from mozaika.server.settings import Limits
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import Player

DAY = 24 * 3600.0


@dataclass(frozen=True)
class Confirmation:
    """A confirmation letter owed: the address, and the token its link carries."""

    to: str
    token: str
    language: str | None = None
    """The language the letter is written in (the account's; None: English)."""


def mail_day(moment: float) -> str:
    """The day (UTC) that counts of letters are kept for."""
    return datetime.fromtimestamp(moment, UTC).date().isoformat()


def open_mail_day(player: Player, day: str) -> None:
    """Start the player's counts of letters afresh on a new day."""
    if player.mail_day != day:
        player.mail_day, player.reminders_today, player.confirmations_today = day, 0, 0


class EmailSettings:
    """The account's address, whether reminders go to it, and its confirmation."""

    def __init__(self, db: Database, limits: Limits, now: TimeSource = wall_clock) -> None:
        self.db = db
        self.limits = limits
        self.now = now

    def settings(self, caller: Caller) -> dict[str, Any]:
        with self.db.reading() as session:
            return _settings(_account(session, caller))

    def change(
        self, caller: Caller, email: str | None, reminders: bool, *, sending: bool, language: str | None = None
    ) -> tuple[dict[str, Any], Confirmation | None]:
        """Set the address and whether reminders go to it; a new address is confirmed anew.

        With ``sending`` (the server mails), a new address is owed a confirmation letter,
        unless the account has had its day's letters. ``language``, when given, is the one
        the account's letters are written in from now on.
        """
        if reminders and not email:
            raise BadRequestError("reminders need an e-mail address to go to")
        with self.db.transaction() as session:
            player = _account(session, caller)
            if language is not None:
                player.language = language
            confirmation = None
            if email != player.email:
                player.email, player.email_confirmed = email, False
                player.email_token = player.email_token_expires = None
                if email is not None and sending:
                    confirmation = self._confirmation(player)
            player.email_reminders = reminders
            return {**_settings(player), "confirmation_sent": confirmation is not None}, confirmation

    def resend(self, caller: Caller) -> tuple[dict[str, Any], Confirmation]:
        """A fresh confirmation letter for the account's address (the older link stops working)."""
        with self.db.transaction() as session:
            player = _account(session, caller)
            if player.email is None:
                raise BadRequestError("give an e-mail address first")
            if player.email_confirmed:
                raise BadRequestError(f"{player.email} is confirmed already")
            confirmation = self._confirmation(player)
            if confirmation is None:
                wait = int(DAY - self.now() % DAY) + 1
                raise TooManyRequestsError(
                    f"{self.limits.confirmations_per_day} confirmation letters a day at the most: "
                    "try again tomorrow (UTC)",
                    retry_after=wait,
                )
            return {**_settings(player), "confirmation_sent": True}, confirmation

    def confirm(self, token: str) -> dict[str, Any]:
        """Confirm the address whose letter carried ``token``."""
        with self.db.transaction() as session:
            player = session.scalars(select(Player).where(Player.email_token == token_hash(token))).first()
            expires = player.email_token_expires if player is not None else None
            if player is None or player.email is None or expires is None or expires < self.now():
                raise BadRequestError(
                    "this confirmation link does not work: it was used, a newer one replaced it, or it expired; "
                    "ask for a new one in your settings"
                )
            player.email_confirmed = True
            player.email_token = player.email_token_expires = None
            return {"email": player.email, "email_confirmed": True}

    def _confirmation(self, player: Player) -> Confirmation | None:
        now = self.now()
        open_mail_day(player, mail_day(now))
        if player.confirmations_today >= self.limits.confirmations_per_day or player.email is None:
            return None
        token = new_token()
        player.email_token = token_hash(token)
        player.email_token_expires = now + self.limits.confirmation_hours * 3600.0
        player.confirmations_today += 1
        return Confirmation(player.email, token, player.language)


def _account(session: Any, caller: Caller) -> Player:
    if caller.player_id is None:
        raise NotSignedInError("sign in to see your settings")
    player: Player | None = session.get(Player, caller.player_id)
    if player is None or player.is_guest:
        raise ForbiddenError("settings are for accounts: register to keep them")
    return player


def _settings(player: Player) -> dict[str, Any]:
    return {"email": player.email, "email_reminders": player.email_reminders, "email_confirmed": player.email_confirmed}
