"""The hint on the Heroes of Dominaria table: asked with the H key, the strong bot's choice (the
server's answer, at the bot's own small default budget) is ringed on the map and worded in the
panel as the lead it keeps over the strongest rival, its other choices compared with it;
"Take it" makes it the action chosen in the panel (its location, its payment, the cards to
keep), which Enter then sends. Never offered where the game allows no hints."""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, Request, Route, expect

from tests.web.accessibility import audit
from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable, create, shown
from tests.web.table import text

MAX_ACTIONS = 40


def rounded(x: float) -> float:
    """A value as the page rounds it (Math.round to one decimal)."""
    return math.floor(x * 10 + 0.5) / 10


def number(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


def lead_words(value: float) -> str:
    lead = rounded(value)
    if lead == 0:
        return text("dom.hint.level")
    return text(f"dom.hint.{'ahead' if lead > 0 else 'behind'}", count=abs(lead),
                value=number(abs(lead)))


def compared(difference: float) -> str:
    d = rounded(difference)
    if d == 0:
        return text("hint.as_good")
    return text(f"hint.{'more' if d > 0 else 'less'}_vp", count=abs(d), value=number(abs(d)))


def advance(api: Api, game_id: str, token: str, kind: str) -> dict[str, Any]:
    """Play seat 0's decisions through the API (a plain plan) until it alone owes one of
    `kind` (the greedy bot answers meanwhile)."""
    end = time.monotonic() + 30
    acted = 0
    while time.monotonic() < end and acted < MAX_ACTIONS:
        state = api.state(game_id, token)
        decision = state["view"]["decision"]
        if decision and decision["kind"] == kind and state["pending"] == [0]:
            return state
        if 0 in state["pending"]:
            api.act(game_id, token, state["seq"], DominariaTable.plan(state))
            acted += 1
        else:
            time.sleep(0.05)
    raise AssertionError(f"no {kind} decision came up")


def ask(page: Page) -> dict[str, Any]:
    """Press H, once the page offers a hint (its key is heard exactly while its button is
    there), and return the server's answer to the hint the page asked for."""
    expect(page.locator(".hint-button")).to_be_enabled()
    with page.expect_response(lambda r: r.url.endswith("/hint"), timeout=30_000) as asked:
        page.keyboard.press("h")
    assert asked.value.status == 200, asked.value.text()
    hint: dict[str, Any] = asked.value.json()
    return hint


def sent_after_take(page: Page, focused: Locator) -> str:
    """Enter on the focused confirming button: the action the page sends."""
    expect(focused).to_be_focused()
    sent: list[str] = []

    def record(request: Request) -> None:
        if request.method == "POST" and "/actions" in request.url:
            sent.append(json.loads(request.post_data or "{}")["action"])

    page.on("request", record)
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200, answer.value.text()
    return sent[0]


def test_a_placement_hint_is_ringed_worded_and_taken(page: Page, api: Api, shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    state = advance(api, game_id, seat["token"], "place")
    assert state["hints"] is True
    names = api.client.get("/api/catalog/dominaria").json()["locations"]
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    table.synced(shown(table))
    expect(page.locator("svg.dom-map .hint-ring")).to_have_count(0)

    # While the bot thinks (its answer held back here), the panel counts the seconds.
    held: list[Route] = []
    page.route("**/hint", lambda route: held.append(route))
    with page.expect_request(lambda r: r.url.endswith("/hint")):
        page.keyboard.press("h")
    thinking = page.locator(".dom-actions .hint-panel .thinking")
    expect(thinking.locator(".thinking-time")).to_have_text(text("marks.hint.thinking", seconds=0))
    expect(thinking.locator(".thinking-cancel")).to_have_attribute(
        "title", text("dom.hint.cancel_help"))
    # The route's handler runs when Playwright hands it the request, which may come a little
    # after the request was seen: each round trip to the page lets that message through.
    for _ in range(1000):
        if held:
            break
        page.evaluate("0")
    assert len(held) == 1
    with page.expect_response(lambda r: r.url.endswith("/hint"), timeout=30_000) as asked:
        held[0].continue_()
    hint = asked.value.json()
    expect(thinking).to_have_count(0)
    action = hint["action"]
    assert action in state["legal"] and action.startswith("place "), action
    assert hint["unit"] == "vp"
    where = action.split()[1]
    # The bot's location is ringed on the map, and only it.
    rings = page.locator("svg.dom-map .hint-ring")
    expect(rings).to_have_count(1)
    expect(table.location(where).locator(".hint-ring")).to_have_count(1)
    # The panel says what it is and, in words, the lead it keeps over the strongest rival.
    suggestion = page.locator(".dom-actions .suggestion")
    expect(suggestion).to_have_attribute("data-action", action)
    expect(suggestion).to_contain_text(text("hint.suggests", move=text(
        "dom.do.place", location=names[where]["names"]["en"])))
    expect(suggestion.locator(".hint-value")).to_have_text(lead_words(hint["value"]))
    others: dict[str, float] = {}
    for option in hint["options"]:
        if option["action"] != action:
            others.setdefault(option["action"], option["value"])
    assert others, hint
    expect(page.locator(".dom-actions .hint-others button")).to_have_text(
        [f"{text('dom.do.place', location=names[a.split()[1]]['names']['en'])} "
         f"({compared(v - hint['value'])})" for a, v in others.items()])
    page.screenshot(path=str(shots / "dominaria-hint-place.png"))

    # Taken, it is the placement chosen in the panel; Enter sends exactly the bot's action.
    page.get_by_role("button", name=text("hint.take")).click()
    expect(page.locator(".dom-actions .hint-taken")).to_have_text(text("dom.hint.taken"))
    chosen = page.locator(f".dom-actions button[data-action='{action}']")
    expect(chosen).to_have_class(re.compile(r"\bhinted\b"))  # marked as the map marks it
    assert sent_after_take(page, chosen) == action
    expect(rings).to_have_count(0)  # a new decision: the hint is forgotten


def test_a_turn_hint_is_drawn_and_taken_into_the_panel(page: Page, api: Api, shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    state = advance(api, game_id, seat["token"], "turn")
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    table.synced(shown(table))

    hint = ask(page)
    action = hint["action"]
    assert action in state["legal"], action
    verb, *args = action.split()
    suggestion = page.locator(".dom-actions .suggestion")
    expect(suggestion).to_have_attribute("data-action", action)
    expect(suggestion.locator(".hint-value")).to_have_text(lead_words(hint["value"]))
    # Drawn on the map as its kind asks: a move as an arrow between its two ringed locations.
    ringed = args[:2] if verb in ("move", "leyline") else args[:1]
    if verb != "end":
        expect(page.locator("svg.dom-map .hint-ring")).to_have_count(len(ringed))
        for loc in ringed:
            expect(table.location(loc).locator(".hint-ring")).to_have_count(1)
    expect(page.locator("svg.dom-map .hint-arrow")).to_have_count(1 if verb == "move" else 0)
    page.screenshot(path=str(shots / "dominaria-hint-turn.png"))
    found = audit(page)  # the hint's panel and marks add nothing serious for axe
    assert not found, "\n".join(found)

    page.get_by_role("button", name=text("hint.take")).click()
    panel = page.locator(".dom-actions")
    if verb in ("recruit", "discover", "confront", "manalith", "leyline"):
        payment = page.get_by_role("group", name=text("dom.pay.title"))
        expect(payment).to_be_visible()
        focused = payment.get_by_role("button", name=text("dom.pay.confirm"))
    else:
        if verb in ("move", "collect"):  # chosen at its location, as a click there would
            expect(table.location(args[0])).to_have_attribute("aria-pressed", "true")
        focused = panel.locator(f"button[data-action='{action}']")
    assert sent_after_take(page, focused) == action


def test_a_set_up_hint_outlives_another_seats_keep(page: Page, api: Api) -> None:
    """Every seat keeps its quests at once: another seat keeping its own leaves this seat's
    decision as it was, so the hint shown for it stays, and taking it still works."""
    answer = api.client.post("/api/games", json={
        "game": "dominaria", "seats": [{"name": "Ann"}, {"name": "Bo"}], "options": {},
        "seed": 3, "hints": True})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    game_id, ann, bo = created["id"], created["seats"][0], created["seats"][1]
    page.goto(ann["url"])
    table = DominariaTable(page, api, game_id, ann["token"], 0)
    state = shown(table)
    hint = ask(page)
    take = page.get_by_role("button", name=text("hint.take"))
    expect(take).to_be_visible()
    theirs = api.state(game_id, bo["token"])
    api.act(game_id, bo["token"], theirs["seq"], theirs["legal"][0])
    expect(page.locator(f".dom-table[data-seq='{state['seq'] + 1}']")).to_be_visible()
    expect(take).to_be_visible()
    take.click()
    assert sent_after_take(page, page.locator(".dom-actions .choice button.confirm")) == (
        hint["action"])


def test_no_hint_where_the_game_allows_none(page: Page, api: Api) -> None:
    answer = api.client.post("/api/games", json={
        "game": "dominaria", "seats": [{"name": "Ida"}, {"bot": "greedy"}], "options": {},
        "seed": 3, "hints": False})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    game_id, token = created["id"], created["seats"][0]["token"]
    state = api.state(game_id, token)
    assert state["hints"] is False
    # The server refuses it as it does for Cartographers.
    refused = api.client.post(f"/api/games/{game_id}/hint",
                              headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 403 and refused.json()["code"] == "hints_off", refused.text
    page.goto(created["seats"][0]["url"])
    table = DominariaTable(page, api, game_id, token, 0)
    table.synced(shown(table))
    expect(page.locator(".dom-actions .choice")).to_be_visible()  # the quests to keep
    expect(page.locator(".hint-button")).to_have_count(0)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/hint") else None)
    page.keyboard.press("h")
    expect(page.locator("svg.dom-map .hint-ring")).to_have_count(0)
    assert asked == []


def test_a_keep_hint_picks_its_cards(page: Page, api: Api) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    shown(table)
    # The bot keeps its quests at the same time: asked once it has, so that this test is
    # about the keep alone (a hint outliving another seat's keep is the next test's).
    state = table.wait_until(lambda state: state["pending"] == [0])
    assert state["view"]["decision"]["kind"] == "keep"  # the quests kept at set-up

    hint = ask(page)
    action = hint["action"]
    assert action in state["legal"] and action.startswith("keep "), action
    expect(page.locator("svg.dom-map .hint-ring")).to_have_count(0)  # nothing on the map
    page.get_by_role("button", name=text("hint.take")).click()
    choice = page.locator(".dom-actions .choice")
    for card in action.split()[1:]:
        expect(choice.locator(f"[data-card={card}]")).to_have_attribute("aria-pressed", "true")
    assert sent_after_take(page, choice.locator("button.confirm")) == action
