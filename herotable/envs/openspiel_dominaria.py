"""Heroes of Dominaria as an OpenSpiel Python game: ``python_herotable_dominaria``.

Sequential with imperfect information: the current player is the engine's pending seat (one
seat acts several times in its turn; in the set-up, when every seat keeps two quests, the
lowest pending seat goes first). Randomness is one *sampled* chance node at the start, the
deal: the engine shuffles every deck from its seed and draws from them all game long (the
quests and artifacts looked at, each turn's Dominaria card, the reshuffles), so the seed fixes
everything chance does. Outcomes inside an action (a quest drawn by ``complete``, an artifact by
``discover``) cannot be split off as chance nodes without rewriting those rules, hence
``SAMPLED_STOCHASTIC``: a chance node whose single outcome stands for "deal", its effect drawn
when it is applied. The game object deals seeds ``seed``, ``seed + 1``, ... in order, so a run
is reproducible and ``state.engine.seed`` names the deal for ``herotable.new_game``.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from herotable.core.errors import ConfigurationError, IllegalAction
from herotable.core.game import CHANCE_PLAYER
from herotable.core.rng import SeededRng
from herotable.dominaria.config import ROUNDS
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.worlds import sample_world
from herotable.envs.openspiel_common import EngineHandle, ViewObserver, check_players, view_string
from herotable.envs.refusals import EnvRefusal
from herotable.registry import new_game

SHORT_NAME = "python_herotable_dominaria"
DEFAULTS: dict[str, Any] = {"players": 2, "seed": 0}
DEAL = 0  # the chance node's one outcome
BEFORE_THE_DEAL = "before the deal"
# A generous cap on one turn's actions for max_game_length (random play needs at most 11).
ACTIONS_PER_TURN = 64

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="herotable Heroes of Dominaria",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(ROUNDS),
    min_num_players=min(ROUNDS),
    # A seat's view is what it sees now, not everything it saw (the quests it looked at and
    # put back, the Dominaria cards of earlier turns): no perfect-recall information state.
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class DominariaOpenSpielGame(pyspiel.Game):
    """``players`` 2-4 and ``seed``: the first deal's herotable seed (then ``seed + 1``...)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.players = check_players(params, min(ROUNDS), max(ROUNDS), "Heroes of Dominaria")
        self.next_seed = int(params["seed"])
        # The data pack fixes the action space and the observation, whatever the deal.
        sample = new_game("dominaria", seed=self.next_seed, players=self.players)
        self.num_features = len(sample.observation(0)["features"])
        setup = self.players * 3  # keeping quests, placing starting Heroes
        super().__init__(GAME_TYPE, pyspiel.GameInfo(
            num_distinct_actions=sample.num_distinct_actions(),
            max_chance_outcomes=1,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=setup + ROUNDS[self.players] * self.players * ACTIONS_PER_TURN,
        ), params)

    def new_initial_state(self) -> DominariaState:
        return DominariaState(self)

    def deal(self) -> DominariaGame:
        """The next deal, as a herotable engine."""
        engine = new_game("dominaria", seed=self.next_seed, players=self.players)
        assert isinstance(engine, DominariaGame)
        self.next_seed += 1
        return engine

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        if params:
            raise ConfigurationError(f"the observer takes no parameters, not {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ConfigurationError("Heroes of Dominaria offers no perfect-recall information "
                                "state; use the observation")
        return ViewObserver([("features", (self.num_features,))], observation, observation_text)


class DominariaState(pyspiel.State):
    """One position; ``handle`` is None until the deal."""

    def __init__(self, game: DominariaOpenSpielGame,
                 engine: DominariaGame | None = None) -> None:
        super().__init__(game)
        self.handle = EngineHandle(engine) if engine is not None else None

    @property
    def engine(self) -> DominariaGame:
        if self.handle is None:
            raise IllegalAction("the cards are not dealt yet: apply the chance outcome first",
                                EnvRefusal.NOT_DEALT)
        engine = self.handle.game
        assert isinstance(engine, DominariaGame)
        return engine

    @property
    def dealer(self) -> DominariaOpenSpielGame:
        # Asked of OpenSpiel, not kept: a state's attributes are deep-copied by clone().
        game = self.get_game()
        assert isinstance(game, DominariaOpenSpielGame)
        return game

    def current_player(self) -> int:
        if self.handle is None:
            return int(pyspiel.PlayerId.CHANCE)
        engine = self.engine
        if engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return engine.pending_players()[0]

    def _legal_actions(self, player: int) -> list[int]:
        return self.engine.legal_action_indices(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(DEAL, 1.0)]

    def _apply_action(self, action: int) -> None:
        if self.handle is None:
            if action != DEAL:
                raise IllegalAction(f"the deal is the chance node's one outcome ({DEAL}), not "
                                    f"{action}", EnvRefusal.DEAL_ONLY,
                                    {"deal": DEAL, "action": action})
            self.handle = EngineHandle(self.dealer.deal())
            return
        engine = self.engine
        engine.apply(engine.pending_players()[0], engine.decode_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE_PLAYER:
            return "deal"
        return str(self.engine.decode_action(action))

    def is_terminal(self) -> bool:
        return self.handle is not None and self.engine.is_over

    def returns(self) -> list[float]:
        if self.handle is None:
            return [0.0] * self.dealer.players
        return self.engine.returns()

    def __str__(self) -> str:
        if self.handle is None:
            return BEFORE_THE_DEAL
        return view_string(self.engine, None)


def observation(state: DominariaState, player: int) -> dict[str, Any] | None:
    return None if state.handle is None else state.engine.observation(player)


def observation_text(state: DominariaState, player: int) -> str:
    return BEFORE_THE_DEAL if state.handle is None else view_string(state.engine, player)


class Resampler:
    """For ``ISMCTSBot.set_resampler``: a state the current seat cannot tell from ``state``,
    its hidden cards (the others' quests, the decks' order) drawn afresh from what the seat's
    view shows (:func:`herotable.dominaria.worlds.sample_world`)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRng(seed)

    def __call__(self, state: DominariaState, player: int) -> DominariaState:
        engine = sample_world(state.engine.view(player), self.rng)
        return DominariaState(state.dealer, engine)


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, DominariaOpenSpielGame)
