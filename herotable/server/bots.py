"""Bots think in worker processes, so a bot's search never holds up the event loop, other
games or other players' requests: their moves, the hints they give and the analyses of
finished games.

A worker keeps the last game it saw for each game id and applies only the actions it has not
seen yet, so a bot playing a long game does not replay it from the start at every decision.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any, TypeVar

from herotable.bots.analysis import analyse
from herotable.bots.registry import make_bot, seat_seed
from herotable.core.game import ActionLog, Game
from herotable.registry import game_classes

T = TypeVar("T")
_WORKER_GAMES: dict[str, Game[Any, Any, Any]] = {}
_WORKER_CACHE_SIZE = 32


def _worker_game(game_id: str, log: dict[str, Any]) -> Game[Any, Any, Any]:
    wanted = ActionLog.from_json(log)
    game = _WORKER_GAMES.get(game_id)
    seen = game.log.entries if game is not None else []
    if game is None or wanted.entries[:len(seen)] != seen or game.seed != wanted.seed:
        game = game_classes()[wanted.game].replay(wanted)
    else:
        for entry in wanted.entries[len(seen):]:
            game.apply(entry.player, entry.action)
    _WORKER_GAMES.pop(game_id, None)
    _WORKER_GAMES[game_id] = game
    while len(_WORKER_GAMES) > _WORKER_CACHE_SIZE:
        _WORKER_GAMES.pop(next(iter(_WORKER_GAMES)))
    return game


def decide(game_id: str, log: dict[str, Any], seat: int, bot: str,
           seconds: float | None) -> str:
    """The bot's action (in notation) for ``seat`` in the game ``log`` rebuilds.

    The bot's seed comes from the game's seed, the seat and the move number, so the same
    position gets the same move whether or not the server restarted in between."""
    game = _worker_game(game_id, log)
    seed = seat_seed(game.seed, seat) ^ len(game.log.entries)
    player = make_bot(game.name, bot, seed=seed, seconds=seconds)
    view = game.view(seat)
    return str(player.decide(view, view.legal))


HINT_SALT = 0x68696E74  # a hint's bot is not the seat's opponent bot in disguise


def hint(game_id: str, log: dict[str, Any], seat: int, seconds: float | None,
         ) -> dict[str, Any]:
    """The ``strong`` bot's choice for ``seat`` now, its value and the best few moves."""
    game = _worker_game(game_id, log)
    seed = seat_seed(game.seed, seat) ^ len(game.log.entries) ^ HINT_SALT
    view = game.view(seat)
    assessment = make_bot(game.name, "strong", seed=seed, seconds=seconds).assess(
        view, view.legal)
    return {"action": str(view.legal[assessment.choice]),
            "value": round(assessment.value, 3), "unit": assessment.unit,
            "method": assessment.method,
            "options": [{"action": str(view.legal[index]), "value": round(value, 3)}
                        for index, value in assessment.ranking()[:HINT_OPTIONS]]}


HINT_OPTIONS = 3


def analyse_steps(log: dict[str, Any], seat: int, steps: list[int],
                  seconds: float | None) -> dict[str, Any]:
    """Part of a game's analysis (see :mod:`herotable.bots.analysis`), as JSON."""
    return analyse(log, seat, seconds=seconds, steps=steps).to_json()


class BotPool:
    """A pool of worker processes, started when first needed."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        if self._executor is None:
            # spawn, not fork: the server has threads, and a forked copy of their locks
            # could deadlock the worker.
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(call, *args))

    async def decide(self, game_id: str, log: dict[str, Any], seat: int, bot: str,
                     seconds: float | None) -> str:
        return await self.run(decide, game_id, log, seat, bot, seconds)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
