"""``herotable bench``: how fast the Cartographers engine is, as medians over many runs.

Each figure is the median of many timed runs (``time.perf_counter_ns``), because the mean is
dragged up by the odd garbage collection or scheduler pause that a bot playing thousands of
games also amortises. Whole games are timed on a different seed each run, so the median is
over deals rather than over one lucky deal.

The random player here (:func:`random_legal_action`) is also what the property tests drive
games with: it picks uniformly among the cells the engine itself says are legal, so it reaches
every kind of decision (fallbacks, heroes, monsters, destroys) without knowing any rule.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from rich.console import Console
from rich.table import Table

from herotable.bots import make_bot
from herotable.bots.match import play_match
from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.cards import all_scoring_cards, heroes_set
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import cell_of
from herotable.cartographers.scoring import SCORERS, score_card
from herotable.cartographers.sheet import MapSheet
from herotable.core.errors import HerotableError
from herotable.core.game import Game
from herotable.core.rng import SeededRng
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.registry import new_game
from herotable.server.bench import web_measures

# coastal_encampment's L-tetromino has 8 distinct orientations and 720 placements on an empty
# map, tied for the most of any explore shape: the worst case of a placement scan.
BENCH_CARD = "coastal_encampment"
# The fixed half-filled map: a seeded random solo game stopped once half the map is filled.
HALF_MAP_SEED = 20240601
HALF_MAP_CELLS = 61  # of 121
# Whole solo games are timed for each box and for both combined.
SOLO_PRESETS = ("heroes", "base", "heroes+base")
# How much dearer a game played through the public API (views, compact legal moves, a bot)
# may be than the engine-only loop that picks straight from the placement masks.
PUBLIC_PATH_FACTOR = 1.5


# ---------------------------------------------------------------- the random player


def random_legal_action(
    game: CartographersGame, player: int, rng: SeededRng
) -> CartographersAction:
    """A uniformly random legal action for ``player``'s pending decision.

    It asks the engine for the legal cells (``placement_masks``) and terrains instead of
    building every action object (``legal_actions``), which for a two-terrain card would
    allocate about 1,400 objects to keep one.
    """
    decision = game.decision(player)
    if decision is None:
        raise ValueError(f"player {player} owes no decision")
    masks = game.placement_masks(player)
    mask = masks[rng.below(len(masks))]
    if decision.kind == "draw":
        terrains = game.terrain_options(player)
        return Draw(terrains[rng.below(len(terrains))], mask)
    if decision.kind == "monster":
        return DrawMonster(mask)
    row, col = cell_of(mask)
    if decision.kind == "destroy":
        return Destroy(row, col)
    return PlaceHero(row, col, rng.below(4) if game.config.hero_turns else 0)


def play_random_game(game: CartographersGame, rng: SeededRng) -> int:
    """Play ``game`` to the end with random legal actions; returns how many were applied.

    Which pending player acts next is random too: simultaneous decisions must be accepted in
    any order.
    """
    count = 0
    while not game.is_over:
        pending = game.pending_players()
        player = pending[rng.below(len(pending))]
        game.apply(player, random_legal_action(game, player, rng))
        count += 1
    return count


def half_filled_game(seed: int = HALF_MAP_SEED, cells: int = HALF_MAP_CELLS) -> CartographersGame:
    """A solo game on side C played at random until at least ``cells`` cells are filled."""
    game = CartographersGame(GameConfig(players=1, side="C"), seed)
    rng = SeededRng(seed)
    while game.sheets[0].filled.bit_count() < cells:
        if game.is_over:  # cannot happen for a sane threshold; say so rather than loop
            raise RuntimeError(f"seed {seed} ended before {cells} cells were filled")
        game.apply(0, random_legal_action(game, 0, rng))
    return game


def play_random_dominaria(game: DominariaGame, rng: SeededRng) -> int:
    """Play a Heroes of Dominaria game to the end, each action drawn uniformly from
    ``legal_actions`` with the player's own seeded generator; returns the actions applied."""
    count = 0
    while not game.is_over:
        player = game.pending_players()[0]
        actions = game.legal_actions(player)
        game.apply(player, actions[rng.below(len(actions))])
        count += 1
    return count


