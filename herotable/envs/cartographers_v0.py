"""Multiplayer Cartographers for PettingZoo: ``parallel_env(players=N, ...)`` and its AEC form
``env(players=N, ...)``.

Everyone decides at once, as at the table: each step takes one action from every agent. A seat
that owes a decision (a shape to draw, a hero to place, a monster to draw on a neighbour's map,
a cell the Gorgon or the Troll destroys) sends one of its legal actions; a seat that owes
nothing sends :data:`WAIT`, then its only legal action. So no mask is ever empty. The actions
are the game's integer encoding (docs/encoding.md) plus ``WAIT`` at the end.

Each agent observes ``{"observation", "action_mask"}`` built from its own view: the
observation is the game's planes (24 x 11 x 11, row-major) then its 222 features, as one
float32 vector (``cartographers_spaces.flat_space``). The reward is the stars a step gained
(``reward="score"``, so an episode's return is the final score) or, with ``reward="win"``,
the share of the win at the end.

An action that is not legal for its agent is not applied: that agent still owes its decision,
the others' actions are applied, and ``infos[agent]["illegal_action"]`` says why.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from herotable.cartographers.game import CartographersGame
from herotable.cartographers.view import CartographersView
from herotable.core.errors import HerotableError, IllegalAction
from herotable.envs import cartographers_spaces
from herotable.envs.refusals import EnvRefusal
from herotable.envs.setup import (
    RENDER_MODES,
    GameSetup,
    agent_names,
    check_reward,
    deal,
    step_rewards,
)

WAIT = cartographers_spaces.WAIT


def parallel_env(players: int = 2, reward: str = "score", render_mode: str | None = None,
                 **options: Any) -> CartographersParallelEnv:
    return CartographersParallelEnv(players=players, reward=reward, render_mode=render_mode,
                                    **options)


def env(players: int = 2, reward: str = "score", render_mode: str | None = None,
        **options: Any) -> Any:
    """The AEC form: agents act one after another and the moves are applied together once
    every agent has acted (PettingZoo's ``parallel_to_aec``)."""
    return parallel_to_aec(parallel_env(players=players, reward=reward,
                                        render_mode=render_mode, **options))


class CartographersParallelEnv(ParallelEnv[str, dict[str, Any], int]):
    metadata: ClassVar[dict[str, Any]] = {
        "name": "cartographers_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": True,
        "render_fps": 4}
    # What an agent that owes nothing sends (herotable.envs.policies reads it).
    wait_action: ClassVar[int] = WAIT

    def __init__(self, players: int = 2, reward: str = "score", render_mode: str | None = None,
                 **options: Any) -> None:
        self.setup = GameSetup("cartographers", CartographersGame, render_mode,
                               {**options, "players": players})
        self.render_mode = render_mode
        self.reward = check_reward(reward)
        self.game = self.setup.new_game(0)
        self.possible_agents = agent_names(players)
        self.agents: list[str] = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._views: list[CartographersView] = []
        self._action_space = spaces.Discrete(WAIT + 1)
        self._observation_space = spaces.Dict({
            "observation": cartographers_spaces.flat_space(),
            "action_mask": spaces.Box(0, 1, (WAIT + 1,), dtype=np.int8),
        })
        flat = cartographers_spaces.flat_space()
        # The global state for centralised critics: every seat's observation, seat by seat
        # (all the maps; never the deck's order, which no seat sees).
        self.state_space = spaces.Box(np.tile(flat.low, players), np.tile(flat.high, players),
                                      dtype=np.float32)
        self.np_random, _ = seeding.np_random()

    def state(self) -> np.ndarray:
        """Every seat's observation (``observation_space(...)["observation"]``), seat by seat:
        the global state a centralised critic (MAPPO, QMIX) reads."""
        if not self._views:
            raise gymnasium.error.ResetNeeded("call reset() before state()")
        return np.concatenate([cartographers_spaces.observe_flat(view) for view in self._views])

    # One space object for every agent: PettingZoo seeds and compares them by identity.
    @functools.cache  # noqa: B019 - one env, a handful of agents
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game; ``seed`` deals it (without one, the env's generator, seeded by the
        first seeded reset, picks the deal)."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.game = self.setup.new_game(deal(seed, self.np_random))
        self.agents = list(self.possible_agents)
        self._look()
        return self._observations(), self._infos()

    def _look(self) -> None:
        self._views = [self.game.view(seat) for seat in range(len(self.possible_agents))]

    def _infos(self) -> dict[str, dict[str, Any]]:
        """Every agent's info with the same keys on every step, so that a learner's buffer can
        store them: its score so far, and why its action was refused ("" when it was not)."""
        totals = self._views[0].totals()
        return {agent: {"illegal_action": "", "score": totals[self._seats[agent]]}
                for agent in self.agents}

    def _observations(self) -> dict[str, Any]:
        return {agent: self.observe(agent) for agent in self.agents}

    def observe(self, agent: str) -> dict[str, Any]:
        view = self._views[self._seats[agent]]
        mask = cartographers_spaces.action_mask(view, WAIT + 1)
        if view.decision is None:
            mask[WAIT] = 1
        return {"observation": cartographers_spaces.observe_flat(view), "action_mask": mask}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], dict[str, float],
                                                      dict[str, bool], dict[str, bool],
                                                      dict[str, Any]]:
        refused: dict[str, str] = {}
        before = self._views[0].totals()
        for agent in self.agents:
            seat = self._seats[agent]
            action = actions.get(agent)
            if not self.game.owes(seat):
                if action not in (None, WAIT):
                    refused[agent] = "this seat owes nothing now: send WAIT"
                continue
            try:
                if action is None:
                    raise IllegalAction("no action was sent for a seat that owes a decision",
                                        EnvRefusal.ACTION_MISSING)
                self.game.apply(seat, self.game.decode_action(int(action)))
            except HerotableError as refusal:
                refused[agent] = str(refusal)
        self._look()
        infos = self._infos()
        for agent, reason in refused.items():
            infos[agent]["illegal_action"] = reason
        gained = step_rewards(self.reward, self.game, before, self._views[0].totals())
        over = self.game.is_over
        rewards = {agent: gained[self._seats[agent]] for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        observations = self._observations()
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi" or not self._views:
            return None
        return "\n\n".join(sheet.to_text() for sheet in self._views[0].sheets)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
