"""Heroes of Dominaria for PettingZoo: ``env(players=N)``, an AEC env.

The agent to act is the seat the game waits for (``agent_selection``): in the play stage one
agent acts several times in its turn (move, collect, build, ... then ``end``) before the next
agent's turn; when several seats choose at once (set-up), the lowest seat goes first. Actions
are the game's integer encoding for its data pack (docs/encoding.md); an action with a payment
is sent without one and the engine pays by its rule.

Each agent observes ``{"observation", "action_mask"}`` from its own view: the pack's features
(``seat0`` is the observer) and its legal actions. With ``scaled=True`` (the default) each
feature is divided by its scale (``game.encoding.feature_scales``): its bound, the most it can
be, so it lies in [0, 1]; VP is divided by a typical final score (100) instead, and its box
ends at the pack's bound over that scale. ``scaled=False`` gives the raw counts, boxed by their
bounds. The reward is the victory points a step gained for every agent (``reward="score"``: an
episode's return is the final score) or, with ``reward="win"``, the share of the win at the end.

An action that is not legal is not applied: the same agent still acts, and its
``infos[agent]["illegal_action"]`` says why.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from herotable.core.errors import ConfigurationError, HerotableError, IllegalAction
from herotable.dominaria.game import DominariaGame
from herotable.envs.refusals import EnvRefusal
from herotable.envs.setup import (
    RENDER_MODES,
    GameSetup,
    agent_names,
    check_reward,
    deal,
    step_rewards,
)


def env(players: int = 2, reward: str = "score", render_mode: str | None = None,
        scaled: bool = True, **options: Any) -> DominariaEnv:
    return DominariaEnv(players=players, reward=reward, render_mode=render_mode, scaled=scaled,
                        **options)


class DominariaEnv(AECEnv[str, dict[str, np.ndarray], int]):
    metadata: ClassVar[dict[str, Any]] = {
        "name": "dominaria_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False,
        "render_fps": 4}

    def __init__(self, players: int = 2, reward: str = "score", render_mode: str | None = None,
                 scaled: bool = True, **options: Any) -> None:
        super().__init__()
        if not isinstance(scaled, bool):
            raise ConfigurationError(f"scaled must be True or False, not {scaled!r}")
        self.setup = GameSetup("dominaria", DominariaGame, render_mode,
                               {**options, "players": players})
        self.render_mode = render_mode
        self.reward = check_reward(reward)
        self.game = self.setup.new_game(0)
        self.possible_agents = agent_names(players)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = self.game.num_distinct_actions()
        encoding = self.game.encoding
        bounds = np.array(encoding.feature_bounds)
        # What each feature is divided by: 1 leaves the raw counts.
        self._scales = np.array(encoding.feature_scales) if scaled else np.ones_like(bounds)
        # Nothing is negative, and nothing goes past its bound: over its scale, 1 but for VP.
        high = (bounds / self._scales).astype(np.float32)
        self._action_space = spaces.Discrete(actions)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(np.zeros_like(high), high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
        })
        # The global state for centralised critics: every seat's observation, seat by seat.
        seats_high = np.tile(high, players)
        self.state_space = spaces.Box(np.zeros_like(seats_high), seats_high, dtype=np.float32)
        self.np_random, _ = seeding.np_random()
        self.agents: list[str] = []

    def state(self) -> np.ndarray:
        """Every seat's observation features, seat by seat (each seat's own quests and hand
        included): the global state a centralised critic reads."""
        return np.concatenate([self.observe(agent)["observation"]
                               for agent in self.possible_agents])

    @functools.cache  # noqa: B019 - one space object per env, as asked
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.game = self.setup.new_game(deal(seed, self.np_random))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._scores = self.game.totals()
        self.infos: dict[str, dict[str, Any]] = self._infos()
        self._select()

    def _infos(self) -> dict[str, dict[str, Any]]:
        """Every agent's info with the same keys on every step, so that a learner's buffer can
        store them: its VP so far, and why its action was refused ("" when it was not)."""
        return {name: {"illegal_action": "", "score": self._scores[self._seats[name]]}
                for name in self.agents}

    def _select(self) -> None:
        waiting = self.game.pending_players()
        if waiting:
            self.agent_selection = self.possible_agents[waiting[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # One view gives both: the game's observation and its legal actions (asking the game
        # for each would build the legal actions twice).
        view = self.game.view(self._seats[agent])
        encoding = self.game.encoding
        mask = np.zeros(self._action_space.n, dtype=np.int8)
        mask[[encoding.encode(action) for action in view.legal]] = 1
        features = np.array(encoding.observation(view)["features"]) / self._scales
        return {"observation": features.astype(np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            if action is None:
                raise IllegalAction("a live agent must send an action, not None",
                                    EnvRefusal.ACTION_MISSING)
            self.game.apply(self._seats[agent], self.game.decode_action(int(action)))
        except HerotableError as refusal:
            self.infos = self._infos()
            self.infos[agent]["illegal_action"] = str(refusal)
            self._clear_rewards()
            return
        scores = self.game.totals()
        gained = step_rewards(self.reward, self.game, self._scores, scores)
        self._scores = scores
        self.infos = self._infos()
        self.rewards = {name: gained[self._seats[name]] for name in self.agents}
        if self.game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(f"{self.game.player_name(s.player)}: {s.total} VP (rank {s.rank})"
                         for s in self.game.standings())

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
