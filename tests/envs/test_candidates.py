"""Decisions as candidate lists (herotable.envs.cartographers_candidates) and the solo env
that acts on positions in them: the candidates are exactly the legal actions, their score
columns are the scoring cards' own counts on the map each one leaves, with or without the C
kernel, and the env plays the same games as with fixed-encoding actions."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import herotable
from herotable.bots import make_bot
from herotable.bots.cartographers.evaluate import isolated_empty
from herotable.bots.cartographers.position import read_view
from herotable.cartographers import encoding
from herotable.cartographers.config import EDICTS
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.outcomes import outcome
from herotable.cartographers.scoring import SCORERS, monster_penalty, native
from herotable.envs import EVALUATION_SEEDS, bot_action, evaluate
from herotable.envs.cartographers_candidates import (
    CANDIDATE_FEATURES,
    MAX_CANDIDATES,
    NUM_CANDIDATE_FEATURES,
    candidates,
)
from herotable.envs.cartographers_solo import CartographersSoloEnv
from herotable.envs.registration import SOLO_ID

COLUMN = {name: i for i, name in enumerate(CANDIDATE_FEATURES)}
TROUBLE = ["gorgon_gaze", "giant_troll_ravage", "zombie_plague", "dragon_inferno"]


def column(rows: np.ndarray, name: str) -> np.ndarray:
    return rows[:, COLUMN[name]]


def played_views(seed: int, steps: int, bot: str = "random", **options: object
                 ) -> list[tuple[CartographersGame, object]]:
    """(game, view) at each decision of a solo game ``bot`` plays, up to ``steps`` of them."""
    game = herotable.new_game("cartographers", seed=seed, players=1, **options)
    assert isinstance(game, CartographersGame)
    player = make_bot("cartographers", bot, seed=seed)
    seen = []
    while not game.is_over and len(seen) < steps:
        view = game.view(0)
        seen.append((game, view))
        action = player.decide(view, view.legal)
        game = game.clone()  # each view keeps its own game
        game.apply(0, action)
    return seen


def expected_columns(view: object, index: int) -> dict[str, float]:
    """The score columns of one candidate worked out the slow way: the map the action
    leaves (outcomes.outcome, as the game plays it), each card and term counted on it."""
    position = read_view(view)
    decision = position.decision
    assert decision is not None
    before = position.sheets[decision.sheet]
    after = outcome(position.cards, decision, before, encoding.decode(index))
    gained = {letter: SCORERS[card](after).stars - SCORERS[card](before).stars
              for letter, card in zip(EDICTS, position.scoring, strict=True)}
    coins = after.coins - before.coins
    monsters = monster_penalty(after).stars - monster_penalty(before).stars
    remaining = position.cards.seasons[position.season_index:]
    now = remaining[0].edicts
    stars_now = coins - monsters + sum(gained[letter] for letter in now)
    to_come = len(remaining) * (coins - monsters) + sum(
        gained[letter] * sum(letter in season.edicts for season in remaining)
        for letter in EDICTS)
    return {**{f"edict_{letter}:stars_gained/10": gained[letter] / 10 for letter in EDICTS},
            "coins_gained": coins, "monster_penalty_change/5": monsters / 5,
            "isolated_empty_change/5": (isolated_empty(after) - isolated_empty(before)) / 5,
            "stars_now/10": stars_now / 10, "stars_to_come/10": to_come / 10}


@pytest.mark.parametrize("preset", ["heroes", "base"])
def test_the_candidates_are_the_legal_actions_and_their_scores_the_cards_own(preset: str
                                                                             ) -> None:
    for game, view in played_views(5, 40, preset=preset, ambushes=TROUBLE):
        offered = candidates(view)  # type: ignore[arg-type]
        assert offered.actions.tolist() == game.legal_action_indices(0)
        assert offered.features.shape == (len(offered), NUM_CANDIDATE_FEATURES)
        assert len(offered) <= MAX_CANDIDATES
        assert np.isfinite(offered.features).all()
        kind = view.decision.kind  # type: ignore[attr-defined]
        assert (column(offered.features, f"kind:{kind}") == 1).all()
        for row in random.Random(len(offered)).sample(range(len(offered)),
                                                      min(5, len(offered))):
            for name, value in expected_columns(view, int(offered.actions[row])).items():
                assert offered.features[row, COLUMN[name]] == pytest.approx(value), name


def test_the_python_cards_give_the_kernel_s_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    views = [view for _, view in played_views(8, 30, ambushes=TROUBLE)]
    with_kernel = [candidates(view).features for view in views]  # type: ignore[arg-type]
    monkeypatch.setattr(native, "KERNEL", None)
    for view, table in zip(views, with_kernel, strict=True):
        assert np.array_equal(candidates(view).features, table)  # type: ignore[arg-type]


def test_a_drawing_that_closes_in_a_mountain_says_the_coin_it_earns() -> None:
    # While the coin track is far from its end, a candidate earns the coin shape's coin plus
    # one per unpaid mountain whose four sides it leaves filled (or off the map).
    closing = 0
    for _, view in played_views(3, 40, "greedy", preset="first_game"):
        sheet = view.sheets[0]  # type: ignore[attr-defined]
        decision = view.decision  # type: ignore[attr-defined]
        if decision.kind != "draw" or sheet.coins > 8 or sheet.monster_ids:
            continue  # a beaten dragon pays coins too; the track's end caps them
        unpaid = sheet.mountain & ~sheet.paid_mountains
        mountains = [divmod(cell, 11) for cell in range(121) if unpaid >> cell & 1]
        offered = candidates(view)  # type: ignore[arg-type]
        for position, index in enumerate(offered.actions):
            filled = sheet.filled | encoding.decode(int(index)).cells  # type: ignore[union-attr]
            closed = sum(all(not (0 <= r < 11 and 0 <= c < 11) or filled >> (r * 11 + c) & 1
                             for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                          (row, col + 1)))
                         for row, col in mountains)
            closing += closed > 0
            assert offered.features[position, COLUMN["coins_gained"]] == (
                offered.features[position, COLUMN["coin_shape"]] + closed)
    assert closing  # the game offered some: the test saw both kinds


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(-3, 2000), max_size=60))
def test_candidate_actions_play_any_sequence_and_refuse_what_is_not_on_offer(
        seed: int, picks: list[int]) -> None:
    env = gymnasium.make(SOLO_ID, actions="candidates", disable_env_checker=True).unwrapped
    assert isinstance(env, CartographersSoloEnv)
    obs, info = env.reset(seed=seed)
    for pick in picks:
        offered = int(obs["action_mask"].sum())
        before = env.game.to_json()
        obs, reward, done, _, info = env.step(pick)
        if 0 <= pick < offered:
            assert info["illegal_action"] == ""
        else:
            assert "not on offer" in info["illegal_action"] and reward == 0.0
            assert env.game.to_json() == before
        assert env.observation_space.contains(obs)
        assert np.flatnonzero(obs["candidate_actions"] >= 0).tolist() == list(
            range(int(obs["action_mask"].sum())))
        if done:
            break


@pytest.mark.filterwarnings("ignore:.*infinity")  # the score columns' bounds are the cards'
def test_the_candidate_env_passes_gymnasium_s_checker_and_matches_the_engine() -> None:
    env = gymnasium.make(SOLO_ID, actions="candidates", disable_env_checker=True).unwrapped
    check_env(env)
    obs, info = env.reset(seed=2)
    legal = env.game.legal_action_indices(0)
    offered = len(legal)
    assert obs["candidate_actions"][:offered].tolist() == legal
    assert (obs["candidate_actions"][offered:] == -1).all()
    assert not obs["candidates"][offered:].any()
    assert np.array_equal(info["action_mask"], obs["action_mask"])
    assert env.action_masks().sum() == offered
    with pytest.raises(herotable.HerotableError, match="actions"):
        gymnasium.make(SOLO_ID, actions="positions", disable_env_checker=True)


def test_bots_play_the_same_games_through_candidate_positions() -> None:
    seeds = EVALUATION_SEEDS[:2]
    by_index = evaluate("greedy", preset="heroes", seeds=seeds)
    by_position = evaluate("greedy", preset="heroes", seeds=seeds, actions="candidates")
    assert by_position.scores == by_index.scores
    env = gymnasium.make(SOLO_ID, actions="candidates")
    env.reset(seed=3)
    position = bot_action(env, "greedy")
    assert 0 <= position < int(env.unwrapped.action_masks().sum())
