"""The games a server is running: loading them from the database, accepting actions, moving
bots, and telling watchers.

Each game in memory is its engine object rebuilt from the stored log, with a lock: one action
at a time per game, while other games go on. An action is tried on a clone, committed to the
database under the (game, seq) key, and only then becomes the game's state, so a refused
action or a lost race leaves everything as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from anyio import to_thread

from herotable.bots.base import BotError
from herotable.bots.registry import make_bot
from herotable.core.errors import HerotableError
from herotable.core.game import ActionLog, Game, LogEntry
from herotable.registry import GameOptionError, game_classes, game_info
from herotable.server.bots import BotPool, hint
from herotable.server.challenges import challenge_of
from herotable.server.db import ActionRow, ChallengeEntry, GameRow, SeatRow
from herotable.server.hub import Hub
from herotable.server.settings import Settings
from herotable.server.store import ChallengeResult, ListedGame, Store
from herotable.server.tokens import hash_token, new_game_id, new_token, token_matches

log = logging.getLogger("herotable.server")

MAX_SEED = 2**63 - 1
T = TypeVar("T")


def challenge_result(game: Game[Any, Any, Any]) -> ChallengeResult:
    """A finished challenge game's line on the leaderboard, worked out by the server."""
    solo = game.solo_result()
    rating, title = solo if solo is not None else (None, None)
    return ChallengeResult(score=game.standings()[0].total, rating=rating, title=title)


def _adopt(live: LiveGame, rows: list[ActionRow]) -> None:
    """Apply the stored actions the game has not seen yet (taken by another request or
    process); rows it already holds are skipped (the caller holds the game's lock)."""
    for row in rows:
        if row.seq == live.seq:
            live.game.apply(row.seat, row.action)


class UnknownGame(HerotableError):
    """No game has this id."""


class StaleSeq(HerotableError):
    """The request's ``seq`` is not the game's: somebody acted first."""


class Forbidden(HerotableError):
    """The token holds no seat that may do this."""


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


