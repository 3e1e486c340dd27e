"""The OpenSpiel games, judged by OpenSpiel's own random simulation test and bots."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import herotable
from herotable.cartographers.encoding import CARD_IDS
from herotable.envs import openspiel

CARTOGRAPHERS = "python_herotable_cartographers"
DOMINARIA = "python_herotable_dominaria"


@pytest.mark.parametrize("params", [
    {"players": 1},
    {"players": 2, "preset": "base", "seed": 7},
    # Four seats, both boxes: seed 3 deals the Troll, the Zombies and the Gorgon among the
    # ambushes, so monster drawing, gaze and after-scoring decisions come up, and the ruins
    # cards' immediate second reveal.
    {"players": 4, "preset": "heroes+base", "seed": 3},
])
def test_cartographers_passes_the_random_simulation_test(params: dict[str, object]) -> None:
    game = pyspiel.load_game(CARTOGRAPHERS, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
def test_dominaria_passes_the_random_simulation_test(players: int) -> None:
    game = pyspiel.load_game(DOMINARIA, {"players": players, "seed": players})
    # The deal is a sampled chance node, and OpenSpiel serialises such a game with its random
    # generator's state, which a Python game cannot give (GetRNGState): no serialisation.
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_game_types_say_how_each_game_plays() -> None:
    cartographers = pyspiel.load_game(CARTOGRAPHERS, {"players": 2})
    kind = cartographers.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (cartographers.min_utility(), cartographers.max_utility()) == (0.0, 1.0)
    assert cartographers.max_chance_outcomes() == len(CARD_IDS)
    assert cartographers.observation_tensor_shape() == [24 * 121 + 222]
    solo = pyspiel.load_game(CARTOGRAPHERS, {"players": 1})
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    dominaria = pyspiel.load_game(DOMINARIA, {"players": 3})
    kind = dominaria.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert dominaria.num_distinct_actions() == 1385
    for name, params in ((CARTOGRAPHERS, {"players": 5}), (DOMINARIA, {"players": 1})):
        with pytest.raises(herotable.HerotableError, match="players"):
            pyspiel.load_game(name, params)


def test_cartographers_information_state_is_a_string_and_its_tensor_is_refused() -> None:
    # The game type says there is no information-state tensor: asking for one must not hand
    # NFSP or Deep CFR the memoryless observation tensor in its place.
    game = pyspiel.load_game(CARTOGRAPHERS, {"players": 2, "seed": 4})
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.information_state_string(0) != state.observation_string(0)
    assert len(state.observation_tensor(0)) == 24 * 121 + 222
    with pytest.raises(herotable.HerotableError, match="string only"):
        state.information_state_tensor(0)


def test_cartographers_chance_nodes_are_the_decks_cards() -> None:
    state = pyspiel.load_game(CARTOGRAPHERS, {"players": 2, "seed": 4}).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert sorted(CARD_IDS[a] for a, _ in outcomes) == sorted(state.engine.deck)
    with pytest.raises(herotable.IllegalAction, match="names no card"):
        state.apply_action(len(CARD_IDS))
    missing = next(i for i in range(len(CARD_IDS)) if i not in dict(outcomes))
    with pytest.raises(herotable.IllegalAction, match="not among"):
        state.apply_action(missing)
    card = outcomes[0][0]
    state.apply_action(card)
    assert state.is_simultaneous_node()
    assert state.engine.current == CARD_IDS[card]
    legal = [state.legal_actions(p) for p in range(2)]
    assert all(legal)
    with pytest.raises(herotable.IllegalAction, match="ask each seat"):
        state.legal_actions()  # no flat joint actions: hundreds of moves for each seat
    copy = state.clone()
    copy.apply_actions([legal[0][0], legal[1][-1]])
    assert copy.engine.log.entries[-2:] != state.engine.log.entries[-2:]
    assert state.is_simultaneous_node() and len(state.engine.log.entries) == 1
    with pytest.raises(herotable.IllegalAction, match="not legal for player 1"):
        state.apply_actions([legal[0][0], -5])
    assert len(state.engine.log.entries) == 1


def play_with_mcts(game: object, seat_bots: dict[int, object], seed: int) -> object:
    """Play a whole game; chance by its outcomes' chances, every seat by its bot."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(seat_bots[state.current_player()].step(state))
    return state


