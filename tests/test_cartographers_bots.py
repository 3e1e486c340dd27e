"""Cartographers bots: small rulebook-style scenarios, legality over random games, and the
promise that a bot reads only its seat's view."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from herotable.bots import BotError, bot_names, make_bot
from herotable.bots.cartographers.clairvoyant import true_future
from herotable.bots.cartographers.evaluate import value
from herotable.bots.cartographers.greedy import GUARD_WEIGHT, action_worth, ranked, weights_for
from herotable.bots.cartographers.position import read_view
from herotable.bots.cartographers.strong import (
    CANDIDATES,
    FEW_CANDIDATES,
    WIDE_FROM_UNITS,
    StrongBot,
)
from herotable.bots.match import play_match
from herotable.cartographers.actions import PlaceHero
from herotable.cartographers.config import PRESETS, GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import parse_cell
from herotable.cartographers.view import CartographersView
from herotable.core.rng import SeededRng
from herotable.simulate import SimulationSpec, simulate
from tests.helpers import cells_mask, rigged_game

EMPTY = "\n".join(["..........."] * 11)
HIDDEN_KEYS = {"deck", "rng", "ambush_deck", "hero_deck", "pending", "log", "stage"}


def decide(game: CartographersGame, player: int, name: str, seconds: float = 0.01):
    bot = make_bot("cartographers", name, seed=7, seconds=seconds)
    return bot.decide(game.view(player), game.legal_actions(player))


def test_registry_names_the_three_bots_and_refuses_others():
    assert bot_names("cartographers") == ["random", "greedy", "strong"]
    try:
        make_bot("cartographers", "perfect")
    except BotError as error:
        assert "random, greedy, strong" in str(error)
    else:  # pragma: no cover - the assertion below explains the failure
        raise AssertionError("an unknown bot was made")


def test_greedy_completes_a_village_square_for_gnomish_colony():
    # Spring scores A (Faunlost Thicket) and B (Gnomish Colony): a 2x2 village is 6 stars now
    # and 6 more in summer. Villages at A1, A2, B1 need B2.
    village_corner = "VV.........\nV..........\n" + "\n".join(["..........."] * 9)
    game = rigged_game(["settlement", "lagoon"], maps=[village_corner])
    game.apply(0, decide(game, 0, "greedy"))
    assert game.sheets[0].village & cells_mask("B2")


def test_greedy_places_a_hero_where_it_strikes_a_monster():
    monsters = "\n".join(["..........."] * 5 + [".....X....."] + ["..........."] * 5)
    game = rigged_game(["dobrik_of_lorkheim", "lagoon"], maps=[monsters])
    game.apply(0, decide(game, 0, "greedy"))
    assert game.sheets[0].monster == 0
    assert game.sheets[0].destroyed == cells_mask("F6")


def test_ambush_monster_keeps_clear_of_the_neighbours_hero():
    # Player 1 draws the Troll on player 0's map, where a hero guards every cell but the
    # bottom two rows: a monster there would be struck at once, so the bot draws it below.
    game = rigged_game(["giant_troll_ravage", "lagoon"], players=2, maps=[EMPTY, EMPTY])
    guarded = sum(cells_mask(f"{row}{col}") for row in "ABCDEFGHI" for col in range(1, 12))
    game.sheets[0].attack = guarded
    assert game.decision(1).sheet == 0
    game.apply(1, decide(game, 1, "greedy"))
    assert game.sheets[0].monster and not game.sheets[0].monster & guarded


def test_gorgon_gaze_destroys_what_hurts_the_neighbour_most():
    # Player 0 draws the Gorgon on player 1's map, next to player 1's 2x2 village (Gnomish
    # Colony, 6 stars this spring and summer); destroying a village cell breaks it.
    villages = "\n".join(["..........."] * 4 + ["...VV......", "...VV......"] + ["..........."] * 5)
    game = rigged_game(["gorgon_gaze", "lagoon"], players=2, maps=[EMPTY, villages])
    game.apply(0, next(a for a in game.legal_actions(0)
                       if a.cells == cells_mask("G4", "G6", "H5")))
    decision = game.decision(0)
    assert decision.kind == "destroy" and decision.sheet == 1
    game.apply(0, decide(game, 0, "greedy"))
    assert game.sheets[1].destroyed & cells_mask("F4", "F5")


def test_strong_bot_is_reproducible_and_reads_only_the_view():
    game = CartographersGame(GameConfig.preset("first_game"), seed=3)
    view = game.view(0)
    assert not HIDDEN_KEYS & set(view.to_json())
    # A view that went through JSON (as over the network) gives the same decision.
    again = json.loads(json.dumps(view.to_json()))
    first = make_bot("cartographers", "strong", seed=5, seconds=0.05)
    second = make_bot("cartographers", "strong", seed=5, seconds=0.05)
    assert first.decide(view, game.legal_actions(0)) == second.decide(
        again, game.legal_actions(0))


def test_hidden_deck_order_does_not_change_a_decision():
    game = CartographersGame(GameConfig.preset("heroes"), seed=11)
    state = game.to_json()
    state["deck"] = list(reversed(state["deck"]))  # another future, the same present
    other = CartographersGame.from_json(state)
    assert other.view(0) == game.view(0)
    for name in ("greedy", "strong"):
        assert decide(game, 0, name) == decide(other, 0, name)


class CheckedBot:
    """Wraps a bot and asserts that each choice is one of the offered actions."""

    def __init__(self, inner):
        self.inner = inner

    def reseed(self, seed):
        self.inner.reseed(seed)

    def decide(self, view, legal_actions):
        action = self.inner.decide(view, legal_actions)
        assert action in legal_actions
        return action


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(sorted(PRESETS)),
       players=st.integers(1, 3), names=st.lists(st.sampled_from(["greedy", "strong"]),
                                                 min_size=3, max_size=3))
def test_bots_only_return_legal_actions(seed, preset, players, names):
    game = CartographersGame(GameConfig.preset(preset, players=players), seed=seed)
    bots = [CheckedBot(make_bot("cartographers", names[p], seed=p, seconds=0.002))
            for p in range(players)]
    clocks = play_match(game, bots)
    assert game.is_over
    assert all(clock.decisions > 0 for clock in clocks)


def test_bots_beat_random_play():
    # Not a strength benchmark (docs/bots.md is): a floor that catches a broken evaluation.
    ratings = {}
    for name in ("random", "greedy"):
        game = CartographersGame(GameConfig.preset("first_game"), seed=21)
        play_match(game, [make_bot("cartographers", name, seed=1)])
        ratings[name] = game.solo_rating()
    assert ratings["greedy"] > ratings["random"] + 20


def test_greedy_hero_guard_counts_attack_cells_next_to_the_map_not_to_each_other():
    # Wren the Lioness at F2 (r0) attacks E4, F4 and G4, a column of three that touch one
    # another; only E4 touches something drawn (the forest at E5), so only E4 is guarded.
    forest = "\n".join(["..........."] * 4 + ["....F......"] + ["..........."] * 6)
    game = rigged_game(["wren_the_lioness", "lagoon"], maps=[forest])
    position = read_view(game.view(0))
    weights = weights_for(position)
    action = PlaceHero(*parse_cell("F2"), 0)
    assert position.after(action).attack == cells_mask("E4", "F4", "G4")
    bonus = action_worth(position, action, weights) - value(position.after(action), weights)
    assert bonus == pytest.approx(GUARD_WEIGHT)


# ---------------------------------------------------------------- the fair ambush model


def test_a_view_names_the_games_ambushes_as_a_set_never_their_order():
    game = CartographersGame(GameConfig.preset("heroes+base"), seed=4)  # four dealt of eight
    view = game.view(0)
    assert len(view.ambushes) == 4 and list(view.ambushes) == sorted(view.ambushes)
    assert set(view.ambushes) == {*game.ambush_deck, *(c for c in game.deck
                                                       if c in game.cards.ambushes)}
    assert CartographersView.from_json(json.loads(json.dumps(view.to_json()))) == view
    state = game.to_json()
    state["ambush_deck"] = list(reversed(state["ambush_deck"]))  # another order, same set
    assert CartographersGame.from_json(state).view(0) == view


def test_a_view_saved_before_the_ambush_set_still_loads_and_the_bot_falls_back_on_the_box():
    game = CartographersGame(GameConfig.preset("base"), seed=4)
    data = game.view(0).to_json()
    del data["ambushes"]
    old = CartographersView.from_json(data)
    assert old.ambushes == ()
    # The base box holds exactly the four ambushes a base game plays with.
    assert read_view(old).ambushes == game.view(0).ambushes


@pytest.mark.parametrize("preset", ["base", "first_game", "heroes+base"])
def test_the_bot_imagines_only_cards_of_its_game_and_every_ambush_still_to_come(preset):
    game = CartographersGame(GameConfig.preset(preset), seed=9)
    position = read_view(game.view(0))
    in_game = {*position.cards.explore, *position.cards.ruins, *game.view(0).ambushes}
    rng = SeededRng(1)
    imagined: set[str] = set()
    for _ in range(200):
        future = position.sample_future(rng)
        assert future.later is not None  # spring looks ahead to summer
        assert set(future.now) | set(future.later) <= in_game
        assert sum(c in position.cards.ambushes for c in future.now) == 1  # spring's ambush
        later_ambushes = [c for c in future.later if c in position.cards.ambushes]
        assert len(later_ambushes) == 1 and later_ambushes[0] not in future.now
        imagined |= set(future.now)
    assert imagined & set(position.cards.ambushes) == set(game.view(0).ambushes)
    if preset == "base":
        assert "dragon_inferno" not in imagined  # a Heroes card: the old stand-in


def test_no_ambush_is_imagined_once_the_seasons_ambush_is_revealed():
    game = CartographersGame(GameConfig.preset("first_game"), seed=9)
    position = read_view(game.view(0))
    ambush = position.waiting_ambushes()[0]
    position.revealed = (*position.revealed, ambush)
    position.ambushes_in_play = (ambush,)
    future = position.sample_future(SeededRng(2))
    assert not set(future.now) & set(position.cards.ambushes)
    assert future.later is not None and ambush not in future.later


# ---------------------------------------------------------------- the clairvoyant bound


@pytest.mark.parametrize("name", ["clairvoyant", "clairvoyant_narrow"])
def test_clairvoyant_is_never_offered_to_a_player(name):
    assert name not in bot_names("cartographers")
    assert name in bot_names("cartographers", measuring=True)
    with pytest.raises(BotError, match="measuring stick for `herotable simulate`"):
        make_bot("cartographers", name)
    made = make_bot("cartographers", name, measuring=True)
    game = CartographersGame(GameConfig.preset("first_game"), seed=3)
    with pytest.raises(BotError, match="only the match runner"):
        made.decide(game.view(0), game.legal_actions(0))  # nobody handed it the engine


def test_the_terminal_refuses_clairvoyant_with_a_clear_error():
    from typer.testing import CliRunner

    from herotable.cli import app

    result = CliRunner().invoke(app, ["cartographers", "play", "--seed", "1", "--players", "2",
                                      "--bot", "2=clairvoyant"])
    assert result.exit_code != 0
    assert "measuring stick" in result.output


def test_clairvoyant_foresees_exactly_the_cards_that_come():
    game = CartographersGame(GameConfig.preset("heroes+base"), seed=17)
    future = true_future(game.clone())
    assert future.later is not None
    season, seen = game.season_index, [*game.revealed]
    seasons: list[list[str]] = [[], []]
    while not game.is_over and game.season_index <= season + 1:
        for player in game.pending_players():
            game.apply(player, game.legal_actions(player)[-1])  # other moves, same cards
        if game.season_index > season + 1:
            break
        seasons[game.season_index - season] = [*game.revealed]
    assert seasons[0] == seen + future.now[:len(seasons[0]) - len(seen)]
    assert seasons[1] == future.later[:len(seasons[1])]


def test_only_the_wide_clairvoyant_weighs_moves_beyond_strongs_candidates():
    # The narrow bound keeps strong's candidates (greedy's best FEW_CANDIDATES at this small
    # budget), so the two bounds split the gap into the order's worth on those moves and on
    # many more.
    game = CartographersGame(GameConfig.preset("first_game"), seed=11)
    view = game.view(0)
    candidates = {i for _, i in ranked(read_view(view), view.legal)[:FEW_CANDIDATES]}
    weighed = {}
    for name in ("clairvoyant", "clairvoyant_narrow"):
        bot = make_bot("cartographers", name, seed=1, seconds=0.2, measuring=True)
        bot.foresee(game.clone())
        weighed[name] = set(bot.assess(view, view.legal).values)
    assert weighed["clairvoyant_narrow"] == candidates
    assert weighed["clairvoyant"] > candidates


def test_strong_weighs_its_full_width_from_half_a_second():
    # 32 candidates pay once a second buys the rounds to compare them; a small budget weighs
    # 8, as before the kernel (one round of 32 would be most of it).
    game = CartographersGame(GameConfig.preset("first_game"), seed=11)
    view = game.view(0)
    best = [i for _, i in ranked(read_view(view), view.legal)]
    assert len(best) > CANDIDATES
    small = make_bot("cartographers", "strong", seed=1, seconds=0.01).assess(view, view.legal)
    assert set(small.values) == set(best[:FEW_CANDIDATES])
    wide_seconds = WIDE_FROM_UNITS / StrongBot.units_per_second
    wide = make_bot("cartographers", "strong", seed=1, seconds=wide_seconds).assess(
        view, view.legal)
    assert set(wide.values) == set(best[:CANDIDATES])


def test_clairvoyant_plays_in_simulate_reproducibly():
    spec = SimulationSpec("cartographers", ["clairvoyant"], games=1, seed=5,
                          preset="first_game", seconds=0.05)
    first, again = simulate(spec), simulate(spec)
    assert first == again and first[0].rating is not None


def test_a_wall_clock_strong_bot_out_of_time_still_judges_a_move() -> None:
    # A server bot whose whole budget went by in the queue gets zero seconds: it plays one
    # round of its search (it used to divide by zero rounds).
    game = CartographersGame(GameConfig(players=2), seed=3)
    view = game.view(0)
    bot = make_bot("cartographers", "strong", seed=1, seconds=0.0, wall_clock=True)
    assessment = bot.assess(view, view.legal)
    assert assessment.samples == 1 and assessment.choice in assessment.values
    assert str(bot.decide(view, view.legal)) in {str(a) for a in view.legal}


def test_a_deadline_leaves_room_for_the_next_round_but_units_ignore_it() -> None:
    from herotable.bots.base import Allowance

    clock = Allowance(10.0, 1.0, wall_clock=True)
    assert clock.left() and clock.left(ahead=5.0) and not clock.left(ahead=11.0)
    units = Allowance(2.0, 1.0, wall_clock=False)
    assert units.left(ahead=1e9)  # a reproducible search spends its units as before
    units.spend(2)
    assert not units.left()
