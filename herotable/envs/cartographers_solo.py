"""``herotable/CartographersSolo-v0``: solo Cartographers as a Gymnasium environment.

One step is one decision of the solo player: a shape and terrain to draw, a hero to place, or
the cell the Gorgon or the Troll destroys. Monsters place themselves by the solo rule, so they
are no decision. The reward is the stars a step gained (season scores arrive when a season
ends), so an episode's return is the game's final score.

With ``actions="candidates"`` the action is instead a position in the list of the decision's
legal actions, each described by a row of features (:mod:`.cartographers_candidates`): what
a learner that scores candidates acts on.

An action that is not legal now changes nothing: the step returns reward 0, the same
observation, and the reason in ``info["illegal_action"]`` (Gymnasium's checker and unmasked
agents send such actions; a masked agent never does).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import herotable
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.view import CartographersView
from herotable.core.errors import HerotableError
from herotable.envs import cartographers_spaces
from herotable.envs.cartographers_candidates import (
    MAX_CANDIDATES,
    NUM_CANDIDATE_FEATURES,
    Candidates,
    candidates,
)
from herotable.envs.cartographers_spaces import ACTION_COUNT, WAIT
from herotable.envs.refusals import EnvRefusal
from herotable.envs.setup import RENDER_MODES, GameSetup, deal

SEAT = 0
# The observation layouts: the solo env's own (map planes and features apart), or exactly
# the PettingZoo env's (one flat vector, the mask beside it, WAIT among the actions).
LAYOUTS = ("planes", "pettingzoo")
# What an action is: an index of the fixed encoding, or a position in the candidate list.
ACTION_KINDS = ("indices", "candidates")


class CartographersSoloEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Solo Cartographers with any preset and option of ``herotable.new_game``.

    ``options`` are the game's (``preset="first_game"``, ``side="D"``, ``cards=[...]``...);
    ``players`` other than 1 is refused (multiplayer is ``cartographers_v0`` in PettingZoo).
    ``mask_in_observation`` adds the legal actions' mask to the observation as
    ``"action_mask"`` (int8, 1 = legal), where RLlib's and Tianshou's masked models look for it,
    as PettingZoo's envs have it; ``info`` and :meth:`action_masks` carry it either way.
    ``layout="pettingzoo"`` gives the multiplayer env's layout exactly, so that one policy
    plays both: the observation ``{"observation": one flat vector, "action_mask"}`` and the
    actions ``Discrete(46038)``, whose last, ``WAIT``, is never legal here.

    ``actions="candidates"``: the action is a position in the decision's candidate list,
    ``Discrete(MAX_CANDIDATES)``; the observation adds ``"candidates"`` (one feature row per
    candidate, zeros past the last), ``"candidate_actions"`` (each one's fixed-encoding
    index, -1 past the last) and ``"action_mask"`` (1 for each position on offer).
    """

    # render_fps: Gymnasium asks every renderable env for one; a text map needs no pace.
    # Gymnasium declares metadata an instance variable, so it is not annotated as ClassVar.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),  # noqa: RUF012
                                "render_fps": 4}

    def __init__(self, render_mode: str | None = None, mask_in_observation: bool = False,
                 layout: str = "planes", actions: str = "indices", **options: Any) -> None:
        for name, given, allowed in (("layout", layout, LAYOUTS),
                                     ("actions", actions, ACTION_KINDS)):
            if given not in allowed:
                raise herotable.GameOptionError(
                    f"{name} is one of {', '.join(allowed)}, not {given!r}")
        if options.get("players", 1) != 1:
            raise herotable.GameOptionError(
                "CartographersSolo is a one-player game; for more players use "
                "herotable.envs.cartographers_v0")
        self.setup = GameSetup("cartographers", CartographersGame, render_mode,
                               {**options, "players": 1})
        self.render_mode = render_mode
        self.flat = layout == "pettingzoo"
        self.by_candidate = actions == "candidates"
        self.mask_in_observation = mask_in_observation or self.flat or self.by_candidate
        self._actions = (MAX_CANDIDATES if self.by_candidate
                         else WAIT + 1 if self.flat else ACTION_COUNT)
        self.game = self.setup.new_game(0)
        self._look()
        self.action_space = spaces.Discrete(self._actions)
        mask_space = spaces.Box(0, 1, (self._actions,), dtype=np.int8)
        space = (spaces.Dict({"observation": cartographers_spaces.flat_space()}) if self.flat
                 else cartographers_spaces.observation_space())
        if self.mask_in_observation:
            space = spaces.Dict({**space.spaces, "action_mask": mask_space})
        if self.by_candidate:
            space = spaces.Dict({**space.spaces, **_candidate_spaces()})
        self.observation_space = space

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game. ``seed`` deals it (the same seed, the same deal); without one, the
        env's generator (seeded by the first seeded reset) picks the deal."""
        super().reset(seed=seed)
        self.game = self.setup.new_game(deal(seed, self.np_random))
        self._look()
        return self._observe(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[dict[str, np.ndarray], float, bool,
                                                           bool, dict[str, Any]]:
        if self.view.over:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        before = self.view.totals()[SEAT]
        try:
            self.game.apply(SEAT, self.game.decode_action(self._game_index(action)))
        except HerotableError as refusal:
            info = self._info()
            info["illegal_action"] = str(refusal)
            return self._observe(), 0.0, False, False, info
        self._look()
        reward = float(self.view.totals()[SEAT] - before)
        return (self._observe(), reward, self.view.over, False,
                self._info())

    def _game_index(self, action: int | np.integer[Any]) -> int:
        """The fixed-encoding index ``action`` stands for: itself, or the candidate's at
        that position."""
        if not self.by_candidate:
            return int(action)
        offered = len(self.candidates)
        if not 0 <= int(action) < offered:
            raise HerotableError(
                f"candidate {int(action)} is not on offer: this decision offers {offered} "
                "candidates, numbered from 0", EnvRefusal.NOT_A_CANDIDATE,
                {"position": int(action), "offered": offered})
        return int(self.candidates.actions[int(action)])

    def action_for(self, index: int) -> int:
        """The env's action that plays ``index`` of the fixed encoding: the index itself,
        or with candidate actions its position in the list (a legal index is always there)."""
        if not self.by_candidate:
            return index
        position = int(np.searchsorted(self.candidates.actions, index))
        if position == len(self.candidates) or self.candidates.actions[position] != index:
            raise HerotableError(f"action {index} is not legal now",
                                 EnvRefusal.ACTION_NOT_LEGAL, {"action": index, "player": SEAT})
        return position

    def _observe(self) -> dict[str, np.ndarray]:
        observation = ({"observation": cartographers_spaces.observe_flat(self.view)}
                       if self.flat else cartographers_spaces.observe(self.view))
        if self.mask_in_observation:
            observation["action_mask"] = self._mask.copy()
        if self.by_candidate:
            offered = len(self.candidates)
            table = np.zeros((MAX_CANDIDATES, NUM_CANDIDATE_FEATURES), dtype=np.float32)
            table[:offered] = self.candidates.features
            indices = np.full(MAX_CANDIDATES, -1, dtype=np.int64)
            indices[:offered] = self.candidates.actions
            observation["candidates"], observation["candidate_actions"] = table, indices
        return observation

    def _look(self) -> None:
        """The seat's view and its legal actions' mask (and candidates), once per state: a
        step reports the mask in ``info`` and a masked learner asks :meth:`action_masks` for
        it too."""
        self.view: CartographersView = self.game.view(SEAT)
        if self.by_candidate:
            self.candidates: Candidates = candidates(self.view)
            self._mask = np.zeros(self._actions, dtype=np.int8)
            self._mask[:len(self.candidates)] = 1
        else:
            self._mask = cartographers_spaces.action_mask(self.view, self._actions)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as sb3-contrib's MaskablePPO asks for them."""
        return self._mask.astype(bool)

    def _info(self) -> dict[str, Any]:
        # A copy: what a caller does to the info's mask never reaches action_masks().
        # The same keys on every step (a learner's buffer stores them): "illegal_action" is
        # "" unless the step refused the action.
        return {"action_mask": self._mask.copy(), "illegal_action": "",
                "score": self.view.totals()[SEAT], "season": self.view.season_index}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.view.sheets[SEAT].to_text()


def _candidate_spaces() -> dict[str, spaces.Space[Any]]:
    # The score columns are changes of counts, negative as often as not; their bounds are
    # the cards', which no space here could state without understating some map.
    rows = (MAX_CANDIDATES, NUM_CANDIDATE_FEATURES)
    return {"candidates": spaces.Box(-np.inf, np.inf, rows, dtype=np.float32),
            "candidate_actions": spaces.Box(-1, ACTION_COUNT - 1, (MAX_CANDIDATES,),
                                            dtype=np.int64)}
