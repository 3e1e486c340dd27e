"""The daily and weekly challenges: one solo Cartographers deal per day (and per week on the
base game), the same for every player of a server.

The deal comes from the date through a keyed hash (HMAC with a secret the server makes for
itself once): derived from the date, so everybody gets the same deal, but not computable from
the date alone, so nobody can look at the coming cards by running the engine offline. The
seed is shown once the challenge is over.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from herotable.server.errors import Refusal
from herotable.server.refusals import ServerRefusal

# kind -> (game, options): the daily challenge is the Heroes box, the weekly one the base game.
KINDS: dict[str, tuple[str, dict[str, Any]]] = {
    "daily": ("cartographers", {"preset": "heroes"}),
    "weekly": ("cartographers", {"preset": "base"}),
}
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
WEEK = re.compile(r"^(\d{4})-W(\d{2})$")


class UnknownChallenge(Refusal):
    """No challenge of this kind and key."""

    status = 404
    default_code = ServerRefusal.UNKNOWN_CHALLENGE


@dataclass(frozen=True, slots=True)
class Challenge:
    kind: str
    key: str  # "2026-11-23" for a day, "2026-W48" for an ISO week
    starts: datetime
    ends: datetime

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.key}"

    @property
    def game(self) -> str:
        return KINDS[self.kind][0]

    @property
    def options(self) -> dict[str, Any]:
        return dict(KINDS[self.kind][1])

    def seed(self, secret: str) -> int:
        digest = hmac.new(secret.encode(), self.id.encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big") >> 2  # fits a signed 64-bit column

    def is_open(self, now: datetime) -> bool:
        return self.starts <= now < self.ends

    def is_over(self, now: datetime) -> bool:
        return now >= self.ends

    def previous(self) -> Challenge:
        return challenge_at(self.kind, self.starts - timedelta(seconds=1))

    def to_json(self, now: datetime, secret: str) -> dict[str, Any]:
        return {"kind": self.kind, "key": self.key, "game": self.game,
                "options": self.options, "starts": self.starts.isoformat(),
                "ends": self.ends.isoformat(), "open": self.is_open(now),
                "seed": self.seed(secret) if self.is_over(now) else None}


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(0), tzinfo=UTC)


def challenge_at(kind: str, when: datetime) -> Challenge:
    """The challenge of ``kind`` running at ``when`` (days and weeks in UTC)."""
    if kind not in KINDS:
        raise UnknownChallenge(f"unknown challenge {kind!r}; known: {', '.join(KINDS)}")
    day = when.astimezone(UTC).date()
    if kind == "daily":
        return Challenge(kind, day.isoformat(), _midnight(day),
                         _midnight(day + timedelta(days=1)))
    monday = day - timedelta(days=day.weekday())
    year, week, _ = monday.isocalendar()
    return Challenge(kind, f"{year}-W{week:02d}", _midnight(monday),
                     _midnight(monday + timedelta(days=7)))


def challenge_by_key(kind: str, key: str) -> Challenge:
    """The challenge ``kind`` called ``key``; a malformed key says what it should be."""
    if kind not in KINDS:
        raise UnknownChallenge(f"unknown challenge {kind!r}; known: {', '.join(KINDS)}")
    try:
        if kind == "daily" and DAY.match(key):
            return challenge_at(kind, _midnight(date.fromisoformat(key)))
        week = WEEK.match(key)
        if kind == "weekly" and week:
            monday = date.fromisocalendar(int(week[1]), int(week[2]), 1)
            return challenge_at(kind, _midnight(monday))
    except ValueError:
        pass
    shape = "YYYY-MM-DD" if kind == "daily" else "YYYY-Www"
    raise UnknownChallenge(f"a {kind} challenge is named like {shape}, not {key!r}")


def challenge_of(challenge_id: str) -> Challenge:
    kind, _, key = challenge_id.partition(":")
    return challenge_by_key(kind, key)


def name_key(name: str) -> str:
    """A player's name as the one-attempt rule compares it (case and spacing ignored)."""
    return " ".join(name.casefold().split())
