"""How fast the engines and the bots are: sections (a) to (i) of ``herotable bench``.

Whole games are timed on a different seed each run, so a median is over deals rather than
over one lucky deal; games are played by the random player of :mod:`herotable.bots.random_bot`.
Nothing here imports the web server (its figures are :mod:`herotable.bench.web`'s).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from dataclasses import replace

from herotable.bench.figures import Figure, median_ns
from herotable.bots import make_bot
from herotable.bots.match import play_match
from herotable.bots.random_bot import play_random_dominaria, play_random_game, random_legal_action
from herotable.cartographers.cards import all_scoring_cards, heroes_set
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.scoring import SCORERS, native, score_card
from herotable.cartographers.sheet import MapSheet
from herotable.core.game import Game
from herotable.core.rng import SeededRng
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.registry import new_game

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


def half_filled_game(seed: int = HALF_MAP_SEED, cells: int = HALF_MAP_CELLS) -> CartographersGame:
    """A solo game on side C played at random until at least ``cells`` cells are filled."""
    game = CartographersGame(GameConfig(players=1, side="C"), seed)
    rng = SeededRng(seed)
    while game.sheets[0].filled.bit_count() < cells:
        if game.is_over:  # cannot happen for a sane threshold; say so rather than loop
            raise RuntimeError(f"seed {seed} ended before {cells} cells were filled")
        game.apply(0, random_legal_action(game, 0, rng))
    return game


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
        # play_match seeds each decision from the game's seed (decision_seed).
        bots = [make_bot(game.name, bot, seconds=seconds, measuring=True)
                for _ in range(game.num_players)]
        clocks = play_match(game, bots, max_decisions=decisions)
        times += [spent * 1e9 for clock in clocks for spent in clock.times]
    return statistics.median(times), len(times)


# ---------------------------------------------------------------- the benchmarks


def engine_figures(quick: bool = False) -> tuple[list[Figure], str]:
    """The engines' and the bots' figures, and a line saying which fixed map the placement
    and scoring figures were timed on. ``quick`` times only a few runs of each."""
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
        return play_match(game, [make_bot("cartographers", "random")])

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
    kernel = native.KERNEL
    if kernel is not None:
        # What the bots pay to score a map on every card (the kernel's path, one call).
        every_card = list(SCORERS.values())
        specs.append(("score_cards_kernel_us", "(b) score all 32 cards with the C kernel",
                      lambda _: kernel.counts(every_card, [sheet]), n(2000), 5, None, "us"))
    figures = [
        Figure(key, label, median_ns(run, samples, inner), samples * inner, target, unit)
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
    # The round trip timed above must be a faithful one, or its speed means nothing.
    assert CartographersGame.from_json(mid_state).to_json() == mid_state
    about_map = (f"Half-filled map: side C, seed {HALF_MAP_SEED}, {filled.bit_count()}/121 "
                 f"cells filled; {BENCH_CARD}: {legal_count} of {len(shape.placements)} "
                 "placements legal")
    return figures, about_map
