"""The base game on its own, the ambush packs, and the rulebooks' rules for combining boxes."""

import pytest

from herotable.cartographers.actions import Draw
from herotable.cartographers.cards import all_ambushes, base_set, card_sets, heroes_set
from herotable.cartographers.config import PRESETS, ConfigError, GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.errors import DataError, IllegalAction
from tests.helpers import cells_mask, first_legal, rigged_game

BASE_SCORING = ("sentinel_wood", "canal_lake", "wildholds", "borderlands")
CHECKER = "\n".join(
    "".join("." if (r + c) % 2 == 0 else "F" for c in range(11)) for r in range(11))


def deck_cards(game: CartographersGame) -> list[str]:
    return game.deck + game.revealed


# ---------------------------------------------------------------- the data


def test_base_box_holds_its_41_cards():
    base = base_set()
    assert len(base.explore) == 11 and len(base.ruins) == 2
    assert len(base.ambushes) == 4 and len(base.scoring) == 16 and len(base.seasons) == 4
    assert len(base.explore) + len(base.ruins) + len(base.ambushes) + len(base.scoring) + len(
        base.seasons) + len(base.edicts) == 41
    assert all(a.effect == "none" for a in base.ambushes.values())
    assert not base.heroes


def test_promo_pack_and_card_ids_are_unique_across_boxes():
    promo = card_sets()["promo"]
    assert sorted(promo.ambushes) == ["flayer_incursion", "insectoid_invasion", "ogre_charge",
                                      "ratman_strike"]
    assert promo.ambushes["ratman_strike"].names.ru == "Удар крысолюдов"
    assert len(all_ambushes()) == 12


def test_seasons_differ_only_in_summer():
    heroes, base = heroes_set().seasons, base_set().seasons
    assert [s.time for s in base] == [8, 8, 7, 6]
    assert [s.time for s in heroes] == [8, 7, 7, 6]
    assert [s.edicts for s in base] == [s.edicts for s in heroes]


def test_a_duplicate_card_id_across_boxes_is_a_data_error(monkeypatch):
    import herotable.cartographers.cards as cards

    real = cards._load_set

    def load(name: str):
        loaded = real(name)
        if name == "promo.toml":
            from dataclasses import replace
            clash = replace(next(iter(loaded.ambushes.values())), id="goblin_attack")
            return replace(loaded, ambushes={"goblin_attack": clash})
        return loaded

    cards.card_sets.cache_clear()
    monkeypatch.setattr(cards, "_load_set", load)
    try:
        with pytest.raises(DataError, match=r"'goblin_attack' is also in data/base\.toml"):
            cards.card_sets()
    finally:
        cards.card_sets.cache_clear()


# ---------------------------------------------------------------- the base game alone


def test_base_preset_sets_up_the_base_game():
    config = GameConfig.preset("base")
    assert (config.side, config.seasons, config.explore, config.heroes) == ("A", "base", "base",
                                                                         False)
    assert config.ruins
    game = CartographersGame(config, seed=3)
    cards = deck_cards(game)
    assert sum(c in base_set().explore for c in cards) == 11
    assert {"temple_ruins", "outpost_ruins"} <= set(cards)
    assert sum(c in base_set().ambushes for c in cards) == 1 and len(game.ambush_deck) == 3
    assert not game.hero_deck and not any(c in heroes_set().heroes for c in cards)
    assert all(game.cards.scoring[c].box == "base" for c in game.scoring)
    assert [s.time for s in game.cards.seasons] == [8, 8, 7, 6]


def test_base_summer_lasts_eight():
    game = rigged_game(["great_river"], scoring=BASE_SCORING, seasons="base", explore="base")
    game.season_index = 1
    assert game.season_threshold() == 8


def test_base_fallback_takes_a_terrain_of_the_card():
    game = rigged_game(["hinterland_stream", "farmland"], maps=[CHECKER], explore="base",
                       scoring=BASE_SCORING)
    decision = game.decision(0)
    assert decision.fallback and not decision.ruins
    assert game.terrain_options(0) == ("farm", "water")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="fallback cell may be farm, water"):
        game.apply(0, Draw("village", cells_mask("A1")))
    assert game.to_json() == before
    game.apply(0, Draw("water", cells_mask("A1")))


