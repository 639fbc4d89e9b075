"""Passwords (argon2) and tokens (random, stored only as hashes)."""

from __future__ import annotations

import hashlib
import os
import secrets
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()
HASHES_AT_ONCE = max(1, min((os.cpu_count() or 1) // 2, 4))
"""Argon2 takes a core and 64 MiB for a fifth of a second: half the cores at most, so that the
other half keeps the games going while a flood of sign-ins is hashed."""
HASHES_WAITING = 4 * HASHES_AT_ONCE
"""Sign-ins that may wait for a hash; past them, the answer is 503 at once (a wait of a second or so)."""
_HASHING = threading.BoundedSemaphore(HASHES_AT_ONCE)
_UNKNOWN_USER_HASH: list[str] = []
"""The stand-in hash that unknown usernames are checked against, made at the first need."""
_MAKING_STAND_IN = threading.Lock()


def hash_password(password: str) -> str:
    with _HASHING:
        return _HASHER.hash(password)


def password_matches(password_hash: str | None, password: str) -> bool:
    """Whether the password is the hashed one; with no hash (no such account), a hash of a
    stand-in is checked all the same, so that the answer's time does not tell which usernames exist."""
    if password_hash is None:
        with _MAKING_STAND_IN:
            if not _UNKNOWN_USER_HASH:
                _UNKNOWN_USER_HASH.append(hash_password(new_token()))
        _verify(_UNKNOWN_USER_HASH[0], password)
        return False
    return _verify(password_hash, password)


def _verify(password_hash: str, password: str) -> bool:
    with _HASHING:
        try:
            return _HASHER.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False


def new_token() -> str:
    """A fresh secret for a session, a seat or an invite link."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What is stored instead of a token: a leaked database gives away no secret."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_page_key() -> str:
    """Where a guest's page is (after ``~``): random, so that guests' pages cannot be found by counting."""
    return "g" + secrets.token_urlsafe(9)


def new_table_id() -> str:
    return secrets.token_urlsafe(8)


def new_seed() -> int:
    return secrets.randbits(62)
