"""The paper table's shared deck: the same cards as the digital game, flipped by hand."""

import pytest

from herotable.cartographers.config import ConfigError, GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.paper_table import PaperTable
from herotable.core.errors import IllegalAction
from herotable.core.refusals import CoreRefusal
from tests.helpers import FIRST_GAME


def flips_until_over(table: PaperTable) -> list[list[str]]:
    flips = []
    while not table.over:
        flips.append(table.flip())
    return flips


def digital_reveals(config: GameConfig, seed: int) -> list[str]:
    """Every card the digital game reveals, every decision made with the first legal one."""
    game = CartographersGame(config, seed)
    while not game.is_over:
        player = game.pending_players()[0]
        game.apply(player, game.legal_actions(player)[0])
    return [e["card"] for e in game.events if e["type"] == "reveal"]


def test_same_seed_same_sequence():
    config = GameConfig.preset("heroes", players=3)
    first, second = PaperTable(config, 11), PaperTable(config, 11)
    assert flips_until_over(first) == flips_until_over(second)
    assert first.scoring == second.scoring
    other = PaperTable(config, 12)
    assert flips_until_over(other) != flips_until_over(PaperTable(config, 11))


@pytest.mark.parametrize(("preset", "seed"), [("heroes", 5), ("base", 8), ("heroes+base", 21)])
def test_deals_the_digital_games_cards(preset: str, seed: int):
    config = GameConfig.preset(preset, players=2)
    table = PaperTable(config, seed)
    flipped = [card for flip in flips_until_over(table) for card in flip]
    assert flipped == digital_reveals(config, seed)
    assert table.scoring == CartographersGame(config, seed).scoring


def test_the_state_follows_what_the_game_shows():
    config = GameConfig.preset("heroes", players=2)
    table, game = PaperTable(config, 3), CartographersGame(config, 3)
    state = table.state()
    assert state["flips"] == 0 and state["current"] is None and state["revealed"] == []
    table.flip()
    state = table.state()
    assert state["current"]["id"] == game.current
    assert state["season"] == {"index": 0, "id": "spring", "time": game.season_time(),
                               "threshold": 8, "edicts": ["A", "B"]}
    assert [e["lit"] for e in state["edicts"]] == [True, True, False, False]
    assert [e["card"] for e in state["edicts"]] == list(game.scoring)


def test_a_season_ends_when_its_time_reaches_the_threshold():
    # The rulebook's example: 1 + 2 + 2 + 2 + 0 + 1 = 8, spring's threshold, on the sixth.
    deck = ("timber_grove", "hillside_terrace", "coastal_encampment", "frontier_dwelling",
            "kethras_gates", "pasture", "lagoon", "settlement", "wildwood_garden")
    table = PaperTable(GameConfig(scoring=FIRST_GAME, deck=deck), 0)
    for _ in range(5):
        table.flip()
        assert not table.state()["season_over"] and table.state()["score_now"] == []
    table.flip()
    state = table.state()
    assert state["season"]["time"] == 8 and state["season_over"]
    assert state["score_now"] == ["A", "B"] and not state["over"]
    table.flip()  # summer: spring's six explore cards went back, the new season's joined
    state = table.state()
    assert state["season"]["id"] == "summer" and state["revealed"] == state["last_flip"]
    assert [e["lit"] for e in state["edicts"]] == [False, True, True, False]


def test_a_ruins_card_shows_the_next_card_at_once():
    deck = ("temple_ruins", "timber_grove", "outpost_ruins", "ratman_strike", "lagoon")
    table = PaperTable(GameConfig.preset("heroes+base", scoring=FIRST_GAME, deck=deck), 0)
    assert table.flip() == ["temple_ruins", "timber_grove"]
    assert table.state()["ruins"] and not table.state()["ruins_pending"]
    assert table.flip() == ["outpost_ruins", "ratman_strike"]
    state = table.state()
    assert state["current"]["id"] == "ratman_strike" and state["ruins_pending"]
    assert table.flip() == ["lagoon"] and table.state()["ruins"]


def test_an_ambush_says_whom_to_pass_the_map_to():
    table = PaperTable(GameConfig(players=4, scoring=FIRST_GAME,
                                  deck=("gorgon_gaze", "dragon_inferno")), 0)
    table.flip()
    assert table.state()["ambush"] == {"card": "gorgon_gaze", "rule": "pass",
                                       "pass_to": "left", "direction": "clockwise"}
    table.flip()
    assert table.state()["ambush"]["pass_to"] == "right"
    assert table.state()["ambushes_in_play"] == ["gorgon_gaze", "dragon_inferno"]


@pytest.mark.parametrize("config", [GameConfig(players=1, scoring=FIRST_GAME,
                                               deck=("dragon_inferno", "lagoon")),
                                    GameConfig(players=3, remote_ambush=True, scoring=FIRST_GAME,
                                               deck=("dragon_inferno", "lagoon"))])
def test_solo_or_remote_tables_follow_the_solo_rule(config: GameConfig):
    table = PaperTable(config, 0)
    table.flip()
    assert table.state()["ambush"] == {"card": "dragon_inferno", "rule": "solo",
                                       "corner": "bottom_left",
                                       "direction": "counterclockwise"}
    table.flip()
    assert table.state()["ambush"] is None


def test_flipping_past_the_end_is_refused():
    table = PaperTable(GameConfig.preset("heroes"), 4)
    flips_until_over(table)
    state = table.state()
    assert state["over"] and state["score_now"] == ["D", "A"]
    with pytest.raises(IllegalAction) as refused:
        table.flip()
    assert refused.value.code is CoreRefusal.GAME_OVER
    assert table.state() == state


def test_after_rebuilds_a_stored_table():
    config = GameConfig.preset("heroes", players=2)
    table = PaperTable(config, 9)
    for _ in range(7):
        table.flip()
    assert PaperTable.after(config, 9, 7).state() == table.state()


def test_the_state_names_no_card_to_come():
    config = GameConfig.preset("heroes+base", players=2)
    table = PaperTable(config, 17)
    seen: set[str] = set()
    cards = config.card_set()
    every_card = {*cards.explore, *cards.heroes, *cards.ambushes, *cards.ruins}
    while not table.over:
        table.flip()
        seen |= set(table.state()["revealed"])
        text = repr(table.state())
        assert {c for c in every_card if f"'{c}'" in text} <= seen


def test_explicit_chance_is_refused():
    with pytest.raises(ConfigError):
        PaperTable(GameConfig(explicit_chance=True), 0)
