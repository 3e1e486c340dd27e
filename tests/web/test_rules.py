"""The rules reference beside a Cartographers table: the current card's name opens it at that
card's entry with the map still in view, the search filters the entries as one types, a
see-also link moves to its entry, and the close button puts it away."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import messages, text

RU = messages("ru")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_the_current_cards_name_opens_the_rules_at_its_entry(page: Page, api: Api,
                                                              shots: Path) -> None:
    created = api.create([{"name": "Ann"}], seed=7)
    seat = created["seats"][0]
    state = api.state(created["id"], seat["token"])
    card = state["view"]["current"]
    name = api.catalog()["explore"][card]["names"]["en"]
    page.goto(seat["url"])
    board = page.locator("svg.map.big")
    expect(board).to_be_visible()
    expect(page.locator(".rules-panel")).to_have_count(0)

    page.locator(".current").get_by_role(
        "button", name=text("rulebook.common.entry_of", name=name)).click()
    panel = page.get_by_role("complementary", name=text("rulebook.common.title"))
    entry = panel.locator(f'[data-entry="card.{card}"]')
    expect(entry).to_have_class("rule-entry lit")
    expect(entry).to_be_focused()
    expect(entry.get_by_role("heading", name=name)).to_be_in_viewport()
    expect(board).to_be_in_viewport()
    map_box, panel_box = board.bounding_box(), panel.bounding_box()
    assert map_box and panel_box and not overlap(map_box, panel_box), (map_box, panel_box)
    assert map_box["width"] > 300, map_box  # the map narrowed, not vanished
    page.screenshot(path=str(shots / "rules-at-card.png"))

    # The search filters as one types, accents and case aside.
    search = panel.get_by_role("searchbox", name=text("rulebook.common.search"))
    search.fill("KETHRA")
    expect(panel.locator('[data-entry="card.kethras_gates"]')).to_be_visible()
    expect(panel.locator('[data-entry="card.lagoon"]')).to_have_count(0)
    search.fill("nothing-of-the-sort")
    nothing = text("rulebook.common.nothing", query="nothing-of-the-sort")
    expect(panel.get_by_text(nothing)).to_be_visible()
    search.fill("")

    # A see-also link moves to its entry and marks it.
    drawing = panel.locator('[data-entry="drawing"]')
    drawing.get_by_role("button", name=text("rulebook.cartographers.entry.coins.title")).click()
    expect(panel.locator('[data-entry="coins"]')).to_have_class("rule-entry lit")
    expect(panel.locator('[data-entry="coins"]')).to_be_in_viewport()
    page.screenshot(path=str(shots / "rules-see-also.png"))

    panel.get_by_role("button", name=text("rulebook.common.close")).click()
    expect(page.locator(".rules-panel")).to_have_count(0)
    # The header's button opens it again.
    page.get_by_role("button", name=text("rulebook.common.open"), exact=True).click()
    expect(panel).to_be_visible()


def test_the_rules_follow_the_language_and_an_edicts_name_opens_its_card(
        page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}], seed=7)
    seat = created["seats"][0]
    state = api.state(created["id"], seat["token"])
    first = state["view"]["scoring"][0]
    page.add_init_script("localStorage.setItem('herotable.language', 'ru')")
    page.goto(seat["url"])
    ru_name = api.catalog()["scoring"][first]["names"]["ru"]
    page.locator(".edicts").get_by_role(
        "button", name=text("rulebook.common.entry_of", RU, name=ru_name)).click()
    panel = page.get_by_role("complementary", name=text("rulebook.common.title", RU))
    entry = panel.locator(f'[data-entry="card.{first}"]')
    expect(entry).to_have_class("rule-entry lit")
    expect(entry.get_by_role("heading", name=ru_name)).to_be_visible()
    expect(page.locator("svg.map.big")).to_be_in_viewport()  # the page itself did not scroll
    assert page.evaluate("window.scrollY") == 0
    page.screenshot(path=str(shots / "rules-ru-edict.png"))
