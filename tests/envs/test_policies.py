"""herotable's bots as policies inside the research envs (herotable.envs.bot_action): a bot
played through an env makes the very moves it makes in ``herotable simulate`` on the same
deal, in the solo Gymnasium env and both PettingZoo envs; and the evaluation helper, which
scores a policy or a bot on the fixed deals."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import herotable
from herotable.envs import EVALUATION_SEEDS, bot_action, cartographers_v0, dominaria_v0, evaluate
from herotable.envs.evaluation import STEP_LIMIT
from herotable.simulate import SimulationSpec, play_one


def simulated_scores(game: str, bots: list[str], seed: int, **kwargs: object) -> list[int]:
    row = play_one(SimulationSpec(game, bots, games=1, seed=seed, **kwargs), 0)  # type: ignore[arg-type]
    return [seat.score for seat in row.seats]


def test_a_bot_in_the_solo_env_plays_what_it_plays_in_simulate() -> None:
    env = gymnasium.make("herotable/CartographersSolo-v0", preset="first_game")
    env.reset(seed=11)
    total, done = 0.0, False
    while not done:
        _, reward, done, _, info = env.step(bot_action(env, "greedy"))
        assert info["illegal_action"] == ""
        total += reward
    assert total == simulated_scores("cartographers", ["greedy"], 11, preset="first_game")[0]


def test_bots_in_the_parallel_env_play_what_they_play_in_simulate() -> None:
    env = cartographers_v0.parallel_env(players=2, preset="first_game")
    env.reset(seed=12)
    while env.agents:
        actions = {agent: bot_action(env, "greedy", agent) for agent in env.agents}
        _, _, _, _, infos = env.step(actions)
        assert not any(info["illegal_action"] for info in infos.values())
    assert [infos[agent]["score"] for agent in env.possible_agents] == simulated_scores(
        "cartographers", ["greedy", "greedy"], 12, preset="first_game")
    # An agent with nothing to do (here: the game is over) is told to wait.
    assert bot_action(env, "greedy", "player_0") == cartographers_v0.WAIT


def test_bots_in_the_dominaria_env_play_what_they_play_in_simulate() -> None:
    env = dominaria_v0.env(players=2)
    env.reset(seed=13)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else bot_action(env, "greedy", agent))
    assert env.unwrapped.game.totals() == simulated_scores("dominaria", ["greedy", "greedy"], 13)


def test_asking_wrongly_is_a_clear_refusal() -> None:
    solo = gymnasium.make("herotable/CartographersSolo-v0")
    solo.reset(seed=1)
    with pytest.raises(herotable.HerotableError, match="one seat"):
        bot_action(solo, "greedy", "player_0")
    with pytest.raises(herotable.HerotableError, match="herotable environment"):
        bot_action(object(), "greedy")
    dominaria = dominaria_v0.env(players=2)
    dominaria.reset(seed=1)
    with pytest.raises(herotable.HerotableError, match="no agent 'player_7'"):
        bot_action(dominaria, "greedy", "player_7")
    # Past the set-up (where every seat keeps its quests at once) one seat plays at a time.
    game = dominaria.unwrapped.game
    while all(game.owes(seat) for seat in range(2)):
        dominaria.step(bot_action(dominaria, "greedy", dominaria.agent_selection))
    idle = next(agent for seat, agent in enumerate(dominaria.possible_agents)
                if not game.owes(seat))
    with pytest.raises(herotable.HerotableError, match="owes no decision"):
        bot_action(dominaria, "greedy", idle)


def test_evaluate_scores_a_policy_or_a_bot_on_the_fixed_deals() -> None:
    seeds = EVALUATION_SEEDS[:2]
    greedy = evaluate("greedy", seeds=seeds)
    assert list(greedy.scores) == [
        simulated_scores("cartographers", ["greedy"], seed, preset="first_game")[0]
        for seed in seeds]
    assert greedy.decisions > 20 and greedy.seconds_per_decision > 0

    def first_legal(_observation: object, info: dict[str, np.ndarray]) -> int:
        return int(np.flatnonzero(info["action_mask"])[0])

    mine = evaluate(first_legal, seeds=seeds)
    assert mine.seeds == seeds and len(mine.scores) == 2 and mine.mean == sum(mine.scores) / 2
    # A policy that only sends an illegal action is cut off, not looped on for ever.
    stuck = evaluate(lambda _observation, _info: -1, seeds=seeds[:1])
    assert stuck.decisions == STEP_LIMIT and stuck.scores == (0,)


def test_evaluate_at_a_table_plays_what_simulate_plays() -> None:
    seeds = EVALUATION_SEEDS[:2]
    table = evaluate("random", seeds=seeds, players=3, opponents="greedy")
    simulated = [play_one(SimulationSpec("cartographers", ["random", "greedy", "greedy"],
                                         games=1, seed=seed, preset="first_game"), 0).seats[0]
                 for seed in seeds]
    assert list(table.scores) == [seat.score for seat in simulated]
    assert list(table.wins) == [seat.win for seat in simulated]  # its share of each win
    assert table.win_rate is not None and 0 <= table.win_rate <= 1
    assert evaluate("random", seeds=seeds).win_rate is None  # solo has no table to win

    def first_legal(observation: dict[str, np.ndarray], _info: object) -> int:
        return int(np.flatnonzero(observation["action_mask"])[0])

    mine = evaluate(first_legal, seeds=seeds[:1], players=2)
    assert mine.decisions > 20 and len(mine.wins) == 1
