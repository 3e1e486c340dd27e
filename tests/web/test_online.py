"""Two people online, each in their own browser with their own invitation: both draw, then an
ambush comes and each draws the monster on the other's map, which the other sees appear live.
The map a person chose to look at stays while the other plays. A person's own seat is never
shown away."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import DESKTOP, Api
from tests.web.table import Table, other_button, terrains, text

# The base game's ambushes (no effects), dealt with seed 284: the first season starts with the
# Settlement, then Bugbear Assault, so a monster comes on the second turn. (A set deck would
# say so outright, but a server takes no scenario: tests/server/test_api.py.)
AMBUSHES = ["goblin_attack", "bugbear_assault", "kobold_onslaught", "gnoll_raid"]
SEED = 284


def seat_page(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    return page


def other_map(page: Page, name: str) -> Locator:
    """The small map of ``name`` among "all maps"."""
    return other_button(page, name).locator("svg.map")


def test_two_browsers_an_ambush_crosses_to_the_neighbours_map(
        browser: Browser, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], {"ambushes": AMBUSHES},
                         seed=SEED)
    first = api.state(created["id"], created["seats"][0]["token"])["view"]
    assert first["current"] == "settlement"  # the seed still deals what the test is about
    game_id = created["id"]
    ann_seat, bob_seat = created["seats"]
    ann_page = seat_page(browser, ann_seat["url"])
    bob_page = seat_page(browser, bob_seat["url"])
    try:
        ann = Table(ann_page, api, game_id, ann_seat["token"], seed=1)
        bob = Table(bob_page, api, game_id, bob_seat["token"], seed=2)
        for page, me in ((ann_page, "Ann"), (bob_page, "Bob")):
            expect(page.get_by_role("heading", name=f"{text('map.of', name=me)} · "
                                                     f"{text('map.yours')}")).to_be_visible()
            expect(page.locator(".link")).to_have_text(text("link.live"))  # the WebSocket

        # Both draw the Settlement. Bob, deciding, looks at Ann's map: her move does not take
        # it away from him, and he sees her village appear on it, big and small.
        expect(ann_page.locator(".season-preview .muted")).to_have_text(text("preview.if_now"))
        other_map(bob_page, "Ann").click()
        ann_heading = bob_page.get_by_role("heading", name=text("map.of", name="Ann"), exact=True)
        expect(ann_heading).to_be_visible()
        ann_village = ann.decide(0)
        expect(bob_page.get_by_role("status")).to_have_text(text("status.your_move"))
        for cell in ann_village.split()[2:]:
            expect(other_map(bob_page, "Ann").locator(f'[data-cell="{cell}"]')).to_have_attribute(
                "href", "#t-village")
            expect(bob_page.locator(f'svg.map.big [data-cell="{cell}"]')).to_have_attribute(
                "href", "#t-village")
        expect(ann_heading).to_be_visible()
        other_map(bob_page, "Bob").click()
        bob.decide(1)

        # The ambush: each draws the monster on the other's map, shown big in their own page.
        for page, neighbour in ((ann_page, "Bob"), (bob_page, "Ann")):
            expect(page.get_by_role("heading", name=text("map.of", name=neighbour),
                                    exact=True)).to_be_visible()
            expect(page.locator(".decision-text")).to_have_text(
                text("decision.monster", name=neighbour))
            # "If the season ended now" scores the map the monster goes on: it says whose.
            expect(page.locator(".season-preview .muted")).to_have_text(
                text("preview.if_now_on", name=neighbour))
        bob_before = terrains(other_map(bob_page, "Bob"))

        def snap(_action: str) -> None:
            ann_page.screenshot(path=str(shots / "online-monster-on-neighbours-map.png"))

        monster = ann.decide(2, before_confirm=snap)
        cells = monster.split()[1:]
        assert all(bob_before[c] != "monster" for c in cells)
        # Live in Bob's browser, no reload: the monster is on Bob's own map where Ann drew it.
        for cell in cells:
            expect(other_map(bob_page, "Bob").locator(f'[data-cell="{cell}"]')).to_have_attribute(
                "href", "#t-monster")
        after = terrains(other_map(bob_page, "Bob"))
        assert {c for c in after if after[c] != bob_before[c]} == set(cells)
        # Ann's page: her part is done, Bob's is not.
        expect(ann_page.get_by_role("status")).to_have_text(
            text("status.waiting", names="Bob"))

        bob_monster = bob.decide(3)
        for cell in bob_monster.split()[1:]:
            expect(other_map(ann_page, "Ann").locator(f'[data-cell="{cell}"]')).to_have_attribute(
                "href", "#t-monster")
        # Bob looks at his own map, big.
        other_button(bob_page, "Bob").click()
        expect(bob_page.get_by_role("heading", name=f"{text('map.of', name='Bob')} · "
                                                    f"{text('map.yours')}")).to_be_visible()
        for cell in cells:
            expect(bob_page.locator(f'svg.map.big [data-cell="{cell}"]')).to_have_attribute(
                "href", "#t-monster")
        state = api.state(game_id)
        assert state["seq"] == 4 and not state["over"]
        assert sorted(state["view"]["sheets"][1]["monsters"]["bugbear_assault"]) == sorted(cells)
    finally:
        ann_page.context.close()
        bob_page.context.close()


def test_a_persons_own_seat_is_never_shown_away(page: Page, api: Api) -> None:
    """The first state can come before the page's live connection is up (the server counts a
    seat present only then); the person at this page is here all the same."""
    answer = api.client.post("/api/games", json={
        "game": "cartographers", "seats": [{"name": "Ann"}, {"name": "Bo"}], "options": {},
        "seed": 7})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    page.route_web_socket(re.compile(r"/ws$"), lambda socket: socket.close())
    page.goto(created["seats"][0]["url"])
    names = page.locator(".others button.other .other-name")
    expect(names).to_have_count(2)
    expect(names.nth(0)).to_have_text("Ann")  # this page's seat: present
    expect(names.nth(1)).to_have_text(f"Bo ({text('seat.away')})")  # nobody holds Bo's yet

