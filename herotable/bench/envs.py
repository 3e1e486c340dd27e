"""Environment speed for ``herotable bench`` (section k): random masked steps per second,
env by env.

A step's time is an episode's time over its steps, so reset is included, as a training loop
pays it; the random agent draws from the action mask the env gives (Gymnasium's
``Discrete.sample(mask=...)``), as the libraries' own random agents do.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pyspiel

from herotable.bench.figures import RATE, Figure
from herotable.envs import cartographers_v0, dominaria_v0, openspiel
from herotable.envs.cartographers_solo import CartographersSoloEnv


def _solo_episode(env: CartographersSoloEnv, seed: int) -> int:
    _, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    steps, done = 0, False
    while not done:
        action = env.action_space.sample(mask=info["action_mask"])
        _, _, done, _, info = env.step(action)
        steps += 1
    return steps


def _parallel_episode(env: cartographers_v0.CartographersParallelEnv, seed: int) -> int:
    observations, _ = env.reset(seed=seed)
    steps = 0
    while env.agents:
        actions = {agent: env.action_space(agent).sample(mask=obs["action_mask"])
                   for agent, obs in observations.items()}
        observations, *_ = env.step(actions)
        steps += 1
    return steps


def _aec_episode(env: dominaria_v0.DominariaEnv, seed: int) -> int:
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        done = terminated or truncated
        env.step(None if done else env.action_space(agent).sample(mask=obs["action_mask"]))
        steps += 0 if done else 1
    return steps


def _openspiel_episode(game: Any, seed: int) -> int:
    """A random playthrough through OpenSpiel's state interface: chance outcomes drawn by
    their probabilities, every seat's move uniform over its legal actions; a simultaneous
    node's joint action counts as one step, like a chance outcome, not at all."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(seat) or [0])
                                 for seat in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def _median_step_ns(episode: Callable[[int], int], episodes: int) -> tuple[float, int]:
    episode(0)  # warm the encoding tables outside the timing
    per_step: list[float] = []
    steps = 0
    for seed in range(1, episodes + 1):
        start = time.perf_counter_ns()
        taken = episode(seed)
        per_step.append((time.perf_counter_ns() - start) / taken)
        steps += taken
    return statistics.median(per_step), steps


def env_measures(quick: bool) -> dict[str, tuple[float, int]]:
    """``{key: (median ns per step, steps timed)}`` for each environment."""
    episodes = 2 if quick else 40
    solo = CartographersSoloEnv(preset="heroes")
    by_candidate = CartographersSoloEnv(preset="heroes", actions="candidates")
    four = cartographers_v0.parallel_env(players=4, preset="heroes")
    dominaria = dominaria_v0.env(players=4)
    spiel_cartographers = pyspiel.load_game(openspiel.CARTOGRAPHERS, {"players": 4})
    spiel_dominaria = pyspiel.load_game(openspiel.DOMINARIA, {"players": 4})
    return {
        "env_solo_steps_per_s": _median_step_ns(lambda s: _solo_episode(solo, s), episodes),
        "env_solo_candidates_steps_per_s": _median_step_ns(
            lambda s: _solo_episode(by_candidate, s), episodes),
        "env_parallel_4p_joint_steps_per_s": _median_step_ns(
            lambda s: _parallel_episode(four, s), episodes),
        "env_dominaria_4p_steps_per_s": _median_step_ns(
            lambda s: _aec_episode(dominaria, s), episodes),
        "env_openspiel_cartographers_4p_steps_per_s": _median_step_ns(
            lambda s: _openspiel_episode(spiel_cartographers, s), episodes),
        "env_openspiel_dominaria_4p_steps_per_s": _median_step_ns(
            lambda s: _openspiel_episode(spiel_dominaria, s), episodes),
    }


# key: label, target (ns per step); the targets are the research environments' own.
ENV_LABELS = {
    "env_solo_steps_per_s": ("(k) Gymnasium solo env: random masked steps", 1e9 / 5000),
    "env_solo_candidates_steps_per_s": (
        "(k) Gymnasium solo env, candidate actions (features of every candidate): steps",
        None),
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
    """:func:`env_measures` as the bench's figures (steps per second)."""
    return [Figure(key, ENV_LABELS[key][0], ns, runs, ENV_LABELS[key][1], RATE)
            for key, (ns, runs) in env_measures(quick).items()]
