"""Worker processes for the bots' thinking, scheduled fairly: a busy game, a long analysis
or a client asking for hint after hint never keeps a person's opponent waiting.

Jobs are queued per game and handed out round robin, one game's job after another's, so a
game with much to do shares the workers instead of taking them. Two lanes: ``PLAYER`` (a
person waits: bot moves in games with a person's seat, hints) goes first, and ``IDLE``
(games of bots only) may use all workers but one, so one is always free for a person.

A job with a budget gets the time left of it when a worker takes it up: the budget is a
wall-clock cap from the moment the work was asked for, so time spent in the queue is taken
from the bot's thinking, not added to the person's wait.

Workers are spawned (not forked: the server has threads, and a forked copy of their locks
could deadlock a worker), and each one ends itself when the server process is gone, even
after a ``kill -9``.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from enum import IntEnum
from functools import partial
from typing import Any

log = logging.getLogger("herotable.server")
PARENT_CHECK_SECONDS = 0.5


class Lane(IntEnum):
    PLAYER = 0  # a person waits for this
    IDLE = 1  # bots only: nobody waits


@dataclass(eq=False)
class Job:
    game_id: str
    lane: Lane
    call: Callable[..., Any]
    args: tuple[Any, ...]
    deadline: float | None  # time.monotonic(); the job's ``seconds`` is what is left
    done: asyncio.Future[Any]


@dataclass
class _Queue:
    """One lane's jobs: per game, in the order the games first asked."""

    games: OrderedDict[str, deque[Job]] = field(default_factory=OrderedDict)

    def push(self, job: Job) -> None:
        self.games.setdefault(job.game_id, deque()).append(job)

    def pop(self) -> Job | None:
        """The next game's first job; that game goes to the back of the round."""
        while self.games:
            game_id, jobs = next(iter(self.games.items()))
            job = jobs.popleft()
            del self.games[game_id]
            if jobs:
                self.games[game_id] = jobs
            if not job.done.cancelled():  # its asker gave up (say, the server stops)
                return job
        return None

    def count(self) -> int:
        return sum(len(jobs) for jobs in self.games.values())


def _begin_worker(parent: int, prepare: Callable[[], None] | None) -> None:
    """A worker's initializer: a thread that ends the worker once the server is gone, then
    ``prepare`` (imports, say) before the worker's first job."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)  # the default action ends the process

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()
    if prepare is not None:
        prepare()


def _nothing() -> None:
    """A job that only makes the pool start a worker for it (:meth:`WorkerPool.start`)."""


class WorkerPool:
    """``workers`` processes, started when first needed (or by :meth:`start`), fed by the fair
    queue; each runs ``prepare`` as it starts."""

    def __init__(self, workers: int, prepare: Callable[[], None] | None = None) -> None:
        self.workers = max(1, workers)
        self._prepare = prepare
        self._executor: ProcessPoolExecutor | None = None
        self._queues = {lane: _Queue() for lane in Lane}
        self._busy: dict[Lane, int] = dict.fromkeys(Lane, 0)

    def load(self) -> dict[str, int]:
        """Jobs running and queued now, for the host's figures."""
        return {"workers": self.workers, "running": sum(self._busy.values()),
                "queued": sum(queue.count() for queue in self._queues.values())}

    async def run(self, game_id: str, lane: Lane, call: Callable[..., Any], *args: Any,
                  budget: float | None = None) -> Any:
        """``call(*args)`` in a worker, in its turn; with ``budget``, ``call`` also gets
        ``seconds=``, the part of ``budget`` (from now) left when a worker takes it up."""
        loop = asyncio.get_running_loop()
        deadline = None if budget is None else time.monotonic() + budget
        job = Job(game_id, lane, call, args, deadline, loop.create_future())
        self._queues[lane].push(job)
        self._dispatch()
        return await job.done

    def _free_for(self, lane: Lane) -> bool:
        busy = sum(self._busy.values())
        if lane is Lane.IDLE:
            return busy < self.workers and self._busy[Lane.IDLE] < max(1, self.workers - 1)
        return busy < self.workers

    def _dispatch(self) -> None:
        for lane in Lane:
            while self._free_for(lane):
                job = self._queues[lane].pop()
                if job is None:
                    break
                self._start(job)

    def _start(self, job: Job) -> None:
        call = partial(job.call, *job.args)
        if job.deadline is not None:
            call = partial(call, seconds=max(0.0, job.deadline - time.monotonic()))
        self._busy[job.lane] += 1
        pool = self._pool()
        try:
            running = asyncio.wrap_future(pool.submit(call))
        except (BrokenProcessPool, RuntimeError) as exc:  # a worker died: start afresh
            self._reset(pool)
            running = asyncio.get_running_loop().create_future()
            running.set_exception(exc)
        running.add_done_callback(partial(self._finished, job, pool))

    def _finished(self, job: Job, pool: ProcessPoolExecutor,
                  running: asyncio.Future[Any]) -> None:
        self._busy[job.lane] -= 1
        if not job.done.done():
            if running.cancelled():  # the pool was reset under it: an error, not a stop
                job.done.set_exception(RuntimeError("the worker pool was restarted"))
            elif (error := running.exception()) is not None:
                if isinstance(error, BrokenProcessPool):
                    self._reset(pool)
                job.done.set_exception(error)
            else:
                job.done.set_result(running.result())
        self._dispatch()

    def start(self) -> None:
        """Start every worker now (each runs ``prepare``), so that the first job a person
        waits for does not pay for a process starting: a server's first hint took two
        seconds more than the next ones. (The pool starts a worker for each job it is given
        while none is idle, so one job each starts them all.)"""
        pool = self._pool()
        for _ in range(self.workers):
            pool.submit(_nothing)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_begin_worker, initargs=(os.getpid(), self._prepare))
        return self._executor

    def _reset(self, broken: ProcessPoolExecutor) -> None:
        """Drop ``broken`` (a worker of it died) unless it was dropped already."""
        if self._executor is broken:
            log.error("a worker process died; starting new ones")
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def close(self) -> None:
        for queue in self._queues.values():
            for jobs in queue.games.values():
                for job in jobs:
                    job.done.cancel()
            queue.games.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
