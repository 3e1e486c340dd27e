"""Many bot-versus-bot games in a row, for comparing bots: ``herotable simulate`` as a library.

A run is described by a :class:`SimulationSpec`; :func:`simulate` plays it and returns one
:class:`GameRow` per game, in game order; :func:`summarise` folds the rows into one
:class:`BotSummary` per bot name. ::

    spec = SimulationSpec("cartographers", ["random", "greedy"], games=100, seed=1)
    rows = simulate(spec)
    for line in summarise(rows):
        print(line.bot, line.score_mean, line.win_rate)

Seeds, so that any single game of a run can be replayed by hand:

- game ``i`` (from 0) is dealt with the seed ``seed + i``;
- each decision of the bot in seat ``k`` of that game is seeded with
  :func:`~herotable.bots.seeding.decision_seed` ``(seed + i, k, actions so far)``, as the
  server seeds its bots, so a game of bots played on the server is played again here from its
  seed (each row keeps its action log, ``GameRow.log``, to compare).

Bots spend their budget in counted work units (never ``wall_clock``), so every result except
the timing fields (:data:`TIMING_FIELDS`) is the same whatever ``jobs`` is and whichever
machine runs it, including a Ray cluster (``ray``, :mod:`herotable.cluster`).
"""

from __future__ import annotations

import csv
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import IO, Any

from herotable.bench.stats import percentile
from herotable.bots.match import play_match
from herotable.bots.registry import make_bot
from herotable.core.errors import HerotableError
from herotable.core.game import Game, win_shares
from herotable.registry import game_info, game_names

# The per-seat fields that measure time: they differ from run to run and from jobs=1 to jobs=K.
TIMING_FIELDS = ("seconds_per_decision",)


class SimulationError(HerotableError):
    """A run that cannot be played as described (bad game, seat count, games, jobs or cluster)."""


def ray_endpoint(address: str) -> tuple[str, int] | None:
    """The host and port of a Ray cluster address ``HOST:PORT``, or None for ``auto`` (the
    cluster Ray finds itself: ``RAY_ADDRESS``, else one running on this machine)."""
    if address == "auto":
        return None
    host, _, port = address.rpartition(":")
    host = host.strip("[]")  # an IPv6 host is written [::1]:6379
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SimulationError(f"the Ray address must be HOST:PORT (the head node's port, 6379 "
                              f"unless `ray start --head --port` said otherwise) or auto, "
                              f"not {address!r}")
    return host, int(port)


