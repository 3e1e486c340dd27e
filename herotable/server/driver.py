"""Moving a game's bots: a driver task per game that asks the worker pool for each owed
decision, commits it like a person's action and pushes it as soon as it is made.

A bot's budget (its seat's ``seconds``, else the bot's own) is a wall-clock cap counted
from the moment the move is owed: the pool's queue time comes out of it. Games with a
person's seat go first (:class:`~herotable.server.workers.Lane`). A game of bots only plays
on while somebody watches it or has looked at it lately
(``Settings.unwatched_bot_game_seconds``); then it rests, and the next look wakes it, so
abandoned bot games cost nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from herotable.bots.registry import make_bot
from herotable.core.errors import HerotableError, IllegalAction
from herotable.core.refusals import CoreRefusal
from herotable.server.bots import decide, hint, warm_up
from herotable.server.errors import (
    DATABASE_RETRY_SECONDS,
    Busy,
    Forbidden,
    StaleSeq,
    is_outage,
    outage_line,
)
from herotable.server.live import LiveGame
from herotable.server.refusals import ServerRefusal
from herotable.server.workers import Lane, WorkerPool

if TYPE_CHECKING:
    from herotable.server.service import GameService

log = logging.getLogger("herotable.server")
BOT_FAILURES_TO_GIVE_UP = 3
HINT_RETRY_SECONDS = 2


def hint_budget(game: str, configured: float | None) -> float:
    """A hint's budget: the server's setting, else the strong bot's hint budget (its move's
    budget if it has none of its own)."""
    if configured is not None:
        return configured
    bot = make_bot(game, "strong")
    return bot.seconds if bot.hint_seconds is None else bot.hint_seconds


class BotDriver:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.settings = service.settings
        self.pool = WorkerPool(service.settings.bot_workers, prepare=warm_up)
        self._hinting: set[str] = set()  # the games with a hint on its way
        self.moves_thought = 0  # bot moves this process asked its workers for

    def wake(self, live: LiveGame) -> None:
        """Start the game's driver unless it is running, no bot owes a move, or the game
        is of bots only and nobody looks at it."""
        if live.driver is not None and not live.driver.done():
            return
        if not live.bots_owing() or not self._wanted(live):
            return
        live.driver = asyncio.get_running_loop().create_task(self._drive(live))

    def _wanted(self, live: LiveGame) -> bool:
        if live.has_person or self.service.hub.watchers.get(live.id):
            return True
        return time.monotonic() - live.seen < self.settings.unwatched_bot_game_seconds

    def _budget(self, game: str, bot: str, seconds: float | None) -> float:
        return make_bot(game, bot).seconds if seconds is None else seconds

    async def _drive(self, live: LiveGame) -> None:
        """Move the game's bots until none owes a decision (or nobody wants the game), if
        this process may (another one on the same database may be moving them)."""
        if not await self.service.relay.claim(live.id):
            return
        try:
            await self._move_bots(live)
        finally:
            await self.service.relay.release(live.id)

    async def _move_bots(self, live: LiveGame) -> None:
        failures = 0
        lane = Lane.PLAYER if live.has_person else Lane.IDLE
        while failures < BOT_FAILURES_TO_GIVE_UP:
            owing = live.bots_owing()
            if not owing or not self._wanted(live):
                return
            seat = owing[0]
            bot = live.seats[seat]
            assert bot.bot is not None
            seq = live.seq
            self.moves_thought += 1
            try:
                action = await self.pool.run(
                    live.id, lane, decide, live.id, live.game.log.to_json(), seat, bot.bot,
                    budget=self._budget(live.row.game, bot.bot, bot.bot_seconds))
            except Exception as exc:  # a worker's failure, whatever it is, is this move's
                log.error("bot %s in game %s failed: %s: %s", bot.bot, live.id,
                          type(exc).__name__, exc)
                failures += 1
                continue
            outage: SQLAlchemyError | None = None
            async with live.lock:
                if not live.game.owes(seat):
                    continue  # another process moved this bot meanwhile
                try:
                    await self.service.commit(live, seat, action)
                except StaleSeq:
                    continue
                except HerotableError as exc:
                    # The position changed under the bot (a simultaneous move): think again,
                    # but a bot that keeps choosing illegal moves is a bug, so give up.
                    failures += live.seq == seq
                    log.warning("bot move %r refused in game %s: %s", action, live.id, exc)
                    continue
                except SQLAlchemyError as exc:
                    if not is_outage(exc):
                        raise
                    outage = exc
            if outage is not None:
                # Nothing was adopted: once the database is back, the bot thinks again
                # (or finds its move stored after all, and catches up).
                log.warning("game %s waits for the database: %s", live.id,
                            outage_line(outage))
                await asyncio.sleep(DATABASE_RETRY_SECONDS)
                continue
            self.service.publish(live)
        log.error("bots of game %s stopped after repeated failures", live.id)

    async def wait(self, live: LiveGame) -> None:
        """Wait (a bounded time) for the bot moves the last action unblocked."""
        driver = live.driver
        if driver is None or driver.done():
            return
        # asyncio.wait never raises: the person's action is stored whatever befell the bots,
        # so its answer is the game as it stands (the driver logged its own failure).
        await asyncio.wait({driver}, timeout=self.settings.bot_wait_seconds)

    async def hint(self, live: LiveGame, seat: int) -> dict[str, Any]:
        """The strong bot's choice for ``seat``'s decision now (where hints are allowed):
        one at a time per game, and a bounded number waiting on the server."""
        if not live.row.hints:
            raise Forbidden("this game was made without hints (a challenge, or an online "
                            "game whose players did not all agree to them)",
                            ServerRefusal.HINTS_OFF)
        if live.game.is_over or not live.game.owes(seat):
            raise IllegalAction("you owe no decision now, so there is nothing to hint",
                                CoreRefusal.NOT_YOUR_TURN)
        if live.id in self._hinting:
            raise Busy("a hint for this game is on its way; ask again once it is shown",
                       retry_after=HINT_RETRY_SECONDS)
        if len(self._hinting) >= self.settings.hints_at_once:
            raise Busy("the server is busy; ask for the hint again in a few seconds",
                       retry_after=HINT_RETRY_SECONDS)
        budget = hint_budget(live.row.game, self.settings.hint_seconds)
        self._hinting.add(live.id)
        try:
            result: dict[str, Any] = await self.pool.run(
                live.id, Lane.PLAYER, hint, live.id, live.game.log.to_json(), seat,
                budget=budget)
        finally:
            self._hinting.discard(live.id)
        return result

    def close(self) -> None:
        for live in self.service.live.values():
            if live.driver is not None:
                live.driver.cancel()
        self.pool.close()
