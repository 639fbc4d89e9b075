"""Accounts, guests and sign-in sessions."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError

from mozaika.server.errors import BadRequestError, ConflictError, ForbiddenError, NotSignedInError
from mozaika.server.players.credentials import hash_password, new_page_key, new_token, password_matches, token_hash
from mozaika.server.settings import Limits
from mozaika.server.storage.database import Database
from mozaika.server.storage.driver import Driver
from mozaika.server.storage.models import LoginSession, ModeratedAddress, Player, in_utc, utc_now

USERNAME = re.compile(r"[a-z0-9][a-z0-9_.-]{1,31}")
SEEN_PRECISION = timedelta(hours=1)
"""How exactly a session's last use is kept: a write per request would slow every request."""
PRESENCE_PRECISION = timedelta(minutes=2)
"""How often a player's presence is noted: "online" means seen within ``ONLINE_WITHIN``."""
ONLINE_WITHIN = timedelta(minutes=5)


_CALLER = (
    select(Player.id, Player.name, Player.username, LoginSession.last_seen_at, LoginSession.created_at, Player.seen_at)
    .join(Player, Player.id == LoginSession.player_id)
    .where(LoginSession.token_hash == bindparam("key"))
)
"""A session's player and when the session was last used (built once)."""


@dataclass(frozen=True)
class Caller:
    """Who is making a request: a signed-in player (account or guest), a seat token, both, or neither."""

    player_id: int | None = None
    name: str | None = None
    is_guest: bool = False
    seat_token: str | None = None
    renewed: bool = False
    """The session's last use was just noted again (its idle time starts over): its cookie is renewed too."""

    @property
    def signed_in(self) -> bool:
        return self.player_id is not None

    @property
    def key(self) -> str:
        """Who this is, for counting what they do: the player, else the seat they act for."""
        if self.player_id is not None:
            return f"player:{self.player_id}"
        return f"seat:{token_hash(self.seat_token or '')}"