def dominaria_mid_game(seed: int = HALF_MAP_SEED) -> DominariaGame:
    """A fixed 4-player Dominaria game played at random into its fifth round."""
    game = DominariaGame(DominariaConfig(players=4), seed)
    rng = SeededRng(seed)
    while game.stage != "play" or game.round < 5:
        player = game.pending_players()[0]
        actions = game.legal_actions(player)
        game.apply(player, actions[rng.below(len(actions))])
    return game


def _game_with_draw_of(game: CartographersGame, card_id: str) -> CartographersGame:
    """A copy of ``game`` whose only decision is player 0 drawing ``card_id``: lets the bench
    time the engine's own ``placement_masks`` on exactly the map the raw scan uses."""
    state = game.to_json()
    state["pending"] = {"0": {"kind": "draw", "sheet": 0, "card": card_id, "fallback": False,
                              "allowed": [], "reason": ""}}
    return CartographersGame.from_json(state)


# ---------------------------------------------------------------- timing


# What one display unit is worth in the figure's raw measure (nanoseconds or bytes).
UNIT_SIZE = {"us": 1_000, "ms": 1_000_000, "KB": 1_024}
# A rate is shown as how many fit in a second of the measured time: more is better.
RATE = "steps/s"


@dataclass(frozen=True, slots=True)
class Figure:
    """One benchmark's result: the median (or the named percentile) of its runs, in
    nanoseconds for a time and bytes for a size, and how many runs were measured."""

    key: str
    label: str
    median_ns: float
    runs: int
    target_ns: float | None
    unit: str  # "us", "ms", "KB" or RATE, for display and for the key's value

    def _shown_as(self, ns: float) -> float:
        return 1e9 / ns if self.unit == RATE else ns / UNIT_SIZE[self.unit]

    @property
    def value(self) -> float:
        return self._shown_as(self.median_ns)

    @property
    def target(self) -> float | None:
        return None if self.target_ns is None else self._shown_as(self.target_ns)

    @property
    def met(self) -> bool | None:
        """Within the target (None: the figure has none)."""
        return None if self.target_ns is None else self.median_ns <= self.target_ns

    @property
    def bound(self) -> str:
        """How the target reads: an upper bound for a time or size, a lower one for a rate."""
        return ">=" if self.unit == RATE else "<="


def _median_ns(run: Callable[[int], object], samples: int, inner: int = 1) -> float:
    """Median over ``samples`` of the time of one ``run(i)`` call.

    Short calls are batched ``inner`` at a time so the timer's own cost (about 100 ns) is
    spread thin; ``i`` is the sample number, for runs that vary their seed.
    """
    run(0)  # warm caches (shape placements, card data) outside the timing
    times = []
    for i in range(samples):
        start = time.perf_counter_ns()
        for _ in range(inner):
            run(i)
        times.append((time.perf_counter_ns() - start) / inner)
    return statistics.median(times)


def machine_info() -> dict[str, str]:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:  # not Linux: platform's answer is vaguer but better than nothing
        cpu = platform.processor() or "unknown"
    return {
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "date": datetime.date.today().isoformat(),
    }


# ---------------------------------------------------------------- bots


def bot_decision_ns(game_factory: Callable[[int], Game], bot: str, seconds: float | None,
                    games: int, decisions: int) -> tuple[float, int]:
    """Median real time of one decision by ``bot`` (in every seat), and how many were timed.

    Games are dealt with seeds 0, 1, ...; each stops after about ``decisions`` decisions, so
    a 1 s budget costs seconds, not minutes.
    """
    times: list[float] = []
    for index in range(games):
        game = game_factory(index)
        bots = [make_bot(game.name, bot, seed=index * 100 + seat, seconds=seconds,
                         measuring=True)
                for seat in range(game.num_players)]
        clocks = play_match(game, bots, max_decisions=decisions)
        times += [spent * 1e9 for clock in clocks for spent in clock.times]
    return statistics.median(times), len(times)


# ---------------------------------------------------------------- the benchmarks


