"""The Heroes of Dominaria features' bounds: no game goes past one, games reach some of them,
and the PettingZoo env divides every feature by its scale."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from gymnasium import spaces

from herotable.bots import make_bot
from herotable.core.errors import HerotableError
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.encoding import MAX_SEATS, VP_SCALE, PackEncoding
from herotable.dominaria.game import DominariaGame
from herotable.envs import dominaria_v0
from tests.dominaria_helpers import game_in_play, put_heroes

PLAYERS = (2, 3, 4)
RANDOM_GAMES = 6  # a game of random play takes about 0.1 s, observing every seat each step
GREEDY_GAMES = 2  # greedy play goes further: more quests, claims and VP (about 0.4 s a game)
END_CHANCE = 0.1  # how often a random player ends its turn while it could do more


def random_action(game: DominariaGame, seat: int, rng: random.Random) -> DominariaAction:
    """A legal action at random, ending the turn only now and then, so that turns run long
    and counts grow (moves, collects, mana spent)."""
    legal = game.legal_actions(seat)
    others = [action for action in legal if action.verb != "end"]
    if others and rng.random() >= END_CHANCE:
        return rng.choice(others)
    return rng.choice(legal)


def observation_box(env: dominaria_v0.DominariaEnv) -> spaces.Box:
    space = env.observation_space(env.possible_agents[0])
    assert isinstance(space, spaces.Dict)
    box = space["observation"]
    assert isinstance(box, spaces.Box)
    return box


@cache
def peaks(players: int) -> tuple[PackEncoding, np.ndarray, np.ndarray]:
    """The least and the most of every feature over every seat's observation at every
    decision of a few random games (half of them with two mana a location at the start)
    and a few greedy ones."""
    encoding = DominariaGame(DominariaConfig(players=players)).encoding
    least = np.full(encoding.num_features, np.inf)
    most = np.full(encoding.num_features, -np.inf)
    for seed in range(RANDOM_GAMES + GREEDY_GAMES):
        game = DominariaGame(DominariaConfig(players=players, two_mana=seed % 2 == 1), seed)
        greedy = seed >= RANDOM_GAMES
        bots = [make_bot("dominaria", "greedy", seed=seed + seat)
                for seat in range(players)] if greedy else []
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                features = np.array(game.observation(seat)["features"])
                least, most = np.minimum(least, features), np.maximum(most, features)
            if game.is_over:
                break
            seat = game.pending_players()[0]
            if greedy:
                view = game.view(seat)
                action = bots[seat].decide(view, view.legal)
            else:
                action = random_action(game, seat, rng)
            game.apply(seat, action)
    return encoding, least, most


def test_the_shipped_pack_has_the_documented_bounds() -> None:
    # docs/encoding.md and docs/research.md give these values.
    encoding = DominariaGame(DominariaConfig()).encoding
    bound = dict(zip(encoding.feature_names, encoding.feature_bounds, strict=True))
    scale = dict(zip(encoding.feature_names, encoding.feature_scales, strict=True))
    named = {"supply:W": 24, "deck:dominaria": 50, "deck:quests": 45, "deck:artifacts": 20,
             "claims:web_of_dominaria": 2, "moves_used": 17, "extra_moves": 9,
             "collects_used": 2, "seat0/heroes:orvada": 4, "seat0/heroes_on_track": 3,
             "seat0/cabal": 8, "seat0/pool:G": 24, "seat0/hand_size": 45,
             "seat0/accomplished": 51, "seat0/completed": 45, "seat0/discovered": 20,
             "seat3/vp": 325, "stage:play": 1, "seat2/leylines:orvada-shanodin": 1}
    assert {name: bound[name] for name in named} == named
    assert {bound[f"map_mana:{loc}"] for loc in encoding.locations} == {12}
    for token in ("cabal", "artifact"):
        assert {bound[f"{token}_tokens:{loc}"] for loc in encoding.locations} == {0, 1, 2}
    assert scale["cabal_tokens:verdura"] == 1 and scale["seat3/vp"] == VP_SCALE == 100


@pytest.mark.parametrize("players", PLAYERS)
def test_no_feature_goes_below_zero_or_past_its_bound(players: int) -> None:
    encoding, least, most = peaks(players)
    bounds = np.array(encoding.feature_bounds)
    names = np.array(encoding.feature_names)
    assert not names[least < 0].tolist()
    assert not names[most > bounds].tolist()


def test_play_reaches_the_bounds_it_can_reach_quickly() -> None:
    encoding, _, most = peaks(2)
    for players in PLAYERS[1:]:
        most = np.maximum(most, peaks(players)[2])
    reached = {name for name, peak, bound in zip(encoding.feature_names, most,
                                                 encoding.feature_bounds, strict=True)
               if peak == bound}
    # Every one-hot and flag of the table, and what the set-up starts from.
    always = [f"{block}:{key}" for block, keys in (
        ("stage", ("quests", "heroes", "play", "over")), ("players", ("2", "3", "4")),
        ("current", [f"seat{k}" for k in range(MAX_SEATS)]),
        ("first", [f"seat{k}" for k in range(MAX_SEATS)])) for key in keys]
    always += ["round_progress", "deck:dominaria", "deck:artifacts",
               *(f"seat{k}/{name}" for k in range(MAX_SEATS)
                 for name in ("present", "heroes_on_track"))]
    assert set(always) <= reached
    # Tokens pile up as far as the cards allow: two Cabal tokens where two cards put them,
    # and a public quest's second tile taken.
    assert any(name.startswith("cabal_tokens:") and bound == 2
               for name, bound in zip(encoding.feature_names, encoding.feature_bounds,
                                      strict=True) if name in reached)
    assert any(name.startswith("claims:") for name in reached)


def test_a_rigged_board_reaches_its_bounds_and_the_env_shows_them_as_one() -> None:
    env = dominaria_v0.env(players=2)
    env.reset(seed=3)
    env.unwrapped.game = game = game_in_play(players=2, seed=3)
    # Seat 0 holds every white token of the box, all four Heroes stand at Orvada, its
    # defeated-Cabal track is full.
    for loc in game.pack.locations.values():
        if loc.colour == "W":
            game.map_mana[loc.id] = 0
    game.players[1].pool["W"] = game.supply["W"] = 0
    state = put_heroes(game, 0, *["orvada"] * 4)
    state.pool["W"] = 24
    state.cabal = len(game.pack.boards.cabal.spaces)
    assert game.mana_total() == 120
    encoding = game.encoding
    raw = dict(zip(encoding.feature_names, game.observation(0)["features"], strict=True))
    bounds = dict(zip(encoding.feature_names, encoding.feature_bounds, strict=True))
    at_bound = ("seat0/pool:W", "seat0/heroes:orvada", "seat0/cabal")
    assert [raw[name] for name in at_bound] == [bounds[name] for name in at_bound]
    assert raw["supply:W"] == 0 and raw["seat0/heroes_on_track"] == 0
    scaled = dict(zip(encoding.feature_names, env.observe("player_0")["observation"].tolist(),
                      strict=True))
    assert [scaled[name] for name in at_bound] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_env_divides_each_feature_by_its_scale(players: int) -> None:
    scaled_env = dominaria_v0.env(players=players)
    raw_env = dominaria_v0.env(players=players, scaled=False)
    scaled_env.reset(seed=players)
    raw_env.reset(seed=players)
    encoding = scaled_env.unwrapped.game.encoding
    scales = np.array(encoding.feature_scales)
    agents = scaled_env.possible_agents
    scaled_space, raw_space = observation_box(scaled_env), observation_box(raw_env)
    rng = np.random.default_rng(players)
    for agent in scaled_env.agent_iter():
        for seat, name in enumerate(agents):
            scaled = scaled_env.observe(name)["observation"]
            raw = raw_env.observe(name)["observation"]
            features = np.array(raw_env.unwrapped.game.observation(seat)["features"])
            assert np.array_equal(raw, features.astype(np.float32))
            assert np.array_equal(scaled, (features / scales).astype(np.float32))
            assert scaled_space.contains(scaled) and raw_space.contains(raw)
        _, _, terminated, truncated, _ = scaled_env.last()
        mask = scaled_env.observe(agent)["action_mask"]
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(mask)))
        scaled_env.step(action)
        raw_env.step(action)
    assert scaled_env.state_space.contains(scaled_env.state())
    assert raw_env.state_space.contains(raw_env.state())


def test_the_boxes_are_the_bounds_over_the_scales() -> None:
    env = dominaria_v0.env(players=3)
    encoding = env.unwrapped.game.encoding
    names, bounds = encoding.feature_names, np.array(encoding.feature_bounds)
    box = observation_box(env)
    # Only VP is divided by a scale rather than its bound, and its box ends at the bound.
    vp = np.array([name.endswith("/vp") for name in names])
    assert np.array_equal(np.array(encoding.feature_scales)[vp], np.full(MAX_SEATS, VP_SCALE))
    assert np.allclose(box.high[vp], bounds[vp] / VP_SCALE) and (bounds[vp] > VP_SCALE).all()
    # Every other feature lies in [0, 1]; one no game can raise (a location no card puts
    # a token on) in [0, 0].
    assert np.array_equal(box.high[~vp], (bounds[~vp] > 0).astype(np.float32))
    assert not box.low.any()
    raw = dominaria_v0.env(players=3, scaled=False)
    assert np.array_equal(observation_box(raw).high, bounds.astype(np.float32))
    assert raw.state_space.shape == (3 * encoding.num_features,)
    assert np.array_equal(env.state_space.high, np.tile(box.high, 3))


@pytest.mark.parametrize("scaled", ["yes", 1, None])
def test_scaled_must_be_true_or_false(scaled: object) -> None:
    with pytest.raises(HerotableError, match="scaled must be True or False"):
        dominaria_v0.env(players=2, scaled=scaled)  # type: ignore[arg-type]
