"""Heroes of Dominaria's table and its rules reference: costs, abilities, track symbols and
the legend open their entries, and the page says why an action is not offered."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable, create, shown
from tests.web.table import text

LISTEN = ("window.rulesOpened = [];"
          "window.addEventListener('herotable:rules', (e) => window.rulesOpened.push(e.detail));")


def to_my_turn(page: Page, api: Api) -> tuple[DominariaTable, dict[str, Any]]:
    """A game against the greedy bot, played in the page through set-up to Ann's first turn."""
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = DominariaTable(page, api, created["id"], seat["token"], 0)
    state = shown(table)
    while (state["view"]["decision"] or {}).get("kind") != "turn":
        table.do(table.plan(state), state)
        state = table.wait_after(state["seq"])
    return table, state


def opened(page: Page, entry: str) -> Any:
    """The rules entry the page last asked to open, once it is ``entry`` (a click or a key is
    handled when the page gets to it, later than the press on a loaded machine)."""
    page.wait_for_function("(entry) => (window.rulesOpened.at(-1) || {}).entry === entry",
                           arg=entry)
    return page.evaluate("window.rulesOpened.at(-1)")


def test_costs_abilities_and_symbols_open_their_rules(page: Page, api: Api, shots: Path) -> None:
    to_my_turn(page, api)
    page.evaluate(LISTEN)
    abilities = page.get_by_role("group", name=text("dom.ability.title"))
    cost = abilities.locator("[data-rules=cost]").first
    expect(cost).to_have_attribute("aria-label", re.compile(re.escape("Rules: what the cost")))
    cost.click()
    assert opened(page, "cost") == {"game": "dominaria", "entry": "cost"}
    # The rules panel opens beside the table at the entry on how costs read.
    panel = page.get_by_role("complementary", name=text("rulebook.common.title"))
    entry = panel.locator('[data-entry="cost"]')
    expect(entry).to_have_class("rule-entry lit")
    expect(entry).to_contain_text(text("rulebook.dominaria.cost.title"))
    expect(entry).to_be_in_viewport()
    expect(page.locator("svg.dom-map")).to_be_in_viewport()
    page.screenshot(path=str(shots / "dominaria-rules-cost.png"))
    abilities.get_by_role("button", name=text("rulebook.dominaria.ui.open",
                                              name=text("dom.ability.manalith"))).click()
    assert opened(page, "ability.manalith") == {"game": "dominaria", "entry": "ability.manalith"}
    # The legend names each symbol in words, and opens its entry from the keyboard too.
    legend = page.get_by_role("group", name=text("rulebook.dominaria.ui.legend"))
    expect(legend).to_contain_text(text("dom.track.gives_move"))
    legend.locator("[data-rules='symbol.quest']").focus()
    page.keyboard.press("Enter")
    assert opened(page, "symbol.quest") == {"game": "dominaria", "entry": "symbol.quest"}
    # The symbols on a board's tracks open their entries at a click.
    board = page.locator(".seat-board[data-seat='0']")
    board.locator(".space .sym.move").first.click()
    assert opened(page, "symbol.move") == {"game": "dominaria", "entry": "symbol.move"}
    board.locator("[data-rules='track.leyline']").click()
    assert opened(page, "track.leyline") == {"game": "dominaria", "entry": "track.leyline"}
    page.screenshot(path=str(shots / "dominaria-rules-links.png"))


def test_the_page_says_why_an_action_is_not_offered(page: Page, api: Api, shots: Path) -> None:
    table, state = to_my_turn(page, api)
    view = state["view"]
    mine = set(view["players"][0]["heroes"])
    elsewhere = next(loc for loc in view["map_mana"] if loc not in mine)
    table.select(elsewhere)
    why = page.locator(f".at-location .why-not[data-why-at={elsewhere}]")
    expect(why).to_be_visible()
    why_not = view["unavailable"]
    reason = why_not["at"].get(elsewhere, {}).get("move", why_not["at_default"]["move"])
    assert reason == "no_hero"
    catalog = api.client.get("/api/catalog/dominaria").json()
    said = text("refusal.no_hero", location=catalog["locations"][elsewhere]["names"]["en"])
    expect(why.locator("[data-why=move]")).to_have_text(
        f"{text('rulebook.dominaria.ui.kind.move')}: {said}")
    # With no location chosen, the kinds offered nowhere now: an ability the seat cannot pay
    # names its cost.
    table.location(elsewhere).click()
    expect(table.location(elsewhere)).to_have_attribute("aria-pressed", "false")
    kinds = view["unavailable"]["kinds"]
    unpaid = next(kind for kind, r in kinds.items() if isinstance(r, dict) and r["code"] == "mana")
    now = page.locator(".why-now")
    now.locator("summary").click()
    cost = kinds[unpaid]["params"]["cost"]["counts"]
    generic = ([text("dom.cost_part.generic", count=cost.pop("generic"))]
               if "generic" in cost else [])
    (colour, one), = cost.items()
    said = " + ".join([*generic, text(f"dom.cost_part.{colour}", count=one)])
    expect(now.locator(f"[data-why={unpaid}]")).to_contain_text(said)
    expect(now.locator(f"[data-why={unpaid}]")).to_contain_text(text(f"dom.ability.{unpaid}"))
    page.screenshot(path=str(shots / "dominaria-why-not.png"))
