"""Cartographers as an OpenSpiel Python game: ``python_herotable_cartographers``.

Simultaneous moves with explicit chance. Every seat that owes a decision (draw a shape, place
a hero, draw a monster on a neighbour's map, destroy a cell) decides at once; a seat that owes
nothing has no legal action and its entry of the joint action is ignored, OpenSpiel's
convention for simultaneous nodes. Each card reveal is a chance node (the engine's
``explicit_chance``), its outcome the card's position in ``encoding.CARD_IDS``, uniform over
the cards left in the season's deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyspiel

from herotable.cartographers import encoding
from herotable.cartographers.config import PRESETS
from herotable.cartographers.game import CHANCE_VERB, CartographersGame
from herotable.cartographers.grid import CELL_COUNT
from herotable.cartographers.sheet import COIN_TRACK
from herotable.core.errors import ConfigurationError, IllegalAction
from herotable.core.game import CHANCE_PLAYER
from herotable.envs.openspiel_common import EngineHandle, ViewObserver, check_players, view_string
from herotable.envs.refusals import EnvRefusal
from herotable.registry import new_game

SHORT_NAME = "python_herotable_cartographers"
MAX_PLAYERS = 4
DEFAULTS: dict[str, Any] = {"players": 2, "preset": "heroes", "seed": 0}
# A solo game returns its score, bounded loosely by the rules: at worst every cell is an empty
# cell beside a monster in each of four seasons; at best each of the season's two edicts gives
# 10 stars per cell (no scoring card gives more than 8 per cell or per group) and the coin
# track is full.
SEASONS = 4
SOLO_MIN = -SEASONS * CELL_COUNT
SOLO_MAX = SEASONS * (2 * 10 * CELL_COUNT + COIN_TRACK)
_CARD_INDEX = {card: index for index, card in enumerate(encoding.CARD_IDS)}


def game_type(players: int) -> pyspiel.GameType:
    """Win shares (constant sum 1) from two seats on; a solo game's score is its own."""
    utility = (pyspiel.GameType.Utility.GENERAL_SUM if players == 1
               else pyspiel.GameType.Utility.CONSTANT_SUM)
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="herotable Cartographers Heroes",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


