"""The solo Cartographers Gymnasium env, judged by Gymnasium's own checker and by the engine."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import herotable
from herotable.cartographers.config import PRESETS
from herotable.envs import cartographers_spaces
from herotable.envs.cartographers_solo import CartographersSoloEnv
from herotable.envs.registration import SOLO_ID

# Every ambush with a decision in solo: the Gorgon and the Troll ask for a cell to destroy.
TROUBLE = ["gorgon_gaze", "giant_troll_ravage", "zombie_plague", "dragon_inferno"]


def make(**options: object) -> CartographersSoloEnv:
    env = gymnasium.make(SOLO_ID, disable_env_checker=True, **options).unwrapped
    assert isinstance(env, CartographersSoloEnv)
    return env


def play_randomly(env: CartographersSoloEnv, seed: int) -> tuple[list[int], float, dict]:
    """A masked random episode: its actions, its return and its last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    actions: list[int] = []
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        _, reward, done, truncated, info = env.step(action)
        assert not truncated
        total += reward
    return actions, total, info


@pytest.mark.filterwarnings("error")  # a checker warning is a failure here
@pytest.mark.parametrize("preset", list(PRESETS))
def test_gymnasium_checker_passes_for_every_preset(preset: str) -> None:
    check_env(make(preset=preset), skip_render_check=False)


def test_make_by_module_path_needs_no_import_first() -> None:
    code = ("import gymnasium; env = gymnasium.make("
            f"'herotable.envs:{SOLO_ID}', preset='first_game'); "
            "obs, info = env.reset(seed=1); print(int(info['action_mask'].sum()) > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "True"


@pytest.mark.parametrize(("preset", "seed"), [("heroes", 1), ("first_game", 2), ("base", 3)])
def test_return_is_the_engine_score_for_the_same_seed_and_actions(preset: str,
                                                                   seed: int) -> None:
    env = make(preset=preset)
    actions, total, info = play_randomly(env, seed)
    game = herotable.new_game("cartographers", seed=seed, preset=preset)
    for action in actions:
        game.apply(0, game.decode_action(action))
    assert game.is_over
    assert total == game.standings()[0].total == info["score"]


def test_gorgon_and_troll_cells_are_actions_of_the_episode() -> None:
    env = make(preset="first_game", ambushes=TROUBLE)
    kinds = set()
    for seed in range(6):
        actions, _, _ = play_randomly(env, seed)
        kinds.update(type(env.game.decode_action(a)).__name__ for a in actions)
    assert {"Draw", "PlaceHero", "Destroy"} <= kinds


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    env = make()
    first, info = env.reset(seed=11)
    again, info_again = env.reset(seed=11)
    other, _ = env.reset(seed=12)
    assert np.array_equal(first["features"], again["features"])
    assert np.array_equal(info["action_mask"], info_again["action_mask"])
    assert not np.array_equal(first["features"], other["features"])


def test_an_unseeded_reset_follows_the_env_generator() -> None:
    one, two = make(), make()
    one.reset(seed=5)
    two.reset(seed=5)
    assert np.array_equal(one.reset()[0]["features"], two.reset()[0]["features"])


def test_observation_and_mask_are_the_engine_s_own() -> None:
    env = make(preset="heroes")
    obs, info = env.reset(seed=4)
    engine = env.game.observation(0)
    assert obs["planes"].tolist() == engine["planes"]
    assert np.allclose(obs["features"], engine["features"])
    legal = env.game.legal_action_indices(0)
    assert np.flatnonzero(info["action_mask"]).tolist() == legal
    assert np.flatnonzero(env.action_masks()).tolist() == legal
    assert env.action_masks().dtype == bool


def test_an_illegal_action_changes_nothing_and_says_why() -> None:
    env = make()
    obs, info = env.reset(seed=9)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs_after, reward, done, truncated, info_after = env.step(illegal)
    assert env.game.to_json() == before
    assert (reward, done, truncated) == (0.0, False, False)
    assert info_after["illegal_action"]
    assert np.array_equal(obs_after["planes"], obs["planes"])
    # A legal step has the same info keys, the reason empty (a learner's buffer stores them).
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, _, _, _, info_legal = env.step(legal)
    assert set(info_legal) == set(info_after) and info_legal["illegal_action"] == ""


@pytest.mark.parametrize("bad", [-1, cartographers_spaces.ACTION_COUNT])
def test_an_index_outside_the_space_is_refused_as_illegal(bad: int) -> None:
    env = make()
    env.reset(seed=1)
    _, reward, done, _, info = env.step(bad)
    assert "is not 0-" in info["illegal_action"] and (reward, done) == (0.0, False)


def test_options_reach_the_game_and_bad_ones_fail_at_make() -> None:
    env = make(preset="base", side="D")
    env.reset(seed=1)
    assert env.game.config.side == "D"
    with pytest.raises(herotable.GameOptionError):
        make(players=2)
    with pytest.raises(herotable.HerotableError):
        make(preset="nonsense")
    with pytest.warns(UserWarning, match="render_mode"),  \
            pytest.raises(herotable.HerotableError, match="render_mode"):
        make(render_mode="human")  # Gymnasium warns first, then the env refuses


def test_stepping_a_finished_game_asks_for_reset() -> None:
    env = make(preset="first_game")
    play_randomly(env, 3)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_ansi_render_shows_the_map() -> None:
    env = make(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and len(text.splitlines()) == 11


@pytest.mark.filterwarnings("error")  # a checker warning is a failure here
def test_the_mask_can_ride_in_the_observation() -> None:
    # Where RLlib's and Tianshou's masked models look for it, as in the PettingZoo envs.
    env = make(preset="first_game", mask_in_observation=True)
    check_env(env)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    obs, _, _, _, info = env.step(legal)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert np.array_equal(obs["action_mask"], env.action_masks())
    assert "action_mask" not in make(preset="first_game").reset(seed=3)[0]


@pytest.mark.filterwarnings("error")  # a checker warning is a failure here
def test_the_pettingzoo_layout_lets_one_policy_play_solo_and_multiplayer() -> None:
    from herotable.envs import cartographers_v0

    env = make(preset="first_game", layout="pettingzoo")
    check_env(env)
    table = cartographers_v0.parallel_env(players=2, preset="first_game")
    assert env.observation_space == table.observation_space("player_0")
    assert env.action_space == table.action_space("player_0")
    obs, info = env.reset(seed=4)
    assert set(obs) == {"observation", "action_mask"}
    assert obs["action_mask"][cartographers_v0.WAIT] == 0  # a solo player never waits
    _, reward, _, _, info = env.step(cartographers_v0.WAIT)
    assert info["illegal_action"] and reward == 0.0
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    obs, _, _, _, info = env.step(legal)
    assert info["illegal_action"] == "" and env.observation_space.contains(obs)
    with pytest.raises(herotable.HerotableError, match="layout"):
        make(layout="flat")
