"""A paper table's scoreboard in the browser: two players tap in their maps on two devices
and add them to the table; every device on the table sees the scoreboard change live, with
the engine's figures; a name reopens that map; the table's print link carries its address."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect

from herotable.cartographers.cards import map_sides
from herotable.cartographers.paper_score import Snapshot, score_paper
from tests.web.conftest import Api
from tests.web.table import ROWS, text
from tests.web.test_paper_table import device
from tests.web.test_score import paint, set_coins


def empty_cells(side: str) -> list[str]:
    """The side's cells printed empty (no mountain, chasm or ruins), in reading order."""
    grid = map_sides()[side].grid.split("\n")
    return [f"{ROWS[r]}{c + 1}" for r, line in enumerate(grid) for c, ch in enumerate(line)
            if ch == "."]


def engine_figures(table: dict[str, Any],
                   entry: dict[str, Any]) -> tuple[list[int | None], int]:
    """A stored map's totals of the seasons the table has ended (None for those to come) and
    their sum, scored by the engine on the table's set-up."""
    result = score_paper(table["config"]["side"],
                         [Snapshot(s["map"], s["coins"]) for s in entry["snapshots"]],
                         [e["card"] for e in table["edicts"]], solo=table["solo"])
    totals = [s.total if k < table["seasons_scored"] else None
              for k, s in enumerate(result.seasons)]
    return totals, sum(t for t in totals if t is not None)


def figure(shown: str) -> int | None:
    """A score as the page writes it: "—" for a season to come, a true minus sign."""
    return None if shown == "—" else int(shown.replace("−", "-"))


def shown_board(page: Page) -> dict[str, tuple[list[int | None], int | None]]:
    """The scoreboard as a page shows it: each name's seasons' totals and total."""
    board = {}
    for row in page.locator("[data-scoreboard] tbody tr").all():
        seasons = [figure(cell.inner_text()) for cell in row.locator("td.season-col").all()]
        board[row.locator("th a").inner_text()] = (seasons, figure(row.locator("[data-total]")
                                                                   .inner_text()))
    return board


def end_spring(api: Api, created: dict[str, Any]) -> None:
    """The host flips the table to spring's end: spring is scored, the rest to come."""
    state = api.client.get(f"/api/tables/{created['id']}").json()
    while not state["season_over"]:
        state = api.client.post(f"/api/tables/{created['id']}/flip", json={"seq": state["seq"]},
                                headers={"Authorization": f"Bearer {created['host_token']}"}).json()


def add_my_map(page: Page, name: str, cells: dict[str, list[str]], coins: int) -> None:
    """From the table page: "Score my map", paint it, and add it to the table."""
    page.get_by_role("link", name=text("paper_table.score_map")).click()
    expect(page.locator("[data-add-map]")).to_have_text(text("paper_board.add"))
    paint(page, cells)
    set_coins(page, coins)
    page.locator("input[name=player]").fill(name)
    page.locator("[data-add-map]").click()
    expect(page.locator("[data-saved]")).to_have_text(text("paper_board.saved"))
    expect(page.locator("[data-add-map]")).to_have_text(text("paper_board.update"))


