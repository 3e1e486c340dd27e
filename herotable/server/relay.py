"""Several server processes on one PostgreSQL database: what one process does, the others
hear of, and each bot move is thought out by one process only.

- **Actions.** The transaction that stores an action also sends a notification
  (``NOTIFY``, delivered only if it commits) on the ``herotable`` channel, with the action
  itself. Every process listens; one that holds the game applies it (or, if it missed one,
  reads what it lacks from the database), pushes the new state to its own WebSockets, and
  wakes the game's bots.
- **Presence.** A process announces which seats it has connected whenever that changes (and
  to a process that says hello), and that it is alive every few seconds; the seats present
  are the union over the processes heard from lately, so a killed process's seats go away.
- **Bot moves.** Before thinking about a game's bot move, a process takes the game's
  advisory lock (``pg_try_advisory_lock``) on a connection of its own and keeps it while it
  drives the game; a process that cannot take it leaves the game to the one that has it.
  PostgreSQL drops a dead process's locks with its connection, and every process sweeps its
  games every few seconds, so another one carries a dead process's games on.

The embedded SQLite store serves one process: :class:`Relay` there is alone, says nothing
and claims every game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

log = logging.getLogger("herotable.server")


@dataclass(frozen=True, slots=True)
class ActionNote:
    """An action one process stored, as another hears of it: its number in the game (the
    game's seq before it), the seat and the action in notation."""

    game_id: str
    seq: int
    seat: int
    action: str

CHANNEL = "herotable"
ALIVE_SECONDS = 5.0  # how often a process says it is alive (and sweeps its games)
SILENT_SECONDS = 3 * ALIVE_SECONDS  # a process not heard from this long is gone
RECONNECT_SECONDS = 2.0


class Relay:
    """A process alone with its database (SQLite): nothing to tell, every game its own."""

    def __init__(self) -> None:
        self.process = secrets.token_hex(4)

    async def start(self, on_action: Callable[[ActionNote], None],
                    on_presence: Callable[[str], None],
                    announce_all: Callable[[], None],
                    sweep: Callable[[], None]) -> None:
        """Begin listening; ``on_action(note)`` for another process's action,
        ``on_presence(game)`` when another process's presence changes, ``announce_all()``
        when a new process wants everybody's presence, ``sweep()`` every few seconds."""

    async def close(self) -> None:
        """Stop listening and let go of every claim."""

    def notify_payload(self, note: ActionNote) -> str | None:
        """The notification to send with a stored action (None: nobody listens)."""
        return None

    def announce(self, game_id: str, seats: set[int]) -> None:
        """Tell the other processes which seats of ``game_id`` this one has connected."""

    def remote_present(self, game_id: str) -> set[int]:
        return set()

    async def claim(self, game_id: str) -> bool:
        """Whether this process may move ``game_id``'s bots (and now holds that right)."""
        return True

    async def release(self, game_id: str) -> None:
        """Give up the right to move ``game_id``'s bots."""


def _lock_key(game_id: str) -> int:
    """A signed 64-bit advisory lock key for the game (a hash of its id)."""
    digest = hashlib.blake2b(f"herotable:{game_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class PostgresRelay(Relay):
    def __init__(self, database_url: str) -> None:
        super().__init__()
        url = make_url(database_url).set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self._tasks: list[asyncio.Task[None]] = []
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._locks: psycopg.AsyncConnection[Any] | None = None
        self._locks_guard = asyncio.Lock()
        self._held: set[str] = set()
        self._heard: dict[str, float] = {}  # process -> when it was last heard
        self._remote: dict[str, dict[str, set[int]]] = {}  # game -> process -> seats
        self._outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=10_000)

    async def start(self, on_action: Callable[[ActionNote], None],
                    on_presence: Callable[[str], None],
                    announce_all: Callable[[], None],
                    sweep: Callable[[], None]) -> None:
        handlers = (on_action, on_presence, announce_all)
        self._tasks = [asyncio.create_task(self._listen(*handlers)),
                       asyncio.create_task(self._send()),
                       asyncio.create_task(self._beat(sweep))]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for connection in (self._sender, self._locks):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()  # the locks go with their connection

    # ------------------------------------------------------------------ telling

    def notify_payload(self, note: ActionNote) -> str | None:
        # An action is at most 2,000 characters: well within NOTIFY's 8,000 bytes.
        return json.dumps({"p": self.process, "k": "action", "g": note.game_id,
                           "s": note.seq, "seat": note.seat, "a": note.action})

    def announce(self, game_id: str, seats: set[int]) -> None:
        self._post({"k": "presence", "g": game_id, "seats": sorted(seats)})

    def _post(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a flood of presence: drop, not block
            self._outbox.put_nowait(json.dumps({"p": self.process, **message}))

    async def _send(self) -> None:
        while True:
            payload = await self._outbox.get()
            try:
                if self._sender is None or self._sender.closed:
                    self._sender = await psycopg.AsyncConnection.connect(
                        self.conninfo, autocommit=True)
                await self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except psycopg.Error as exc:  # the database is away: this message is lost
                log.warning("cannot notify the other processes: %s", exc)
                self._sender = None
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _beat(self, sweep: Callable[[], None]) -> None:
        while True:
            self._post({"k": "alive"})
            sweep()
            await asyncio.sleep(ALIVE_SECONDS)

    # ------------------------------------------------------------------ hearing

    async def _listen(self, on_action: Callable[[ActionNote], None],
                      on_presence: Callable[[str], None],
                      announce_all: Callable[[], None]) -> None:
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(self.conninfo,
                                                                   autocommit=True)
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self._post({"k": "hello"})
                    async for note in connection.notifies():
                        self._heard_from(note.payload, on_action, on_presence, announce_all)
            except psycopg.Error as exc:
                log.warning("not hearing the other processes: %s", exc)
            await asyncio.sleep(RECONNECT_SECONDS)

    def _heard_from(self, payload: str, on_action: Callable[[ActionNote], None],
                    on_presence: Callable[[str], None],
                    announce_all: Callable[[], None]) -> None:
        try:
            message = json.loads(payload)
            process, kind = str(message["p"]), message["k"]
        except (ValueError, KeyError, TypeError):
            return  # not ours
        if process == self.process:
            return
        self._heard[process] = time.monotonic()
        if kind == "action":
            on_action(ActionNote(str(message["g"]), int(message["s"]), int(message["seat"]),
                                 str(message["a"])))
        elif kind == "presence":
            game_id = str(message["g"])
            seats = {int(seat) for seat in message["seats"]}
            by_process = self._remote.setdefault(game_id, {})
            if seats:
                by_process[process] = seats
            else:
                by_process.pop(process, None)
                if not by_process:
                    del self._remote[game_id]
            on_presence(game_id)
        elif kind == "hello":
            announce_all()

    def remote_present(self, game_id: str) -> set[int]:
        now = time.monotonic()
        present: set[int] = set()
        for process, seats in self._remote.get(game_id, {}).items():
            if now - self._heard.get(process, 0.0) < SILENT_SECONDS:
                present |= seats
        return present

    # ------------------------------------------------------------------ claims

    async def claim(self, game_id: str) -> bool:
        if game_id in self._held:
            return True
        return await self._locked(lambda c: self._try_lock(c, game_id))

    async def _try_lock(self, connection: psycopg.AsyncConnection[Any], game_id: str) -> bool:
        cursor = await connection.execute("SELECT pg_try_advisory_lock(%s)",
                                          (_lock_key(game_id),))
        row = await cursor.fetchone()
        if row is not None and row[0]:
            self._held.add(game_id)
            return True
        return False

    async def release(self, game_id: str) -> None:
        if game_id not in self._held:
            return
        self._held.discard(game_id)

        async def unlock(connection: psycopg.AsyncConnection[Any]) -> bool:
            await connection.execute("SELECT pg_advisory_unlock(%s)", (_lock_key(game_id),))
            return True

        await self._locked(unlock)

    async def _locked(self, call: Callable[[psycopg.AsyncConnection[Any]],
                                           Awaitable[bool]]) -> bool:
        """``call`` on the locks' connection, one at a time; if the connection was lost,
        so were its locks: a new one starts with none held."""
        async with self._locks_guard:
            try:
                if self._locks is None or self._locks.closed:
                    self._held.clear()
                    self._locks = await psycopg.AsyncConnection.connect(self.conninfo,
                                                                        autocommit=True)
                return await call(self._locks)
            except psycopg.Error as exc:
                log.warning("cannot claim bot moves: %s", exc)
                self._locks = None
                self._held.clear()
                return False


def relay_for(database_url: str) -> Relay:
    return PostgresRelay(database_url) if database_url.startswith("postgresql") else Relay()
