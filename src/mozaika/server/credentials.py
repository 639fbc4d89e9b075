"""Passwords (argon2) and tokens (random, stored only as hashes)."""

from __future__ import annotations

import hashlib
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def password_matches(password_hash: str, password: str) -> bool:
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


def new_table_id() -> str:
    return secrets.token_urlsafe(8)


def new_seed() -> int:
    return secrets.randbits(62)
