"""Undo at the table: Ann places, Undo shows; pressing it takes the shape off her map and
gives her decision back with the shape where she had put it; once Bob has placed (the next
card is out) her Undo is gone. Solo says why it has no Undo. Heroes of Dominaria: a move
taken back with the U key."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import DESKTOP, Api
from tests.web.table import Table, action_words, filled, text
from tests.web.test_layout import CHECK, SIZES


def seat_page(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    return page


def undo_button(page: Page):
    return page.get_by_role("button", name=text("undo.button"))


def test_ann_undoes_her_placement_until_bob_places(browser: Browser, api: Api,
                                                   shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], seed=11)
    game_id = created["id"]
    ann_seat, bob_seat = created["seats"]
    ann_page = seat_page(browser, ann_seat["url"])
    bob_page = seat_page(browser, bob_seat["url"])
    try:
        ann = Table(ann_page, api, game_id, ann_seat["token"], seed=1)
        bob = Table(bob_page, api, game_id, bob_seat["token"], seed=2)
        expect(ann.controls).to_be_visible()
        expect(undo_button(ann_page)).to_have_count(0)  # nothing to take back yet
        before = filled(ann.big_map)
        placed = ann.decide(0)
        expect(undo_button(ann_page)).to_be_visible()
        expect(undo_button(bob_page)).to_have_count(0)  # Bob has nothing of his to undo
        assert filled(ann.big_map) > before
        ann_page.screenshot(path=str(shots / "undo-offered.png"))
        # On a phone the button fits too: nothing scrolls sideways or is clipped.
        ann_page.set_viewport_size(SIZES["phone"])
        expect(undo_button(ann_page)).to_be_visible()
        ann_page.screenshot(path=str(shots / "undo-offered-phone.png"), full_page=True)
        assert ann_page.evaluate(CHECK) == []
        ann_page.set_viewport_size(DESKTOP)

        with ann_page.expect_response(lambda r: "/undo" in r.url) as answer:
            undo_button(ann_page).click()
        assert answer.value.status == 200, answer.value.text()
        expect(ann.controls).to_be_visible()  # the decision is back
        expect(undo_button(ann_page)).to_have_count(0)
        assert filled(ann.big_map) == before  # the map lost the shape
        # ... and the shape waits where she had put it, ready to confirm again.
        expect(ann.hint).to_have_text(text("controls.ready", action=action_words(placed)))
        ann_page.screenshot(path=str(shots / "undo-done.png"))

        # She places again (the U key would now find nothing: no button), then Bob places:
        # the next card is out and her placement stands.
        with ann_page.expect_response(lambda r: "/actions" in r.url):
            ann_page.keyboard.press("Enter")
        expect(undo_button(ann_page)).to_be_visible()
        bob.decide(1)
        expect(undo_button(ann_page)).to_have_count(0)
        expect(undo_button(bob_page)).to_have_count(0)
        assert api.state(game_id, ann_seat["token"])["undo"] is False
    finally:
        ann_page.context.close()
        bob_page.context.close()


def test_solo_says_a_confirmed_placement_is_final(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}], seed=5)
    page.goto(created["seats"][0]["url"])
    table = Table(page, api, created["id"], created["seats"][0]["token"])
    expect(table.controls).to_be_visible()
    state = api.state(created["id"], created["seats"][0]["token"])
    target = table.choose(state)
    if target.kind in ("draw", "monster"):
        table.orient(target, state)
    table.click_cell(*target.pointer)
    expect(page.locator(".undo-note")).to_have_text(text("undo.solo_note"))
    page.screenshot(path=str(shots / "undo-solo-note.png"))
    with page.expect_response(lambda r: "/actions" in r.url):
        page.keyboard.press("Enter")
    expect(undo_button(page)).to_have_count(0)


def test_dominaria_a_move_is_taken_back_with_the_u_key(browser: Browser, api: Api,
                                                       shots: Path) -> None:
    answer = api.client.post("/api/games", json={
        "game": "dominaria", "seed": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    created = answer.json()
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    # Set-up through the API: each keeps quests and places heroes, first legal choice.
    while True:
        states = [api.state(game_id, token) for token in tokens]
        if states[0]["view"].get("stage") == "play":
            break
        seat = states[0]["pending"][0]
        api.act(game_id, tokens[seat], states[seat]["seq"], states[seat]["legal"][0])
    seat = states[0]["pending"][0]
    page = seat_page(browser, created["seats"][seat]["url"])
    try:
        mine = api.state(game_id, tokens[seat])
        move = next(a for a in mine["legal"] if a.startswith("move "))
        expect(page.locator(".dom-table")).to_be_visible()
        expect(undo_button(page)).to_have_count(0)
        api.act(game_id, tokens[seat], mine["seq"], move)
        expect(undo_button(page)).to_be_visible()
        page.screenshot(path=str(shots / "undo-dominaria.png"))
        with page.expect_response(lambda r: "/undo" in r.url) as undone:
            page.keyboard.press("u")
        assert undone.value.status == 200, undone.value.text()
        expect(undo_button(page)).to_have_count(0)
        assert api.state(game_id, tokens[seat])["legal"] == mine["legal"]
    finally:
        page.context.close()
