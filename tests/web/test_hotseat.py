"""Hot-seat: one browser holds both seats; between turns a screen asks to pass the device and
shows nothing of the next seat's table until that player says they are ready. A new card
starts with the first seat at the table, and its screen says so; neither seat ever shows as
away."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import Table, text


def test_hot_seat_passes_the_device_between_seats(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], seed=5)
    game_id = created["id"]
    ann_seat, bob_seat = created["seats"]
    # Both invitations opened in the same browser, as the lobby's hot-seat button does.
    page.goto(ann_seat["url"])
    expect(page.get_by_role("heading", name=f"{text('map.of', name='Ann')} · "
                                             f"{text('map.yours')}")).to_be_visible()
    page.goto(bob_seat["url"])
    tabs = page.get_by_role("tablist", name=text("hotseat.seats")).get_by_role("tab")
    expect(tabs).to_have_text(["Ann", "Bob"])
    expect(tabs.first).to_have_attribute("aria-selected", "true")
    ann = Table(page, api, game_id, ann_seat["token"], seed=1)
    bob = Table(page, api, game_id, bob_seat["token"], seed=2)
    ready_bob = page.get_by_role("button", name=text("hotseat.ready", name="Bob"))
    ready_ann = page.get_by_role("button", name=text("hotseat.ready", name="Ann"))

    ann.decide(0)
    # Ann is done: the page hides everything and asks for Bob.
    expect(page.get_by_role("heading", name=text("hotseat.pass", name="Bob"))).to_be_visible()
    expect(page.get_by_text(text("hotseat.hidden"))).to_be_visible()
    expect(page.locator("svg.map")).to_have_count(0)
    expect(page.get_by_role("group", name=text("controls.label"))).to_have_count(0)
    page.screenshot(path=str(shots / "hotseat-pass.png"))
    ready_bob.click()
    expect(page.get_by_role("heading", name=f"{text('map.of', name='Bob')} · "
                                             f"{text('map.yours')}")).to_be_visible()
    expect(tabs.nth(1)).to_have_attribute("aria-selected", "true")
    # Never "away", the seat this browser holds but is not playing now: checked once Bob has
    # chosen his placement, long after the device changed seats.
    other_name = page.locator(".others .other-name")
    bob.decide(1, before_confirm=lambda _: expect(other_name.first).to_have_text("Ann"))
    # A new card: it goes to the first seat at the table, and the page says why.
    new_card = page.get_by_role("heading", name=text("hotseat.order.new_card", name="Ann"))
    expect(new_card).to_be_visible()
    expect(page.get_by_text(text("hotseat.order.why"))).to_be_visible()
    expect(page.get_by_text(text("hotseat.pass", name="Ann"))).to_be_visible()
    expect(page.locator("svg.map")).to_have_count(0)
    page.screenshot(path=str(shots / "hotseat-new-card.png"))
    ready_ann.click()
    expect(page.get_by_role("heading", name=f"{text('map.of', name='Ann')} · "
                                             f"{text('map.yours')}")).to_be_visible()
    expect(ann.controls).to_be_visible()
    bob_doing = page.locator(".others .other-doing").nth(1)

    def bob_is_here_and_drawing(_: object) -> None:
        expect(other_name.nth(1)).to_have_text("Bob")
        expect(bob_doing).to_have_text(text("board.doing.draw"))

    ann.decide(2, before_confirm=bob_is_here_and_drawing)
    expect(page.get_by_role("heading", name=text("hotseat.pass", name="Bob"))).to_be_visible()
    ready_bob.click()
    bob.decide(3)
    # The next card starts with Ann again.
    expect(new_card).to_be_visible()
    state = api.state(game_id)
    assert state["seq"] == 4 and state["pending"] == [0, 1]
