"""The hint on the Cartographers table: asked with the H key, the strong bot's placement drawn
on the map as a dashed outline with the final score it expects, taken as the placement being
chosen and confirmed; never offered where the game allows no hints."""

from __future__ import annotations

import math
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import Table, action_words, text


def compared(difference: float, unit: str) -> str:
    """An other choice against the one shown, in the page's words ("2.4 stars less")."""
    d = math.floor(difference * 10 + 0.5) / 10  # as the page rounds (Math.round)
    if d == 0:
        return text("hint.as_good")
    size = abs(d)
    value = str(int(size)) if size == int(size) else str(size)
    return text(f"hint.{'more' if d > 0 else 'less'}_{'vp' if unit == 'vp' else 'stars'}",
                count=size, value=value)


def test_a_hint_shown_and_taken(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Hana"}], seed=7)
    game_id, seat = created["id"], created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, game_id, seat["token"])
    state = api.state(game_id, seat["token"])
    assert state["hints"] is True
    expect(table.controls).to_be_visible()
    expect(page.locator("svg.map.big g.outline")).to_have_count(0)
    table.settle()
    with page.expect_response(lambda r: r.url.endswith("/hint"), timeout=30_000) as asked:
        page.keyboard.press("h")
    hint = asked.value.json()
    outline = page.locator("svg.map.big g.outline.hint")
    expect(outline).to_have_count(1, timeout=30_000)
    action = outline.get_attribute("data-action")
    assert action is not None and action in state["legal"], action
    cells = [w for w in action.split() if re.fullmatch(r"[A-K]\d+", w)]
    expect(outline.locator("rect.outline-cell")).to_have_count(len(cells))
    suggestion = page.locator(".suggestion")
    expect(suggestion).to_contain_text(text("hint.suggests", move=action_words(action)))
    expect(suggestion.locator(".hint-value")).to_have_text(re.compile(r"≈\d"))
    # The bot's other choices say in words how they compare with the one shown.
    others: dict[str, float] = {}
    for option in hint["options"]:
        if option["action"] != hint["action"]:
            others.setdefault(option["action"], option["value"])
    assert others and hint.get("method") != "harm"  # the seed's first decision: a shape of its own
    expect(page.locator(".hint-others button")).to_have_text(
        [f"{action_words(a)} ({compared(v - hint['value'], hint['unit'])})"
         for a, v in others.items()])
    page.screenshot(path=str(shots / "hint-shown.png"))

    # Taken, the suggestion is the placement being chosen, and Enter sends it.
    page.get_by_role("button", name=text("hint.take")).click()
    expect(table.hint).to_have_text(text("controls.ready", action=action_words(action)))
    expect(table.controls.locator("button.confirm")).to_be_focused()  # Enter confirms it
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200, answer.value.text()
    after = api.state(game_id, seat["token"])
    assert after["seq"] == 1
    expect(page.locator("svg.map.big g.outline")).to_have_count(0)  # a new decision
    if action.startswith("draw "):
        for cell in cells:
            expect(table.big_map.locator(f'[data-cell="{cell}"]')).to_have_attribute(
                "href", f"#t-{action.split()[1]}")


def test_no_hint_where_the_game_allows_none(page: Page, api: Api) -> None:
    answer = api.client.post("/api/games", json={
        "game": "cartographers", "seats": [{"name": "Ida"}], "options": {}, "seed": 7,
        "hints": False})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    page.goto(created["seats"][0]["url"])
    table = Table(page, api, created["id"], created["seats"][0]["token"])
    expect(table.controls).to_be_visible()
    assert api.state(created["id"], created["seats"][0]["token"])["hints"] is False
    expect(page.locator(".hint-button")).to_have_count(0)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/hint") else None)
    page.keyboard.press("h")
    table.settle()
    expect(page.locator("svg.map.big g.outline")).to_have_count(0)
    assert asked == []