@dataclass(frozen=True)
class SimulationSpec:
    """One run: which game, which bots in which seats, how many games from which seed.

    ``bots`` holds one registry name per seat (so ``len(bots)`` is the player count; a single
    bot is a solo game). ``preset`` and ``options`` set the games up with the options
    ``herotable.new_game`` takes (``preset`` is short for the option of that name; a game
    that has a preset option gets its default when none is given, a game without one refuses
    it). ``seconds`` is every bot's budget per
    decision (None: each bot's own default). With ``rotate``, game ``i`` shifts the bot list by
    ``i`` seats so that over ``len(bots)`` games every bot sits in every seat, which cancels
    any advantage of a seat. ``jobs`` is how many processes play games at once on this
    machine; ``ray`` instead plays them on the Ray cluster at that address (``HOST:PORT`` or
    ``auto``), where the cluster's CPUs set how many run at once, so a ``jobs`` other than 1
    is refused with it rather than silently ignored.

    The spec checks itself when built, so a bad run fails before any game is played.
    """

    game: str
    bots: Sequence[str]
    games: int = 100
    seed: int = 0
    preset: str | None = None
    seconds: float | None = None
    rotate: bool = False
    jobs: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    ray: str | None = None
    # Games already played by an earlier, stopped run (simulate --resume): not played again.
    done: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        # Accept any sequence of names and any mapping, but store a tuple and a dict of
        # our own, so a caller's later changes cannot reach a run.
        object.__setattr__(self, "bots", tuple(self.bots))
        object.__setattr__(self, "options", dict(self.options))
        object.__setattr__(self, "done", frozenset(self.done))
        if self.game not in game_names():
            raise SimulationError(f"unknown game {self.game!r}; known: "
                                  f"{', '.join(game_names())}")
        schema = {option.name: option for option in game_info(self.game).options}
        if self.preset is None and "preset" in schema:
            object.__setattr__(self, "preset", schema["preset"].default)
        if "players" in self.options:
            raise SimulationError("the seats give the number of players; leave 'players' out")
        if not self.bots:
            raise SimulationError("give at least one bot, one per seat")
        if self.games < 1:
            raise SimulationError(f"the number of games must be at least 1, not {self.games}")
        if self.jobs < 1:
            raise SimulationError(f"the number of jobs must be at least 1, not {self.jobs}")
        if not self.done <= set(range(self.games)):
            raise SimulationError(f"the games already played must be among the run's "
                                  f"{self.games}")
        if self.ray is not None:
            if self.jobs != 1:
                raise SimulationError("choose jobs (processes on this machine) or a Ray "
                                      "cluster, not both: the cluster's CPUs set how many "
                                      "games run at once")
            ray_endpoint(self.ray)
        # The engines' own configs know the seat limits and the presets; building one (and
        # one bot of each name) checks the run with the same messages a player would see.
        self.config()
        for name in dict.fromkeys(self.bots):
            make_bot(self.game, name, seconds=self.seconds, measuring=True)

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def solo(self) -> bool:
        return self.players == 1

    def setup(self) -> dict[str, Any]:
        """The set-up options of every game of the run, as ``herotable.new_game`` takes them."""
        setup: dict[str, Any] = {**self.options, "players": self.players}
        if self.preset is not None:
            setup["preset"] = self.preset
        return setup

    def config(self) -> Any:
        """The engine config for every game of the run (checked like any set-up)."""
        return game_info(self.game).config(**self.setup())

    def pending(self) -> list[int]:
        """The games still to play, in order."""
        return [index for index in range(self.games) if index not in self.done]

    def game_seed(self, index: int) -> int:
        return self.seed + index

    def seating(self, index: int) -> tuple[str, ...]:
        """The bot names in seat order for game ``index``."""
        bots = tuple(self.bots)
        shift = index % self.players if self.rotate else 0
        return bots[shift:] + bots[:shift]

    def new_game(self, index: int) -> Game[Any, Any, Any]:
        """A fresh engine for game ``index``, dealt with its seed."""
        return game_info(self.game).new_game(self.game_seed(index), **self.setup())


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat's bot did in one game.

    ``win`` is 1 for a sole winner, ``1/k`` for each of ``k`` players sharing first place and 0
    otherwise, so that win rates of all seats add up to the number of games.
    ``decision_seconds`` keeps every decision's time for the summary's median; it is left out
    of JSON and of comparisons, like ``seconds_per_decision``.
    """

    seat: int
    bot: str
    score: int
    rank: int
    win: float
    decisions: int
    seconds_per_decision: float = field(compare=False)
    decision_seconds: tuple[float, ...] = field(default=(), compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "score": self.score, "rank": self.rank,
                "win": self.win, "decisions": self.decisions,
                "seconds_per_decision": self.seconds_per_decision}


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a run. ``rating`` and ``title`` (English) only for solo Cartographers.
    ``log`` is the game's action log as JSON (the form the server's ``/log`` answers), left
    out of :meth:`to_json` (``herotable simulate --logs`` writes it).

    Rows compare equal when everything but the timing is equal, which is what "the same
    results" means for a run repeated or split over processes.
    """

    index: int
    seed: int
    game: str
    preset: str | None
    seats: tuple[SeatResult, ...]
    rating: int | None = None
    title: str | None = None
    log: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"index": self.index, "seed": self.seed, "game": self.game,
                                "preset": self.preset,
                                "seats": [s.to_json() for s in self.seats]}
        if self.rating is not None:
            data["rating"] = self.rating
            data["title"] = self.title
        return data

    def results(self) -> dict[str, Any]:
        """:meth:`to_json` without the timing fields: what must not depend on ``jobs``."""
        data = self.to_json()
        for seat in data["seats"]:
            for key in TIMING_FIELDS:
                del seat[key]
        return data


