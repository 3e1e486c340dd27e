"""A game the server holds in memory: its engine rebuilt from the stored log, its stored
rows, and the lock that lets one action at a time change it while other games go on."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from herotable.core.game import Game
from herotable.server.db import ActionRow, GameRow, SeatRow
from herotable.server.relay import ActionNote
from herotable.server.rows import with_row


@dataclass
class LiveGame:
    id: str
    row: GameRow
    seats: list[SeatRow]
    game: Game[Any, Any, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    # When a client last asked for the game (time.monotonic()): an all-bot game plays on
    # only while somebody looks at it.
    seen: float = field(default_factory=time.monotonic)
    # For each seat that owes a decision, the seq at which it began owing it: an action sent
    # with any seq from there on was decided on what the seat still faces
    # (:meth:`seen_enough`); a game loaded from the database learns it by applying its log
    # one action at a time (:func:`herotable.server.service.rebuild`).
    owing_since: dict[int, int] = field(default_factory=dict)
    # Another process stored actions this one has not read yet (it was told so).
    stale: bool = False
    # The game object as JSON text for each (seat, legal, presence) at ``wire_seq``: built
    # once per change and shared by the seat's answers and pushes.
    wire: dict[tuple[Any, ...], str] = field(default_factory=dict)
    wire_seq: int = -1
    # The number of stored rows this copy has taken on: the actions, and the undos that took
    # one back (:mod:`herotable.server.rows`), so it only ever grows.
    seq: int = 0

    def __post_init__(self) -> None:
        self.owing_since = {seat: self.seq for seat in self.pending()}

    def pending(self) -> list[int]:
        return [] if self.game.is_over else self.game.pending_players()

    def advance(self, game: Game[Any, Any, Any], actor: int) -> None:
        """Make ``game`` (this game after one more row, by ``actor``: an action or an undo)
        the game, and note which seats now face a new decision: the actor, and those who
        owed nothing (an undo gives the others back the decision they had)."""
        before = self.owing_since
        self.game = game
        self.seq += 1
        self.owing_since = {seat: before[seat] if seat in before and seat != actor
                            else self.seq for seat in self.pending()}

    def seen_enough(self, seat: int, seq: int) -> bool:
        """Whether an action of ``seat`` sent at ``seq`` was decided on the decision the
        seat faces now: it owes one, began owing it at ``seq`` or before, and has not acted
        since (its own action would have begun a new one), so every action in between was
        another seat's and left this seat's choice as it was."""
        return seq <= self.seq and self.owing_since.get(seat, self.seq + 1) <= seq

    def adopt(self, rows: Sequence[ActionRow | ActionNote]) -> None:
        """Apply the stored actions the game has not seen yet (taken by another request or
        process); rows it already holds are skipped (the caller holds the game's lock)."""
        for row in rows:
            if row.seq == self.seq:
                # A refusal changes nothing.
                self.advance(with_row(self.game, row.seat, row.action), row.seat)

    @property
    def has_person(self) -> bool:
        return any(seat.bot is None for seat in self.seats)

    def bots_owing(self) -> list[int]:
        """The bot seats that owe a decision now."""
        return [s for s in self.pending() if self.seats[s].bot is not None]
