"""Heroes of Dominaria in the browser: a whole two-player game against the greedy bot played by
clicking the page, and a hot-seat turn with the pass-the-device screen, no seat of the device
shown as away."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable, create
from tests.web.table import text

MAX_ACTIONS = 400


def test_a_whole_game_against_the_greedy_bot_by_clicking(page: Page, api: Api,
                                                         shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    # The banner says the content is designed, and opens what that means.
    expect(page.get_by_role("note")).to_contain_text(text("dom.designed.banner"))
    page.get_by_role("button", name=text("dom.designed.what")).click()
    expect(page.get_by_role("region", name=text("dom.designed.title"))).to_contain_text(
        text("dom.designed.p1")[:40])
    page.get_by_role("button", name=text("dom.designed.close")).click()

    state = table.state()
    table.synced(state)
    kinds: set[str] = set()
    shot = False
    for _ in range(MAX_ACTIONS):
        if state["over"]:
            break
        assert 0 in state["pending"], state["pending"]
        view = state["view"]
        # Never anyone else's hand: the bot's board carries its hand size only.
        assert "hand" not in view["players"][1]
        assert table.page.locator(".quests [data-card]").count() == len(
            view["players"][0]["hand"]) + len(view["players"][0]["started"])
        action = table.plan(state)
        if (not shot and view["stage"] == "play" and view["round"] >= 6
                and action.split()[0] in ("collect", "move")):
            page.screenshot(path=str(shots / "dominaria-table.png"))
            shot = True
        kinds.add(action.split()[0])
        try:
            table.do(action, state, change_payment=True)
        except Exception:
            page.screenshot(path=str(shots / "dominaria-failure.png"))
            print(action, state["view"]["stage"], state["legal"], state["view"]["decision"])
            raise
        state = table.wait_after(state["seq"])
    assert state["over"], "the game did not end"
    page.screenshot(path=str(shots / "dominaria-over.png"))
    # Every kind of decision came up and went through the page.
    assert {"keep", "place", "move", "collect", "end"} <= kinds, kinds
    assert kinds & {"manalith", "recruit", "leyline", "discover", "confront"}, kinds
    log = api.client.get(f"/api/games/{game_id}/log").json()
    mine = [action for player, action in log["actions"] if player == 0]
    if table.changed_payment:  # the page sent the payment chosen in its panel
        assert any(a.endswith(f"pay {table.changed_payment}") for a in mine), mine
    # The end: the standings with every scoring item, the winner starred.
    standings = page.locator(".standings")
    expect(standings).to_be_visible()
    expect(standings).to_contain_text(text("dom.score.total"))
    totals = [p["score"]["total"] for p in state["view"]["players"]]
    for total in totals:
        expect(standings).to_contain_text(str(total))
    # The first player's VP for its place in turn order has a row of its own.
    view = state["view"]
    head_start = view["players"][view["first"]]["score"]["turn_order"]
    assert head_start > 0
    expect(standings.locator("tr", has_text=text("dom.score.turn_order"))).to_contain_text(
        str(head_start))
    expect(page.locator(".turn-log")).to_contain_text(text("dom.event.game_over", names="")[:15])
    assert shot


def test_hot_seat_dominaria_passes_the_device(page: Page, api: Api, shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"name": "Bob"}], seed=5)
    game_id = created["id"]
    ann_seat, bob_seat = created["seats"]
    page.goto(ann_seat["url"])
    expect(page.locator(".dom-table")).to_be_visible()
    page.goto(bob_seat["url"])
    tabs = page.get_by_role("tablist", name=text("hotseat.seats")).get_by_role("tab")
    expect(tabs).to_have_text(["Ann", "Bob"])
    ann = DominariaTable(page, api, game_id, ann_seat["token"], 0)
    bob = DominariaTable(page, api, game_id, bob_seat["token"], 1)
    tables = [ann, bob]

    def ready(name: str) -> None:
        expect(page.get_by_role("heading", name=text("hotseat.pass", name=name))).to_be_visible()
        # Nothing of the table shows behind the pass screen.
        expect(page.locator("svg.dom-map")).to_have_count(0)
        expect(page.locator(".quests")).to_have_count(0)
        page.get_by_role("button", name=text("hotseat.ready", name=name)).click()

    def hand_shown(table: DominariaTable) -> None:
        state = table.state()
        table.synced(state)
        shown = page.locator(".quests [data-card]")
        expect(shown).to_have_count(len(state["view"]["players"][table.seat]["hand"]))
        for card in state["view"]["players"][table.seat]["hand"]:
            expect(page.locator(f".quests [data-card={card}]")).to_be_visible()

    # Set-up: each keeps two quests; the device goes to Bob between them.
    ann_state = ann.state()
    expect(page.locator(".dom-table")).to_be_visible()
    ann.do(ann.plan(ann_state), ann_state)
    ann.wait_after(ann_state["seq"])
    ready("Bob")
    bob_state = bob.state()
    bob.synced(bob_state)
    bob.do(bob.plan(bob_state), bob_state)
    bob.wait_after(bob_state["seq"])
    # The starting Heroes, in the set-up's order, passing the device whenever the seat changes.
    state = api.state(game_id)
    active = 1
    while state["view"]["stage"] != "play" or state["pending"] != [state["view"]["current"]]:
        owner = state["pending"][0]
        if owner != active:
            ready(["Ann", "Bob"][owner])
            active = owner
        table = tables[owner]
        own = table.state()
        table.synced(own)
        table.do(table.plan(own), own)
        state = table.wait_after(own["seq"])
        if state["view"]["stage"] == "play":
            break
    first = state["view"]["current"]
    if first != active:
        ready(["Ann", "Bob"][first])
        active = first
    # One whole turn of the first player, then the device goes to the other.
    player = tables[first]
    hand_shown(player)
    your_turn = text("dom.status.your_turn", moves=0, collects=0).split("·")[0].strip()
    expect(page.locator(".dom-table .status")).to_contain_text(your_turn)
    page.screenshot(path=str(shots / "dominaria-hotseat.png"))
    for _ in range(12):
        own = player.state()
        player.synced(own)
        action = player.plan(own)
        player.do(action, own)
        if action == "end":
            break
        player.wait_after(own["seq"])
    other = tables[1 - first]
    ready(["Ann", "Bob"][other.seat])
    hand_shown(other)
    expect(page.locator(".turn-log")).to_contain_text(
        re.compile(re.escape(text("dom.event.dominaria", name=["Ann", "Bob"][other.seat],
                                  round=1, card="")[:12])))
    assert api.state(game_id)["pending"] == [other.seat]
    # The server no longer counts the seat that handed the device on (one connection follows
    # the game at a time), yet the page never calls a seat it holds "away".
    end = time.monotonic() + 15
    while api.state(game_id)["seats"][first]["present"]:
        assert time.monotonic() < end, "the server still counts the idle seat's connection"
        time.sleep(0.05)
    expect(page.locator(f'.seat-board[data-seat="{first}"] .seat-name')).to_have_text(
        ["Ann", "Bob"][first])


def test_a_chosen_location_does_not_outlive_the_turn(page: Page, api: Api) -> None:
    """A location chosen during a turn is let go when the turn passes: the next turn's first
    click chooses, instead of letting go of last turn's choice."""
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    state = table.state()
    while state["view"]["stage"] != "play":  # the set-up, as planned
        table.do(table.plan(state), state)
        state = table.wait_after(state["seq"])
    chosen = page.locator("svg.dom-map [data-loc]").first.get_attribute("data-loc")
    assert chosen is not None
    table.select(chosen)
    table.do("end", state)
    state = table.wait_after(state["seq"])
    assert state["view"]["current"] == 0, "the bot has played its turn"
    expect(page.locator("svg.dom-map [data-loc][aria-pressed=true]")).to_have_count(0)
    table.location(chosen).click()
    expect(table.location(chosen)).to_have_attribute("aria-pressed", "true")
