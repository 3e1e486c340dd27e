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
  A seat stepping away or back (``left``) is announced too.
- **Paper tables.** A flip (a table's setting changed, a player's map added or replaced) is
  a notification too, with the table's id only: a process with watchers of that table reads
  it again and pushes it.
- **Repair.** Notes are lost while a process's listening connection is down: each time it
  (re)connects, the process marks every game it holds as possibly behind, and reads the
  database before it next shows one.
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
from typing import Any, Protocol

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
CONNECT_SECONDS = 5  # a connection that cannot be made in this long is tried again later


class Listener(Protocol):
    """What a process does with what it hears (:class:`~herotable.server.service.GameService`)."""

    def heard_action(self, note: ActionNote) -> None: ...

    def heard_presence(self, game_id: str) -> None: ...

    def heard_table(self, table_id: str) -> None:
        """A paper table changed (a flip, a setting, a map) in another process."""

    def heard_left(self, game_id: str, seat: int, left: bool) -> None: ...

    def announce_all(self) -> None: ...

    def listening(self) -> None:
        """The process (re)started listening: notes before now may have been missed."""

    def sweep(self) -> None:
        """Every few seconds: carry on what another process may have left."""


class Relay:
    """A process alone with its database (SQLite): nothing to tell, every game its own."""

    shared = False  # whether other processes may serve the same database

    def __init__(self) -> None:
        self.process = secrets.token_hex(4)

    async def start(self, listener: Listener) -> None:
        """Begin listening for the other processes."""

    async def close(self) -> None:
        """Stop listening and let go of every claim."""

    def notify_payload(self, note: ActionNote) -> str | None:
        """The notification to send with a stored action (None: nobody listens)."""
        return None

    def table_payload(self, table_id: str) -> str | None:
        """The notification to send with a paper table's change (None: nobody listens)."""
        return None

    def announce(self, game_id: str, seats: set[int]) -> None:
        """Tell the other processes which seats of ``game_id`` this one has connected."""

    def announce_left(self, game_id: str, seat: int, left: bool) -> None:
        """Tell the other processes that ``seat`` stepped away (or came back)."""

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
    shared = True

    def __init__(self, database_url: str) -> None:
        super().__init__()
        url = make_url(database_url).set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self._tasks: list[asyncio.Task[None]] = []
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._locks: psycopg.AsyncConnection[Any] | None = None
        self._locks_guard = asyncio.Lock()
        self._held: set[str] = set()
        self._closed = False
        self._heard: dict[str, float] = {}  # process -> when it was last heard
        self._remote: dict[str, dict[str, set[int]]] = {}  # game -> process -> seats
        self._outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=10_000)

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True,
                                                     connect_timeout=CONNECT_SECONDS)

    async def start(self, listener: Listener) -> None:
        self._tasks = [asyncio.create_task(self._listen(listener)),
                       asyncio.create_task(self._send()),
                       asyncio.create_task(self._beat(listener))]

    async def close(self) -> None:
        self._closed = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for connection in (self._sender, self._locks):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()  # the locks go with their connection

    # ------------------------------------------------------------------ telling

    def notify_payload(self, note: ActionNote) -> str | None:
        # An action is at most 2,000 characters: well within NOTIFY's 8,000 bytes.
        return json.dumps({"p": self.process, "k": "action", "g": note.game_id,
                           "s": note.seq, "seat": note.seat, "a": note.action})

    def table_payload(self, table_id: str) -> str | None:
        return json.dumps({"p": self.process, "k": "table", "g": table_id})

    def announce(self, game_id: str, seats: set[int]) -> None:
        self._post({"k": "presence", "g": game_id, "seats": sorted(seats)})

    def announce_left(self, game_id: str, seat: int, left: bool) -> None:
        self._post({"k": "left", "g": game_id, "seat": seat, "left": left})

    def _post(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a flood of presence: drop, not block
            self._outbox.put_nowait(json.dumps({"p": self.process, **message}))

    async def _send(self) -> None:
        while True:
            payload = await self._outbox.get()
            try:
                if self._sender is None or self._sender.closed:
                    self._sender = await self._connect()
                await self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except psycopg.Error as exc:  # the database is away: this message is lost
                log.warning("cannot notify the other processes: %s", exc)
                self._sender = None
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _beat(self, listener: Listener) -> None:
        while True:
            self._post({"k": "alive"})
            self._forget_the_silent(listener)
            try:
                listener.sweep()
            except Exception:  # one bad sweep must not end the beat (the others' view)
                log.exception("sweeping the games failed")
            await asyncio.sleep(ALIVE_SECONDS)

    def _forget_the_silent(self, listener: Listener) -> None:
        """Drop what processes long silent said (they are gone), and show the change."""
        cutoff = time.monotonic() - 4 * SILENT_SECONDS
        gone = {process for process, heard in self._heard.items() if heard < cutoff}
        if not gone:
            return
        for process in gone:
            del self._heard[process]
        for game_id, by_process in list(self._remote.items()):
            if gone & by_process.keys():
                for process in gone:
                    by_process.pop(process, None)
                if not by_process:
                    del self._remote[game_id]
                listener.heard_presence(game_id)

    # ------------------------------------------------------------------ hearing

    async def _listen(self, listener: Listener) -> None:
        while True:
            try:
                connection = await self._connect()
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    listener.listening()
                    self._post({"k": "hello"})
                    async for note in connection.notifies():
                        self._heard_from(note.payload, listener)
            except psycopg.Error as exc:
                log.warning("not hearing the other processes: %s", exc)
            except Exception:  # whatever it was, listening must go on
                log.exception("listening to the other processes failed")
            await asyncio.sleep(RECONNECT_SECONDS)

    def _heard_from(self, payload: str, listener: Listener) -> None:
        try:
            message = json.loads(payload)
            process, kind = str(message["p"]), message["k"]
            if process == self.process:
                return
            self._heard[process] = time.monotonic()
            if kind == "action":
                listener.heard_action(ActionNote(str(message["g"]), int(message["s"]),
                                                 int(message["seat"]), str(message["a"])))
            elif kind == "presence":
                self._heard_presence(str(message["g"]), process,
                                     {int(seat) for seat in message["seats"]})
                listener.heard_presence(str(message["g"]))
            elif kind == "left":
                listener.heard_left(str(message["g"]), int(message["seat"]),
                                    bool(message["left"]))
            elif kind == "table":
                listener.heard_table(str(message["g"]))
            elif kind == "hello":
                listener.announce_all()
        except (ValueError, KeyError, TypeError) as exc:  # not a note this version reads
            log.warning("an unreadable note from another process: %s: %s",
                        type(exc).__name__, payload[:200])

    def _heard_presence(self, game_id: str, process: str, seats: set[int]) -> None:
        by_process = self._remote.setdefault(game_id, {})
        if seats:
            by_process[process] = seats
        else:
            by_process.pop(process, None)
            if not by_process:
                del self._remote[game_id]

    def remote_present(self, game_id: str) -> set[int]:
        now = time.monotonic()
        present: set[int] = set()
        for process, seats in self._remote.get(game_id, {}).items():
            if now - self._heard.get(process, 0.0) < SILENT_SECONDS:
                present |= seats
        return present

    # ------------------------------------------------------------------ claims

    async def claim(self, game_id: str) -> bool:
        if self._closed:
            return False
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
        if self._closed:
            return  # the connection, and every lock with it, is closed

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
                    self._locks = await self._connect()
                return await call(self._locks)
            except psycopg.Error as exc:
                log.warning("cannot claim bot moves: %s", exc)
                self._locks = None
                self._held.clear()
                return False


def relay_for(database_url: str) -> Relay:
    return PostgresRelay(database_url) if database_url.startswith("postgresql") else Relay()
