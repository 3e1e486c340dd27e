"""Seat tokens: random secrets handed out once, stored only as hashes.

A token carries 256 random bits, so a plain SHA-256 is enough to keep a leaked database from
giving away seats (no password-style stretching is needed for secrets nobody chose)."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(hash_token(token), stored_hash)


GAME_ID_LENGTH = 32  # the database column's; the ids made here are 12 characters
_ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def is_game_id(text: str) -> bool:
    """Whether ``text`` could be a game id at all (so a made-up one is refused before it
    costs a database query or a lock)."""
    return 0 < len(text) <= GAME_ID_LENGTH and set(text) <= _ID_CHARACTERS
