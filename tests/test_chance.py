"""Explicit chance (``explicit_chance``): an outside driver reveals the Cartographers cards.

The engine stops before every reveal with nobody owing a decision; ``chance_outcomes`` lists
the cards left with their chances, ``apply_chance`` reveals one and logs it as
``-1: reveal <card>`` so that a replay, a save and a clone repeat the game.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import herotable
from herotable.bots import make_bot
from herotable.bots.base import BotError
from herotable.bots.match import play_match
from herotable.bots.random_bot import play_random_game, random_legal_action
from herotable.cartographers.config import ConfigError, GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.errors import IllegalAction, NotationError, SaveFileError
from herotable.core.game import CHANCE_PLAYER, LogEntry
from herotable.core.rng import SeededRng
from herotable.core.saves import load_game, save_game
from herotable.registry import game_classes, game_info


def chance_game(seed: int = 5, **options: object) -> CartographersGame:
    game = herotable.new_game("cartographers", seed=seed, explicit_chance=True, **options)
    assert isinstance(game, CartographersGame)
    return game


def step_randomly(game: CartographersGame, rng: SeededRng, prefer: str | None = None) -> None:
    """One random step: at a chance node a card drawn by the outcomes' chances (``prefer``
    whenever it may come), else every pending seat's move."""
    if game.is_chance_node():
        cards = [card for card, _ in game.chance_outcomes()]
        game.apply_chance(prefer if prefer in cards else cards[rng.below(len(cards))])
        return
    for player in game.pending_players():
        game.apply(player, random_legal_action(game, player, rng))


def play_out(game: CartographersGame, rng: SeededRng, prefer: str | None = None) -> None:
    """Play to the end at random (see :func:`step_randomly`)."""
    while not game.is_over:
        step_randomly(game, rng, prefer)


def without_driver(state: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in state.items() if k not in ("config", "log")}


@pytest.mark.parametrize(("preset", "players"), [("heroes", 1), ("base", 2), ("heroes+base", 4)])
def test_the_seeded_games_cards_given_by_the_driver_make_the_same_game(preset: str,
                                                                       players: int) -> None:
    seeded = herotable.new_game("cartographers", seed=11, preset=preset, players=players)
    assert isinstance(seeded, CartographersGame)
    play_random_game(seeded, SeededRng(3))
    reveals = [e["card"] for e in seeded.events if e["type"] == "reveal"]
    first = seeded.to_json()
    driven = chance_game(seed=11, preset=preset, players=players)
    cards = iter(reveals)
    for entry in seeded.log.entries:
        while driven.is_chance_node():
            driven.apply_chance(next(cards))
        driven.apply(entry.player, entry.action)
    while driven.is_chance_node():
        driven.apply_chance(next(cards))
    assert driven.is_over
    assert without_driver(driven.to_json()) == without_driver(first)
    assert driven.standings() == seeded.standings()
    chance_entries = [e for e in driven.log.entries if e.player == CHANCE_PLAYER]
    assert [e.action for e in chance_entries] == [f"reveal {c}" for c in reveals]


def test_outcomes_are_the_decks_cards_with_chances_that_sum_to_one() -> None:
    game = chance_game(players=2, preset="heroes+base")
    rng = SeededRng(8)
    seen = 0
    while not game.is_over:
        if game.is_chance_node():
            outcomes = game.chance_outcomes()
            counts = Counter(game.deck)
            assert sum(p for _, p in outcomes) == 1
            assert dict(outcomes) == {c: Fraction(n, len(game.deck)) for c, n in counts.items()}
            assert [c for c, _ in outcomes] == sorted(counts)
            assert game.pending_players() == []
            seen += 1
            game.apply_chance(outcomes[rng.below(len(outcomes))][0])
        else:
            assert game.chance_outcomes() == []
            for player in game.pending_players():
                game.apply(player, random_legal_action(game, player, rng))
    assert seen >= 4 * 6  # every season reveals several cards
    assert not game.is_chance_node() and game.chance_outcomes() == []


def test_a_ruins_cards_follow_up_and_a_new_seasons_first_card_are_chance_nodes() -> None:
    game = chance_game(preset="base", players=2)
    rng = SeededRng(4)
    ruins = [c for c, _ in game.chance_outcomes() if c in game.cards.ruins]
    assert ruins
    game.apply_chance(ruins[0])
    # The ruins card asks nothing of anyone: the next card is drawn at once, by chance.
    assert game.is_chance_node() and game.pending_players() == []
    assert game.view(0).ruins_pending and game.current == ruins[0]
    season = game.season_index
    while game.season_index == season:
        step_randomly(game, rng)
    assert game.is_chance_node() and game.revealed == [] and game.pending_players() == []
    season_cards = Counter(game.deck)
    assert dict(game.chance_outcomes()) == {c: Fraction(n, sum(season_cards.values()))
                                            for c, n in season_cards.items()}


