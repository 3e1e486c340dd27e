"""``herotable bench --load N``: a server judged with many tables at once.

N two-person Cartographers games are played at once against real ``herotable serve``
processes over loopback, as browsers would: each seat holds a WebSocket (without the list
of legal actions, as the page asks: it reads the view's compact legal moves) and answers
each new decision with a random legal action after a pause (``pace``:
seconds, drawn uniformly; 0 plays as fast as the server answers), and each game has a
spectator's WebSocket. With several processes, every connection goes to one of them at
random, as behind a load balancer without sticky sessions (PostgreSQL only). Beside them, a
person plays against the ``greedy`` bot, and its answers are timed.

Reported: accepted actions per second, the round trip of an action (p50, p95, p99), the push
to the spectator (from the action's request to the spectator holding the new state, p99),
the share of 409 refusals, the server's CPU time per accepted action (each process's user
and system time, from Linux's /proc), and the bot's answer time (p95).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from herotable.bench.stats import percentile
from herotable.cartographers.view import LegalMoves
from herotable.core.errors import HerotableError
from herotable.server.run import server_process
from herotable.server.settings import RATE_VARIABLE

CONNECT_SECONDS = 60.0


@dataclass
class LoadResult:
    games: int
    processes: int
    database: str
    seconds: float
    pace: float = 0.0
    busy_bots: int = 0
    opponent: str = "greedy"
    accepted: int = 0
    refused_409: int = 0
    other_errors: int = 0
    round_trips: list[float] = field(default_factory=list)
    pushes: list[float] = field(default_factory=list)
    bot_answers: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)  # per process

    def figures(self) -> dict[str, float]:
        def pick(values: list[float], p: int) -> float:
            return percentile(values, p) if values else 0.0

        sent = self.accepted + self.refused_409 + self.other_errors
        cpu = sum(self.cpu_seconds)
        return {
            "actions_per_s": self.accepted / self.seconds,
            "round_trip_p50_ms": 1e3 * pick(self.round_trips, 50),
            "round_trip_p95_ms": 1e3 * pick(self.round_trips, 95),
            "round_trip_p99_ms": 1e3 * pick(self.round_trips, 99),
            "push_p99_ms": 1e3 * pick(self.pushes, 99),
            "refused_409_share": self.refused_409 / sent if sent else 0.0,
            "errors": float(self.other_errors),
            "server_cpu_ms_per_action": 1e3 * cpu / self.accepted if self.accepted else 0.0,
            "bot_answer_p95_ms": 1e3 * pick(self.bot_answers, 95),
            "bot_answer_median_ms": 1e3 * statistics.median(self.bot_answers)
            if self.bot_answers else 0.0,
        }


class Http:
    """A kept-alive HTTP/1.1 connection on asyncio streams (the server always sends a
    Content-Length), as a browser holds one per origin."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None,
                   token: str | None = None) -> tuple[int, bytes]:
        try:
            return await self._call(method, path, body, token)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            # The server closed the kept-alive connection while it was idle (uvicorn does
            # after a few seconds): open a new one and send again, as a browser does.
            await self.close()
            return await self._call(method, path, body, token)

    async def _call(self, method: str, path: str, body: Any,
                    token: str | None) -> tuple[int, bytes]:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                f"Content-Length: {len(data)}", "Content-Type: application/json"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])  # an empty line (closed): IndexError
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def _receive_state(socket: ClientConnection) -> dict[str, Any]:
    """The next whole game object (presence messages are skipped)."""
    while True:
        message = json.loads(await socket.recv())
        if "view" in message:
            return dict(message)


def _ws_url(base: str, game_id: str) -> str:
    return base.replace("http://", "ws://") + f"/api/games/{game_id}/ws"


