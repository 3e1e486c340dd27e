"""A person against a bot: the person plays a few turns in the page and the bot's map fills up
in the same page, never reloaded; then the same table on a phone: the card above its controls,
no keyboard hints, and a new decision clears the last one's red outline."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.conftest import Api
from tests.web.table import ROWS, Table, filled, other_button, text

PHONE: ViewportSize = {"width": 390, "height": 844}


def test_against_a_bot_its_map_fills_live(page: Page, browser: Browser, api: Api,
                                          shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"bot": "greedy"}], seed=11)
    game_id, seat = created["id"], created["seats"][0]
    bot_name = text("bot_name.greedy")  # the seat is unnamed: the page names it
    page.goto(seat["url"])
    table = Table(page, api, game_id, seat["token"], seed=4)
    expect(table.controls).to_be_visible()
    page.evaluate("() => { window.stillTheSamePage = true; }")
    bot_map = other_button(page, bot_name).locator("svg.map")
    expect(bot_map).to_be_visible()
    counts = [filled(bot_map)]
    for index in range(4):
        table.decide(index)
        expect(table.controls).to_be_visible()  # the bot never keeps the person waiting long
        # The next decision starts where the pointer was, on what was just drawn: the shape
        # is outlined there, not hatched red, until the person points.
        expect(table.big_map.locator("g.ghost")).to_have_count(1)
        expect(table.big_map.locator("rect.ghost-hatch")).to_have_count(0)
        counts.append(filled(bot_map))
    assert counts[-1] > counts[0], counts
    assert counts == sorted(counts), counts  # drawn cells are never undone
    bot_sheet = api.state(game_id)["view"]["sheets"][1]["grid"]
    drawn = sum(ch not in ".^r" for line in bot_sheet for ch in line)
    assert counts[-1] == drawn  # the page shows the bot's map as the server has it
    assert page.evaluate("() => window.stillTheSamePage === true")
    page.screenshot(path=str(shots / "bot-table.png"))

    # The same seat on a phone: everything fits the width, the map and the controls show.
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                has_touch=True, locale="en-US")
    try:
        small = phone.new_page()
        small.goto(seat["url"])
        controls = small.get_by_role("group", name=text("controls.label"))
        expect(controls).to_be_visible()
        expect(small.locator("svg.map.big")).to_be_visible()
        width = small.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"
        box = small.locator("svg.map.big").bounding_box()
        assert box is not None and box["width"] <= PHONE["width"]
        # The card face above its controls; no keyboard hints on a touch screen.
        face = small.locator(".current .card-face").bounding_box()
        under = controls.bounding_box()
        assert face is not None and under is not None and face["y"] + face["height"] <= under["y"]
        expect(controls.locator(".key").first).to_be_attached()
        assert controls.locator(".key").evaluate_all("keys => keys.every((k) => !k.offsetParent)")
        # A tap where the shape does not fit hatches it red; the next decision (made on the
        # desktop, pushed here) starts with an outline instead.
        grid = api.state(game_id)["view"]["sheets"][0]["grid"]
        row, col = next((r, c) for r, line in enumerate(grid) for c, ch in enumerate(line)
                        if ch not in ".^r")
        # A finger on that cell (a monster's mark may lie over it: the map reads where it is).
        cell = small.locator(f'svg.map.big [data-cell="{ROWS[row]}{col + 1}"]').bounding_box()
        assert cell is not None
        small.touchscreen.tap(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
        hatch = small.locator("svg.map.big rect.ghost-hatch")
        expect(hatch.first).to_be_visible()
        expect(controls.locator(".hint")).to_have_text(text("controls.illegal_here"))
        small.screenshot(path=str(shots / "phone-illegal.png"))
        table.decide(4)
        expect(controls.locator(".hint")).to_have_text(text("controls.point"))
        expect(hatch).to_have_count(0)
        expect(small.locator("svg.map.big g.ghost.idle")).to_have_count(1)
        small.screenshot(path=str(shots / "phone-table.png"))
    finally:
        phone.close()