def play_one(spec: SimulationSpec, index: int) -> GameRow:
    """Play game ``index`` of ``spec`` and describe it.

    A top-level function of plain picklable arguments, so that a spawned worker process can
    run it as well as this one.
    """
    game = spec.new_game(index)
    seed = spec.game_seed(index)
    names = spec.seating(index)
    # Measuring bots (clairvoyant) are welcome here: a run is a measurement, never play.
    # play_match seeds each decision (decision_seed), so the bots are made unseeded.
    bots = [make_bot(spec.game, name, seconds=spec.seconds, measuring=True) for name in names]
    clocks = play_match(game, bots)
    rating = title = None
    solo = game.solo_result()
    if solo is not None:
        rating, title = solo
    # standings() carry each game's tie-break.
    standings = sorted(game.standings(), key=lambda s: s.player)
    wins = win_shares(standings)
    seats = tuple(
        SeatResult(seat=seat, bot=name, score=standings[seat].total, rank=standings[seat].rank,
                   win=float(wins[seat]),
                   decisions=clock.decisions,
                   seconds_per_decision=clock.seconds / clock.decisions if clock.decisions
                   else 0.0,
                   decision_seconds=tuple(clock.times))
        for seat, (name, clock) in enumerate(zip(names, clocks, strict=True)))
    return GameRow(index=index, seed=seed, game=spec.game, preset=spec.preset, seats=seats,
                   rating=rating, title=title, log=game.log.to_json())


def simulate(spec: SimulationSpec,
             on_game: Callable[[GameRow], None] | None = None) -> list[GameRow]:
    """Play every game of ``spec`` (but those ``spec.done`` names) and return the rows in
    game order.

    ``on_game`` is called once per finished game (in the order they finish, which with
    ``jobs > 1`` or on Ray is not game order), e.g. to advance a progress bar. With
    ``spec.ray`` the games are Ray tasks on that cluster
    (:func:`herotable.cluster.simulate_on_ray`). With ``jobs == 1`` the games run in this
    process; otherwise in a pool of spawned processes, spawned rather than forked so that a
    progress bar's thread or other locks held here are never copied into a child half-taken,
    and so that the run behaves the same on every platform.
    """
    if spec.ray is not None:
        # Imported here, not at the top: herotable.cluster builds on this module.
        from herotable.cluster import simulate_on_ray

        return simulate_on_ray(spec, on_game)
    if spec.jobs == 1:
        rows = []
        for index in spec.pending():
            row = play_one(spec, index)
            if on_game is not None:
                on_game(row)
            rows.append(row)
        return rows
    found: list[GameRow | None] = [None] * spec.games
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=spec.jobs, mp_context=context) as pool:
        futures = [pool.submit(play_one, spec, index) for index in spec.pending()]
        try:
            for future in as_completed(futures):
                row = future.result()
                found[row.index] = row
                if on_game is not None:
                    on_game(row)
        except BaseException:
            # A failed game or a Ctrl-C ends the run now, not after every queued game.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return [row for row in found if row is not None]


