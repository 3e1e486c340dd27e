"""Fixed evaluation deals for the solo Gymnasium env, and a function that scores a policy on
them, so that learners and bots are compared on the same games (docs/research.md has the
baselines' table).

The deals are game seeds never used to tune a bot; the same seed deals the same game in the
env, in ``herotable simulate`` and in ``herotable.new_game``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium

from herotable.envs.policies import bot_action
from herotable.envs.registration import SOLO_ID

# Thirty deals per preset: seeds 7000-7029, never used to tune a bot (docs/bots.md).
EVALUATION_SEEDS: tuple[int, ...] = tuple(range(7000, 7030))

# Steps after which a game is cut off (a game has a few dozen decisions; only a policy that
# keeps sending illegal actions gets near).
STEP_LIMIT = 1000

# A policy: (observation, info) -> action index, as a learner acts; or a herotable bot's name.
Policy = Callable[[Any, dict[str, Any]], int]


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A policy's games on the evaluation deals: each deal's final score, in seed order."""

    seeds: tuple[int, ...]
    scores: tuple[int, ...]
    decisions: int  # steps the policy was asked for, over every game
    seconds: float  # the policy's own time over those steps

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)


def evaluate(policy: Policy | str, preset: str = "first_game",
             seeds: Sequence[int] = EVALUATION_SEEDS, seconds: float | None = None,
             **options: Any) -> Evaluation:
    """Play one solo game per seed with ``policy`` (a function of the observation and info,
    or a herotable bot's name: ``random``, ``greedy``, ``strong``, at ``seconds`` a decision)
    and give the final scores. ``options`` are the game's, as for ``gymnasium.make``. An
    illegal action changes nothing and the policy is asked again; one that keeps sending
    them is cut off after :data:`STEP_LIMIT` steps, its score as it stands."""
    env = gymnasium.make(SOLO_ID, preset=preset, disable_env_checker=True,
                         max_episode_steps=STEP_LIMIT, **options)
    scores: list[int] = []
    decisions, spent = 0, 0.0
    for seed in seeds:
        observation, info = env.reset(seed=seed)
        done = truncated = False
        while not (done or truncated):
            started = time.perf_counter()
            if isinstance(policy, str):
                action = bot_action(env, policy, seconds=seconds)
            else:
                action = policy(observation, info)
            spent += time.perf_counter() - started
            decisions += 1
            observation, _, done, truncated, info = env.step(action)
        scores.append(int(info["score"]))
    env.close()
    return Evaluation(tuple(seeds), tuple(scores), decisions, spent)
