"""The PettingZoo envs, judged by PettingZoo's own test suite and by the engines."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import herotable
from herotable.core.errors import HerotableError
from herotable.envs import cartographers_v0, dominaria_v0
from herotable.envs.cartographers_v0 import WAIT

# PettingZoo's suite warns about any observation that is a dict, naming the envs of its own
# that may be one; {"observation", "action_mask"} is the form it asks for, so those two
# warnings are expected and every other warning fails a test.
EXPECTED = ("Observation space for each agent probably", "Observation is not a NumPy")
AMBUSHES = ["gorgon_gaze", "giant_troll_ravage", "zombie_plague", "dragon_inferno"]


@pytest.fixture(autouse=True)
def warnings_fail() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in EXPECTED:
            warnings.filterwarnings("ignore", message=message)
        yield


@pytest.mark.parametrize("players", [2, 4])
def test_cartographers_parallel_api(players: int) -> None:
    parallel_api_test(cartographers_v0.parallel_env(players=players, ambushes=AMBUSHES),
                      num_cycles=1000)


@pytest.mark.parametrize(("players", "preset"), [(2, "heroes"), (3, "base")])
def test_cartographers_aec_api(players: int, preset: str) -> None:
    api_test(cartographers_v0.env(players=players, preset=preset), num_cycles=2000)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dominaria_aec_api(players: int) -> None:
    api_test(dominaria_v0.env(players=players), num_cycles=3000)


def test_seeds_give_the_same_games() -> None:
    parallel_seed_test(lambda: cartographers_v0.parallel_env(players=3), num_cycles=300)
    seed_test(lambda: cartographers_v0.env(players=2), num_cycles=300)
    seed_test(lambda: dominaria_v0.env(players=3), num_cycles=300)


def play_parallel(env: cartographers_v0.CartographersParallelEnv, seed: int
                  ) -> tuple[dict[str, float], list[tuple[int, int]], set[str]]:
    """A masked random game: each agent's return, every (seat, action) applied, and the
    kinds of decision met."""
    rng = np.random.default_rng(seed)
    observations, _ = env.reset(seed=seed)
    returns = dict.fromkeys(env.agents, 0.0)
    applied: list[tuple[int, int]] = []
    kinds: set[str] = set()
    while env.agents:
        actions = {agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
                   for agent, obs in observations.items()}
        for seat, agent in enumerate(env.possible_agents):
            if actions[agent] != WAIT:
                kinds.add(type(env.game.decode_action(actions[agent])).__name__)
                applied.append((seat, actions[agent]))
        observations, rewards, _, _, infos = env.step(actions)
        # The same keys on every step, the last one too: each agent's score so far.
        assert all(set(info) == {"illegal_action", "score"} for info in infos.values())
        assert not any(info["illegal_action"] for info in infos.values())
        for agent, reward in rewards.items():
            returns[agent] += reward
    if env.reward == "score":
        assert {agent: float(info["score"]) for agent, info in infos.items()} == returns
    return returns, applied, kinds


def test_cartographers_returns_are_the_engine_scores_and_every_decision_is_met() -> None:
    env = cartographers_v0.parallel_env(players=3, preset="first_game", ambushes=AMBUSHES)
    kinds: set[str] = set()
    for seed in range(3):
        returns, applied, met = play_parallel(env, seed)
        kinds |= met
        game = herotable.new_game("cartographers", seed=seed, players=3, preset="first_game",
                                  ambushes=AMBUSHES)
        for seat, action in applied:
            game.apply(seat, game.decode_action(action))
        assert game.is_over
        assert [returns[f"player_{s.player}"] for s in sorted(game.standings(),
                key=lambda s: s.player)] == [float(t) for t in game.totals()]
    assert {"Draw", "PlaceHero", "DrawMonster", "Destroy"} <= kinds


def test_cartographers_win_reward_is_the_share_of_the_win() -> None:
    env = cartographers_v0.parallel_env(players=2, reward="win", preset="first_game")
    returns, _, _ = play_parallel(env, 5)
    assert sorted(returns.values()) in ([0.0, 1.0], [0.5, 0.5])


def test_cartographers_observation_is_the_agent_s_own_view() -> None:
    env = cartographers_v0.parallel_env(players=2, preset="heroes")
    observations, _ = env.reset(seed=3)
    for seat, agent in enumerate(env.possible_agents):
        engine = env.game.observation(seat)
        flat = np.concatenate([np.ravel(engine["planes"]), engine["features"]])
        assert np.allclose(observations[agent]["observation"], flat)
        legal = env.game.legal_action_indices(seat) or [WAIT]
        assert np.flatnonzero(observations[agent]["action_mask"]).tolist() == legal


def test_cartographers_illegal_and_missing_actions_change_nothing() -> None:
    env = cartographers_v0.parallel_env(players=2)
    observations, _ = env.reset(seed=2)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(observations["player_0"]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = env.step({"player_0": illegal})
    assert env.game.to_json() == before
    assert infos["player_0"]["illegal_action"]
    assert "no action was sent" in infos["player_1"]["illegal_action"]
    assert rewards == {"player_0": 0.0, "player_1": 0.0} and not any(terminations.values())


def test_a_waiting_cartographers_agent_may_only_wait() -> None:
    # Seat 0's map is full, so it never owes a decision again: it waits while seat 1 plays.
    full = "\n".join(["F" * 11] * 11)
    empty = herotable.new_game("cartographers").view(0).sheets[0].to_text()
    env = cartographers_v0.parallel_env(players=2, maps=[full, empty])
    observations, _ = env.reset(seed=1)
    assert np.flatnonzero(observations["player_0"]["action_mask"]).tolist() == [WAIT]
    assert not observations["player_1"]["action_mask"][WAIT]
    before = env.game.to_json()
    played = int(np.flatnonzero(observations["player_1"]["action_mask"])[0])
    _, _, _, _, infos = env.step({"player_0": 0, "player_1": played})
    assert "owes nothing" in infos["player_0"]["illegal_action"]
    assert infos["player_1"]["illegal_action"] == "" and env.game.to_json() != before


def test_dominaria_returns_are_the_engine_scores() -> None:
    for players, seed in ((2, 1), (4, 2)):
        env = dominaria_v0.env(players=players)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        returns = dict.fromkeys(env.agents, 0.0)
        applied = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            returns[agent] += reward
            assert info["illegal_action"] == ""
            action = None
            if not (terminated or truncated):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                applied.append((env.possible_agents.index(agent), action))
            env.step(action)
        game = herotable.new_game("dominaria", seed=seed, players=players)
        for seat, action in applied:
            game.apply(seat, game.decode_action(action))
        assert game.is_over
        assert {f"player_{s.player}": float(s.total) for s in game.standings()} == returns


def test_dominaria_observation_and_illegal_action() -> None:
    env = dominaria_v0.env(players=3)
    env.reset(seed=4)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    obs = env.observe(agent)
    # The engine's features, each over its scale (tests/envs/test_dominaria_features.py).
    features = np.array(env.game.observation(seat)["features"])
    assert np.allclose(obs["observation"], features / env.game.encoding.feature_scales)
    assert np.flatnonzero(obs["action_mask"]).tolist() == env.game.legal_action_indices(seat)
    before = env.game.to_json()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.game.to_json() == before
    assert env.agent_selection == agent and env.infos[agent]["illegal_action"]


def test_bad_options_fail_when_the_env_is_made() -> None:
    with pytest.raises(HerotableError):
        cartographers_v0.parallel_env(players=2, reward="money")
    with pytest.raises(HerotableError):
        dominaria_v0.env(players=7)


def test_the_global_state_is_every_seats_observation() -> None:
    # For centralised critics: PettingZoo's state() and state_space, seat by seat.
    table = cartographers_v0.parallel_env(players=3, preset="first_game")
    observations, _ = table.reset(seed=2)
    state = table.state()
    assert table.state_space.contains(state)
    assert np.array_equal(state, np.concatenate(
        [observations[agent]["observation"] for agent in table.possible_agents]))
    dominaria = dominaria_v0.env(players=2)
    dominaria.reset(seed=2)
    state = dominaria.state()
    assert dominaria.state_space.contains(state)
    assert np.array_equal(state, np.concatenate(
        [dominaria.observe(agent)["observation"] for agent in dominaria.possible_agents]))