class GameService:
    def __init__(self, settings: Settings, store: Store, hub: Hub) -> None:
        self.settings = settings
        self.store = store
        self.hub = hub
        self.pool = BotPool(settings.bot_workers)
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call in a worker thread."""
        return await to_thread.run_sync(call, *args)

    # ------------------------------------------------------------------ creating

    async def create(self, request: GameRequest, entry: ChallengeEntry | None = None,
                     ) -> tuple[LiveGame, list[str | None]]:
        """A new game and one token per person's seat (None for bots); ``entry`` is the
        challenge attempt it is, stored with it or not at all."""
        name, seats = request.game, request.seats
        info = game_info(name)
        for key in request.options:
            if info.option(key).local_only:
                raise GameOptionError(f"option {key!r} is for local play only")
        if "players" in request.options and request.options["players"] != len(seats):
            raise GameOptionError(f"option 'players' says {request.options['players']!r} but "
                                  f"{len(seats)} seats were given")
        for seat in seats:
            if seat.bot is not None:
                make_bot(name, seat.bot)  # an unknown bot is refused here, by name
        names = [seat.name or seat.bot or "" for seat in seats]
        options = {**request.options, "players": len(seats), "names": names}
        seed = secrets.randbits(62) if request.seed is None else request.seed
        game = info.new_game(seed, **options)
        game_id = new_game_id()
        tokens = [None if seat.bot else new_token() for seat in seats]
        people = sum(seat.bot is None for seat in seats)
        hints = people <= 1 if request.hints is None else request.hints
        row = GameRow(id=game_id, game=name, options=options, config=game.config.to_json(),
                      seed=seed, listed=request.listed, over=False,
                      hints=hints and request.challenge is None, challenge=request.challenge)
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
        self.wake_bots(live)
        return live, tokens

    def _bot_seconds(self, asked: float | None) -> float | None:
        return None if asked is None else min(asked, self.settings.max_bot_seconds)

    # ------------------------------------------------------------------ loading

    async def get(self, game_id: str) -> LiveGame:
        """The game, loaded on first use and caught up with actions other processes took."""
        live = self.live.get(game_id)
        if live is None:
            lock = self._loading.setdefault(game_id, asyncio.Lock())
            async with lock:
                live = self.live.get(game_id)
                if live is None:
                    live = await self._load(game_id)
                    self._keep(live)
            self._loading.pop(game_id, None)
        else:
            self.live[game_id] = self.live.pop(game_id)  # most recently used last
            await self.catch_up(live)
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
        found = await self.db(self.store.load, game_id)
        if found is None:
            raise UnknownGame(f"there is no game {game_id!r}")
        row, seats, actions = found
        log_json = ActionLog(row.game, row.config, row.seed,
                             [LogEntry(a.seat, a.action) for a in actions])
        game = game_classes()[row.game].replay(log_json)
        return LiveGame(game_id, row, seats, game)

    async def catch_up(self, live: LiveGame) -> None:
        newer = await self.db(self.store.actions_from, live.id, live.seq)
        if not newer:
            return
        async with live.lock:
            _adopt(live, newer)

    # ------------------------------------------------------------------ seats

    def check_watchable(self, live: LiveGame, seat: int | None) -> None:
        """A challenge game is nobody's business but its player's while the challenge runs:
        watching it would show the coming cards to those who have not played yet."""
        challenge = live.row.challenge
        if seat is None and challenge and challenge_of(challenge).is_open(self.settings.clock()):
            raise Forbidden("a challenge game is shown once the challenge is over, or "
                                "to those who have finished it (see its leaderboard)")

    def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat ``token`` holds (None: a spectator); a token of no seat is Forbidden."""
        if token is None:
            return None
        for seat in live.seats:
            if token_matches(token, seat.token_hash):
                return seat.seat
        raise Forbidden("this token holds no seat in this game")

    async def set_left(self, live: LiveGame, seat: int, left: bool) -> None:
        if live.seats[seat].left != left:
            await self.db(self.store.set_left, live.id, seat, left)
            live.seats[seat].left = left
            await self.publish(live)

    # ------------------------------------------------------------------ acting

    async def act(self, live: LiveGame, seat: int | None, seq: int, action: str) -> None:
        if seat is None:
            raise Forbidden("a spectator cannot act; send the seat's token")
        if live.seats[seat].bot is not None:
            raise Forbidden("a bot plays this seat")
        async with live.lock:
            if seq != live.seq:
                raise StaleSeq(f"the game is at seq {live.seq}, not {seq}")
            await self._commit(live, seat, action)
        await self.publish(live)
        self.wake_bots(live)

    async def _commit(self, live: LiveGame, seat: int, action: str) -> None:
        """Try ``action`` on a clone, store it, then adopt the clone (the caller holds the
        game's lock)."""
        trial = live.game.clone()
        trial.apply(seat, action)  # a refusal raises here, before anything is written
        notation = trial.log.entries[-1].action
        result = challenge_result(trial) if trial.is_over and live.row.challenge else None
        stored = await self.db(self.store.append, live.id, live.seq, seat, notation,
                                trial.is_over, result)
        if not stored:
            seq = live.seq
            _adopt(live, await self.db(self.store.actions_from, live.id, live.seq))
            raise StaleSeq(f"action {seq} was taken by another request; the game is at "
                           f"seq {live.seq}")
        live.game = trial
        if trial.is_over:
            live.row.over = True

    # ------------------------------------------------------------------ bots

    def wake_bots(self, live: LiveGame) -> None:
        """Start the game's bot driver unless it is running or no bot owes a move."""
        if live.driver is not None and not live.driver.done():
            return
        if not self._bots_owing(live):
            return
        live.driver = asyncio.get_running_loop().create_task(self._drive(live))

    def _bots_owing(self, live: LiveGame) -> list[int]:
        if live.game.is_over:
            return []
        return [s for s in live.game.pending_players() if live.seats[s].bot is not None]

    async def _drive(self, live: LiveGame) -> None:
        """Move the game's bots until none owes a decision; every move is stored and
        pushed as soon as it is made."""
        failures = 0
        while failures < 3:
            owing = self._bots_owing(live)
            if not owing:
                return
            seat = owing[0]
            bot = live.seats[seat]
            assert bot.bot is not None
            seq = live.seq
            try:
                action = await self.pool.decide(live.id, live.game.log.to_json(), seat,
                                                bot.bot, bot.bot_seconds)
            except (HerotableError, BotError, OSError, RuntimeError) as exc:
                log.error("bot %s in game %s failed: %s", bot.bot, live.id, exc)
                failures += 1
                continue
            async with live.lock:
                if not live.game.owes(seat):
                    continue  # another process moved this bot meanwhile
                try:
                    await self._commit(live, seat, action)
                except StaleSeq:
                    continue
                except HerotableError as exc:
                    # The position changed under the bot (a simultaneous move): think again,
                    # but a bot that keeps choosing illegal moves is a bug, so give up.
                    failures += live.seq == seq
                    log.warning("bot move %r refused in game %s: %s", action, live.id, exc)
                    continue
            await self.publish(live)
        log.error("bots of game %s stopped after repeated failures", live.id)

    async def wait_for_bots(self, live: LiveGame) -> None:
        """Wait (a bounded time) for the bot moves the last action unblocked."""
        driver = live.driver
        if driver is None or driver.done():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(driver), self.settings.bot_wait_seconds)

    async def hint(self, live: LiveGame, seat: int) -> dict[str, Any]:
        if not live.row.hints:
            raise Forbidden("this game was made without hints (a challenge, or an online "
                            "game whose players did not all agree to them)")
        if live.game.is_over or not live.game.owes(seat):
            raise HerotableError("you owe no decision now, so there is nothing to hint")
        return await self.pool.run(hint, live.id, live.game.log.to_json(), seat,
                                   self.settings.hint_seconds)

    async def listed(self) -> list[ListedGame]:
        return await self.db(self.store.listed)

    async def resume(self) -> None:
        """After a restart: wake every unfinished game with a bot seat."""
        for game_id in await self.db(self.store.unfinished_with_bots):
            try:
                self.wake_bots(await self.get(game_id))
            except HerotableError as exc:
                log.error("game %s cannot be resumed: %s", game_id, exc)

    # ------------------------------------------------------------------ what clients see

    def state(self, live: LiveGame, seat: int | None, with_legal: bool = True) -> dict[str, Any]:
        """The object of ``GET /api/games/{id}`` for ``seat`` (None: a spectator)."""
        game = live.game
        legal: list[str] = []
        if with_legal and seat is not None and not game.is_over and game.owes(seat):
            legal = [str(a) for a in game.legal_actions(seat)]
        return self._object(live, game, seat, self.hub.present_seats(live.id), legal)

    @staticmethod
    def _object(live: LiveGame, game: Game[Any, Any, Any], seat: int | None,
                present: set[int], legal: list[str]) -> dict[str, Any]:
        return {
            "id": live.id,
            "game": live.row.game,
            "seq": len(game.log.entries),
            "over": game.is_over,
            "pending": [] if game.is_over else game.pending_players(),
            "seat": seat,
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "left": s.left,
                       "present": s.bot is not None or s.seat in present}
                      for s in live.seats],
            "view": game.view(seat).to_json(),
            "legal": legal,
            "hints": live.row.hints,
            "challenge": live.row.challenge,
        }

    async def publish(self, live: LiveGame) -> None:
        await self.hub.publish(live.id, lambda seat, legal: self.state(live, seat, legal))

    def replay_state(self, live: LiveGame, step: int) -> dict[str, Any]:
        """The public object after the first ``step`` actions of a finished game."""
        entries = live.game.log.entries
        if not live.game.is_over:
            raise Forbidden("a game is replayed once it is over")
        if not 0 <= step <= len(entries):
            raise HerotableError(f"step must be between 0 and {len(entries)}")
        log_json = ActionLog(live.row.game, live.row.config, live.row.seed, entries[:step])
        game = game_classes()[live.row.game].replay(log_json)
        return self._object(live, game, None, set(), [])

    def close(self) -> None:
        for live in self.live.values():
            if live.driver is not None:
                live.driver.cancel()
        self.pool.close()
