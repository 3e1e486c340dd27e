"""The lobby's Heroes of Dominaria planeswalkers: each seat's chosen from a list, named in the
page's language, never two seats the same one; the game is made with those chosen."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import messages, text

RU = messages("ru")
WALKERS_RU = {"teferi": "Тефери", "chandra": "Чандра", "jhoira": "Джойра", "karn": "Карн"}


def test_each_seat_chooses_its_planeswalker_from_a_list(page: Page, api: Api,
                                                        shots: Path) -> None:
    page.goto("/")
    page.get_by_label(text("nav.language")).select_option("ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    form = page.locator("form.new-game")
    form.get_by_label(text("lobby.game", RU), exact=True).select_option("dominaria")
    form.get_by_label(text("lobby.players", RU), exact=True).fill("3")
    form.get_by_label(text("lobby.seat_name", RU, n=1)).fill("Dee")
    form.locator("details.more summary").click()
    picks = form.get_by_role("group", name=text("option.dominaria.planeswalkers.label", RU))
    seats = picks.locator("select")
    expect(seats).to_have_count(3)
    # The engine's default, shown as it is: the pack's first planeswalkers in order, by their
    # Russian names; each list is labelled with its seat.
    expect(picks.get_by_label(text("dom.lobby.walker_for", RU, name="Dee"))).to_have_value(
        "teferi")
    for index, walker in enumerate(("teferi", "chandra", "jhoira")):
        expect(seats.nth(index)).to_have_value(walker)
        expect(seats.nth(index).locator("option:checked")).to_have_text(WALKERS_RU[walker])
    assert seats.nth(0).locator("option").all_inner_texts() == list(WALKERS_RU.values())

    # Seat 1 takes Karn (nobody's), then seat 3's Jhoira: seat 3 is given seat 1's Karn, so
    # no two seats ever hold the same one.
    seats.nth(0).select_option("karn")
    seats.nth(0).select_option("jhoira")
    expect(seats.nth(2)).to_have_value("karn")
    values = [seats.nth(i).input_value() for i in range(3)]
    assert values == ["jhoira", "chandra", "karn"]
    page.screenshot(path=str(shots / "lobby-dominaria-planeswalkers.png"), full_page=True)

    # Fewer seats: the lists follow, still all different.
    form.get_by_label(text("lobby.players", RU), exact=True).fill("2")
    expect(seats).to_have_count(2)
    form.get_by_role("button", name=text("lobby.create", RU)).click()
    expect(page.locator(".dom-table")).to_be_visible()
    found = re.fullmatch(rf"{re.escape(api.base)}/g/([\w-]+)", page.url)
    assert found, page.url
    config = api.state(found.group(1))["view"]["config"]
    assert config["planeswalkers"] == ["jhoira", "chandra"]