class GameTable:
    """One game of two people and a spectator, played until it ends or time is up."""

    def __init__(self, bases: list[str], result: LoadResult, rng: random.Random,
                 pace: float, until: float) -> None:
        self.bases, self.result, self.rng = bases, result, rng
        self.pace, self.until = pace, until
        self.sent: dict[int, float] = {}  # seq after an action -> when it was requested

    def base(self) -> str:
        return self.rng.choice(self.bases)

    async def play(self, seed: int) -> None:
        # A state the spectator never held (a newer one replaced it) must not be matched
        # with the same seq of the next game.
        self.sent.clear()
        http = Http(self.base())
        status, data = await http.call("POST", "/api/games", {
            "game": "cartographers", "seed": seed, "listed": False,
            "seats": [{"name": "Ann"}, {"name": "Bo"}]})
        if status != 201:
            raise HerotableError(f"creating a game: {status} {data[:200]!r}")
        created = json.loads(data)
        game_id = created["id"]
        tokens = [seat["token"] for seat in created["seats"]]
        async with connect(_ws_url(self.base(), game_id), max_size=None,
                           open_timeout=CONNECT_SECONDS) as spectator:
            await spectator.send("{}")
            watching = asyncio.create_task(self._watch(spectator))
            try:
                await asyncio.gather(*(self._seat(game_id, token) for token in tokens))
            finally:
                watching.cancel()
        await http.close()

    async def _watch(self, socket: ClientConnection) -> None:
        while True:
            state = await _receive_state(socket)
            sent = self.sent.pop(state["seq"], None)
            if sent is not None:
                self.result.pushes.append(time.perf_counter() - sent)

    async def _seat(self, game_id: str, token: str) -> None:
        http = Http(self.base())
        async with connect(_ws_url(self.base(), game_id), max_size=None,
                           open_timeout=CONNECT_SECONDS) as socket:
            # As the page does: no list of legal actions in the pushes; the view's compact
            # legal moves are read with the engine's own reader.
            await socket.send(json.dumps({"token": token, "legal": "none"}))
            # The seq this seat last acted at, and the newest one an answer told of: a push
            # older than that was sent before the seat's own action, so it is not acted on
            # (a browser keeps the newest state it holds in the same way).
            acted_at, newest = -1, -1
            while time.monotonic() < self.until:
                try:
                    state = await asyncio.wait_for(_receive_state(socket),
                                                   self.until - time.monotonic())
                except TimeoutError:
                    break
                if state["over"]:
                    break
                legal = state["view"].get("legal")
                if not legal or state["seq"] <= acted_at or state["seq"] < newest:
                    continue
                if self.pace:
                    await asyncio.sleep(self.rng.uniform(self.pace / 2, self.pace * 1.5))
                moves = LegalMoves.from_json(legal)
                action = str(moves[self.rng.randrange(len(moves))])
                start = time.perf_counter()
                self.sent[state["seq"] + 1] = start
                status, data = await http.call(
                    "POST", f"/api/games/{game_id}/actions?legal=none",
                    {"seq": state["seq"], "action": action}, token)
                self.result.round_trips.append(time.perf_counter() - start)
                acted_at = state["seq"]
                if status == 200:
                    newest = json.loads(data)["seq"]
                    self.result.accepted += 1
                elif status == 409:
                    self.result.refused_409 += 1
                else:
                    self.result.other_errors += 1
        await http.close()


async def _bot_opponent(base: str, result: LoadResult, until: float, seed: int,
                        opponent: str) -> None:
    """A person against ``opponent``: how long each answer of the bot takes (a new game
    when one ends)."""
    while time.monotonic() < until:
        await _one_bot_game(base, result, until, seed, opponent)
        seed += 1


