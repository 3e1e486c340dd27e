"""Every named thing in the Cartographers data (cards, seasons, edicts, map sides, solo titles)
carries an explicit name in each language, read from the TOML itself rather than the loaded
data, where English stands in for a missing name.

Where no source gives a name (shared/reference/cartographers_names.md, "Not found"), the name
is our own translation and the data marks its language with ``ours = [...]``. UNSOURCED lists
those names and must match the marks exactly: a name later found in a source drops both its
mark and its line here, and a new name of our own needs both.
"""

import tomllib
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from herotable.cartographers.cards import LANGUAGES, Names, map_sides
from herotable.cartographers.catalog import catalog_json
from herotable.core.errors import DataError

DATA_FILES = ("base.toml", "heroes.toml", "promo.toml", "maps.toml", "titles.toml")

# language -> ids whose name in that language no edition, printed card or other source we hold
# gives, so the name is ours.
UNSOURCED = {
    "ru": {
        # Heroes explore cards 09, 11, 16, 18: the Russian rulebook does not show their faces.
        "lagoon", "settlement", "woodland_crossroads", "mangrove_swamp",
        # Heroes ambush cards 03 and 04.
        "giant_troll_ravage", "gorgon_gaze",
        # Promo ambushes A01 and A02.
        "flayer_incursion", "insectoid_invasion",
    },
    "fr": {
        "temple_ruins",
        "flayer_incursion", "insectoid_invasion", "ratman_strike", "ogre_charge",
        "dragon_inferno", "zombie_plague", "giant_troll_ravage", "gorgon_gaze",
        # The base game's map sides: no French base rulebook here.
        "A", "B",
    },
    "pl": {
        "temple_ruins", "outpost_ruins",
        "flayer_incursion", "insectoid_invasion", "ratman_strike", "ogre_charge",
        "lagoon", "settlement", "wildwood_garden", "woodland_crossroads", "mangrove_swamp",
        "wren_the_lioness", "dal_of_jolev",
        "A", "B",
    },
}


def named_entries() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(file and kind, id, entry) of every table with names; titles are named by their
    English name."""
    data = resources.files("herotable.cartographers").joinpath("data")
    for file_name in DATA_FILES:
        document = tomllib.loads(data.joinpath(file_name).read_text("utf-8"))
        for kind, value in document.items():
            if not isinstance(value, list):
                continue
            for entry in value:
                if isinstance(entry, dict) and "names" in entry:
                    key = entry.get("id", entry["names"]["en"])
                    yield f"{file_name} {kind}", str(key), entry


ENTRIES = list(named_entries())


def test_the_data_has_every_kind_of_named_thing():
    kinds = {where.split(" ")[1] for where, _, _ in ENTRIES}
    assert kinds >= {"season", "edict", "explore", "hero", "ambush", "ruins", "scoring",
                     "side", "title"}
    # 41 base cards + 43 Heroes cards (seasons and edicts included) + 4 promo ambushes
    # + 4 map sides + 8 solo titles.
    assert len(ENTRIES) == 41 + 43 + 4 + 4 + 8


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_is_given_in_every_language(language):
    missing = [(where, key) for where, key, entry in ENTRIES
               if not entry["names"].get(language, "").strip()]
    assert missing == []


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_exactly_the_names_no_source_gives_are_marked_ours(language):
    marked = {key for _, key, entry in ENTRIES if language in entry.get("ours", [])}
    assert marked == UNSOURCED[language]


def test_english_names_are_the_games_own():
    assert not [key for _, key, entry in ENTRIES if "en" in entry.get("ours", [])]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_a_translated_name_is_not_the_english_one_copied(language):
    # A few names are the same in both languages (Silos in French, Craylund and Jorekburg in
    # Polish); anything else that equals the English name is a copy, not a translation.
    same = {entry["names"]["en"] for _, _, entry in ENTRIES
            if entry["names"].get(language) == entry["names"]["en"]}
    assert same <= {"Silos", "Craylund", "Jorekburg"}


def test_russian_names_are_in_cyrillic():
    for where, key, entry in ENTRIES:
        letters = [c for c in entry["names"]["ru"] if c.isalpha()]
        assert all("\u0400" <= c <= "\u04ff" for c in letters), (where, key)


def test_the_loaded_data_and_the_catalogue_keep_the_marks():
    assert map_sides()["A"].names.ours == frozenset({"fr", "pl"})
    assert map_sides()["C"].names.ours == frozenset()
    catalog = catalog_json()
    assert catalog["ambushes"]["flayer_incursion"]["ours"] == ["fr", "pl", "ru"]
    assert catalog["ambushes"]["dragon_inferno"]["ours"] == ["fr"]
    assert catalog["scoring"]["sentinel_wood"]["ours"] == []
    assert catalog["map_sides"]["B"]["ours"] == ["fr", "pl"]
    assert all(title["ours"] == [] for title in catalog["titles"])


@pytest.mark.parametrize("ours", [["de"], ["ru"], ["fr", "fr"]])
def test_a_mark_must_name_a_language_named_there(ours):
    with pytest.raises(DataError, match="ours"):
        Names.from_data({"en": "Lagoon", "fr": "Lagon"}, "test", ours)
