"""Where the server keeps its games, the data it plays and the limits it enforces, from the
command line or the environment (``HEROTABLE_DATABASE_URL``, ``HEROTABLE_DOMINARIA_DATA``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from herotable.server.packs import dominaria_data

DATABASE_URL_VARIABLE = "HEROTABLE_DATABASE_URL"
RATE_VARIABLE = "HEROTABLE_RATE_PER_SECOND"
ANALYSIS_VARIABLE = "HEROTABLE_ANALYSIS_SECONDS"
BOT_WORKERS_VARIABLE = "HEROTABLE_BOT_WORKERS"
ANALYSIS_WORKERS_VARIABLE = "HEROTABLE_ANALYSIS_WORKERS"


def _seconds(variable: str) -> float | None:
    given = os.environ.get(variable)
    return None if given is None else float(given)


def _count(variable: str, default: int) -> int:
    given = os.environ.get(variable)
    return default if given is None else max(1, int(given))


def default_database_url() -> str:
    """SQLite in the user's data directory, so ``herotable serve`` needs nothing else."""
    folder = Path(platformdirs.user_data_dir("herotable", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'herotable.sqlite3'}"


def database_url(given: str | None = None) -> str:
    """The command line's URL, else the environment's, else the embedded default."""
    return given or os.environ.get(DATABASE_URL_VARIABLE) or default_database_url()


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = field(default_factory=database_url)
    # The host's own Heroes of Dominaria data pack (a directory; None: the shipped pack).
    dominaria_data: str | None = field(default_factory=dominaria_data)
    max_body_bytes: int = 16_384
    max_ws_message_bytes: int = 4_096
    # Per client address: a burst of this many requests, refilled at this rate per second
    # (0: no limit, for a trusted benchmark or load test).
    rate_burst: int = 120
    rate_per_second: float = field(default_factory=lambda: float(os.environ.get(RATE_VARIABLE,
                                                                               "40")))
    bot_workers: int = field(default_factory=lambda: _count(BOT_WORKERS_VARIABLE, 2))
    # Analyses run in their own pool, so a long one never keeps a bot from moving.
    analysis_workers: int = field(default_factory=lambda: _count(ANALYSIS_WORKERS_VARIABLE,
                                                                 1))
    # Start the bots' worker processes with the server, so that the first bot move or hint
    # does not wait for one to start (tests that never use a bot leave them off).
    warm_workers: bool = True
    # Hints on their way at once (one per game at most); more are refused with Retry-After.
    hints_at_once: int = 8
    # An all-bot game plays on this long after somebody last looked at it, then rests until
    # somebody does again.
    unwatched_bot_game_seconds: float = 120.0
    # A starting server wakes the bots of games played in these last days (a person may be
    # waiting for a bot's move); older ones wake when somebody opens them.
    resume_days: float = 7.0
    # Analyses running or waiting on this process, in all and of one game.
    analyses_at_once: int = 8
    analyses_per_game: int = 2
    # The strong bot's budget per decision for hints and analyses (None: its own, its
    # hint_seconds for a hint).
    hint_seconds: float | None = None
    analysis_seconds: float | None = field(default_factory=lambda: _seconds(ANALYSIS_VARIABLE))
    # The longest a bot may think per decision, whatever a seat asked for.
    max_bot_seconds: float = 5.0
    # How long an action's answer waits for the bot moves it unblocks before answering with
    # the state so far (the WebSocket brings the rest).
    bot_wait_seconds: float = 15.0
    # What time it is (the challenges follow the UTC calendar); tests set their own.
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    # WebSockets one game may have (a 100-seat game with a tab per seat fits twice over).
    watchers_per_game: int = 250
    # Games kept in memory; older idle ones are dropped and rebuilt from the log on demand.
    games_in_memory: int = 2_000