def replay_in_herotable(name: str, seed: int, players: int, final: object) -> herotable.Game:
    """The OpenSpiel game ``final`` played again by herotable's engine, from its deal and the
    chance outcomes and moves OpenSpiel recorded."""
    options = {"explicit_chance": True} if name == "cartographers" else {}
    engine = herotable.new_game(name, seed=seed, players=players, **options)
    for item in final.full_history():  # type: ignore[attr-defined]
        if item.player == pyspiel.PlayerId.CHANCE:
            if name == "cartographers":  # Dominaria's one chance node is the deal itself
                engine.apply_chance(CARD_IDS[item.action])
        else:
            engine.apply(item.player, engine.decode_action(item.action))
    return engine


def test_mcts_plays_a_whole_cartographers_game_through_the_turn_based_form() -> None:
    game = pyspiel.load_game(CARTOGRAPHERS, {"players": 2, "seed": 9})
    turn_based = pyspiel.convert_to_turn_based(game)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(turn_based, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    final = play_with_mcts(turn_based, {0: bot, 1: bot}, seed=2)
    engine = replay_in_herotable("cartographers", 9, 2, final)
    assert engine.is_over
    assert final.returns() == engine.returns()
    assert sorted(final.returns()) in ([0.0, 1.0], [0.5, 0.5])
    winners = engine.winners()
    assert [final.returns()[p] > 0 for p in range(2)] == [p in winners for p in range(2)]


def test_mcts_and_ismcts_play_a_whole_dominaria_game() -> None:
    game = pyspiel.load_game(DOMINARIA, {"players": 2, "seed": 5})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    searcher = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng)
    hidden = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng,
                              use_observation_string=True)
    # No information state string, so IS-MCTS keys its nodes by observations and draws its
    # worlds from the seat's view.
    hidden.set_resampler(openspiel.Resampler(seed=1))
    final = play_with_mcts(game, {0: searcher, 1: hidden}, seed=4)
    assert final.engine.seed == 5  # the game's first deal
    engine = replay_in_herotable("dominaria", 5, 2, final)
    assert engine.is_over and engine.to_json() == final.engine.to_json()
    assert final.returns() == engine.returns()
    assert sum(final.returns()) == 1.0
    assert [s.total for s in engine.standings()] == [s.total for s in final.engine.standings()]


def test_dominaria_deals_one_seed_after_another_and_shows_each_seat_its_view() -> None:
    game = pyspiel.load_game(DOMINARIA, {"players": 2, "seed": 40})
    first, second = game.new_initial_state(), game.new_initial_state()
    assert str(first) == "before the deal" and first.returns() == [0.0, 0.0]
    with pytest.raises(herotable.IllegalAction, match="one outcome"):
        first.apply_action(1)
    first.apply_action(0)
    second.apply_action(0)
    assert (first.engine.seed, second.engine.seed) == (40, 41)
    seat = first.current_player()
    text = first.observation_string(seat)
    assert text == openspiel.Resampler(2)(first, seat).observation_string(seat)
    other = 1 - seat
    hidden_hand = first.engine.players[other].choice.cards
    assert not [card for card in hidden_hand if card in text]
    assert first.observation_tensor(seat) == pytest.approx(
        first.engine.observation(seat)["features"])


def test_a_clone_is_an_independent_copy() -> None:
    state = pyspiel.load_game(DOMINARIA).new_initial_state()
    state.apply_action(0)
    copy = state.clone()
    assert copy.engine is not state.engine and str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    assert state.engine.log.entries == []
