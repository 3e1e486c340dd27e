"""The card data files: all 43 Heroes cards, checked as they load."""

import tomllib

import pytest

from herotable.cartographers import cards
from herotable.cartographers.cards import Names, heroes_set
from herotable.core.errors import DataError


def test_all_43_heroes_cards_are_there():
    s = heroes_set()
    counts = (len(s.edicts), len(s.scoring), len(s.explore), len(s.seasons), len(s.heroes),
              len(s.ambushes))
    assert counts == (4, 16, 11, 4, 4, 4)
    assert sum(counts) == 43


def test_four_scoring_cards_per_category():
    by_category: dict[str, int] = {}
    for card in heroes_set().scoring.values():
        by_category[card.category] = by_category.get(card.category, 0) + 1
    assert by_category == {"forest": 4, "farm_water": 4, "village": 4, "general": 4}


def test_explore_time_and_coins_match_the_reference():
    explore = heroes_set().explore
    assert sum(c.time for c in explore.values()) == 16
    coin_cards = sorted(c.id for c in explore.values() if any(o.coin for o in c.shapes))
    assert coin_cards == ["lagoon", "pasture", "settlement", "timber_grove"]
    assert explore["wildwood_garden"].shapes[0].shape.size == 3


def test_names_fall_back_to_english():
    s = heroes_set()
    assert s.explore["kethras_gates"].names.get("pl") == "Wrota Kethry"
    # The shipped data names everything in every language (tests/test_names.py); a data file
    # that leaves a language out still loads, showing English there.
    assert Names.from_data({"en": "Lagoon"}, "test").get("ru") == "Lagoon"
    assert s.scoring["deepwood"].names.get("fr") == "Bois Profond"
    assert s.explore["pasture"].names.get("xx") == "Pasture"


def test_a_broken_data_file_names_the_card(monkeypatch):
    broken = """
set = "heroes"
[[explore]]
id = "bad_card"
time = 1
terrains = ["lava"]
shapes = [{ art = "XX" }]
names = { en = "Bad" }
"""
    monkeypatch.setattr(cards, "_read_toml", lambda name: tomllib.loads(broken))
    with pytest.raises(DataError, match=r"bad_card.*'lava'"):
        cards._load_set("heroes.toml")


def test_bad_shape_art_is_refused():
    from herotable.cartographers.shapes import Shape

    with pytest.raises(DataError, match="shape art"):
        Shape.from_art("XQ")