def test_heroes_fallback_still_takes_any_terrain_in_a_combined_game():
    game = rigged_game(["hillside_terrace", "lagoon"], maps=[CHECKER], side="A",
                       scoring=BASE_SCORING)
    assert game.config.ruins  # base content is used
    assert game.terrain_options(0) == ("forest", "village", "farm", "water", "monster")


def test_base_ambushes_have_no_after_scoring_effect():
    game = rigged_game(["goblin_attack", "great_river"], explore="base", seasons="base",
                       scoring=BASE_SCORING)
    assert game.cards.ambushes["goblin_attack"].effect == "none"
    sheet = game.sheets[0]
    monsters = sheet.monster
    assert monsters.bit_count() == 3
    while game.season == "spring":
        first_legal(game, 0)
    assert game.sheets[0].monster == monsters  # no spreading, nothing destroyed
    assert not game.effect_queue


def test_base_solo_rating_uses_the_base_solo_values():
    game = CartographersGame(GameConfig.preset("base", scoring=BASE_SCORING), seed=2)
    while not game.is_over:
        first_legal(game, 0)
    assert game.solo_rating() == game.totals()[0] - (25 + 24 + 16 + 24)


def test_promo_ambushes_play_in_a_heroes_game_without_ruins():
    config = GameConfig(ambushes=("flayer_incursion", "insectoid_invasion", "ratman_strike",
                                  "ogre_charge"))
    assert not config.ruins  # the promo pack alone does not bring the base game in
    game = CartographersGame(config, seed=4)
    assert not any(c in ("temple_ruins", "outpost_ruins") for c in deck_cards(game))
    assert sorted([*game.ambush_deck, *(c for c in deck_cards(game) if c in all_ambushes())]) \
        == sorted(config.ambushes)


# ---------------------------------------------------------------- combining


def test_ruins_join_whenever_base_content_is_used():
    assert not GameConfig().ruins
    assert GameConfig(side="B").ruins
    assert GameConfig(seasons="base").ruins
    assert GameConfig(scoring=("sentinel_wood", "ulems_wallow", "gnomish_colony",
                               "dwarvenholds")).ruins
    assert GameConfig(ambushes=("goblin_attack", "zombie_plague", "gorgon_gaze",
                                "dragon_inferno")).ruins
    game = CartographersGame(GameConfig(side="B"), seed=1)
    assert sum(c in heroes_set().explore for c in deck_cards(game)) == 11
    assert {"temple_ruins", "outpost_ruins"} <= set(deck_cards(game))


def test_heroes_with_the_base_explore_deck():
    game = CartographersGame(GameConfig.preset("base", heroes=True), seed=8)
    assert len(game.hero_deck) == 3
    assert sum(c in heroes_set().heroes for c in deck_cards(game)) == 1


def test_heroes_plus_base_preset_deals_from_both_boxes():
    boxes_seen = set()
    for seed in range(30):
        game = CartographersGame(GameConfig.preset("heroes+base"), seed=seed)
        categories = sorted(game.cards.scoring[c].category for c in game.scoring)
        assert categories == ["farm_water", "forest", "general", "village"]
        boxes_seen.update(game.cards.scoring[c].box for c in game.scoring)
        ambushes = [*game.ambush_deck, *(c for c in deck_cards(game) if c in all_ambushes())]
        assert len(ambushes) == len(set(ambushes)) == 4
        boxes_seen.update(all_ambushes()[a].box for a in ambushes)
    assert boxes_seen == {"heroes", "base"}


