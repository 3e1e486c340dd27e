"""Who watches each game over a WebSocket, and pushing every change to them, each in the
view of its own seat.

No watcher can slow anybody else down: publishing only leaves the newest message in each
watcher's one-message mailbox, and each watcher has its own sender task. A watcher that
falls behind skips the states it missed (each message is the whole state, so the newest is
all it needs), and one that takes longer than ``SEND_SECONDS`` to take a message is dropped
(its client reconnects and resyncs).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

SEND_SECONDS = 20.0


@dataclass(eq=False)
class Watcher:
    """One WebSocket and what it waits to be sent: the newest whole state and the newest
    presence message (a state carries the presence too, so a newer state drops it)."""

    socket: WebSocket
    seat: int | None
    with_legal: bool
    _state: str | None = None
    _presence: str | None = None
    _ready: asyncio.Event = field(default_factory=asyncio.Event)

    def offer_state(self, text: str) -> None:
        self._state, self._presence = text, None
        self._ready.set()

    def offer_presence(self, text: str) -> None:
        self._presence = text
        self._ready.set()

    def _take(self) -> str | None:
        """The next message to send (the state before the presence), or None."""
        text: str | None
        if self._state is not None:
            text, self._state = self._state, None
        else:
            text, self._presence = self._presence, None
        return text

    async def send_forever(self) -> None:
        """Send each newest message as the connection takes it; returns when a send fails
        or takes longer than ``SEND_SECONDS`` (the watcher is then to be dropped)."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while (text := self._take()) is not None:
                try:
                    await asyncio.wait_for(self.socket.send_text(text), SEND_SECONDS)
                except Exception:  # whatever the failure, the connection is no use now
                    return


class TooManyWatchers(Exception):
    """The game has as many watchers as a server lets one game have."""


@dataclass
class Hub:
    watchers_per_game: int = 250
    watchers: dict[str, set[Watcher]] = field(default_factory=dict)

    def join(self, game_id: str, watcher: Watcher) -> bool:
        """Add ``watcher``; True when a seat became present (the others should be told).
        A game at its limit raises :class:`TooManyWatchers`."""
        group = self.watchers.setdefault(game_id, set())
        if len(group) >= self.watchers_per_game:
            raise TooManyWatchers(f"this game has {len(group)} watchers, the most a game "
                                  "may have; try again later")
        before = self.present_seats(game_id)
        group.add(watcher)
        return self.present_seats(game_id) != before

    def leave(self, game_id: str, watcher: Watcher) -> bool:
        """Remove ``watcher``; True when its seat is no longer present."""
        group = self.watchers.get(game_id)
        if group is None or watcher not in group:
            return False
        before = self.present_seats(game_id)
        group.discard(watcher)
        if not group:
            del self.watchers[game_id]
        return self.present_seats(game_id) != before

    def present_seats(self, game_id: str) -> set[int]:
        return {w.seat for w in self.watchers.get(game_id, ()) if w.seat is not None}

    def publish(self, game_id: str, state: Callable[[int | None, bool], str]) -> None:
        """Offer each watcher ``state(seat, with_legal)`` (JSON text, which the caller
        builds once per distinct pair); nothing here waits for a connection."""
        for watcher in self.watchers.get(game_id, ()):
            watcher.offer_state(state(watcher.seat, watcher.with_legal))

    def publish_presence(self, game_id: str, presence: dict[str, Any]) -> None:
        """Offer every watcher the small presence message (who is connected, who stepped
        away): the same for every seat, so it is built once."""
        text = json.dumps(presence, separators=(",", ":"))
        for watcher in self.watchers.get(game_id, ()):
            watcher.offer_presence(text)