def run_bench(quick: bool = False, console: Console | None = None,
              write: Path | None = None) -> dict[str, float]:
    """Run every benchmark, print a table, and return ``{key: median}`` (units in the key).

    ``quick`` times only a few runs of each, to check the bench itself works. ``write``
    names a Markdown file (docs/benchmarks.md) whose figures block is replaced by this run's.
    """
    console = console or Console()
    if write is not None:
        _figures_block(write)  # refuse a wrong file before a minute of timing, not after
    scale = 0.01 if quick else 1.0

    def n(full: int) -> int:
        return max(2, int(full * scale))

    half = half_filled_game()
    sheet: MapSheet = half.sheets[0]
    filled = sheet.filled
    shape = heroes_set().explore[BENCH_CARD].shapes[0].shape
    legal_count = len([m for m in shape.placements if not m & filled])
    engine_game = _game_with_draw_of(half, BENCH_CARD)
    assert len(engine_game.placement_masks(0)) == legal_count  # both time the same work
    scoring = all_scoring_cards()
    heroes_cards = tuple(c for c in SCORERS if scoring[c].box == "heroes")
    base_cards = tuple(c for c in SCORERS if scoring[c].box == "base")

    four = GameConfig(players=4, side="C")

    def placements(_: int) -> object:
        return [m for m in shape.placements if not m & filled]

    def engine_placements(_: int) -> object:
        return engine_game.placement_masks(0)

    def score_all(card_ids: tuple[str, ...]) -> Callable[[int], object]:
        return lambda _: [score_card(card_id, sheet) for card_id in card_ids]

    def random_game(config: GameConfig) -> Callable[[int], object]:
        return lambda i: play_random_game(CartographersGame(config, i), SeededRng(i))

    def four_player_game(i: int) -> object:
        return play_random_game(CartographersGame(four, i), SeededRng(i))

    # The mid-game state for the round trip: a 4-player game, so four sheets and a long log.
    mid = CartographersGame(four, HALF_MAP_SEED)
    mid_rng = SeededRng(HALF_MAP_SEED)
    while len(mid.log.entries) < 60:
        pending = mid.pending_players()
        mid.apply(pending[0], random_legal_action(mid, pending[0], mid_rng))
    mid_state = mid.to_json()

    def json_round_trip(_: int) -> object:
        # What a save and a load cost: state -> JSON text -> state.
        return CartographersGame.from_json(json.loads(json.dumps(mid.to_json())))

    dominaria_mid = dominaria_mid_game()
    dominaria_player = dominaria_mid.pending_players()[0]

    def public_solo_game(i: int) -> object:
        # What simulate() does: new_game, then each seat's view, a pick from its legal
        # moves, apply; the public path whose cost the engine-only line (c) bounds.
        game = new_game("cartographers", seed=i, preset="heroes")
        return play_match(game, [make_bot("cartographers", "random", seed=i)])

    def dominaria_legal(_: int) -> object:
        return dominaria_mid.legal_actions(dominaria_player)

    def dominaria_game(i: int) -> object:
        return play_random_dominaria(DominariaGame(DominariaConfig(players=4), i), SeededRng(i))

    # key, label, run, samples, calls per sample, target (ns), display unit
    specs: list[tuple[str, str, Callable[[int], object], int, int, float | None, str]] = [
        ("placements_us", "(a) placements, raw scan", placements, n(3000), 10, 50e3, "us"),
        ("placement_masks_us", "(a) placements, placement_masks()", engine_placements,
         n(3000), 10, 50e3, "us"),
        ("score_heroes_cards_us", "(b) score the 16 Heroes cards", score_all(heroes_cards),
         n(2000), 5, 150e3, "us"),
        ("score_base_cards_us", "(b) score the 16 base cards", score_all(base_cards),
         n(2000), 5, 150e3, "us"),
        *[(f"solo_game_{preset}_ms", f"(c) solo game, {preset} preset, random play",
           random_game(GameConfig.preset(preset)), n(500), 1, 4e6, "ms")
          for preset in SOLO_PRESETS],
        ("four_player_game_ms", "(d) 4-player game, heroes, random play", four_player_game,
         n(200), 1, None, "ms"),
        ("four_player_base_game_ms", "(d) 4-player game, base, random play",
         random_game(GameConfig.preset("base", players=4)), n(200), 1, None, "ms"),
        ("public_solo_game_ms", "(c) solo game, heroes, random bot via the public API "
         f"(target: {PUBLIC_PATH_FACTOR}x the engine-only line)", public_solo_game, n(500), 1,
         None, "ms"),
        ("json_round_trip_us", "(e) JSON round trip (4p, 60 actions)", json_round_trip,
         n(1000), 1, None, "us"),
        ("view_4p_us", "(e) view(0) of the 4-player game", lambda _: mid.view(0),
         n(3000), 10, 50e3, "us"),
        ("clone_4p_us", "(e) clone() of the 4-player game", lambda _: mid.clone(),
         n(3000), 10, 30e3, "us"),
        ("dominaria_clone_us", "(f) Dominaria: clone(), 4p round 5",
         lambda _: dominaria_mid.clone(), n(3000), 10, 60e3, "us"),
        ("dominaria_legal_actions_us", "(f) Dominaria: legal actions, 4p round 5",
         dominaria_legal, n(2000), 5, None, "us"),
        ("dominaria_game_ms", "(g) Dominaria: 4-player game, random play", dominaria_game,
         n(200), 1, 50e6, "ms"),
    ]
    figures = [
        Figure(key, label, _median_ns(run, samples, inner), samples * inner, target, unit)
        for key, label, run, samples, inner, target, unit in specs
    ]
    # The public path's target is relative: within PUBLIC_PATH_FACTOR of the engine-only
    # loop timed in the same run, so a slower or busier machine moves both alike.
    engine = next(f for f in figures if f.key == "solo_game_heroes_ms")
    figures = [replace(f, target_ns=PUBLIC_PATH_FACTOR * engine.median_ns)
               if f.key == "public_solo_game_ms" else f for f in figures]
    solo = GameConfig.preset("first_game")
    two_dominaria = DominariaConfig(players=2)
    # key, label, game factory, bot, budget (None: the bot's default), games, decisions timed,
    # target (ns)
    bot_specs: list[tuple[str, str, Callable[[int], Game], str, float | None, int, int,
                          float | None]] = [
        ("cartographers_greedy_ms", "(h) Cartographers greedy: one decision, solo",
         lambda i: CartographersGame(solo, i), "greedy", None, n(40), 100, 20e6),
        ("cartographers_strong_ms", "(h) Cartographers strong (1 s budget): one decision",
         lambda i: CartographersGame(solo, i), "strong", 0.01 if quick else None, 2, 6, None),
        # A measuring stick (docs/bots.md), timed so that its budget is seen to match strong's.
        ("cartographers_clairvoyant_ms",
         "(h) Cartographers clairvoyant (measuring bound, 1 s budget): one decision",
         lambda i: CartographersGame(solo, i), "clairvoyant", 0.01 if quick else None, 2, 6,
         None),
        ("dominaria_greedy_ms", "(i) Dominaria greedy: one decision, 2 players",
         lambda i: DominariaGame(two_dominaria, i), "greedy", None, n(20), 1000, None),
        ("dominaria_strong_ms", "(i) Dominaria strong (default budget): one decision",
         lambda i: DominariaGame(two_dominaria, i), "strong", 0.01 if quick else None, 2, 30,
         None),
    ]
    for key, label, factory, bot, seconds, games, decisions, target in bot_specs:
        median, runs = bot_decision_ns(factory, bot, seconds, games, decisions)
        figures.append(Figure(key, label, median, runs, target, "ms"))
    # The web app on loopback (issue 12's targets): a real server process, one game at a time.
    web_labels = {
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
    }
    for key, (measured, runs) in web_measures(quick).items():
        label, web_target, unit = web_labels[key]
        figures.append(Figure(key, label, measured, runs, web_target, unit))
    figures += env_figures(quick)
    # The round trip timed above must be a faithful one, or its speed means nothing.
    assert CartographersGame.from_json(mid_state).to_json() == mid_state

    info = machine_info()
    console.print(f"[bold]herotable bench[/]{' (quick)' if quick else ''}  {info['date']}")
    console.print(f"CPU: {info['cpu']}, {info['cores']} cores", highlight=False)
    console.print(f"Python: {info['python']} on {info['platform']}", highlight=False)
    console.print(f"Half-filled map: side C, seed {HALF_MAP_SEED}, {filled.bit_count()}/121 "
                  f"cells filled; {BENCH_CARD}: {legal_count} of {len(shape.placements)} "
                  "placements legal", highlight=False)
    table = Table(title="medians")
    table.add_column("benchmark")
    table.add_column("median", justify="right")
    table.add_column("target", justify="right")
    table.add_column("runs", justify="right")
    table.add_column("ok", justify="center")
    for fig in figures:
        target = fig.target
        ok = "" if fig.met is None else ("yes" if fig.met else "[red]NO[/]")
        table.add_row(
            fig.label,
            _shown(fig.value, fig.unit),
            "" if target is None else f"{fig.bound} {_shown(target, fig.unit)}",
            str(fig.runs),
            ok,
        )
    console.print(table)
    if write is not None:
        write_figures(write, figures, info, quick)
        console.print(f"figures written to {write}", highlight=False)
    return {fig.key: fig.value for fig in figures}


