"""Every named thing in the Cartographers data (cards, seasons, edicts, map sides, solo titles)
carries an explicit name in each language, read from the TOML itself rather than the loaded
data, where English stands in for a missing name.

The exceptions are the names no source gives (see shared/reference/cartographers_names.md,
"Not found"): they are listed here, and the list must stay exact, so that a name added to the
data also leaves this list.
"""

import tomllib
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from herotable.cartographers.cards import LANGUAGES

DATA_FILES = ("base.toml", "heroes.toml", "promo.toml", "maps.toml", "titles.toml")

# (language, id): no edition, printed card or other source we hold gives this name.
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
    },
    "pl": {
        "temple_ruins", "outpost_ruins",
        "flayer_incursion", "insectoid_invasion", "ratman_strike", "ogre_charge",
        "lagoon", "settlement", "wildwood_garden", "woodland_crossroads", "mangrove_swamp",
        "wren_the_lioness", "dal_of_jolev",
    },
}


def named_entries() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(file, id, names) of every table with names; titles are named by their English name."""
    data = resources.files("herotable.cartographers").joinpath("data")
    for file_name in DATA_FILES:
        document = tomllib.loads(data.joinpath(file_name).read_text("utf-8"))
        for kind, value in document.items():
            if not isinstance(value, list):
                continue
            for entry in value:
                if isinstance(entry, dict) and "names" in entry:
                    names = entry["names"]
                    key = entry.get("id", names["en"])
                    yield f"{file_name} {kind}", str(key), names


ENTRIES = list(named_entries())


def test_the_data_has_every_kind_of_named_thing():
    kinds = {where.split(" ")[1] for where, _, _ in ENTRIES}
    assert kinds >= {"season", "edict", "explore", "hero", "ambush", "ruins", "scoring",
                     "side", "title"}
    # 41 base cards + 43 Heroes cards (seasons and edicts included) + 4 promo ambushes
    # + 4 map sides + 8 solo titles.
    assert len(ENTRIES) == 41 + 43 + 4 + 4 + 8


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_name_is_given_explicitly(language):
    missing = {key for _, key, names in ENTRIES if not names.get(language, "").strip()}
    assert missing == UNSOURCED[language]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_a_translated_name_is_not_the_english_one_copied(language):
    # A few names are the same in both languages (Silos in French, Craylund and Jorekburg in
    # Polish); anything else that equals the English name is a copy, not a translation.
    same = {names["en"] for _, _, names in ENTRIES if names.get(language) == names["en"]}
    assert same <= {"Silos", "Craylund", "Jorekburg"}


def test_russian_names_are_in_cyrillic():
    for where, key, names in ENTRIES:
        ru = names.get("ru")
        if ru:
            letters = [c for c in ru if c.isalpha()]
            assert all("\u0400" <= c <= "\u04ff" for c in letters), (where, key, ru)
