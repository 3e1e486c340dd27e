"""The database: tables, engine and migrations.

A game is stored as what rebuilds it exactly: its engine config, seed and the log of
accepted actions, one row each. The primary key (game, seq) of the actions is what stops two
server processes from both accepting action number N of a game: the second insert fails.
"""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # as the creator gave them
    config: Mapped[dict[str, Any]] = mapped_column(JSON)  # the engine's, for replay
    seed: Mapped[int] = mapped_column(BigInteger)
    listed: Mapped[bool] = mapped_column(Boolean, default=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    challenge: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    tutorial: Mapped[str | None] = mapped_column(String(32), nullable=True)  # its script


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    left: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChallengeEntry(Base):
    """One attempt at a challenge: one per player name and one per browser; its score is
    filled in by the server when the game ends (never sent by a client)."""

    __tablename__ = "challenge_entries"
    __table_args__ = (UniqueConstraint("challenge", "browser_hash",
                                       name="uq_challenge_browser"),)

    challenge: Mapped[str] = mapped_column(String(32), primary_key=True)  # "daily:2026-11-23"
    name_key: Mapped[str] = mapped_column(String(64), primary_key=True)  # the name, folded
    name: Mapped[str] = mapped_column(String(64))
    browser_hash: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    title: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)


class AnalysisRow(Base):
    """A seat's play in a finished game judged by the strong bot: started once, its progress
    kept while it runs, its result kept for good."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))  # running, done or failed
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now,
                                                 onupdate=now)


class TableRow(Base):
    """A paper table: the Cartographers set-up and seed its deck is dealt from, and how many
    cards were flipped (``seq``); the flip that moves ``seq`` on is one conditional update,
    so two flips sent at once never both count."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # as the host gave them
    config: Mapped[dict[str, Any]] = mapped_column(JSON)  # the engine's, to deal the deck
    seed: Mapped[int] = mapped_column(BigInteger)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    host_hash: Mapped[str] = mapped_column(String(64))
    anyone_flips: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TableMapRow(Base):
    """A player's map at a paper table: the name shown on the scoreboard, the map at each
    season's end with its coins (as ``POST /api/score`` takes them), and the hash of the
    token that lets its author replace it; ``revision`` counts the replacements."""

    __tablename__ = "table_maps"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    map_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    seasons: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # [{"map", "coins"}]
    token_hash: Mapped[str] = mapped_column(String(64))
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ServerKey(Base):
    """Secrets the server makes for itself once (the key that deals the challenges)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL (readers never wait for the writer) and
    enforced foreign keys."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    # A bounded wait for a connection: while the database is away a request fails in
    # seconds (503) instead of hanging. No ping before each use (a round trip per action):
    # after an outage the first failure drops every pooled connection, and the next
    # request opens fresh ones.
    return create_engine(url, pool_timeout=10, connect_args={"connect_timeout": 5})


def migrate(engine: Engine) -> None:
    """Bring the database's schema to the newest migration (creating it when empty)."""
    folder = resources.files("herotable.server").joinpath("migrations")
    config = Config()
    config.set_main_option("script_location", str(folder))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
