"""The Heroes of Dominaria rules reference: an entry for every ability, track, symbol, kind of
quest and artifact, in every catalogue's language, found by the names players read."""

from __future__ import annotations

import pytest

from herotable import messages, rulebook
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.pack import ABILITY_KINDS, METRICS, PLANESWALKER_ABILITIES
from herotable.rulebook import dominaria

PACK = DominariaConfig().pack()
# What the table draws on the boards and the map (herotable/web/static/dominaria/): each has
# an entry its links open.
DRAWN = ("symbol.mana", "symbol.vp", "symbol.move", "symbol.quest", "symbol.green",
         "symbol.manalith_token", "symbol.start", "symbol.cabal_token", "symbol.artifact_token",
         "symbol.hero", "symbol.manalith", "symbol.leyline", "cost")


def ids(language: str = "en") -> list[str]:
    return [entry.id for entry in dominaria.entries(language)]


def test_every_ability_track_symbol_and_kind_of_quest_and_artifact_has_an_entry():
    found = set(ids())
    wanted = {*(f"ability.{a}" for a in PLANESWALKER_ABILITIES),
              *(f"track.{t}" for t in ("hero", "manalith", "leyline", "cabal")),
              *DRAWN, *(f"quest.{m}" for m in METRICS),
              *(f"artifact.{k}" for k in ABILITY_KINDS),
              "setup", "two_players", "turn", "mana_phase", "move", "collect", "network",
              "cabal", "end_turn", "quests", "quest.new", "quest.started", "public",
              "artifacts", "game_end", "scoring", "two_mana"}
    assert wanted <= found
    assert set(dominaria.ARTIFACT_KINDS) == set(ABILITY_KINDS)


def test_every_card_of_the_pack_opens_an_entry():
    found = set(ids())
    assert {dominaria.quest_entry(q) for q in PACK.quests.values()} <= found
    assert {dominaria.artifact_entry(a) for a in PACK.artifacts.values()} <= found


@pytest.mark.parametrize("language", messages.languages())
def test_each_language_has_every_entry_titled_and_linked(language):
    entries = dominaria.entries(language)
    keys = [e.id for e in entries]
    assert keys == ids() and len(set(keys)) == len(keys)
    section_ids = [key for key, _ in dominaria.sections(language)]
    assert {e.section for e in entries} == set(section_ids)
    for entry in entries:
        assert entry.title.strip() and entry.text.strip(), entry.id
        assert "{" not in entry.text.replace("{4}{W}", ""), (entry.id, entry.text)
        assert set(entry.see_also) <= set(keys) and entry.id not in entry.see_also


def test_costs_values_and_names_come_from_the_data():
    by_id = {e.id: e for e in dominaria.entries("en")}
    assert "4 W" in by_id["ability.recruit"].text and "2 G" in by_id["ability.leyline"].text
    assert "{3}{U}" in by_id["ability.discover"].terms
    values = ", ".join(str(s.vp) for s in PACK.boards.leyline.spaces)
    assert values in by_id["track.leyline"].text
    assert "four mana of any colour plus one white" in by_id["cost"].text
    assert by_id["ability.manalith"].title == "Build a Manalith"


def russian(query: str) -> list[str]:
    """The ids of the Russian entries titled or termed ``query`` (the exact match that
    rulebook.find puts first)."""
    wanted = query.casefold()
    return [e.id for e in dominaria.entries("ru")
            if wanted in (e.title.casefold(), *(t.casefold() for t in e.terms))]


def test_russian_names_of_locations_abilities_and_cards_name_their_entries():
    assert "map" in russian("Урборг")
    assert {"setup", "symbol.start"} <= set(russian("Топи Калиго"))
    assert russian("Построить Маналит") == ["ability.manalith"]
    quest = PACK.quests["forge_of_hammerheim"]
    assert dominaria.quest_entry(quest) in russian("Кузня Хаммерхейма")


@pytest.mark.skipif(not hasattr(rulebook, "find"), reason="the shared find() is not merged yet")
def test_find_by_a_russian_name():
    find = rulebook.find  # type: ignore[attr-defined]
    assert find("dominaria", "ru", "урборг")[0].id == "map"
    assert find("dominaria", "ru", "построить маналит")[0].id == "ability.manalith"
