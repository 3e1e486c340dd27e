"""Fixed evaluation deals for the Cartographers envs, and a function that scores a policy on
them, solo or at a table of bots, so that learners and bots are compared on the same games
(docs/research.md has the baselines' table).

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

# The seat a policy plays at a table.
MAIN = "player_0"

# A policy: (observation, info) -> action index, as a learner acts; or a herotable bot's name.
Policy = Callable[[Any, dict[str, Any]], int]


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A policy's games on the evaluation deals: each deal's final score, in seed order."""

    seeds: tuple[int, ...]
    scores: tuple[int, ...]
    decisions: int  # steps the policy was asked for, over every game
    seconds: float  # the policy's own time over those steps
    wins: tuple[float, ...] = ()  # at a table: its share of each game's win (ties split it)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def win_rate(self) -> float | None:
        """The share of the games won, at a table; None solo."""
        return statistics.fmean(self.wins) if self.wins else None

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)


@dataclass(slots=True)
class _Asker:
    """Asks a policy (or a bot, by its name) for its actions and keeps its time."""

    policy: Policy | str
    seconds: float | None  # a bot's budget
    decisions: int = 0
    spent: float = 0.0

    def action(self, env: Any, agent: str | None, observation: Any,
               info: dict[str, Any]) -> int:
        started = time.perf_counter()
        action = (bot_action(env, self.policy, agent, seconds=self.seconds)
                  if isinstance(self.policy, str) else self.policy(observation, info))
        self.spent += time.perf_counter() - started
        self.decisions += 1
        return action


def evaluate(policy: Policy | str, preset: str = "first_game",
             seeds: Sequence[int] = EVALUATION_SEEDS, seconds: float | None = None,
             players: int = 1, opponents: str = "greedy", **options: Any) -> Evaluation:
    """Play one game per seed with ``policy`` (a function of the observation and info, or a
    herotable bot's name: ``random``, ``greedy``, ``strong``, at ``seconds`` a decision)
    and give its final scores. Solo (``players=1``) the game is the Gymnasium env's and
    ``options`` are the env's and the game's, as for ``gymnasium.make``; with more players
    the policy is ``player_0`` of the PettingZoo parallel env, asked only when it owes a
    decision, and the other seats are ``opponents`` (a bot's name), seeded as ``simulate``
    seeds them. An illegal action changes nothing and the policy is asked again; one that
    keeps sending them is cut off after :data:`STEP_LIMIT` steps, its score as it stands."""
    if players != 1:
        return _at_a_table(policy, preset, seeds, seconds, players, opponents, options)
    env = gymnasium.make(SOLO_ID, preset=preset, disable_env_checker=True,
                         max_episode_steps=STEP_LIMIT, **options)
    asker = _Asker(policy, seconds)
    scores: list[int] = []
    for seed in seeds:
        observation, info = env.reset(seed=seed)
        done = truncated = False
        while not (done or truncated):
            action = asker.action(env, None, observation, info)
            observation, _, done, truncated, info = env.step(action)
        scores.append(int(info["score"]))
    env.close()
    return Evaluation(tuple(seeds), tuple(scores), asker.decisions, asker.spent)


def _at_a_table(policy: Policy | str, preset: str, seeds: Sequence[int],
                seconds: float | None, players: int, opponents: str,
                options: dict[str, Any]) -> Evaluation:
    # Imported here: solo evaluations never pay for PettingZoo.
    from herotable.envs import cartographers_v0

    env = cartographers_v0.parallel_env(players=players, preset=preset, **options)
    asker = _Asker(policy, seconds)
    scores: list[int] = []
    wins: list[float] = []
    for seed in seeds:
        observations, infos = env.reset(seed=seed)
        for _ in range(STEP_LIMIT):
            actions = {agent: bot_action(env, opponents, agent) for agent in env.agents[1:]}
            if observations[MAIN]["action_mask"][cartographers_v0.WAIT]:
                actions[MAIN] = cartographers_v0.WAIT
            else:
                actions[MAIN] = asker.action(env, MAIN, observations[MAIN], infos[MAIN])
            observations, _, _, _, infos = env.step(actions)
            if not env.agents:
                break
        scores.append(int(infos[MAIN]["score"]))
        wins.append(env.game.returns()[0] if env.game.is_over else 0.0)
    env.close()
    return Evaluation(tuple(seeds), tuple(scores), asker.decisions, asker.spent, tuple(wins))