def test_two_players_add_their_maps_and_every_device_sees_the_scoreboard(
        browser: Browser, server: str, api: Api, shots: Path) -> None:
    created = api.client.post("/api/tables", json={"options": {"preset": "heroes"},
                                                   "seed": 5}).json()
    share = created["url"]
    side = api.client.get(f"/api/tables/{created['id']}").json()["config"]["side"]
    free = empty_cells(side)
    end_spring(api, created)
    watcher = device(browser, server, share)
    ann = device(browser, server, share)
    boris = device(browser, server, share, phone=True)
    try:
        expect(watcher.locator("[data-scoreboard]")).to_contain_text(text("paper_board.empty"))
        add_my_map(ann, "Ann", {"forest": free[0:3], "village": free[-2:]}, 2)
        ann.screenshot(path=str(shots / "paper-board-added.png"))
        expect(watcher.locator("[data-scoreboard] tbody tr")).to_have_count(1)
        add_my_map(boris, "Boris", {"water": free[3:5], "farm": free[-6:-3]}, 0)
        boris.screenshot(path=str(shots / "paper-board-added-phone.png"))
        boris.get_by_role("link", name=text("paper_board.back")).click()
        ann.get_by_role("link", name=text("paper_board.back")).click()
        table = api.client.get(f"/api/tables/{created['id']}").json()
        expected = {e["name"]: engine_figures(table, e) for e in table["scoreboard"]}
        assert set(expected) == {"Ann", "Boris"}
        for page in (watcher, ann, boris):
            expect(page.locator("[data-scoreboard] tbody tr")).to_have_count(2)
        assert shown_board(watcher) == shown_board(ann) == expected
        assert {name: total for name, (_, total) in shown_board(boris).items()} == \
            {name: total for name, (_, total) in expected.items()}
        expect(ann.locator("[data-scoreboard] tr.mine th a")).to_have_text("Ann")
        # "Score my map" goes on with Ann's own map, not a blank one.
        ann_id = next(e["map_id"] for e in table["scoreboard"] if e["name"] == "Ann")
        expect(ann.get_by_role("link", name=text("paper_table.score_map"))).to_have_attribute(
            "href", re.compile(f"[?&]map={re.escape(ann_id)}(&|$)"))
        watcher.screenshot(path=str(shots / "paper-board-table.png"))
        boris.screenshot(path=str(shots / "paper-board-table-phone.png"), full_page=True)

        # Ann reopens her map from the scoreboard, adds a season, and everyone sees it.
        ann.locator("[data-scoreboard] tr.mine th a").click()
        expect(ann.locator("[data-add-map]")).to_have_text(text("paper_board.update"))
        ann.locator('[data-season="1"]').click()
        paint(ann, {"forest": free[20:22]})
        ann.locator("[data-add-map]").click()
        expect(ann.locator("[data-saved]")).to_be_visible()
        table = api.client.get(f"/api/tables/{created['id']}").json()
        mine = next(e for e in table["scoreboard"] if e["name"] == "Ann")
        assert len(mine["snapshots"]) == 4 and mine["snapshots"][0] != mine["snapshots"][1]
        seasons, total = engine_figures(table, mine)
        row = watcher.locator(f'[data-scoreboard] tr[data-map="{mine["map_id"]}"]')
        assert seasons[1:] == [None] * 3  # summer is to come: not scored on any map yet
        expect(row.locator("[data-total]")).to_have_text(str(total).replace("-", "−"))
        expect(row.locator("td.season-col")).to_have_text(
            [str(s).replace("-", "−") if s is not None else "—" for s in seasons])

        # Another player's map opens read-only: whose it is, and no button that would send it.
        watcher.locator("[data-scoreboard] th a", has_text="Boris").click()
        expect(watcher.locator("[data-read-only]")).to_contain_text("Boris")
        expect(watcher.locator("[data-add-map]")).to_have_count(0)
        expect(watcher.locator(".paper-results [data-total]")).to_have_text(
            str(expected["Boris"][1]))
        watcher.screenshot(path=str(shots / "paper-board-their-map.png"))
    finally:
        for page in (watcher, ann, boris):
            page.context.close()


def test_the_tables_print_link_carries_its_address(page: Page, api: Api, shots: Path) -> None:
    created = api.client.post("/api/tables", json={"options": {"preset": "base", "side": "B"},
                                                   "seed": 3}).json()
    page.goto(created["url"])
    link = page.get_by_role("link", name=text("paper_board.print"))
    query = parse_qs(urlsplit(link.get_attribute("href") or "").query)
    cards = [e["card"] for e in api.client.get(f"/api/tables/{created['id']}").json()["edicts"]]
    assert query == {"link": [created["url"]], "sides": ["B"], "cards": [",".join(cards)]}
    link.click()
    expect(page.locator("main")).to_have_count(1)
    assert parse_qs(urlsplit(page.url).query)["link"] == [created["url"]]
    # The score pad names the table's edicts; a link leads back to the table.
    names = {c["id"]: c["names"]["en"] for c in api.catalog()["scoring"].values()}
    expect(page.locator("[data-edict-name]")).to_have_text([names[c] for c in cards])
    expect(page.locator("#rows")).to_have_value("4")
    page.screenshot(path=str(shots / "paper-board-print.png"), full_page=True)
    page.locator("[data-back]").click()
    expect(page.locator("main.paper-table")).to_be_visible()
