"""The rules references (herotable/rulebook): complete in every language, an entry for every
card of every box, a search that finds cards by their names in any language, refusals for a
game without a reference, and the terminal's rendering."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from herotable import messages, rulebook
from herotable.cartographers.catalog import catalog_json
from herotable.core.errors import HerotableError
from herotable.rulebook import RuleEntry, find, fold
from herotable.terminal.rules import rules_view

LANGUAGES = messages.languages()
CARD_GROUPS = ("explore", "ruins", "heroes", "ambushes", "scoring")
PLACEHOLDER = re.compile(r"\{\w+\}")


def cartographers(language: str) -> list[RuleEntry]:
    return rulebook.entries("cartographers", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_has_a_title_and_a_text_of_its_language(language: str) -> None:
    found = cartographers(language)
    ids = [entry.id for entry in found]
    assert len(ids) == len(set(ids))
    sections = [key for key, title in rulebook.sections("cartographers", language) if title]
    assert {entry.section for entry in found} == set(sections)
    # Reading order: each section's entries together, in the sections' order.
    assert [e.section for e in found] == sorted((e.section for e in found), key=sections.index)
    for entry in found:
        assert entry.title.strip() and entry.text.strip(), entry.id
        assert not PLACEHOLDER.search(entry.text), (entry.id, entry.text)
        assert set(entry.see_also) <= set(ids), entry.id
        assert re.fullmatch(r"[a-z0-9_.]+", entry.id), entry.id
    # Each language's own catalogue holds every rules message, not English standing in.
    if language != messages.FALLBACK:
        own = messages.catalogue(language).get("rulebook", {}).get("cartographers")
        assert own is not None and own.keys() == messages.catalogue("en")["rulebook"][
            "cartographers"].keys()


def test_the_languages_say_the_rules_differently() -> None:
    english = {e.id: e.text for e in cartographers("en")}
    for language in LANGUAGES:
        if language != "en":
            said = {e.id: e.text for e in cartographers(language)}
            assert said["turn"] != english["turn"] and said["solo"] != english["solo"], language


def test_every_card_of_every_box_has_an_entry_under_its_name() -> None:
    catalog = catalog_json()
    for language in LANGUAGES:
        by_id = {entry.id: entry for entry in cartographers(language)}
        for group in CARD_GROUPS:
            for card_id, card in catalog[group].items():
                entry = by_id[f"card.{card_id}"]
                assert entry.title == card["names"][language]
                assert card["names"][language] in entry.terms


def test_a_card_entry_is_drawn_from_the_card_data() -> None:
    by_id = {entry.id: entry for entry in cartographers("en")}
    assert "■□\n□■" in by_id["card.lagoon"].text  # the diagonal pair, its coin named
    assert "gives a coin" in by_id["card.lagoon"].text
    assert "□□✕\n◉□✕\n□□✕" in by_id["card.wren_the_lioness"].text
    assert by_id["card.sleepy_valley"].title == "Sleepy Valley"
    assert "Solo value: 24." in by_id["card.sleepy_valley"].text
    assert "30+: Legendary Cartographer" in by_id["solo_score"].text


def test_find_matches_a_russian_card_name_and_french_without_accents() -> None:
    assert find("cartographers", "ru", "налёт ДРАКОНА")[0].id == "card.dragon_inferno"
    assert find("cartographers", "ru", "налет дракона")[0].id == "card.dragon_inferno"
    assert find("cartographers", "fr", "paturage")[0].id == "card.pasture"
    assert find("cartographers", "en", "card.lagoon")[0].id == "card.lagoon"
    # Every word must be found; a word found in the text alone ranks after the names.
    words = find("cartographers", "en", "coin mountain")
    assert words and all("coin" in fold(e.title + e.text + " ".join(e.terms)) for e in words)
    assert find("cartographers", "en", "zzzz") == [] and find("cartographers", "en", "  ") == []


def test_fold_drops_case_and_accents() -> None:
    assert fold("Pâturage Ёлка") == "paturage елка"


@pytest.mark.parametrize("call", [rulebook.entries, rulebook.sections])
def test_an_unknown_game_is_refused(call: object) -> None:
    assert callable(call)
    with pytest.raises(HerotableError, match="no rules reference"):
        call("chess", "en")
    with pytest.raises(HerotableError):
        find("chess", "en", "x")


def render(renderable: object) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_terminal_lists_sections_and_shows_what_a_query_finds() -> None:
    listing = render(rules_view("cartographers", "en"))
    assert "Setting up" in listing and "Playing alone" in listing and "Lagoon" in listing
    found = render(rules_view("cartographers", "ru", "Пастбище"))
    assert "Пастбище" in found and "Фигура 1" in found and "См. также" in found
    assert render(rules_view("cartographers", "en", "zzzz")).strip() == \
        "Nothing in the rules matches “zzzz”."
