"""The Cartographers table on a phone, played by touch alone: a tap puts the shape on the
map, a tap elsewhere moves it there, and a second tap on the same placement confirms it, as
a second mouse click does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.conftest import Api
from tests.web.table import (
    ROWS,
    Cells,
    Table,
    Target,
    action_words,
    cells_text,
    normalize,
    parse_cell,
    terrains,
    text,
)

PHONE: ViewportSize = {"width": 390, "height": 844}


def placements(state: dict[str, Any], pattern: Cells) -> list[Target]:
    """Every legal placement of the shape as the page first shows it (no turning on a phone
    without a reason to), with the terrain the page picks first."""
    legal = state["view"]["legal"]
    terrain = legal["terrains"][0]
    found = []
    for group in legal["shapes"]:
        if normalize([(c, r) for r, c in group["cells"]]) != pattern:
            continue
        for at in group["at"]:
            corner = parse_cell(at)
            cells = [(corner[0] + y, corner[1] + x) for x, y in pattern]
            found.append(Target("draw", pattern, corner, f"draw {terrain} {cells_text(cells)}",
                                terrain=terrain))
    return found


def test_a_second_tap_on_the_placement_confirms_it(browser: Browser, api: Api,
                                                    shots: Path) -> None:
    created = api.create([{"name": "Ann"}], seed=7)
    game_id, seat = created["id"], created["seats"][0]
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                has_touch=True, locale="en-US", base_url=api.base)
    phone.set_default_timeout(15_000)
    try:
        page: Page = phone.new_page()
        page.goto(seat["url"])
        table = Table(page, api, game_id, seat["token"])
        expect(table.controls).to_be_visible()
        state = api.state(game_id, seat["token"])
        assert state["view"]["legal"]["kind"] == "draw", state["view"]["legal"]
        table.settle()
        targets = placements(state, table.ghost())
        assert len(targets) >= 2, "the first card's shape fits in fewer than two places"
        first, second = targets[0], targets[-1]
        assert first.pointer != second.pointer

        def tap(target: Target) -> None:
            # Where the cell is drawn on screen: the shape drawn over it takes the touch.
            row, col = target.pointer
            box = table.big_map.locator(f'[data-cell="{ROWS[row]}{col + 1}"]').bounding_box()
            assert box is not None
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.url) if "/actions" in r.url else None)
        # A tap puts the shape there; a tap elsewhere moves it, and neither sends anything.
        tap(first)
        expect(table.hint).to_have_text(
            text("controls.ready", action=action_words(first.action)))
        tap(second)
        ready = text("controls.ready", action=action_words(second.action))
        expect(table.hint).to_have_text(ready)
        page.screenshot(path=str(shots / "touch-ready.png"))
        assert sent == [], sent
        # The same placement tapped again: the move is made.
        with page.expect_response(lambda r: "/actions" in r.url) as answer:
            tap(second)
        assert answer.value.status == 200, answer.value.text()
        after = api.state(game_id, seat["token"])
        assert after["seq"] > state["seq"]
        expect(page.get_by_text(ready)).to_have_count(0)
        drawn = terrains(table.big_map)
        assert [drawn[cell] for cell in second.action.split()[2:]] == \
            [second.terrain] * len(second.pattern)  # the second placement, not the first
        expect(table.controls).to_be_visible()  # the next card's decision
        page.screenshot(path=str(shots / "touch-confirmed.png"))
    finally:
        phone.close()
