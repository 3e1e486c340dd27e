"""Analyses of finished games: the strong bot judges each decision of a seat, in the analysis
worker pool (apart from the bots' pool, so a long analysis never keeps a bot from moving).

An analysis is claimed in the database before it starts, so several server processes compute
it once; its progress is written as it goes, and a server that restarts picks up the
analyses that were running.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

from herotable.bots.analysis import Analysis, decision_steps, merge
from herotable.core.errors import HerotableError, IllegalAction
from herotable.core.refusals import CoreRefusal
from herotable.server.bots import analyse_steps
from herotable.server.db import AnalysisRow
from herotable.server.errors import Busy, Forbidden
from herotable.server.live import LiveGame
from herotable.server.refusals import ServerRefusal
from herotable.server.service import GameService
from herotable.server.workers import Lane, WorkerPool

log = logging.getLogger("herotable.server")
ANALYSIS_RETRY_SECONDS = 60
# An analysis running on a process that wrote no progress for this long: its process is gone.
ANALYSIS_SILENT_SECONDS = 120


class Analyst:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.pool = WorkerPool(service.settings.analysis_workers)
        self.tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._starting: set[tuple[str, int]] = set()  # being started (not yet in tasks)

    async def start(self, live: LiveGame, seat: int) -> dict[str, Any]:
        """Start the analysis of ``seat`` in this finished game unless it runs or is done
        (who may ask is the route's to check).

        The slot is taken before the first wait, so two requests at once start it once;
        an analysis another process is running (its progress written lately) is left to
        it, and one whose process stopped is started again from the beginning."""
        if not live.game.is_over:
            raise Forbidden("a game is analysed once it is over", ServerRefusal.NOT_OVER)
        if not 0 <= seat < live.game.num_players:
            raise IllegalAction(f"there is no seat {seat} in this game", CoreRefusal.NO_SUCH_PLAYER,
                                {"player": repr(seat)})
        key = (live.id, seat)
        if key in self.tasks or key in self._starting:
            return await self.status(live.id, seat)
        self._check_room(live.id)
        self._starting.add(key)
        try:
            return await self._start(live, seat)
        finally:
            self._starting.discard(key)

    async def _start(self, live: LiveGame, seat: int) -> dict[str, Any]:
        store = self.service.store
        row = await self.service.db(store.analysis, live.id, seat)
        if row is not None and (row.status == "done" or self._elsewhere(row)):
            return _status(row)
        log_json = live.game.log.to_json()
        steps = await self.pool.run(live.id, Lane.PLAYER, decision_steps, log_json, seat)
        if row is None:
            if not await self.service.db(store.start_analysis, live.id, seat, len(steps)):
                return await self.status(live.id, seat)  # another process got there first
        else:  # it failed, or its server stopped while it ran: again, from the start
            await self.service.db(store.restart_analysis, live.id, seat)
        self.tasks[(live.id, seat)] = asyncio.get_running_loop().create_task(
            self._run(live.id, log_json, seat, steps))
        return {"status": "running", "done": 0, "total": len(steps), "analysis": None}

    def _elsewhere(self, row: AnalysisRow) -> bool:
        """Whether another process is running this analysis: it is running, not here, the
        database is shared, and its progress was written lately."""
        if row.status != "running" or not self.service.relay.shared:
            return False
        written = row.updated_at
        if written.tzinfo is None:  # SQLite keeps no time zone: the server writes UTC
            written = written.replace(tzinfo=UTC)
        return (datetime.now(UTC) - written).total_seconds() < ANALYSIS_SILENT_SECONDS

    def _check_room(self, game_id: str) -> None:
        """Refuse (429, with when to come back) beyond the limits: analyses are long, so a
        server runs a few at a time, and one game cannot take them all."""
        settings = self.service.settings
        busy = [*self.tasks, *self._starting]
        if len(busy) >= settings.analyses_at_once:
            raise Busy(f"the server is analysing {len(busy)} games; try again in a few "
                       "minutes", retry_after=ANALYSIS_RETRY_SECONDS)
        if sum(g == game_id for g, _seat in busy) >= settings.analyses_per_game:
            raise Busy("this game's other analyses are running; try again once they are "
                       "done", retry_after=ANALYSIS_RETRY_SECONDS)

    async def _run(self, game_id: str, log_json: dict[str, Any], seat: int,
                   steps: list[int]) -> None:
        store = self.service.store
        seconds = self.service.settings.analysis_seconds
        try:
            parts: list[Analysis] = []
            # One decision per task: the progress bar moves decision by decision, and the
            # workers share the work however many there are.
            for finished in asyncio.as_completed(
                    [self.pool.run(game_id, Lane.PLAYER, analyse_steps, log_json, seat, [step],
                                   seconds)
                     for step in steps]):
                parts.append(Analysis.from_json(await finished))
                await self.service.db(store.analysis_progress, game_id, seat, len(parts))
            result = merge(parts).to_json() if parts else None
            await self.service.db(store.analysis_progress, game_id, seat, len(parts), "done",
                                  result)
        except Exception as exc:  # a failed analysis is reported, never a dead server
            log.exception("analysis of game %s seat %s failed", game_id, seat)
            await self.service.db(store.analysis_progress, game_id, seat, 0, "failed", None,
                                  str(exc) if isinstance(exc, HerotableError) else
                                  "the analysis failed")
        finally:
            self.tasks.pop((game_id, seat), None)

    async def status(self, game_id: str, seat: int) -> dict[str, Any]:
        row = await self.service.db(self.service.store.analysis, game_id, seat)
        if row is None:
            return {"status": "none", "done": 0, "total": 0, "analysis": None}
        return _status(row)

    async def resume(self) -> None:
        """After a restart: carry on with the analyses that were running."""
        for game_id, seat in await self.service.db(self.service.store.running_analyses):
            try:
                await self.start(await self.service.get(game_id), seat)
            except HerotableError as exc:
                log.error("analysis of game %s cannot be resumed: %s", game_id, exc)

    def close(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.pool.close()


def _status(row: AnalysisRow) -> dict[str, Any]:
    return {"status": row.status, "done": row.done, "total": row.total,
            "analysis": row.result, "error": row.error}