def test_the_views_never_show_the_deck() -> None:
    game = chance_game(seed=9, players=3, preset="heroes+base")
    # The game's four ambushes are public as a set (docs/rules-decisions.md): the view
    # names them all, sorted, so which one is in this season's deck stays hidden.
    ambushes = game.ambushes_in_game
    assert len(ambushes) == 4 and list(ambushes) == sorted(ambushes)
    hidden = set(game.deck) - set(ambushes)
    for seat in (0, 1, 2, None):
        assert game.view(seat).ambushes == ambushes
        text = json.dumps(game.view(seat).to_json())
        assert '"deck"' not in text.replace('"deck": []', "")
        assert not [card for card in hidden if f'"{card}"' in text]
        assert game.view(seat).deck_size == len(game.deck)
    # Two deals of the same set-up that differ only in the deck's order look the same.
    other = game.clone()
    other.deck.reverse()
    assert game.view(1).to_json() == other.view(1).to_json()


def test_bad_chance_input_is_refused_and_changes_nothing() -> None:
    game = chance_game()
    before = game.to_json()
    with pytest.raises(IllegalAction, match="not among the 13 cards") as refused:
        game.apply_chance("no_such_card")
    assert refused.value.code == "not_in_deck"
    with pytest.raises(IllegalAction) as wrong_type:
        game.apply_chance(3)  # type: ignore[arg-type]
    assert wrong_type.value.code == "wrong_outcome_type"
    with pytest.raises(IllegalAction, match="owes no decision"):
        game.apply(0, "draw forest A1")
    assert game.to_json() == before
    game.apply_chance(game.chance_outcomes()[0][0])
    after = game.to_json()
    with pytest.raises(IllegalAction, match="no chance event is due") as not_due:
        game.apply_chance(game.deck[0])
    assert not_due.value.code == "no_chance"
    assert game.to_json() == after
    seeded = herotable.new_game("cartographers", seed=5)
    with pytest.raises(IllegalAction, match="no chance event is due"):
        seeded.apply_chance("coastal_encampment")
    dominaria = herotable.new_game("dominaria", seed=5)
    assert not dominaria.is_chance_node() and dominaria.chance_outcomes() == []
    with pytest.raises(IllegalAction, match="no chance event is due"):
        dominaria.apply_chance("anything")


@pytest.mark.parametrize("text", ["reveal", "draw hillside_terrace", "reveal a b", ""])
def test_a_chance_entry_has_one_notation(text: str) -> None:
    with pytest.raises(NotationError, match="reveal <card id>"):
        CartographersGame.parse_chance(text)
    assert CartographersGame.parse_chance("reveal ruins_1") == "ruins_1"
    with pytest.raises(NotationError, match="logs no chance outcomes"):
        game_classes()["dominaria"].parse_chance("reveal x")


def test_replay_save_load_and_clone_repeat_the_driven_game(tmp_path: Path) -> None:
    game = chance_game(seed=21, players=2)
    rng = SeededRng(2)
    for _ in range(25):
        step_randomly(game, rng)
    while not game.is_chance_node():  # stop at a chance node: a save must accept one
        for player in game.pending_players():
            game.apply(player, random_legal_action(game, player, rng))
    log = game.log.to_json()
    assert [-1, log["actions"][0][1]] == log["actions"][0]
    assert CartographersGame.replay(log).to_json() == game.to_json()
    assert CartographersGame.from_json(game.to_json()).to_json() == game.to_json()
    path = tmp_path / "driven.json"
    save_game(game, path)
    assert load_game(path, game_classes()).to_json() == game.to_json()
    copy = game.clone()
    card = copy.chance_outcomes()[0][0]
    copy.apply_chance(card)
    assert game.is_chance_node() and card in game.deck and card not in copy.deck
    play_out(copy, SeededRng(1))
    assert CartographersGame.replay(copy.log).to_json() == copy.to_json()


def test_a_log_whose_reveal_the_deck_cannot_give_is_refused() -> None:
    game = chance_game()
    log = game.log.copy()
    log.entries.append(LogEntry(CHANCE_PLAYER, "reveal no_such_card"))
    with pytest.raises(SaveFileError, match="action 0 of the log"):
        CartographersGame.replay(log)
    seeded = herotable.new_game("cartographers", seed=5)
    log = seeded.log.copy()
    log.entries.append(LogEntry(CHANCE_PLAYER, "reveal coastal_encampment"))
    with pytest.raises(SaveFileError, match="no chance event is due"):
        CartographersGame.replay(log)


def test_the_setting_is_saved_only_when_set_and_refuses_a_scenario_deck() -> None:
    assert "explicit_chance" not in GameConfig().to_json()
    config = GameConfig(players=2, explicit_chance=True)
    assert config.to_json()["explicit_chance"] is True
    assert GameConfig.from_json(config.to_json()) == config
    with pytest.raises(ConfigError, match="choose one"):
        GameConfig(deck=("hillside_terrace",), explicit_chance=True)
    assert game_info("cartographers").option("explicit_chance").local_only


def test_bots_refuse_a_game_that_waits_for_its_caller() -> None:
    game = chance_game(players=2)
    with pytest.raises(BotError, match="explicit chance"):
        play_match(game, [make_bot("cartographers", "random"), make_bot("cartographers",
                                                                        "random")])
