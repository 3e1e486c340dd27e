"""A game the server holds in memory: its engine rebuilt from the stored log, its stored
rows, and the lock that lets one action at a time change it while other games go on."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from herotable.core.game import Game
from herotable.server.db import ActionRow, GameRow, SeatRow


@dataclass
class LiveGame:
    id: str
    row: GameRow
    seats: list[SeatRow]
    game: Game[Any, Any, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None

    @property
    def seq(self) -> int:
        return len(self.game.log.entries)

    def adopt(self, rows: list[ActionRow]) -> None:
        """Apply the stored actions the game has not seen yet (taken by another request or
        process); rows it already holds are skipped (the caller holds the game's lock)."""
        for row in rows:
            if row.seq == self.seq:
                self.game.apply(row.seat, row.action)

    def bots_owing(self) -> list[int]:
        """The bot seats that owe a decision now."""
        if self.game.is_over:
            return []
        return [s for s in self.game.pending_players() if self.seats[s].bot is not None]