class CartographersOpenSpielGame(pyspiel.Game):
    """``players`` 1-4, ``preset`` (heroes, base, heroes+base, first_game) and ``seed``: the
    set-up deal (scoring cards, the ambush and hero decks' order); the reveals are chance."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        players = check_players(params, 1, MAX_PLAYERS, "Cartographers")
        preset, seed = str(params["preset"]), int(params["seed"])
        if preset not in PRESETS:
            raise ConfigurationError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
        engine = new_game("cartographers", seed=seed, players=players, preset=preset,
                          explicit_chance=True)
        assert isinstance(engine, CartographersGame)
        self.initial = engine
        cards = engine.cards
        season_cards = len(cards.explore) + len(cards.ruins) + 2  # an ambush and a hero join
        solo = players == 1
        super().__init__(game_type(players), pyspiel.GameInfo(
            num_distinct_actions=engine.num_distinct_actions(),
            max_chance_outcomes=len(encoding.CARD_IDS),
            num_players=players,
            min_utility=float(SOLO_MIN) if solo else 0.0,
            max_utility=float(SOLO_MAX) if solo else 1.0,
            utility_sum=None if solo else 1.0,
            # Per card: its reveal, the decisions it asks for and a Gorgon's gaze; per
            # season: a Troll's after-scoring choice.
            max_game_length=SEASONS * (3 * season_cards + 1),
        ), params)

    def new_initial_state(self) -> CartographersState:
        return CartographersState(self, self.initial.clone())

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        if params:
            raise ConfigurationError(f"the observer takes no parameters, not {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            # The information state is the seat's history as a string; no fixed-size tensor
            # holds that history, and the observation tensor has no memory, so it is refused
            # (the game type says so) rather than handed to NFSP or Deep CFR in its place.
            return ViewObserver([], observation, information_state, no_tensor=(
                "Cartographers offers its perfect-recall information state as a string only "
                "(information_state_string); a tensor learner takes the observation tensor"))
        pieces = [("planes", (encoding.NUM_PLANES, 11, 11)),
                  ("features", (encoding.NUM_FEATURES,))]
        return ViewObserver(pieces, observation, observation_text)


class CartographersState(pyspiel.State):
    """One position: the engine (with explicit chance) inside an :class:`EngineHandle`."""

    def __init__(self, game: CartographersOpenSpielGame, engine: CartographersGame) -> None:
        super().__init__(game)
        self.handle = EngineHandle(engine)

    @property
    def engine(self) -> CartographersGame:
        engine = self.handle.game
        assert isinstance(engine, CartographersGame)
        return engine

    def current_player(self) -> int:
        engine = self.engine
        if engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if engine.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            # The flat joint actions would be the product of every seat's hundreds of moves.
            raise IllegalAction("at a simultaneous node ask each seat: legal_actions(player)",
                                EnvRefusal.SIMULTANEOUS_NODE)
        return self.engine.legal_action_indices(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(_CARD_INDEX[card], float(p)) for card, p in self.engine.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        """A chance outcome: the card revealed (simultaneous nodes take ``_apply_actions``)."""
        self.engine.apply_chance(card_of(action))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        engine = self.engine
        if len(actions) != engine.num_players:
            raise IllegalAction(f"a joint action holds one action per seat ({engine.num_players}"
                                f"), not {len(actions)}", EnvRefusal.JOINT_ACTION_SIZE,
                                {"seats": engine.num_players, "given": len(actions)})
        pending = engine.pending_players()
        # Every seat's choice is checked before the first is applied, so a bad joint action
        # changes nothing.
        for player in pending:
            if actions[player] not in engine.legal_action_indices(player):
                raise IllegalAction(f"action {actions[player]} is not legal for player "
                                    f"{player} now", EnvRefusal.ACTION_NOT_LEGAL,
                                    {"action": actions[player], "player": player})
        for player in pending:
            engine.apply(player, engine.decode_action(actions[player]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE_PLAYER:
            return f"{CHANCE_VERB} {card_of(action)}"
        return str(self.engine.decode_action(action))

    def is_terminal(self) -> bool:
        return self.engine.is_over

    def returns(self) -> list[float]:
        return self.engine.returns()

    def __str__(self) -> str:
        engine = self.engine
        lines = [f"season {engine.season} ({engine.season_time()}/{engine.season_threshold()}),"
                 f" card {engine.current}, waiting for {engine.pending_players()}"]
        for player, sheet in enumerate(engine.sheets):
            lines += [f"map {player}:", sheet.to_text()]
        lines.append(f"totals {engine.totals()}")
        return "\n".join(lines)


def card_of(outcome: int) -> str:
    """The card a chance outcome names."""
    if not 0 <= outcome < len(encoding.CARD_IDS):
        raise IllegalAction(f"chance outcome {outcome} names no card (0-"
                            f"{len(encoding.CARD_IDS) - 1})", EnvRefusal.NO_SUCH_OUTCOME,
                            {"outcome": outcome, "last": len(encoding.CARD_IDS) - 1})
    return encoding.CARD_IDS[outcome]


def observation(state: CartographersState, player: int) -> dict[str, Any]:
    return state.engine.observation(player)


def observation_text(state: CartographersState, player: int) -> str:
    return view_string(state.engine, player)


def information_state(state: CartographersState, player: int) -> str:
    """Everything the seat has seen, in order: in Cartographers every reveal and every
    decision is public once the simultaneous step is over (the deck's contents never are), so
    the game's log and the seat's view of the present make a perfect-recall record."""
    engine = state.engine
    history = "\n".join(str(entry) for entry in engine.log.entries)
    return f"{history}\n{view_string(engine, player)}"


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(game_type(DEFAULTS["players"]), CartographersOpenSpielGame)
