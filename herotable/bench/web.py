"""The web app's figures for ``herotable bench`` (section j): a real ``herotable serve`` on a
temporary SQLite file, driven over loopback like a browser would (one kept-alive HTTP connection, a
WebSocket for the other seat).

- a person's action round trip: POST to the full answer, p50 and p99;
- the WebSocket push to a second seat: from the POST being sent to the other seat holding
  the new state, p99;
- the view sent per update (the WebSocket message a browser receives), its largest;
- the page's first load: every static file plus the card catalogue, as bytes on the wire
  (asked for compressed, as a browser asks);
- the same round trip and largest update for a two-person Heroes of Dominaria game;
- a Cartographers hint, from asking to holding it, at the server's default budget, p50 and
  p95: a person waits for it, so it should come within a second.
"""

from __future__ import annotations

import gzip
import http.client
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.sync.client import connect

from herotable.bench.figures import Figure
from herotable.bench.stats import percentile
from herotable.core.rng import SeededRng
from herotable.server.run import server_process
from herotable.server.settings import RATE_VARIABLE

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


class Api:
    """A kept-alive HTTP/1.1 connection to the server, as a browser holds one, asking for
    gzip as a browser does: :meth:`call` gives the body decompressed, and ``received``
    counts the bodies' bytes as they came over the wire."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname or "", parts.port)
        self.received = 0

    def call(self, method: str, path: str, body: Any = None,
             token: str | None = None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json", "Accept-Encoding": "gzip"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.connection.request(method, path, None if body is None else json.dumps(body),
                                headers)
        answer = self.connection.getresponse()
        data = answer.read()
        self.received += len(data)
        if answer.getheader("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return answer.status, data

    def json(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, data = self.call(method, path, body, token)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {data[:200]!r}")
        return json.loads(data)


def _round_trips(api: Api, games: int) -> list[float]:
    """Nanoseconds from sending each action of solo games to holding the answer."""
    times: list[float] = []
    rng = SeededRng(7)
    for seed in range(games):
        created = api.json("POST", "/api/games", {"game": "cartographers", "seed": seed,
                                                  "seats": [{"name": "Ann"}]})
        game_id, token = created["id"], created["seats"][0]["token"]
        game = api.json("GET", f"/api/games/{game_id}", token=token)
        while not game["over"]:
            action = game["legal"][rng.below(len(game["legal"]))]
            start = time.perf_counter_ns()
            status, data = api.call("POST", f"/api/games/{game_id}/actions?legal=none",
                                    {"seq": game["seq"], "action": action}, token)
            times.append(time.perf_counter_ns() - start)
            if status != 200:
                raise RuntimeError(f"action refused: {data[:200]!r}")
            game = api.json("GET", f"/api/games/{game_id}", token=token)
    return times


def _pushes(api: Api, base: str, seed: int, game: str = "cartographers",
            ) -> tuple[list[float], list[float], list[int]]:
    """For a two-person game: nanoseconds of every action's round trip, nanoseconds from
    Ann's POST to Bo's WebSocket holding the new state, and the size of every message Bo
    receives."""
    created = api.json("POST", "/api/games", {"game": game, "seed": seed,
                                              "seats": [{"name": "Ann"}, {"name": "Bo"}]})
    game_id = created["id"]
    ann, bo = (s["token"] for s in created["seats"])
    trips: list[float] = []
    delays: list[float] = []
    sizes: list[int] = []
    rng = SeededRng(seed)
    ws_url = base.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    with connect(ws_url, max_size=None) as socket:
        socket.send(json.dumps({"token": bo, "legal": "none"}))
        sizes.append(len(socket.recv()))
        while not api.json("GET", f"/api/games/{game_id}")["over"]:
            for token in (ann, bo):
                mine = api.json("GET", f"/api/games/{game_id}", token=token)
                if not mine["legal"]:
                    continue
                action = mine["legal"][rng.below(len(mine["legal"]))]
                start = time.perf_counter_ns()
                api.call("POST", f"/api/games/{game_id}/actions?legal=none",
                         {"seq": mine["seq"], "action": action}, token)
                trips.append(time.perf_counter_ns() - start)
                while True:  # Bo's socket: until it holds the state after this action
                    message = socket.recv()
                    sizes.append(len(message))
                    if json.loads(message)["seq"] > mine["seq"]:
                        break
                if token == ann:
                    delays.append(time.perf_counter_ns() - start)
    return trips, delays, sizes


def _hints(api: Api, games: int, hints: int) -> list[float]:
    """Nanoseconds from asking for a hint to holding it, at the server's default hint budget:
    the first ``hints`` decisions of solo first-game Cartographers games, one hint each, the
    hinted move played."""
    times: list[float] = []
    for seed in range(games):
        created = api.json("POST", "/api/games", {
            "game": "cartographers", "seed": seed, "options": {"preset": "first_game"},
            "seats": [{"name": "Ann"}]})
        game_id, token = created["id"], created["seats"][0]["token"]
        for _ in range(hints):
            game = api.json("GET", f"/api/games/{game_id}", token=token)
            if game["over"]:
                break
            start = time.perf_counter_ns()
            hint = api.json("POST", f"/api/games/{game_id}/hint", token=token)
            times.append(time.perf_counter_ns() - start)
            api.json("POST", f"/api/games/{game_id}/actions?legal=none",
                     {"seq": game["seq"], "action": hint["action"]}, token)
    return times


def _first_load(api: Api) -> int:
    """Bytes on the wire (compressed where the server compresses) of the page, every static
    file it may load, one message catalogue and the cards."""
    start = api.received
    paths = ["/", *(f"/static/{path.relative_to(STATIC).as_posix()}"
                    for path in sorted(STATIC.rglob("*")) if path.is_file()),
             "/api/messages/en", "/api/catalog/cartographers"]
    for path in paths:
        api.call("GET", path)
    return api.received - start


def web_measures(quick: bool) -> dict[str, tuple[float, int]]:
    """``{key: (value in ns or bytes, runs)}`` for the web figures."""
    with tempfile.TemporaryDirectory() as folder, \
            server_process(f"sqlite:///{folder}/bench.sqlite3",
                           env={RATE_VARIABLE: "0"}) as (base, _process):
        api = Api(base)
        trips = _round_trips(api, 1 if quick else 6)
        delays: list[float] = []
        sizes: list[int] = []
        for seed in (3,) if quick else (3, 4):
            _trips, more_delays, more_sizes = _pushes(api, base, seed)
            delays += more_delays
            sizes += more_sizes
        dominaria_trips: list[float] = []
        dominaria_sizes: list[int] = []
        for seed in (3,) if quick else (3, 4, 5):
            more_trips, _delays, more_sizes = _pushes(api, base, seed, "dominaria")
            dominaria_trips += more_trips
            dominaria_sizes += more_sizes
        hints = _hints(api, 1 if quick else 3, 3 if quick else 8)
        loaded = _first_load(api) if (STATIC / "index.html").exists() else 0
    return {
        "web_action_p50_ms": (statistics.median(trips), len(trips)),
        "web_action_p99_ms": (percentile(trips, 99), len(trips)),
        "web_push_p99_ms": (percentile(delays, 99), len(delays)),
        "web_view_max_KB": (float(max(sizes)), len(sizes)),
        "web_first_load_KB": (float(loaded), 1),
        "web_dominaria_action_p50_ms": (statistics.median(dominaria_trips),
                                        len(dominaria_trips)),
        "web_dominaria_action_p99_ms": (percentile(dominaria_trips, 99),
                                        len(dominaria_trips)),
        "web_dominaria_view_max_KB": (float(max(dominaria_sizes)), len(dominaria_sizes)),
        "web_hint_p50_ms": (statistics.median(hints), len(hints)),
        "web_hint_p95_ms": (percentile(hints, 95), len(hints)),
    }


# key: label, target (ns or bytes), display unit; the targets are the web app's own.
WEB_LABELS = {
    "web_action_p50_ms": ("(j) web: a person's action round trip, p50", 5e6, "ms"),
    "web_action_p99_ms": ("(j) web: a person's action round trip, p99", 20e6, "ms"),
    "web_push_p99_ms": ("(j) web: WebSocket push to the other seat, p99", 20e6, "ms"),
    "web_view_max_KB": ("(j) web: the largest update a seat receives", 8 * 1024, "KB"),
    "web_first_load_KB": ("(j) web: the page's first load", 300 * 1024, "KB"),
    "web_dominaria_action_p50_ms": ("(j) web, Dominaria: an action's round trip, p50",
                                    5e6, "ms"),
    "web_dominaria_action_p99_ms": ("(j) web, Dominaria: an action's round trip, p99",
                                    20e6, "ms"),
    "web_dominaria_view_max_KB": ("(j) web, Dominaria: the largest update a seat "
                                  "receives", 8 * 1024, "KB"),
    "web_hint_p50_ms": ("(j) web: a Cartographers hint, asked to answered, p50", 1e9, "ms"),
    "web_hint_p95_ms": ("(j) web: a Cartographers hint, asked to answered, p95", 1e9, "ms"),
}


def web_figures(quick: bool) -> list[Figure]:
    """:func:`web_measures` as the bench's figures: a real server process, one game at a
    time."""
    figures = []
    for key, (measured, runs) in web_measures(quick).items():
        label, target, unit = WEB_LABELS[key]
        figures.append(Figure(key, label, measured, runs, target, unit))
    return figures
