"""The card catalog a browser caches: every card of every box, JSON-ready, with shapes and
patterns that read back to the engine's own."""

from __future__ import annotations

import json

import pytest

from herotable.cartographers.cards import (
    BOXES,
    DECK_BOXES,
    LANGUAGES,
    card_sets,
    map_sides,
)
from herotable.cartographers.catalog import catalog_json
from herotable.cartographers.grid import bit
from herotable.cartographers.shapes import Shape
from herotable.cartographers.sheet import COIN_TRACK, MapSheet
from herotable.cartographers.solo import title_for

KINDS = ("explore", "heroes", "ruins", "ambushes", "scoring")


def shape_of(cells: list[list[int]]) -> Shape:
    """A catalog's ``[row, col]`` cells back to the engine's shape (``(x, y)`` cells)."""
    return Shape(tuple(sorted((col, row) for row, col in cells)))


def every_names(catalog: dict) -> list[dict]:
    names = [entry["names"] for kind in (*KINDS, "map_sides") for entry in catalog[kind].values()]
    names += [s["names"] for seasons in catalog["seasons"].values() for s in seasons]
    names += [t["names"] for t in catalog["titles"]]
    return names


def test_every_card_of_every_box_is_listed_under_its_kind_and_box() -> None:
    catalog = catalog_json()
    for box, card_set in card_sets().items():
        for kind in KINDS:
            group = getattr(card_set, "heroes" if kind == "heroes" else kind)
            for card_id in group:
                assert catalog[kind][card_id]["id"] == card_id
                assert catalog[kind][card_id]["box"] == box
    assert sum(len(catalog[kind]) for kind in KINDS) == sum(
        len(getattr(s, k)) for s in card_sets().values() for k in KINDS)


def test_the_catalog_is_plain_json_and_the_same_every_time() -> None:
    catalog = catalog_json()
    # Tuples or other types would not survive the round trip unchanged.
    assert json.loads(json.dumps(catalog)) == catalog
    assert catalog_json() == catalog


def test_shapes_and_patterns_read_back_to_the_engines() -> None:
    catalog = catalog_json()
    for card_set in card_sets().values():
        for card in card_set.explore.values():
            shapes = catalog["explore"][card.id]["shapes"]
            assert [(shape_of(s["cells"]), s["coin"]) for s in shapes] == [
                (o.shape, o.coin) for o in card.shapes]
        for ambush in card_set.ambushes.values():
            assert shape_of(catalog["ambushes"][ambush.id]["cells"]) == ambush.shape
        for hero in card_set.heroes.values():
            attack = catalog["heroes"][hero.id]["attack"]
            assert sorted((dcol, drow) for drow, dcol in attack) == sorted(hero.attack)


def test_printed_orientations_and_hero_turns() -> None:
    catalog = catalog_json()
    # Lagoon's coin shape is printed X./.X; Freyla attacks the three cells to her right.
    assert catalog["explore"]["lagoon"]["shapes"][0] == {"cells": [[0, 0], [1, 1]],
                                                         "coin": True}
    freyla = catalog["heroes"]["freyla_the_true"]
    assert (freyla["attack"], freyla["turns"]) == ([[0, 1], [0, 2], [0, 3]], [0, 90, 180, 270])
    assert catalog["heroes"]["dobrik_of_lorkheim"]["turns"] == [0]  # a plus
    dragon = catalog["ambushes"]["dragon_inferno"]
    assert (dragon["effect"], dragon["direction"]) == ("dragon", "counterclockwise")
    assert catalog["explore"]["rift_lands"]["terrains"] == [
        "forest", "village", "farm", "water", "monster"]


def test_every_name_has_every_language() -> None:
    catalog = catalog_json()
    assert catalog["languages"] == list(LANGUAGES)
    for names in every_names(catalog):
        assert list(names) == list(LANGUAGES)
        assert all(names[lang] for lang in LANGUAGES)
    assert catalog["heroes"]["freyla_the_true"]["names"]["ru"] == "Фрейла Меткая"


def test_seasons_edicts_and_map_sides() -> None:
    catalog = catalog_json()
    assert list(catalog["seasons"]) == list(DECK_BOXES)
    # The boxes differ in summer's time only.
    assert [s["time"] for s in catalog["seasons"]["heroes"]] == [8, 7, 7, 6]
    assert [s["time"] for s in catalog["seasons"]["base"]] == [8, 8, 7, 6]
    assert catalog["seasons"]["heroes"][3]["edicts"] == ["D", "A"]
    assert catalog["edicts"]["heroes"]["B"]["ru"] == "Указ Б"
    assert catalog["boxes"] == list(BOXES)
    for side in map_sides().values():
        grid = catalog["map_sides"][side.id]["grid"]
        assert MapSheet.from_text("\n".join(grid)).to_text() == side.new_sheet().to_text()
    assert catalog["terrains"] == ["forest", "village", "farm", "water", "monster", "hero"]
    assert catalog["map_letters"]["P"] == {"terrain": "farm", "ruins": False}
    assert catalog["coin_track"] == COIN_TRACK
    assert set(catalog["map_letters"]) == set(".r^#*+FfVvPpWwXxHh")
    assert catalog["scoring"]["borderlands"]["category"] == "general"
    assert catalog["scoring"]["borderlands"]["text"].startswith("6 stars")


def test_title_ranges_agree_with_the_solo_rule() -> None:
    titles = catalog_json()["titles"]
    for rating in range(-40, 50):
        title = title_for(rating)
        listed = [t for t in titles
                  if t["min"] <= rating and (t["max"] is None or rating <= t["max"])]
        assert [t["names"]["en"] for t in listed] == ([title.names.en] if title else [])


def test_the_presets_say_which_boxes_they_deal_from() -> None:
    from herotable.cartographers.config import PRESETS, GameConfig

    presets = catalog_json()["presets"]
    assert set(presets) == set(PRESETS)
    for name, entry in presets.items():
        config = GameConfig.preset(name)
        assert entry["scoring_boxes"] == list(config.scoring_boxes)
        assert entry["ambush_boxes"] == list(config.ambush_boxes)
        assert entry["scoring"] == list(config.scoring)
        assert all(box in BOXES for box in entry["scoring_boxes"] + entry["ambush_boxes"])
    assert presets["first_game"]["scoring"] == [
        "faunlost_thicket", "gnomish_colony", "ulems_wallow", "dwarvenholds"]


@pytest.mark.parametrize("char", sorted(catalog_json()["map_letters"]))
def test_each_map_letter_is_the_cell_the_engine_reads(char: str) -> None:
    """The catalogue's reading of the map notation is the engine's: a map with ``char`` at A1
    has there the terrain and the ruins the catalogue says."""
    cell = catalog_json()["map_letters"][char]
    sheet = MapSheet.from_text("\n".join([char + "." * 10] + ["." * 11] * 10))
    a1 = bit(0, 0)
    assert bool(sheet.ruins & a1) == cell["ruins"]
    drawn = sheet.terrain_at(0, 0)
    if sheet.destroyed & a1:
        drawn = "destroyed"
    elif sheet.wasteland & a1:
        drawn = "wasteland"
    assert (drawn or "empty") == cell["terrain"]
