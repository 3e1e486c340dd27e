"""``herotable simulate --ray``: the games of a run as tasks on an existing Ray cluster.

Installed with the extra ``herotable[cluster]`` (Ray); Ray is imported only when a run asks for
a cluster, so the base install never needs it. Every game is played by
:func:`herotable.simulate.play_one`, the function ``--jobs`` uses, so a run gives the same rows
and summary as on one machine (timing fields aside).

The workers import herotable from their own Python environment: every node needs herotable
installed, at the version of the process that starts the run (each task checks it and fails
with a clear message otherwise). Shipping the source with a Ray ``runtime_env`` would not bring
herotable's dependencies along, and Ray already needs the same Python and Ray on every node, so
the nodes are set up alike anyway. A caller who prefers a ``runtime_env`` can connect with
``ray.init(runtime_env=...)`` first: a connection that is already open is used and left open.

Batching: a Ray task costs a few milliseconds, as long as a game between random bots. So the
first games go out one per task, and once some are back each task gets as many games as fit in
:data:`TASK_SECONDS` (never more than an even share of what is left, so the last games still
spread over every CPU). Which games share a task changes nothing in the rows.
"""

from __future__ import annotations

import logging
import math
import os
import socket
import time
from collections.abc import Callable
from typing import Any

import herotable
from herotable.core.errors import HerotableError
from herotable.simulate import GameRow, SimulationError, SimulationSpec, play_one, ray_endpoint

# The work one task aims at: Ray's few milliseconds per task are then under 1% of it, and a
# progress bar still moves a few times a second per CPU.
TASK_SECONDS = 0.5

# How long to wait for the head node's port to answer; Ray itself would retry for minutes.
CONNECT_SECONDS = 5.0

INSTALL_HINT = "pip install 'herotable[cluster]'"
# Ray's switch for token authentication (Ray 2.52 and later); set where a cluster starts, and
# needed by every driver that connects to it.
AUTH_MODE_VARIABLE = "RAY_AUTH_MODE"


def simulate_on_ray(spec: SimulationSpec,
                    on_game: Callable[[GameRow], None] | None = None) -> list[GameRow]:
    """Play every game of ``spec`` as Ray tasks on the cluster at ``spec.ray``; rows in game
    order, ``on_game`` called as games finish (as :func:`herotable.simulate.simulate`)."""
    if spec.ray is None:
        raise ValueError("the spec names no Ray cluster (SimulationSpec.ray)")
    ray = _import_ray()
    connected_here = not ray.is_initialized()
    if connected_here:
        _connect(ray, spec.ray)
    try:
        return _run(ray, spec, on_game)
    finally:
        if connected_here:
            ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise SimulationError(f"simulating on a Ray cluster needs Ray: {INSTALL_HINT}") from exc
    return ray


def _connect(ray: Any, address: str) -> None:
    endpoint = ray_endpoint(address)
    if endpoint is not None:
        # Ray retries an address that does not answer for minutes, printing warnings; a
        # cluster that is not there is better said at once.
        try:
            socket.create_connection(endpoint, timeout=CONNECT_SECONDS).close()
        except OSError as exc:
            raise SimulationError(f"cannot reach a Ray cluster at {address}: "
                                  f"{exc.strerror or exc}; is `ray start --head` running "
                                  f"there, on that port?") from exc
    try:
        # Ray's INFO lines and the workers' output would mix with the progress bar and the
        # data on stdout; the games say what they have to say through their results.
        ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
    except (OSError, RuntimeError) as exc:  # ConnectionError, a Ray or Python mismatch
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SimulationError(f"cannot connect to the Ray cluster at {address}: "
                              f"{message}{auth_hint(exc)}") from exc