def test_any_side_for_any_set():
    for side in "ABCD":
        for preset in PRESETS:
            game = CartographersGame(GameConfig.preset(preset, side=side), seed=1)
            assert len(game.sheets) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"side": "E"}, "side 'E' is not one of A, B, C, D"),
        ({"seasons": "heroes+base"}, "forbid mixing"),
        ({"explore": "heroes+base"}, "forbid mixing"),
        ({"explore": "promo"}, "explore set 'promo' is not one of heroes, base"),
        ({"scoring": ("sentinel_wood", "faunlost_thicket", "wildholds", "borderlands")},
         "one of each category"),
        ({"scoring": ("sentinel_wood", "canal_lake", "wildholds")}, "four scoring cards"),
        ({"ambushes": ("goblin_attack", "zombie_plague", "ogre_charge")}, "exactly four"),
        ({"ambushes": ("goblin_attack", "zombie_plague", "ogre_charge", "ogre_charge")},
         "exactly four different"),
        ({"ambushes": ("goblin_attack", "zombie_plague", "ogre_charge", "gremlins")},
         "unknown ambush card 'gremlins'"),
        ({"ambushes": ("goblin_attack", "zombie_plague", "ogre_charge", "gorgon_gaze",
                       "ratman_strike")}, "exactly four"),
        ({"scoring_boxes": ("promo",)}, "lack a scoring card"),
        ({"scoring_boxes": ("expansion",)}, "scoring_boxes must name boxes"),
        ({"ambush_boxes": ()}, "ambush_boxes must name boxes"),
    ],
)
def test_every_combining_rule_is_refused_when_broken(options, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig(**options)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"explore": ["heroes", "base"]}, "forbid mixing"),
        ({"seasons": ["base"]}, "single name"),
        ({"scoring": "deepwood"}, "list of strings"),
        ({"players": "many"}, "whole number"),
        ({"players": 2.5}, "whole number"),
        ({"players": True}, "whole number"),
        ({"heroes": "false"}, "heroes must be true or false"),
        ({"hero_turns": 0}, "hero_turns must be true or false"),
        ({"remote_ambush": "yes"}, "remote_ambush must be true or false"),
        ({"explicit_chance": None}, "explicit_chance must be true or false"),
        ({"sides": "A"}, "unknown setting 'sides'"),
        ([], "JSON object"),
    ],
)
def test_malformed_config_json_is_refused(data, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig.from_json(data)


def test_unknown_preset_and_setting():
    with pytest.raises(ConfigError, match="unknown preset 'deluxe'"):
        GameConfig.preset("deluxe")
    with pytest.raises(ConfigError, match="unknown setting 'colour'"):
        GameConfig.preset("base", colour="red")


def test_config_round_trips_and_is_saved_with_the_game():
    config = GameConfig.preset("heroes+base", side="B", players=3, remote_ambush=True)
    assert GameConfig.from_json(config.to_json()) == config
    game = CartographersGame(config, seed=12)
    assert CartographersGame.from_json(game.to_json()).config == config
    assert game.log.config == config.to_json()


def test_hero_turns_is_a_setting_saved_with_the_game_and_old_saves_allow_turning():
    assert all("hero_turns" not in preset for preset in PRESETS.values())
    assert GameConfig.preset("heroes").hero_turns and GameConfig.preset("first_game").hero_turns
    config = GameConfig.preset("heroes", hero_turns=False)
    assert config.to_json()["hero_turns"] is False
    assert GameConfig.from_json(config.to_json()) == config
    game = CartographersGame(config, seed=4)
    assert CartographersGame.replay(game.log).config.hero_turns is False
    # A save written before the option existed has no key: turning was allowed then.
    old = CartographersGame(GameConfig.preset("heroes"), seed=4).to_json()
    del old["config"]["hero_turns"], old["log"]["config"]["hero_turns"]
    loaded = CartographersGame.from_json(old)
    assert loaded.config.hero_turns and CartographersGame.replay(loaded.log).config.hero_turns


def test_describe_shows_whether_hero_patterns_turn():
    rows = dict(GameConfig.preset("heroes").describe())
    assert rows["heroes"] == "yes, attack patterns turn"
    rows = dict(GameConfig.preset("heroes", hero_turns=False).describe())
    assert rows["heroes"] == "yes, attack patterns as printed"


def test_describe_names_every_choice():
    rows = dict(GameConfig.preset("base").describe())
    assert rows["seasons"] == "base (summer 8)"
    assert rows["explore deck"] == "base + ruins cards"
    assert rows["heroes"] == "no"
    assert rows["ambushes"] == "dealt from base"
