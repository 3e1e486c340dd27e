"""The table says what happened: a neighbour's monster on my map is announced on my page with
the drawer's name and flashes its cells, the log "What happened" lists it, a solo game's ambush
(which draws itself) is announced too, and asking for less motion leaves the flash out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from herotable.cartographers.view import LegalMoves
from tests.web.conftest import DESKTOP, Api
from tests.web.table import Table, animation_name, other_button, text

# As tests/web/test_online.py: seed 284 deals the Settlement, then Bugbear Assault.
AMBUSHES = ["goblin_attack", "bugbear_assault", "kobold_onslaught", "gnoll_raid"]
SEED = 284
SOLO_SEED = 4  # a solo game whose third card is the Dragon Inferno, drawn by itself


def open_seat(browser: Browser, url: str, motion: str = "no-preference") -> Page:
    context = browser.new_context(viewport=DESKTOP, locale="en-US",
                                  reduced_motion=motion)  # type: ignore[arg-type]
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    return page


def shoot(page: Page, path: Path) -> None:
    """A screenshot once the notice has faded in."""
    page.wait_for_function("() => [...document.querySelectorAll('.notice')].every("
                           "(e) => getComputedStyle(e).opacity === '1')")
    page.screenshot(path=str(path))


def first_move(api: Api, game_id: str, token: str) -> str:
    """A legal action of the seat, from the API (the notation the page would send)."""
    legal = api.state(game_id, token)["view"]["legal"]
    return str(LegalMoves.from_json(legal)[0])


def ann_draws_on_bobs_map(browser: Browser, api: Api, motion: str) -> tuple[Page, list[str]]:
    """Bob's page, open from the start, as Ann draws the ambush's monster on his map; the
    monster's cells."""
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], {"ambushes": AMBUSHES},
                         seed=SEED)
    game_id, (ann, bob) = created["id"], created["seats"]
    page = open_seat(browser, bob["url"], motion)
    expect(page.locator(".link")).to_have_text(text("link.live"))
    expect(page.locator(".event-log li")).to_have_text([text("log.reveal", name="Settlement")])
    for seat in (ann, bob):  # both draw the Settlement
        api.act(game_id, seat["token"], api.state(game_id)["seq"],
                first_move(api, game_id, seat["token"]))
    state = api.state(game_id, ann["token"])
    assert state["view"]["decision"]["card"] == "bugbear_assault"
    monster = first_move(api, game_id, ann["token"])
    api.act(game_id, ann["token"], state["seq"], monster)
    return page, monster.split()[1:]


def test_a_neighbours_monster_is_announced_logged_and_flashed(
        browser: Browser, api: Api, shots: Path) -> None:
    page, cells = ann_draws_on_bobs_map(browser, api, "no-preference")
    try:
        said = text("log.monster_yours", name="Ann", card="Bugbear Assault",
                    cells=" ".join(cells))
        expect(page.locator(".notices .notice")).to_have_text([said])
        expect(page.locator(".event-log li").last).to_have_text(said)
        expect(page.get_by_role("region", name=text("log.title"))).to_be_visible()
        # Bob decides on Ann's map, shown big: his own, small, flashes the monster's cells.
        mine = other_button(page, "Bob").locator("svg.map")
        flashed = mine.locator(".flash-box")
        expect(flashed).to_have_count(len(cells))
        assert animation_name(page, ".flash-box") == "cell-flash"
        shoot(page, shots / "events-neighbour-monster.png")
        expect(page.locator(".notices .notice")).to_have_count(0, timeout=10_000)  # it fades
        expect(page.locator(".event-log li").last).to_have_text(said)  # the log keeps it
    finally:
        page.context.close()


def test_under_reduced_motion_nothing_flashes(browser: Browser, api: Api) -> None:
    page, _cells = ann_draws_on_bobs_map(browser, api, "reduce")
    try:
        expect(page.locator(".notices .notice")).to_have_count(1)
        expect(page.locator(".flash-box")).to_have_count(0)
        assert animation_name(page, ".notices .notice") == "none"
    finally:
        page.context.close()


def test_a_solo_ambush_is_announced(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}], seed=SOLO_SEED)
    game_id, seat = created["id"], created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, game_id, seat["token"])
    monster: dict[str, Any] | None = None
    for index in range(6):
        table.decide(index)
        recent = api.state(game_id, seat["token"])["view"]["recent"]
        monster = next((e for e in recent if e["type"] == "monster"), None)
        if monster:
            break
    assert monster is not None and monster["by"] is None, "the seed deals no early ambush"
    said = text("log.ambush_yours", card="Dragon Inferno", cells=" ".join(monster["cells"]))
    expect(page.locator(".notices .notice")).to_have_text([said])
    expect(page.locator(".event-log li", has_text=said)).to_have_count(1)
    expect(page.locator("svg.map.big .flash-box")).to_have_count(len(monster["cells"]))
    shoot(page, shots / "events-solo-ambush.png")