async def _one_bot_game(base: str, result: LoadResult, until: float, seed: int,
                        opponent: str) -> None:
    http = Http(base)
    status, data = await http.call("POST", "/api/games", {
        "game": "cartographers", "seed": seed, "listed": False,
        "seats": [{"name": "Ann"}, {"bot": opponent}]})
    if status != 201:
        raise HerotableError(f"creating the bot game: {status} {data[:200]!r}")
    created = json.loads(data)
    game_id, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(seed)
    while time.monotonic() < until:
        status, data = await http.call("GET", f"/api/games/{game_id}", token=token)
        if status != 200:
            raise HerotableError(f"the bot game: {status} {data[:200]!r}")
        state = json.loads(data)
        if state["over"] or not state["legal"]:
            break
        start = time.perf_counter()
        # The answer comes once the bot's moves that this action unblocks are made.
        status, _ = await http.call("POST", f"/api/games/{game_id}/actions?legal=none",
                                    {"seq": state["seq"], "action": rng.choice(state["legal"])},
                                    token)
        if status == 200:
            result.bot_answers.append(time.perf_counter() - start)
        await asyncio.sleep(1.0)
    await http.close()


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` so far (its worker processes are not
    counted: no bot plays in the measured games)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12)) / ticks  # utime, stime


@contextmanager
def _servers(url: str | None, processes: int) -> Iterator[tuple[list[str], list[int], str]]:
    with ExitStack() as stack:
        if url is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            url = f"sqlite:///{folder}/load.sqlite3"
            if processes > 1:
                raise HerotableError("several processes need PostgreSQL: give "
                                     "--database-url postgresql+psycopg://...")
        bases, pids = [], []
        for _ in range(processes):
            base, process = stack.enter_context(server_process(url, env={RATE_VARIABLE: "0"}))
            bases.append(base)
            pids.append(process.pid)
        yield bases, pids, url.split(":", 1)[0].split("+", 1)[0]


async def _busy_bots(base: str, until: float, seed: int) -> None:
    """A game of two ``strong`` bots thinking 5 s a move, watched (so it never rests), and
    another when it ends."""
    http = Http(base)
    while time.monotonic() < until:
        status, data = await http.call("POST", "/api/games", {
            "game": "cartographers", "seed": seed, "listed": False,
            "seats": [{"bot": "strong", "seconds": 5}, {"bot": "strong", "seconds": 5}]})
        if status != 201:
            raise HerotableError(f"creating a bot game: {status} {data[:200]!r}")
        async with connect(_ws_url(base, json.loads(data)["id"]), max_size=None,
                           open_timeout=CONNECT_SECONDS) as spectator:
            await spectator.send("{}")
            while time.monotonic() < until:
                try:
                    state = await asyncio.wait_for(_receive_state(spectator), 1.0)
                except TimeoutError:
                    continue
                if state["over"]:
                    break
        seed += 1
    await http.close()


async def _run(bases: list[str], games: int, pace: float, seconds: float, seed: int,
               result: LoadResult, busy_bots: int = 0, opponent: str = "greedy") -> None:
    until = time.monotonic() + seconds
    rng = random.Random(seed)
    tables = [GameTable(bases, result, random.Random(rng.random()), pace, until)
              for _ in range(games)]

    async def keep_playing(table: GameTable, first_seed: int) -> None:
        # A table that finishes starts a new game, so the load holds for the whole time.
        game_seed = first_seed
        while time.monotonic() < until:
            await table.play(game_seed)
            game_seed += games

    await asyncio.gather(*(keep_playing(t, seed + i) for i, t in enumerate(tables)),
                         *(_busy_bots(bases[i % len(bases)], until, seed + 1000 * (i + 1))
                           for i in range(busy_bots)),
                         _bot_opponent(bases[0], result, until, seed, opponent))


def run_load(games: int, seconds: float = 30.0, pace: float = 2.0, processes: int = 1,
             database_url: str | None = None, seed: int = 1, busy_bots: int = 0,
             opponent: str = "greedy") -> LoadResult:
    """Play ``games`` tables at once for ``seconds`` against ``processes`` servers, with
    ``busy_bots`` games of strong bots beside them."""
    with _servers(database_url, processes) as (bases, pids, database):
        result = LoadResult(games, processes, database, seconds, pace, busy_bots, opponent)
        before = [_cpu_seconds(pid) for pid in pids]
        started = time.monotonic()
        asyncio.run(_run(bases, games, pace, seconds, seed, result, busy_bots, opponent))
        result.seconds = time.monotonic() - started
        result.cpu_seconds = [_cpu_seconds(pid) - b for pid, b in zip(pids, before,
                                                                       strict=True)]
    return result


def print_load(result: LoadResult, console: Console | None = None) -> None:
    """The figures as a table, with what was run and the machine's load."""
    console = console or Console()
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    console.print(f"[bold]herotable bench --load {result.games}[/]: {result.seconds:.0f} s, "
                  f"pace {result.pace:g} s, {result.processes} process(es) on "
                  f"{result.database}, {result.busy_bots} busy bot game(s), opponent "
                  f"{result.opponent}; {os.cpu_count()} cores, load average "
                  f"{load[0]:.2f}", highlight=False)
    table = Table()
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in result.figures().items():
        table.add_row(key, f"{value:.3f}" if key.endswith("share") else f"{value:.1f}")
    for index, cpu in enumerate(result.cpu_seconds):
        per_action = 1e3 * cpu / result.accepted if result.accepted else 0.0
        table.add_row(f"process {index + 1}: cpu s (ms per action, all processes' actions)",
                      f"{cpu:.1f} ({per_action:.2f})")
    console.print(table)
