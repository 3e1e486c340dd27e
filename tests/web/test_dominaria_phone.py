"""Heroes of Dominaria's map on a phone (390x844): the whole map fits the width of its box (no
sideways scroll to find half of it), its names stay readable, and its locations are tapped
through set-up and the first turn as on a desktop."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, ViewportSize

from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable, create, shown

PHONE: ViewportSize = {"width": 390, "height": 844}
SMALLEST_NAME_PX = 9  # the rendered height of a location's name, below which it is hard to read

# Where the map and each location are on the screen, measured in the browser.
MEASURE = """() => {
  const wrap = document.querySelector('.dom-map-wrap');
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height}; };
  return {
    window: window.innerWidth,
    wrap: rect(wrap),
    scrollWidth: wrap.scrollWidth,
    clientWidth: wrap.clientWidth,
    locations: [...document.querySelectorAll('svg.dom-map [data-loc]')].map((el) => ({
      id: el.dataset.loc, disc: rect(el.querySelector('.loc-disc')),
      name: rect(el.querySelector('.loc-name'))})),
  };
}"""


def test_the_map_fits_a_phone_and_its_locations_are_tapped(browser: Browser, server: str,
                                                            api: Api, shots: Path) -> None:
    ctx = browser.new_context(viewport=PHONE, locale="en-US", base_url=server,
                              has_touch=True, is_mobile=True)
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
        seat = created["seats"][0]
        page.goto(seat["url"])
        table = DominariaTable(page, api, created["id"], seat["token"], 0)
        state = shown(table)
        page.evaluate("() => document.fonts.ready.then(() => null)")
        page.screenshot(path=str(shots / "dominaria-phone-map.png"))

        seen = page.evaluate(MEASURE)
        assert seen["scrollWidth"] <= seen["clientWidth"], seen  # nothing hidden sideways
        wrap = seen["wrap"]
        assert wrap["left"] >= 0 and wrap["right"] <= seen["window"], wrap
        assert len(seen["locations"]) == len(api.client.get(
            "/api/catalog/dominaria").json()["locations"])
        for loc in seen["locations"]:
            for part in ("disc", "name"):
                drawn = loc[part]
                assert (wrap["left"] <= drawn["left"] and drawn["right"] <= wrap["right"]
                        and wrap["top"] <= drawn["top"] and drawn["bottom"] <= wrap["bottom"]), \
                    (loc["id"], part, drawn, wrap)
            assert loc["name"]["height"] >= SMALLEST_NAME_PX, loc

        # Set-up (keeping quests, placing the first Hero by tapping a location), then the
        # first turn's location chosen by tapping it: each goes through the map.
        placed = False
        while (state["view"]["decision"] or {}).get("kind") != "turn":
            action = table.plan(state)
            placed = placed or action.startswith("place ")
            table.do(action, state)
            state = table.wait_after(state["seq"])
        assert placed
        start = state["view"]["players"][0]["heroes"][0]
        table.select(start)  # a tap, then the location shows as chosen
        page.screenshot(path=str(shots / "dominaria-phone-selected.png"))
    finally:
        ctx.close()