BLOCK_BEGIN = "<!-- bench:begin -->"
BLOCK_END = "<!-- bench:end -->"


# The research environments' speed (issue 14's targets), when the rl extra is installed.
ENV_LABELS = {
    "env_solo_steps_per_s": ("(k) Gymnasium solo env: random masked steps", 1e9 / 5000),
    "env_parallel_4p_joint_steps_per_s": (
        "(k) PettingZoo Cartographers, 4 agents in parallel: joint steps", 1e9 / 1500),
    "env_dominaria_4p_steps_per_s": ("(k) PettingZoo Heroes of Dominaria, 4 agents: steps",
                                     None),
    "env_openspiel_cartographers_4p_steps_per_s": (
        "(k) OpenSpiel Cartographers, 4 players: joint steps (chance nodes not counted)", None),
    "env_openspiel_dominaria_4p_steps_per_s": ("(k) OpenSpiel Heroes of Dominaria, 4 players: "
                                               "steps", None),
}


def env_figures(quick: bool) -> list[Figure]:
    try:
        from herotable.envs.bench import env_measures
    except ImportError:  # the base install has no Gymnasium: nothing to time
        return []
    return [Figure(key, ENV_LABELS[key][0], ns, runs, ENV_LABELS[key][1], RATE)
            for key, (ns, runs) in env_measures(quick).items()]