def auth_hint(exc: BaseException) -> str:
    """What to say of token authentication when a connection failed: a cluster started with
    RAY_AUTH_MODE=token refuses a driver without its token, and Ray then raises only "Failed
    to connect" (the cause is in its own log lines)."""
    if not isinstance(exc, ConnectionError):
        return ""
    if os.environ.get(AUTH_MODE_VARIABLE, "") != "token":
        return (f"; if that cluster uses token authentication ({AUTH_MODE_VARIABLE}=token "
                f"where it was started), set {AUTH_MODE_VARIABLE}=token and its token "
                f"(RAY_AUTH_TOKEN, or the file `ray get-auth-token` shows) here too")
    return "; token authentication is on here: check that the token is the cluster's"


def _run(ray: Any, spec: SimulationSpec,
         on_game: Callable[[GameRow], None] | None) -> list[GameRow]:
    play = ray.remote(play_games)
    spec_ref = ray.put(spec)  # sent to the object store once, not with every task
    slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
    # Two tasks per CPU in flight: each worker has its next games waiting when it finishes.
    window = 2 * slots
    found: list[GameRow | None] = [None] * spec.games
    in_flight: list[Any] = []
    next_index = 0
    played = 0
    seconds = 0.0  # the workers' time over the ``played`` games: the estimate of a game

    def submit() -> None:
        nonlocal next_index
        size = 1 if not played else chunk_size(seconds / played, spec.games - next_index,
                                               window)
        stop = next_index + size
        in_flight.append(play.remote(spec_ref, next_index, stop, herotable.__version__))
        next_index = stop

    try:
        while next_index < spec.games and len(in_flight) < window:
            submit()
        while in_flight:
            (done,), _ = ray.wait(in_flight, num_returns=1)
            in_flight.remove(done)
            rows, took = _result(ray, done)
            played += len(rows)
            seconds += took
            if next_index < spec.games:
                submit()
            for row in rows:
                found[row.index] = row
                if on_game is not None:
                    on_game(row)
    except BaseException:
        # A failed game or a Ctrl-C ends the run now, not after every queued game (this
        # matters when the connection was the caller's and stays open).
        for ref in in_flight:
            ray.cancel(ref)
        raise
    return [row for row in found if row is not None]


def _result(ray: Any, ref: Any) -> tuple[list[GameRow], float]:
    """A finished task's rows and time; a herotable error raised in a worker (a bad bot, a
    version mismatch) comes out as itself, not wrapped in Ray's traceback."""
    try:
        rows, took = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, HerotableError):
            raise exc.cause from None
        # A worker that cannot import herotable fails to load the task function itself.
        if "No module named 'herotable" in str(exc):
            raise SimulationError(f"a Ray worker cannot import herotable: install herotable "
                                  f"{herotable.__version__} on every node of the cluster "
                                  f"({INSTALL_HINT})") from None
        raise
    return rows, took


def play_games(spec: SimulationSpec, start: int, stop: int,
               version: str) -> tuple[list[GameRow], float]:
    """One Ray task: games ``start`` to ``stop - 1`` of ``spec`` (but those already played)
    and the seconds they took.

    ``version`` is the herotable of the process that started the run: another version could
    play other moves, and the run would no longer give the rows it gives on one machine.
    """
    if version != herotable.__version__:
        raise SimulationError(f"node {socket.gethostname()} has herotable "
                              f"{herotable.__version__}, the run was started with {version}: "
                              f"install the same version on every node of the cluster")
    began = time.perf_counter()
    rows = [play_one(spec, index) for index in range(start, stop) if index not in spec.done]
    return rows, time.perf_counter() - began


def chunk_size(seconds_per_game: float, remaining: int, window: int) -> int:
    """How many games the next task plays: about :data:`TASK_SECONDS` of them, but at most
    an even share of the ``remaining`` games over the ``window`` tasks in flight, and one at
    least."""
    fits = math.floor(TASK_SECONDS / seconds_per_game) if seconds_per_game > 0 else remaining
    return max(1, min(fits, remaining // window))


__all__ = ["CONNECT_SECONDS", "TASK_SECONDS", "chunk_size", "play_games", "simulate_on_ray"]
