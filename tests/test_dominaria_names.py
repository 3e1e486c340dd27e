"""Every Heroes of Dominaria record a player reads the name of (locations, planeswalkers,
quests, public quests, artifacts) is named in each language in ``names.toml``, and its
``[ours]`` table marks exactly the names that are our own translation.

Which names are ours is written out here, apart from the file's marks, so that a name later
found in a source must leave both: the designed cards' names in every language but English
(the rulebook prints none of them), and the French and Polish swamps of Caligo.
"""

import re
import tomllib
from importlib import resources

import pytest

from herotable.core.errors import DataError
from herotable.dominaria import names as names_module
from herotable.dominaria.catalog import catalog_json
from herotable.dominaria.names import KINDS, LANGUAGES, ours, translations
from herotable.dominaria.pack import load_pack

DESIGNED_KINDS = ("quests", "public_quests", "artifacts")
UNSOURCED = {
    "ru": set(),
    "fr": {("locations", "caligo")},
    "pl": {("locations", "caligo")},
}


def records() -> dict[str, dict]:
    pack = load_pack()
    return {kind: getattr(pack, kind) for kind in KINDS}


def test_every_record_is_named_in_every_language():
    catalog = catalog_json()
    for kind, found in records().items():
        assert list(catalog[kind]) == list(found)
        for record_id, entry in catalog[kind].items():
            assert list(entry["names"]) == list(LANGUAGES), (kind, record_id)
            assert all(entry["names"][lang].strip() for lang in LANGUAGES), (kind, record_id)
            assert re.search("[а-яё]", entry["names"]["ru"], re.I), (kind, record_id)


def test_the_translations_name_only_known_records():
    known = records()
    for language, kinds in translations().items():
        for kind, found in kinds.items():
            assert set(found) == set(known[kind]), (language, kind)


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_exactly_the_names_no_source_gives_are_marked_ours(language):
    expected = UNSOURCED[language] | {(kind, record_id) for kind in DESIGNED_KINDS
                                      for record_id in records()[kind]}
    marked = {(kind, record_id) for lang, kind, record_id in ours() if lang == language}
    assert marked == expected


def test_the_printed_names_are_kept():
    catalog = catalog_json()
    # The seed rulebook's Russian names.
    russian = {k: v["names"]["ru"] for k, v in catalog["locations"].items()}
    assert russian["hammerheim"] == "Хаммерхейм" and russian["llanowar"] == "Ллановар"
    assert russian["orvada"] == "Орвада" and russian["caligo"] == "Топи Калиго"
    assert catalog["planeswalkers"]["jhoira"]["names"]["ru"] == "Джойра"
    # Magic's French cards.
    assert catalog["planeswalkers"]["teferi"]["names"]["fr"] == "Téferi"
    assert catalog["locations"]["yavimaya"]["names"]["fr"] == "Yavimaya"


def test_the_catalogue_lists_the_marks():
    catalog = catalog_json()
    assert catalog["locations"]["caligo"]["ours"] == ["fr", "pl"]
    assert catalog["locations"]["urborg"]["ours"] == []
    assert catalog["planeswalkers"]["karn"]["ours"] == []
    assert catalog["quests"]["gaeas_blessing"]["ours"] == ["ru", "fr", "pl"]


@pytest.mark.parametrize("marks", [{"fr": ["locations.atlantis"]}, {"fr": ["spells"]},
                                   {"de": ["quests"]}, {"en": ["quests"]}])
def test_a_mark_must_name_a_translated_name(monkeypatch, marks):
    text = resources.files("herotable.dominaria").joinpath("names.toml").read_text("utf-8")
    document = tomllib.loads(text)
    monkeypatch.setattr(names_module, "_document", lambda: {**document, "ours": marks})
    names_module.translations.cache_clear()
    names_module.ours.cache_clear()
    try:
        with pytest.raises(DataError, match="ours"):
            ours()
    finally:
        names_module.translations.cache_clear()
        names_module.ours.cache_clear()
