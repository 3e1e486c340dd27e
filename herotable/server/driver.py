"""Moving a game's bots: a driver task per game that asks the worker pool for each owed
decision, commits it like a person's action and pushes it as soon as it is made."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from herotable.bots.base import BotError
from herotable.core.errors import HerotableError
from herotable.server.bots import BotPool, hint
from herotable.server.errors import Forbidden, StaleSeq
from herotable.server.live import LiveGame

if TYPE_CHECKING:
    from herotable.server.service import GameService

log = logging.getLogger("herotable.server")
BOT_FAILURES_TO_GIVE_UP = 3


class BotDriver:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.pool = BotPool(service.settings.bot_workers)

    def wake(self, live: LiveGame) -> None:
        """Start the game's driver unless it is running or no bot owes a move."""
        if live.driver is not None and not live.driver.done():
            return
        if not live.bots_owing():
            return
        live.driver = asyncio.get_running_loop().create_task(self._drive(live))

    async def _drive(self, live: LiveGame) -> None:
        """Move the game's bots until none owes a decision."""
        failures = 0
        while failures < BOT_FAILURES_TO_GIVE_UP:
            owing = live.bots_owing()
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
                    await self.service.commit(live, seat, action)
                except StaleSeq:
                    continue
                except HerotableError as exc:
                    # The position changed under the bot (a simultaneous move): think again,
                    # but a bot that keeps choosing illegal moves is a bug, so give up.
                    failures += live.seq == seq
                    log.warning("bot move %r refused in game %s: %s", action, live.id, exc)
                    continue
            self.service.publish(live)
        log.error("bots of game %s stopped after repeated failures", live.id)

    async def wait(self, live: LiveGame) -> None:
        """Wait (a bounded time) for the bot moves the last action unblocked."""
        driver = live.driver
        if driver is None or driver.done():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(driver),
                                   self.service.settings.bot_wait_seconds)

    async def hint(self, live: LiveGame, seat: int) -> dict[str, Any]:
        """The strong bot's choice for ``seat``'s decision now (where hints are allowed)."""
        if not live.row.hints:
            raise Forbidden("this game was made without hints (a challenge, or an online "
                            "game whose players did not all agree to them)")
        if live.game.is_over or not live.game.owes(seat):
            raise HerotableError("you owe no decision now, so there is nothing to hint")
        return await self.pool.run(hint, live.id, live.game.log.to_json(), seat,
                                   self.service.settings.hint_seconds)

    def close(self) -> None:
        for live in self.service.live.values():
            if live.driver is not None:
                live.driver.cancel()
        self.pool.close()
