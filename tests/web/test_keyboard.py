"""The Cartographers table by keyboard: Tab reaches every control, each showing a clear focus
ring (the map, the small maps, the seat tabs, the chosen shape or terrain among them); Enter
confirms the placement after a click on any control, and on the placement's own controls,
while a button reached with Tab is still pressed by Enter, and Space presses any button."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import Api
from tests.web.table import Table, action_words, text

FOCUS = "rgb(0, 114, 178)"  # style.css's --focus

# Where the focus is, and whether it shows the focus ring: a --focus outline, or a --focus
# ring drawn as a shadow (a chosen control already wears an outline of its own).
FOCUSED = """(focus) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const again = window.reached.has(el);
  window.reached.add(el);
  const cs = getComputedStyle(el);
  const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 &&
    cs.outlineColor === focus;
  const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ` +
    `"${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}"`;
  return {name, ring: el.matches(':focus-visible') && (outline || cs.boxShadow.includes(focus)),
          again};
}"""

# Every control a person can use that Tab never reached.
UNREACHED = """() => [...document.querySelectorAll(
    'a[href], button:not(:disabled), input, select, textarea, summary, [tabindex]')]
  .filter((el) => el.tabIndex >= 0 && el.getClientRects().length && !window.reached.has(el))
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)"""


def tab_through(page: Page) -> list[dict[str, Any]]:
    """Tab from where the focus is until it comes round again (past the page's end, Tab
    leaves the page a moment, then starts again from its top)."""
    page.evaluate("() => { window.reached = new Set(); }")
    seen: list[dict[str, Any]] = []
    for _ in range(200):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUSED, FOCUS)
        if now is not None and now["again"]:
            return seen
        if now is not None:
            seen.append(now)
    raise AssertionError("Tab never came round")


def test_tab_reaches_every_control_and_shows_where_it_is(page: Page, api: Api,
                                                         shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], seed=5)
    ann, bob = created["seats"]
    page.goto(ann["url"])
    expect(page.get_by_role("heading", name=f"{text('map.of', name='Ann')} · "
                                             f"{text('map.yours')}")).to_be_visible()
    page.goto(bob["url"])  # hot-seat: both seats in one browser, a tab each
    tabs = page.get_by_role("tablist", name=text("hotseat.seats")).get_by_role("tab")
    expect(tabs).to_have_count(2)
    table = Table(page, api, created["id"], ann["token"])
    expect(table.controls).to_be_visible()
    table.settle()
    seen = tab_through(page)
    names = [s["name"] for s in seen]
    assert any(n.startswith("svg.map.big") for n in names), names
    assert sum(n.startswith("button.other") for n in names) == 2, names
    assert sum(n.startswith("button.on") or n.startswith("button.owes") for n in names) == 2, names
    assert any("on" in n.split()[0].split(".") for n in names), names  # a chosen control
    assert [s["name"] for s in seen if not s["ring"]] == []
    assert page.evaluate(UNREACHED) == []
    # The focus on the chosen small map, seen.
    tab_to(page, page.locator("button.other.on"))
    page.screenshot(path=str(shots / "keyboard-focus-small-map.png"))


def test_tab_walks_the_lobby_with_the_focus_in_sight(page: Page) -> None:
    page.goto("/")
    expect(page.locator("form.new-game")).to_be_visible()
    page.locator(".lobby .more summary").first.click()  # every option shown
    seen = tab_through(page)
    assert len(seen) > 5, seen
    assert [s["name"] for s in seen if not s["ring"]] == []
    assert page.evaluate(UNREACHED) == []


def prepare(table: Table, api: Api) -> str:
    """Bring the page to a placement ready to confirm, by pointer and keys as a person does
    (the terrain, if any choice, by its button); the action the page would send."""
    state = api.state(table.game_id, table.token)
    target = table.choose(state)
    expect(table.controls).to_be_visible()
    table.settle()
    if target.kind in ("draw", "monster"):
        table.orient(target, state)
    if target.kind == "hero":
        table.turn_hero(target)
    terrains = state["view"]["legal"].get("terrains") or []
    if target.terrain is not None and len(terrains) > 1:
        table.pick_terrain(target.terrain, terrains, 0)
    table.click_cell(*target.pointer)
    expect(table.hint).to_have_text(text("controls.ready", action=action_words(target.action)))
    return target.action


def sends(page: Page, key: str, action: str) -> None:
    """``key`` makes the page send ``action``, which the server takes."""
    with page.expect_response(lambda r: "/actions" in r.url, timeout=5_000) as answer:
        page.keyboard.press(key)
    assert answer.value.status == 200, answer.value.text()
    assert answer.value.request.post_data_json["action"] == action


def tab_to(page: Page, target: Locator) -> None:
    """Tab until ``target`` has the focus, as a keyboard player does."""
    for _ in range(120):
        page.keyboard.press("Tab")
        if target.evaluate("(el) => el === document.activeElement"):
            return
    raise AssertionError("Tab never reached it")


def test_enter_confirms_after_a_click_on_a_control(page: Page, api: Api) -> None:
    created = api.create([{"name": "Ann"}], seed=7)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, created["id"], seat["token"])
    rules = page.locator(".rules-button")
    panel = page.get_by_role("complementary", name=text("rulebook.common.title"))

    # A button away from the placement, clicked with the mouse: Enter still confirms.
    action = prepare(table, api)
    rules.click()
    expect(panel).to_be_visible()
    sends(page, "Enter", action)
    expect(panel).to_be_visible()
    panel.get_by_role("button", name=text("rulebook.common.close")).click()
    expect(panel).to_have_count(0)

    # A placement control clicked (the chosen terrain again, or Confirm's row's Turn would
    # turn the shape): Enter confirms.
    action = prepare(table, api)
    chosen = table.controls.locator(".terrain-btn.on, .shape-btn.on").first
    chosen.click()
    sends(page, "Enter", action)


def test_keys_still_press_every_button(page: Page, api: Api) -> None:
    created = api.create([{"name": "Ann"}], seed=7)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, created["id"], seat["token"])
    panel = page.get_by_role("complementary", name=text("rulebook.common.title"))

    # Reached with Tab, a button away from the placement is pressed by Enter: nothing sent.
    action = prepare(table, api)
    seq = api.state(created["id"], seat["token"])["seq"]
    tab_to(page, page.locator(".rules-button"))
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    assert api.state(created["id"], seat["token"])["seq"] == seq
    expect(table.hint).to_have_text(text("controls.ready", action=action_words(action)))
    # Reached with Tab, a placement control is pressed by Space; Enter there confirms.
    chosen = table.controls.locator(".terrain-btn.on, .shape-btn.on").first
    tab_to(page, chosen)
    page.keyboard.press("Space")
    expect(chosen).to_have_attribute("aria-pressed", "true")
    sends(page, "Enter", action)
