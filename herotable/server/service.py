"""The games a server is running: creating them, loading them from the database, accepting
actions and telling watchers.

Each game in memory is a :class:`LiveGame` with a lock: one action at a time per game, while
other games go on. An action is tried on a clone, committed to the database under the
(game, seq) key, and only then becomes the game's state, so a refused action or a lost race
leaves everything as it was. Bots are moved by :mod:`herotable.server.driver`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from anyio import to_thread
from sqlalchemy.exc import SQLAlchemyError

from herotable.bots.registry import make_bot
from herotable.core.errors import HerotableError
from herotable.core.game import Game
from herotable.core.options import GameOptionError
from herotable.registry import game_classes, game_info
from herotable.server.challenges import challenge_of
from herotable.server.db import ActionRow, ChallengeEntry, GameRow, SeatRow
from herotable.server.driver import BotDriver
from herotable.server.errors import (
    DamagedGame,
    Forbidden,
    StaleSeq,
    UnknownGame,
    outage_line,
)
from herotable.server.hub import Hub
from herotable.server.live import LiveGame
from herotable.server.packs import ServedPack, served_pack
from herotable.server.refusals import ServerRefusal
from herotable.server.relay import ActionNote, relay_for
from herotable.server.rows import UNDO, with_row
from herotable.server.settings import Settings
from herotable.server.store import ChallengeResult, ListedGame, Store
from herotable.server.tokens import hash_token, is_game_id, new_game_id, new_token, token_matches
from herotable.server.wire import game_object, presence_object

log = logging.getLogger("herotable.server")

MAX_SEED = 2**63 - 1
PING_SECONDS = 3.0
WIRE_CACHE_SIZE = 64  # JSON texts kept per game (a seat and a spectator: a few)
COMMIT_ATTEMPTS = 3  # a seat's action, tried again after another process took its number
DAMAGED = ("this game's record is damaged, so it cannot be played or shown; the server's host "
           "can list such games with `herotable damaged`")
T = TypeVar("T")


def rebuild(row: GameRow, seats: list[SeatRow], actions: list[ActionRow],
            served: ServedPack) -> LiveGame:
    """A stored game in memory, its actions applied one by one from its config and seed
    (as a replay does), so that each seat's ``owing_since`` is known exactly; a record that
    does not replay (an unknown game, a damaged config or seed, an action the rules
    refuse, seats that are not the game's players) is a :class:`DamagedGame`, whatever the
    engine found wrong with it. A game made with a data pack other than the ``served`` one
    is a :class:`PackNotServed` (the record is sound; this process cannot play it)."""
    config = served.config_for(row.game, row.config)
    try:
        cls = game_classes()[row.game]
        live = LiveGame(row.id, row, seats, cls(cls.config_from_json(config), row.seed))
        if [seat.seat for seat in seats] != list(range(live.game.num_players)):
            raise ValueError(f"the seats {[seat.seat for seat in seats]} are not the "
                             f"game's {live.game.num_players} players")
        live.adopt(actions)
        if live.seq != len(actions):
            raise ValueError(f"the actions are numbered with gaps ({len(actions)} stored, "
                             f"{live.seq} in order)")
        return live
    except Exception as exc:  # any failure: the record is what is wrong, not the request
        log.error("game %s is damaged: %s: %s", row.id, type(exc).__name__, exc)
        raise DamagedGame(DAMAGED) from exc


def read_stored(store: Store, game_id: str,
                ) -> tuple[GameRow, list[SeatRow], list[ActionRow]] | None:
    """A stored game's rows (None: no such game); a stored value the database layer cannot
    read back (a damaged JSON column, say) is a :class:`DamagedGame`."""
    try:
        return store.load(game_id)
    except (ValueError, TypeError, LookupError) as exc:
        log.error("game %s is damaged: %s: %s", game_id, type(exc).__name__, exc)
        raise DamagedGame(DAMAGED) from exc


def challenge_result(game: Game[Any, Any, Any]) -> ChallengeResult:
    """A finished challenge game's line on the leaderboard, worked out by the server."""
    solo = game.solo_result()
    rating, title = solo if solo is not None else (None, None)
    return ChallengeResult(score=game.standings()[0].total, rating=rating, title=title)


@dataclass(frozen=True, slots=True)
class SeatRequest:
    name: str | None
    bot: str | None
    seconds: float | None


@dataclass(frozen=True, slots=True)
class GameRequest:
    """What a new game is made of. ``hints`` None: allowed unless several people play
    (then only if everyone agreed when the game was made); never in a challenge."""

    game: str
    options: dict[str, Any]
    seats: list[SeatRequest]
    seed: int | None = None
    listed: bool = True
    hints: bool | None = None
    challenge: str | None = None
    tutorial: str | None = None  # the server's own set-up: local-only options allowed


class GameService:
    def __init__(self, settings: Settings, store: Store, hub: Hub) -> None:
        self.settings = settings
        self.pack = served_pack(settings.dominaria_data)  # checked before anything else
        self.store = store
        self.hub = hub
        self.bots = BotDriver(self)
        self.live: dict[str, LiveGame] = {}
        self.draining = False  # set when the server stops: load balancers look elsewhere
        self.relay = relay_for(settings.database_url)
        self._database_thread = (ThreadPoolExecutor(1, thread_name_prefix="sqlite")
                                 if settings.database_url.startswith("sqlite") else None)
        self.store.notice = self.relay.notify_payload
        self._refreshing: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._loading: dict[str, asyncio.Lock] = {}
        # What to do when another process changed a paper table (the table desk's); None:
        # any table may have changed (notes were missed while not listening).
        self.on_table: Callable[[str | None], None] = lambda _table_id: None

    async def database_answers(self) -> bool:
        try:
            await asyncio.wait_for(self.db(self.store.ping), PING_SECONDS)
        except (TimeoutError, SQLAlchemyError) as exc:
            log.warning("database unavailable: %s", outage_line(exc))
            return False
        return True

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call in a worker thread: on SQLite always the same one,
        since SQLite takes one writer at a time and threads waiting for its lock would
        sleep in its busy handler."""
        if self._database_thread is not None:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._database_thread, partial(call, *args))
        return await to_thread.run_sync(call, *args)

    # ------------------------------------------------------------------ creating

    async def create(self, request: GameRequest, entry: ChallengeEntry | None = None,
                     ) -> tuple[LiveGame, list[str | None]]:
        """A new game and one token per person's seat (None for bots); ``entry`` is the
        challenge attempt it is, stored with it or not at all."""
        name, seats = request.game, request.seats
        info = game_info(name)
        for key in request.options:
            if info.option(key).local_only and request.tutorial is None:
                raise GameOptionError(f"option {key!r} is for local play only")
        if "players" in request.options and request.options["players"] != len(seats):
            raise GameOptionError(f"option 'players' says {request.options['players']!r} but "
                                  f"{len(seats)} seats were given")
        for seat in seats:
            if seat.bot is not None:
                make_bot(name, seat.bot)  # an unknown bot is refused here, by name
        # An unnamed seat stays unnamed (""), so each front end names it in its own language.
        names = [seat.name or "" for seat in seats]
        options = {**request.options, "players": len(seats), "names": names}
        seed = secrets.randbits(62) if request.seed is None else request.seed
        game = info.new_game(seed, **options, **self.pack.options(name))
        game_id = new_game_id()
        tokens = [None if seat.bot else new_token() for seat in seats]
        people = sum(seat.bot is None for seat in seats)
        hints = people <= 1 if request.hints is None else request.hints
        row = GameRow(id=game_id, game=name, options=options, config=game.config.to_json(),
                      seed=seed, listed=request.listed, over=False,
                      hints=hints and request.challenge is None, challenge=request.challenge,
                      tutorial=request.tutorial)
        seat_rows = [
            SeatRow(game_id=game_id, seat=index, name=names[index], bot=seat.bot,
                    bot_seconds=self._bot_seconds(seat.seconds),
                    token_hash=hash_token(token) if token else None, left=False)
            for index, (seat, token) in enumerate(zip(seats, tokens, strict=True))]
        if entry is not None:
            entry.game_id = game_id
        await self.db(self.store.create, row, seat_rows, entry)
        live = LiveGame(game_id, row, seat_rows, game)
        self._keep(live)
        self.bots.wake(live)
        return live, tokens

    def _bot_seconds(self, asked: float | None) -> float | None:
        return None if asked is None else min(asked, self.settings.max_bot_seconds)

    # ------------------------------------------------------------------ loading

    async def get(self, game_id: str) -> LiveGame:
        """The game, loaded on first use and caught up with actions other processes took."""
        if not is_game_id(game_id):
            raise UnknownGame("there is no such game (a game id is a short code of letters, "
                              "digits, '-' and '_')")
        live = self.live.get(game_id)
        if live is None:
            lock = self._loading.setdefault(game_id, asyncio.Lock())
            try:
                async with lock:
                    live = self.live.get(game_id)
                    if live is None:
                        live = await self._load(game_id)
                        self._keep(live)
            finally:
                self._loading.pop(game_id, None)
        else:
            self.live[game_id] = self.live.pop(game_id)  # most recently used last
            if live.stale:
                await self.catch_up(live)
        live.seen = time.monotonic()
        self.bots.wake(live)  # a game of bots only that rested plays on while looked at
        return live

    def _keep(self, live: LiveGame) -> None:
        """Hold ``live`` in memory, letting go of the least recently used games beyond the
        limit (the database has them all; one comes back by replaying its log)."""
        self.live[live.id] = live
        if len(self.live) <= self.settings.games_in_memory:
            return
        for game_id, other in list(self.live.items()):
            busy = (other.driver is not None and not other.driver.done()) or other.lock.locked()
            if not busy and game_id != live.id and not self.hub.watchers.get(game_id):
                del self.live[game_id]
                if len(self.live) <= self.settings.games_in_memory:
                    return

    async def _load(self, game_id: str) -> LiveGame:
        found = await self.db(read_stored, self.store, game_id)
        if found is None:
            raise UnknownGame(f"there is no game {game_id!r}")
        row, seats, actions = found
        return rebuild(row, seats, actions, self.pack)

    async def catch_up(self, live: LiveGame) -> None:
        """Read the actions other processes stored since this one's copy (one database
        query; a process alone with its database never needs it). A note that comes while
        it reads marks the game behind again; a read that fails leaves it marked."""
        live.stale = False
        try:
            newer = await self.db(self.store.actions_from, live.id, live.seq)
        except BaseException:
            live.stale = True
            raise
        if not newer:
            return
        async with live.lock:
            live.adopt(newer)

    # ------------------------------------------------------------------ seats

    def check_watchable(self, live: LiveGame, seat: int | None) -> None:
        """A challenge game is nobody's business but its player's while the challenge runs:
        watching it would show the coming cards to those who have not played yet."""
        challenge = live.row.challenge
        if seat is None and challenge and challenge_of(challenge).is_open(self.settings.clock()):
            raise Forbidden("a challenge game is shown once the challenge is over, or "
                            "to those who have finished it (see its leaderboard)",
                            ServerRefusal.CHALLENGE_HIDDEN)

    def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat ``token`` holds (None: a spectator); a token of no seat is Forbidden."""
        if token is None:
            return None
        for seat in live.seats:
            if token_matches(token, seat.token_hash):
                return seat.seat
        raise Forbidden("this token holds no seat in this game", ServerRefusal.NOT_A_SEAT)

    async def set_left(self, live: LiveGame, seat: int, left: bool) -> None:
        """Store that ``seat`` stepped away (or came back), whatever this process's copy
        says (another process may have changed it), and tell everyone."""
        await self.db(self.store.set_left, live.id, seat, left)
        self.relay.announce_left(live.id, seat, left)
        if live.seats[seat].left != left:
            live.seats[seat].left = left
            self.publish(live)

    # ------------------------------------------------------------------ acting

    async def act(self, live: LiveGame, seat: int | None, seq: int, action: str) -> None:
        """Accept ``seat``'s ``action``, sent when the seat had seen the game at ``seq``: the
        game's seq, or an older one if since then only other seats acted and this seat's
        decision stayed the same (:meth:`LiveGame.seen_enough`: simultaneous seats never
        refuse each other, and a retried request is still refused)."""
        await self._accept(live, seat, seq, action)

    async def undo(self, live: LiveGame, seat: int | None, seq: int) -> None:
        """Take back ``seat``'s last action (:meth:`Game.undo`), asked at ``seq``, which
        must be the game's: an undo is decided on the game as it is now."""
        await self._accept(live, seat, seq, None)

    async def _accept(self, live: LiveGame, seat: int | None, seq: int,
                      action: str | None) -> None:
        """Store and adopt one row of ``seat``'s: an action, or an undo (None)."""
        if seat is None:
            raise Forbidden("a spectator cannot act; send the seat's token",
                            ServerRefusal.SPECTATOR)
        if live.seats[seat].bot is not None:
            raise Forbidden("a bot plays this seat", ServerRefusal.BOT_SEAT)
        # A seq ahead of this copy: the client heard of actions another process took (alone
        # with its database, as on SQLite, no process can have: no read is needed).
        if seq > live.seq and self.relay.shared:
            await self.catch_up(live)
        async with live.lock:
            for attempt in range(COMMIT_ATTEMPTS):
                seen = seq == live.seq if action is None else live.seen_enough(seat, seq)
                if not seen:
                    raise StaleSeq(f"the game is at seq {live.seq}, not {seq}, and this "
                                   "seat's decision changed since", params={"seq": live.seq})
                try:
                    await self.commit(live, seat, action)
                    break
                except StaleSeq:  # another process took that number: caught up, try again
                    if attempt == COMMIT_ATTEMPTS - 1:
                        raise
        self.publish(live)
        self.bots.wake(live)

    async def commit(self, live: LiveGame, seat: int, action: str | None) -> None:
        """Try ``action`` (None: an undo) on a clone, store it, then adopt the clone (the
        caller holds the game's lock). Only an undo is stored as :data:`UNDO`: an action
        spelt so is refused as any unreadable one."""
        if action is None:
            trial = with_row(live.game, seat, UNDO)  # a new game: this one stays as it is
            notation = UNDO
        else:
            trial = live.game.clone()
            trial.apply(seat, action)  # a refusal raises here, before anything is written
            notation = trial.log.entries[-1].action
        result = challenge_result(trial) if trial.is_over and live.row.challenge else None
        stored = await self.db(self.store.append, live.id, live.seq, seat, notation,
                               trial.is_over, result)
        if not stored:
            seq = live.seq
            live.adopt(await self.db(self.store.actions_from, live.id, live.seq))
            raise StaleSeq(f"action {seq} was taken by another request; the game is at "
                           f"seq {live.seq}", params={"seq": live.seq})
        live.advance(trial, seat)
        if trial.is_over:
            live.row.over = True

    async def listed(self) -> list[ListedGame]:
        return await self.db(self.store.listed)

    async def resume(self) -> None:
        """After a start: wake the bots of the games where a person may be waiting for one
        (played in the last ``resume_days``); older games and games of bots only wake
        when somebody opens them. A game that cannot be loaded is logged and skipped."""
        since = datetime.now(UTC) - timedelta(days=self.settings.resume_days)
        for game_id in await self.db(self.store.waiting_for_bots, since):
            try:
                await self.get(game_id)
            except HerotableError as exc:
                log.error("game %s cannot be resumed: %s", game_id, exc)

    # ------------------------------------------------------------------ what clients see

    def present(self, game_id: str) -> set[int]:
        """The seats connected to this process or, as they said, to another one."""
        return self.hub.present_seats(game_id) | self.relay.remote_present(game_id)

    def state(self, live: LiveGame, seat: int | None, with_legal: bool = True) -> dict[str, Any]:
        """The object of ``GET /api/games/{id}`` for ``seat`` (None: a spectator)."""
        return game_object(live, seat, self.present(live.id), with_legal)

    def state_text(self, live: LiveGame, seat: int | None, with_legal: bool = True,
                   present: set[int] | None = None) -> str:
        """:meth:`state` as JSON text, built once for each seat, legal list and presence
        while the game stays at one seq: an action's answer and the pushes to that seat's
        sockets share it. ``present``: the seats present, if the caller has them."""
        present = self.present(live.id) if present is None else present
        key = (seat, with_legal, frozenset(present), tuple(s.left for s in live.seats))
        if live.wire_seq != live.seq or len(live.wire) > WIRE_CACHE_SIZE:
            live.wire.clear()
            live.wire_seq = live.seq
        text = live.wire.get(key)
        if text is None:
            text = json.dumps(game_object(live, seat, present, with_legal),
                              separators=(",", ":"))
            live.wire[key] = text
        return text

    def publish(self, live: LiveGame) -> None:
        """Offer every watcher of the game its new object (nothing here waits for them)."""
        present = self.present(live.id)  # once for all the watchers
        self.hub.publish(live.id,
                         lambda seat, legal: self.state_text(live, seat, legal, present))

    def publish_presence(self, live: LiveGame) -> None:
        """Tell this process's watchers who is present now."""
        self.hub.publish_presence(live.id, presence_object(live, self.present(live.id)))

    def presence_changed(self, live: LiveGame) -> None:
        """A seat connected to this process or left it: tell the watchers here and the
        other processes."""
        self.relay.announce(live.id, self.hub.present_seats(live.id))
        self.publish_presence(live)

    # ------------------------------------------------------------------ other processes

    async def start(self) -> None:
        """Begin hearing the other processes (PostgreSQL), and start the bots' workers."""
        await self.relay.start(self)
        if self.settings.warm_workers:
            self.bots.pool.start()

    def heard_action(self, note: ActionNote) -> None:
        """Another process stored an action: if this process holds the game, take it on
        (from the note itself when it is the next one, else from the database, once
        however many notes arrive meanwhile) and push it."""
        live = self.live.get(note.game_id)
        if live is None or note.seq < live.seq:
            return
        if note.seq == live.seq and not live.stale and not live.lock.locked():
            try:
                live.adopt([note])
            except HerotableError as exc:
                log.error("game %s: a note of another process refused: %s", live.id, exc)
            else:
                self.publish(live)
                self.bots.wake(live)
                return
        live.stale = True
        self._refresh_soon(live)

    def _refresh_soon(self, live: LiveGame) -> None:
        if live.id in self._refreshing:
            return
        self._refreshing.add(live.id)
        task = asyncio.get_running_loop().create_task(self._refresh(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, live: LiveGame) -> None:
        """Catch up and push until no newer note came meanwhile (a note that arrives while
        the database is read may be of an action that read did not see). A failed read
        leaves the game marked behind: the next look or sweep tries again."""
        try:
            while live.stale:
                await self.catch_up(live)  # clears ``stale`` before it reads
                self.publish(live)
                self.bots.wake(live)
        except SQLAlchemyError as exc:
            log.warning("game %s not caught up: %s", live.id, outage_line(exc))
        except HerotableError as exc:
            log.error("game %s not caught up: %s", live.id, exc)
        finally:
            self._refreshing.discard(live.id)

    def heard_table(self, table_id: str) -> None:
        self.on_table(table_id)

    def heard_presence(self, game_id: str) -> None:
        live = self.live.get(game_id)
        if live is not None and self.hub.watchers.get(game_id):
            self.publish_presence(live)

    def heard_left(self, game_id: str, seat: int, left: bool) -> None:
        live = self.live.get(game_id)
        if live is not None and 0 <= seat < len(live.seats) and live.seats[seat].left != left:
            live.seats[seat].left = left
            self.publish(live)

    def announce_all(self) -> None:
        for game_id in list(self.hub.watchers):
            self.relay.announce(game_id, self.hub.present_seats(game_id))

    def listening(self) -> None:
        """Notes sent while this process was not listening are lost: every game it holds
        may be behind, so each is read again before it is next shown (watched ones now)."""
        for live in list(self.live.values()):
            live.stale = True
            if self.hub.watchers.get(live.id):
                self._refresh_soon(live)
        self.on_table(None)

    def sweep(self) -> None:
        """Every few seconds: wake the bots of every game held here that owe a move and
        have no driver (the process that drove them may have died), and catch up watched
        games still behind after a failed read."""
        for live in list(self.live.values()):
            if live.stale and self.hub.watchers.get(live.id):
                self._refresh_soon(live)
            self.bots.wake(live)

    async def close(self) -> None:
        self.draining = True
        for task in self._tasks:
            task.cancel()
        self.bots.close()
        await self.relay.close()
        if self._database_thread is not None:
            self._database_thread.shutdown(wait=True)