def _shown(value: float, unit: str) -> str:
    digits = 2 if unit == "ms" and value < 100 else 1 if value < 1000 else 0
    return f"{value:,.{digits}f} {unit.replace('us', 'µs')}"


def figures_markdown(figures: list[Figure], info: dict[str, str], quick: bool) -> str:
    """The machine, the Python and a table of medians, as Markdown."""
    lines = [
        f"- Machine: {info['cpu']}, {info['cores']} cores, {info['platform']}",
        f"- Python: {info['python']}",
        f"- Date: {info['date']}",
        f"- Command: `herotable bench{' --quick' if quick else ''} --write docs/benchmarks.md`",
        "",
        "| benchmark | median | target | runs | met |",
        "|---|---:|---:|---:|:---:|",
    ]
    for fig in figures:
        target = fig.target
        lines.append(
            f"| {fig.label} | {_shown(fig.value, fig.unit)} | "
            f"{'—' if target is None else fig.bound + ' ' + _shown(target, fig.unit)} | "
            f"{fig.runs:,} | {'' if fig.met is None else 'yes' if fig.met else 'NO'} |")
    return "\n".join(lines)


def _figures_block(path: Path) -> tuple[str, int, int]:
    """The file's text and where its figures block begins and ends; refused if it has none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HerotableError(f"cannot read {path}: {exc.strerror}") from exc
    begin, end = text.find(BLOCK_BEGIN), text.find(BLOCK_END)
    if begin < 0 or end < begin:
        raise HerotableError(f"{path} has no {BLOCK_BEGIN} ... {BLOCK_END} block to replace")
    return text, begin, end


def write_figures(path: Path, figures: list[Figure], info: dict[str, str], quick: bool) -> None:
    """Replace the text between the bench markers of ``path`` with this run's figures."""
    text, begin, end = _figures_block(path)
    block = figures_markdown(figures, info, quick)
    path.write_text(text[: begin + len(BLOCK_BEGIN)] + "\n" + block + "\n" + text[end:],
                    encoding="utf-8")

