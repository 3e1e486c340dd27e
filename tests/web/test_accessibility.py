"""The accessibility checker (axe-core) finds nothing serious or critical on the lobby (its new
game and its paper table), on the Cartographers table during a placement and at a game's end,
on a paper table's page, and on the Heroes of Dominaria table during a turn, in each of the
four languages. A screen reader reads each cell of a
Cartographers map by name: its cell, terrain, ruins, a mountain's coin taken."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from herotable.cartographers.cards import map_sides
from tests.web.accessibility import audit
from tests.web.conftest import DESKTOP, Api
from tests.web.dominaria_table import create as create_dominaria
from tests.web.table import ROWS, messages, text
from tests.web.test_layout import finished, set_up

LANGUAGES = ("en", "ru", "fr", "pl")


@pytest.fixture(scope="module")
def games(api: Api) -> dict[str, str]:
    """A seat's link for each table shown."""
    solo = api.create([{"name": "Ann"}], seed=7)
    over_id, over_token = finished(api, ["Ann", "Bob"], seed=5)
    dominaria = create_dominaria(api, [{"name": "Ann"}, {"name": "Bob"}], seed=5)
    table = api.client.post("/api/tables", json={"seed": 3}).json()
    for seq in range(3):
        api.client.post(f"/api/tables/{table['id']}/flip", json={"seq": seq},
                        headers={"Authorization": f"Bearer {table['host_token']}"})
    side = api.client.get(f"/api/tables/{table['id']}").json()["config"]["side"]
    added = api.client.post(f"/api/tables/{table['id']}/maps", json={
        "name": "Ann", "seasons": [{"map": map_sides()[side].grid, "coins": 1}]}).json()
    return {"placement": solo["seats"][0]["url"],
            "over": f"/g/{over_id}#token={over_token}",
            "dominaria": set_up(api, dominaria),
            "paper": f"/t/{table['id']}#host={table['host_token']}",
            "paper_map": f"/score?table={table['id']}&map={added['map_id']}",
            "paper_add": f"/score?table={table['id']}"}


def lobby(page: Page, _games: dict[str, str]) -> None:
    page.goto("/")
    expect(page.locator("form.new-game")).to_be_visible()
    page.locator(".lobby .more summary").first.click()  # every option shown


def placement(page: Page, games: dict[str, str]) -> None:
    page.goto(games["placement"])
    expect(page.locator("svg.map.big g.ghost")).to_be_visible()


def over(page: Page, games: dict[str, str]) -> None:
    page.goto(games["over"])
    expect(page.locator(".standings")).to_be_visible()


def dominaria_turn(page: Page, games: dict[str, str]) -> None:
    page.goto(games["dominaria"])
    expect(page.locator(".dom-table[aria-busy='false']")).to_be_visible()


def paper_setup(page: Page, _games: dict[str, str]) -> None:
    page.goto("/")
    page.locator(".lobby-mode [data-mode=paper]").click()
    expect(page.locator("form.paper-setup")).to_be_visible()
    page.locator(".paper-setup .more summary").click()


def paper_table(page: Page, games: dict[str, str]) -> None:
    page.goto(games["paper"])
    expect(page.locator(".flip-button")).to_be_visible()
    expect(page.locator("[data-scoreboard] tbody tr")).to_have_count(1)


def paper_map(page: Page, games: dict[str, str]) -> None:
    """A map of a table's scoreboard on /score, read-only for this browser."""
    page.goto(games["paper_map"])
    expect(page.locator("[data-read-only]")).to_be_visible()
    expect(page.locator(".paper-results [data-total]")).to_be_visible()


def paper_add(page: Page, games: dict[str, str]) -> None:
    """/score opened from a table: the player's name and "Add my map to this table"."""
    page.goto(games["paper_add"])
    expect(page.locator("[data-add-map]")).to_be_visible()
    expect(page.locator(".paper-results [data-total]")).to_be_visible()


SCENES: dict[str, Callable[[Page, dict[str, str]], None]] = {
    "lobby": lobby, "placement": placement, "over": over, "dominaria": dominaria_turn,
    "paper_setup": paper_setup, "paper_table": paper_table, "paper_map": paper_map,
    "paper_add": paper_add}


@pytest.fixture(params=LANGUAGES)
def speaking(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    """A page whose player chose one of the four languages."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US", base_url=server)
    ctx.set_default_timeout(15_000)
    ctx.add_init_script(f"localStorage.setItem('herotable.language', '{request.param}')")
    yield ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("scene", SCENES)
def test_axe_finds_nothing_serious(speaking: Page, games: dict[str, str], scene: str,
                                   shots: Path) -> None:
    SCENES[scene](speaking, games)
    language = speaking.evaluate("() => document.documentElement.lang")
    speaking.screenshot(path=str(shots / f"a11y-{scene}-{language}.png"))
    found = audit(speaking)
    assert not found, "\n".join(found)


def cell_labels(sheet: dict[str, Any], letters: dict[str, Any], language: str) -> list[str]:
    """What each cell of a map is called, in reading order."""
    words = messages(language)
    labels = []
    for row, line in enumerate(sheet["grid"]):
        for col, char in enumerate(line):
            name = f"{ROWS[row]}{col + 1}"
            cell = letters[char]
            parts = [name]
            if cell["terrain"] != "empty" or not cell["ruins"]:
                parts.append(text(f"terrain.{cell['terrain']}", words))
            if cell["ruins"]:
                parts.append(text("terrain.ruins", words))
            if name in sheet["paid_mountains"]:
                parts.append(text("a11y.coin_taken", words))
            if name in sheet["attack"]:
                parts.append(text("a11y.attacked", words))
            labels.append(", ".join(parts))
    return labels


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_screen_reader_reads_each_cell_of_the_maps(browser: Browser, server: str, api: Api,
                                                     games: dict[str, str],
                                                     language: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US", base_url=server)
    ctx.add_init_script(f"localStorage.setItem('herotable.language', '{language}')")
    page = ctx.new_page()
    try:
        over(page, games)
        game_id, token = games["over"].removeprefix("/g/").split("#token=")
        sheets = api.state(game_id, token)["view"]["sheets"]
        letters = api.catalog()["map_letters"]
        wanted = [cell_labels(sheet, letters, language) for sheet in sheets]
        read = "els => els.map(e => e.getAttribute('aria-label'))"
        assert page.locator("svg.map.big use[data-cell]").evaluate_all(read) == wanted[0]
        for i, small in enumerate(page.locator("svg.map.small").all()):
            assert small.locator("use[data-cell]").evaluate_all(read) == wanted[i]
        # The big map is a group of named cells: among them, a mountain whose coin was taken
        # and a cell with ruins.
        words = messages(language)
        board = page.get_by_role("group", name=text("map.of", words, name="Ann"))
        taken = next(w for w in wanted[0] if w.endswith(text("a11y.coin_taken", words)))
        ruins = next(w for w in wanted[0] if text("terrain.ruins", words) in w)
        expect(board.get_by_role("img", name=taken, exact=True)).to_have_count(1)
        expect(board.get_by_role("img", name=ruins, exact=True)).to_have_count(1)
    finally:
        ctx.close()
