"""Who watches each game over a WebSocket, and pushing every change to them, each in the
view of its own seat."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket


@dataclass(eq=False)
class Watcher:
    socket: WebSocket
    seat: int | None
    with_legal: bool


@dataclass
class Hub:
    watchers: dict[str, set[Watcher]] = field(default_factory=dict)

    def join(self, game_id: str, watcher: Watcher) -> None:
        self.watchers.setdefault(game_id, set()).add(watcher)

    def leave(self, game_id: str, watcher: Watcher) -> None:
        group = self.watchers.get(game_id)
        if group is not None:
            group.discard(watcher)
            if not group:
                del self.watchers[game_id]

    def present_seats(self, game_id: str) -> set[int]:
        return {w.seat for w in self.watchers.get(game_id, ()) if w.seat is not None}

    async def publish(self, game_id: str,
                      state: Callable[[int | None, bool], dict[str, Any]]) -> None:
        """Send each watcher ``state(seat, with_legal)``, built once per distinct pair; a
        watcher whose connection fails is dropped (its client reconnects and resyncs)."""
        built: dict[tuple[int | None, bool], str] = {}
        for watcher in list(self.watchers.get(game_id, ())):
            key = (watcher.seat, watcher.with_legal)
            if key not in built:
                built[key] = json.dumps(state(*key), separators=(",", ":"))
            try:
                await watcher.socket.send_text(built[key])
            except Exception:  # whatever the failure, the connection is dead
                self.leave(game_id, watcher)