def clean_name(name: str, limits: Limits, what: str = "name") -> str:
    """A display name without surrounding or repeated spaces and without control characters."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise BadRequestError(f"the {what} is empty")
    if len(cleaned) > limits.name_characters:
        raise BadRequestError(f"the {what} is longer than {limits.name_characters} characters")
    if any(not character.isprintable() for character in cleaned):
        raise BadRequestError(f"the {what} contains control characters")
    return cleaned


class Accounts:
    """Register, sign in and out, play as a guest, and look players up."""

    def __init__(self, db: Database, limits: Limits, session_idle_days: float = 30.0) -> None:
        self.db = db
        self.limits = limits
        self.session_idle = timedelta(days=session_idle_days)

    def register(
        self, username: str, password: str, name: str | None = None, address: str | None = None
    ) -> tuple[Caller, str]:
        login = username.strip().lower()
        if not USERNAME.fullmatch(login):
            raise BadRequestError(
                "a username is 2-32 characters: letters, digits, '_', '.' or '-', starting with a letter or digit"
            )
        self._check_password(password)
        display = clean_name(name if name is not None else username, self.limits)
        # Hashed before the transaction: on SQLite a transaction holds the one write lock,
        # which every move at every table waits for.
        password_hash = hash_password(password)
        try:
            with self.db.transaction() as session:
                taken = session.scalar(select(Player.id).where(Player.username == login))
                if taken is not None:
                    raise ConflictError(f"the username {login!r} is taken")
                if _moderated(session, address, BAN):
                    raise ForbiddenError("no account can be registered from the address of a banned account")
                player = Player(name=display, username=login, password_hash=password_hash)
                player.muted = _moderated(session, address, MUTE)  # a new account does not lift a mute
                session.add(player)
                session.flush()
                token = self._open_session(session, player, address)
                return self._caller(player), token
        except IntegrityError:
            raise ConflictError(f"the username {login!r} is taken") from None

    def sign_in(self, username: str, password: str, address: str | None = None) -> tuple[Caller, str]:
        with self.db.reading() as session:
            player = session.scalar(select(Player).where(Player.username == username.strip().lower()))
        # Checked outside any transaction (see ``register``); an unknown username costs the same time.
        if not password_matches(player.password_hash if player is not None else None, password) or player is None:
            raise NotSignedInError("wrong username or password")
        if player.banned:
            raise ForbiddenError("this account is banned by the server's administrators")
        with self.db.transaction() as session:
            return self._caller(player), self._open_session(session, player, address)

    def guest(self, name: str, address: str | None = None, current: Caller | None = None) -> tuple[Caller, str]:
        """A new guest's session. Not from an address a banned account used (the ban follows it), nor for a
        browser signed in to a banned account; from a muted account's address, or its browser, the guest
        is muted too: a guest must not be a way round moderation."""
        with self.db.transaction() as session:
            before = session.get(Player, current.player_id) if current is not None and current.player_id else None
            if (before is not None and before.banned) or _moderated(session, address, BAN):
                raise ForbiddenError("a banned account's address or browser cannot play as a guest")
            player = Player(
                name=clean_name(name, self.limits), username=None, password_hash=None, page_key=new_page_key()
            )
            player.muted = (before is not None and before.muted) or _moderated(session, address, MUTE)
            session.add(player)
            session.flush()
            return self._caller(player), self._open_session(session, player, address)

    def profile(self, player_id: int) -> str:
        """Where the player's own page is: their username, or a guest's ``~`` and page key."""
        with self.db.looking_up() as connection:
            username, page_key = connection.execute(
                select(Player.username, Player.page_key).where(Player.id == player_id)
            ).one()
        return profile_key(username, page_key)

    def language(self, player_id: int) -> str | None:
        """The language the player reads Mozaika in, when one is kept with them."""
        with self.db.looking_up() as connection:
            found: str | None = connection.execute(select(Player.language).where(Player.id == player_id)).scalar_one()
        return found

    def keep_language(self, player_id: int, language: str) -> None:
        """Keep the language the player chose, for their other browsers and their letters."""
        with self.db.transaction() as session:
            player = session.get(Player, player_id)
            assert player is not None  # a caller's player exists while their session does
            player.language = language

    def sign_out(self, token: str) -> None:
        with self.db.transaction() as session:
            found = session.get(LoginSession, token_hash(token))
            if found is not None:
                session.delete(found)

    def sign_out_everywhere(self, token: str) -> int:
        """End every session of the player this session belongs to (other browsers and devices too)."""
        with self.db.transaction() as session:
            found = session.get(LoginSession, token_hash(token))
            if found is None:
                raise NotSignedInError("this session has ended or never existed: sign in again")
            ended = session.execute(delete(LoginSession).where(LoginSession.player_id == found.player_id))
            return int(getattr(ended, "rowcount", 0) or 0)

    def caller(self, session_token: str | None, seat_token: str | None = None) -> Caller:
        """Who holds this session token (anonymous without one); an unknown or idle-expired token is refused."""
        if session_token is None:
            return Caller(seat_token=seat_token)
        key = token_hash(session_token)
        # Every request asks: a plain statement, built once, without a session or its objects
        # (on SQLite straight to the driver, in no transaction: one statement reads one snapshot).
        with self.db.looking_up() as connection:
            driver = Driver.of(connection)
            found = (
                driver.rows(_CALLER, {"key": key})
                if driver is not None
                else connection.execute(_CALLER, {"key": key}).all()
            )
        if not found:
            raise NotSignedInError("this session has ended or never existed: sign in again")
        player_id, name, username, last_seen_at, created_at, player_seen_at = found[0]
        caller = Caller(player_id, name, username is None, seat_token)
        seen = in_utc(last_seen_at or created_at)
        now = utc_now()
        if player_seen_at is None or now - in_utc(player_seen_at) > PRESENCE_PRECISION:
            # Friends see who is online: noted every few minutes at most, not at every request.
            with self.db.transaction() as session:
                session.execute(update(Player).where(Player.id == player_id).values(seen_at=now))
        if now - seen > self.session_idle:
            with self.db.transaction() as session:
                session.execute(delete(LoginSession).where(LoginSession.token_hash == key))
            raise NotSignedInError("this session ended after a long time unused: sign in again")
        if now - seen > SEEN_PRECISION:  # noted once an hour at most: reading a session writes nothing
            with self.db.transaction() as session:
                session.execute(update(LoginSession).where(LoginSession.token_hash == key).values(last_seen_at=now))
            return replace(caller, renewed=True)
        return caller

    def _check_password(self, password: str) -> None:
        shortest, longest = self.limits.password_characters
        if not shortest <= len(password) <= longest:
            raise BadRequestError(f"a password is {shortest}-{longest} characters long")

    @staticmethod
    def _open_session(session: Any, player: Player, address: str | None) -> str:
        token = new_token()
        session.add(LoginSession(token_hash=token_hash(token), player_id=player.id, address=address))
        return token

    @staticmethod
    def _caller(player: Player) -> Caller:
        return Caller(player.id, player.name, player.is_guest)


BAN, MUTE = "ban", "mute"


def _moderated(session: Any, address: str | None, kind: str) -> bool:
    """Whether a banned (or muted) account opened a session from ``address`` while the ban (mute) holds."""
    if address is None:
        return False
    found = session.scalar(
        select(ModeratedAddress.id).where(ModeratedAddress.address == address, ModeratedAddress.kind == kind).limit(1)
    )
    return found is not None


def profile_key(username: str | None, page_key: str | None) -> str:
    """Where a player's page is: their username, or ``~`` and a random key for a guest (usernames never
    begin with ``~``; a guest's number is no address, so that guests' pages cannot be found by counting)."""
    if username is not None:
        return username
    assert page_key is not None, "every guest has a page key (made with the guest, or by migration 0013)"
    return f"~{page_key}"