class ProgressLog:
    """How far a run is, as plain lines for an output that is no terminal (a log file, a Ray
    job's output), where a progress bar does not show: one line at most every
    :attr:`every` seconds, and one for the last game."""

    every = 10.0

    def __init__(self, games: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.games = games
        self.done = 0
        self._clock = clock
        self._start = self._last = clock()

    def game_done(self) -> str | None:
        """Count a finished game; the line to print now, if one is due."""
        self.done += 1
        now = self._clock()
        if self.done < self.games and now - self._last < self.every:
            return None
        self._last = now
        return (f"simulate: {self.done}/{self.games} games done "
                f"({self.done * 100 // self.games}%), {now - self._start:.0f} s")


# ---------------------------------------------------------------- the summary


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot name's results over every seat it played in a run.

    ``games`` counts seats played: a bot named twice in one game counts twice. The rating
    fields are None unless the run is solo. ``ms_per_decision_mean`` is the total thinking time
    over the total decisions; ``ms_per_decision_median`` is the median single decision, which
    an odd garbage collection does not drag up.
    """

    bot: str
    games: int
    score_mean: float
    score_median: float
    score_p10: float
    score_p90: float
    win_rate: float
    decisions: int
    ms_per_decision_mean: float
    ms_per_decision_median: float
    rating_mean: float | None = None
    rating_median: float | None = None
    rating_p10: float | None = None
    rating_p90: float | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def summarise(rows: Iterable[GameRow]) -> list[BotSummary]:
    """One :class:`BotSummary` per bot name, in the order the names first appear."""
    seats: dict[str, list[SeatResult]] = {}
    ratings: dict[str, list[int]] = {}
    for row in rows:
        for seat in row.seats:
            seats.setdefault(seat.bot, []).append(seat)
            if row.rating is not None:
                ratings.setdefault(seat.bot, []).append(row.rating)
    summaries = []
    for bot, played in seats.items():
        scores = [s.score for s in played]
        decisions = sum(s.decisions for s in played)
        seconds = sum(s.seconds_per_decision * s.decisions for s in played)
        # Rows read back from JSON lack single decision times: fall back to per-game means.
        times = [t for s in played for t in s.decision_seconds] or [
            s.seconds_per_decision for s in played if s.decisions]
        rated = ratings.get(bot)
        summaries.append(BotSummary(
            bot=bot, games=len(played),
            score_mean=statistics.fmean(scores), score_median=statistics.median(scores),
            score_p10=percentile(scores, 10), score_p90=percentile(scores, 90),
            win_rate=sum(s.win for s in played) / len(played),
            decisions=decisions,
            ms_per_decision_mean=1000 * seconds / decisions if decisions else 0.0,
            ms_per_decision_median=1000 * statistics.median(times) if times else 0.0,
            rating_mean=statistics.fmean(rated) if rated else None,
            rating_median=statistics.median(rated) if rated else None,
            rating_p10=percentile(rated, 10) if rated else None,
            rating_p90=percentile(rated, 90) if rated else None,
        ))
    return summaries


# ---------------------------------------------------------------- CSV


def csv_header(seats: int, solo: bool) -> list[str]:
    """The CSV columns for a run with ``seats`` seats: the game, then each seat flattened."""
    header = ["index", "seed", "game", "preset"]
    for seat in range(seats):
        header += [f"seat{seat}_{key}" for key in
                   ("bot", "score", "rank", "win", "decisions", "seconds_per_decision")]
    if solo:
        header += ["rating", "title"]
    return header


def csv_line(row: GameRow) -> list[Any]:
    """One game's CSV line, under :func:`csv_header`'s columns."""
    line: list[Any] = [row.index, row.seed, row.game, row.preset or ""]
    for seat in row.seats:
        line += [seat.bot, seat.score, seat.rank, seat.win, seat.decisions,
                 seat.seconds_per_decision]
    if row.rating is not None:
        line += [row.rating, row.title]
    return line


def write_csv(rows: Sequence[GameRow], out: IO[str], header: bool = True) -> None:
    """Write ``rows`` as CSV, one line per game, after a header unless ``header`` is false
    (nothing for no rows)."""
    if not rows:
        return
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(csv_header(len(rows[0].seats), rows[0].rating is not None))
    writer.writerows(csv_line(row) for row in rows)


def read_csv(text: str) -> list[GameRow]:
    """The games of a CSV :func:`write_csv` wrote, such as the file a stopped run left. A
    last line without its line end was cut short by the stop and is left out (a number cut
    short may still read as a number); any other line that does not read is an error that
    names it. Per-decision times are not in a CSV: the rows have none."""
    lines = text.splitlines()
    if not lines:
        return []
    if not text.endswith("\n"):
        lines.pop()
    table = list(csv.reader(lines))
    if not table:
        return []
    header = table[0]
    seats = sum(1 for name in header if name.startswith("seat") and name.endswith("_bot"))
    solo = header[-2:] == ["rating", "title"]
    if not seats or header != csv_header(seats, solo):
        raise SimulationError("the file is no CSV of herotable simulate (its header differs)")
    rows = []
    for number, fields in enumerate(table[1:], start=2):
        try:
            rows.append(_csv_row(fields, seats, solo, len(header)))
        except ValueError as exc:
            raise SimulationError(f"line {number} of the CSV does not read: {exc}") from exc
    return rows


def resumable_rows(spec: SimulationSpec, text: str) -> list[GameRow]:
    """The games a stopped run of ``spec`` left in its CSV ``text``, which a resumed run keeps
    and does not play again. A file that is not this run's is an error saying what differs:
    another header (not a simulate CSV, or other seats), a game dealt, seated or set up
    otherwise, a game twice; and since the CSV does not record ``--option`` or
    ``--seconds``, the first game kept is played again and must come out the same."""
    expected = ",".join(csv_header(spec.players, spec.solo))
    if "\n" not in text:
        # Nothing whole was written yet: at most the header, cut short by the stop.
        if expected.startswith(text):
            return []
        raise SimulationError("the file is no CSV of this run: its first line is not a "
                              "simulate header")
    if text.split("\n", 1)[0] != expected:
        raise SimulationError(f"the file is no CSV of this run: its header is not that of "
                              f"a run of {spec.players} seat{'s' if spec.players > 1 else ''}")
    rows = read_csv(text)
    seen: set[int] = set()
    for row in rows:
        if row.index in seen:
            raise SimulationError(f"the file holds game {row.index} twice: no run wrote it")
        seen.add(row.index)
        differs = _difference(spec, row)
        if differs:
            raise SimulationError(f"the file's game {row.index} is another run's: {differs}")
    if rows and play_one(spec, rows[0].index) != rows[0]:
        raise SimulationError(f"the file's game {rows[0].index}, played again, comes out "
                              "otherwise: the run had other --option or --seconds settings")
    return rows


def _difference(spec: SimulationSpec, row: GameRow) -> str:
    """What makes ``row`` no game of ``spec``, or "" when it is one."""
    if not 0 <= row.index < spec.games:
        return f"this run has {spec.games} games (--games)"
    if row.game != spec.game:
        return f"it is {row.game}, this run plays {spec.game}"
    if row.seed != spec.game_seed(row.index):
        return (f"it was dealt with seed {row.seed}, this run deals it with "
                f"{spec.game_seed(row.index)} (--seed)")
    if row.preset != spec.preset:
        return f"its preset is {row.preset}, this run's {spec.preset} (--preset)"
    seats = tuple(seat.bot for seat in row.seats)
    if seats != spec.seating(row.index):
        return (f"its seats were {','.join(seats)}, this run's are "
                f"{','.join(spec.seating(row.index))} (--players, --rotate)")
    return ""


def _csv_row(fields: list[str], seats: int, solo: bool, width: int) -> GameRow:
    if len(fields) != width:
        raise ValueError(f"{len(fields)} fields, the header has {width}")
    index, seed, game, preset = fields[:4]
    results = []
    for seat in range(seats):
        bot, score, rank, win, decisions, seconds = fields[4 + 6 * seat:10 + 6 * seat]
        results.append(SeatResult(seat=seat, bot=bot, score=int(score), rank=int(rank),
                                  win=float(win), decisions=int(decisions),
                                  seconds_per_decision=float(seconds)))
    return GameRow(index=int(index), seed=int(seed), game=game, preset=preset or None,
                   seats=tuple(results), rating=int(fields[-2]) if solo else None,
                   title=(fields[-1] or None) if solo else None)


__all__ = [
    "TIMING_FIELDS",
    "BotSummary",
    "GameRow",
    "ProgressLog",
    "SeatResult",
    "SimulationError",
    "SimulationSpec",
    "csv_header",
    "play_one",
    "ray_endpoint",
    "read_csv",
    "resumable_rows",
    "simulate",
    "summarise",
    "write_csv",
]
