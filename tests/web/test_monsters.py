"""The monsters on the Cartographers map: each ambush's cells carry its mark inside an outline
named on hover, a list beside the map names each mark, and an ambush that acts again later
(zombies spreading, the troll's ravage, the dragon's coins) is reminded there in a sentence
once its card is gone, in the page's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import messages, text

State = dict[str, Any]


def play_until(api: Api, seed: int, wanted: Callable[[State], bool]) -> tuple[str, str, State]:
    """A solo game played through the API (the first legal action each time) until ``wanted``."""
    created = api.create([{"name": "Noor"}], seed=seed)
    game_id, token = created["id"], created["seats"][0]["token"]
    for _ in range(80):
        state = api.state(game_id, token)
        if wanted(state):
            return game_id, token, state
        assert not state["over"], "the game ended first"
        api.act(game_id, token, state["seq"], state["legal"][0])
    raise AssertionError("never reached")


def names(api: Api, card: str) -> dict[str, str]:
    found: dict[str, str] = api.catalog()["ambushes"][card]["names"]
    return found


def test_each_monster_is_marked_and_named(page: Page, api: Api, shots: Path) -> None:
    # Seed 14: the troll, then the zombies, both on the map by the second season.
    game_id, token, state = play_until(
        api, 14, lambda s: len(s["view"]["sheets"][0]["monsters"]) >= 2)
    monsters = state["view"]["sheets"][0]["monsters"]
    assert set(monsters) == {"giant_troll_ravage", "zombie_plague"}
    page.goto(f"/g/{game_id}#token={token}")
    big = page.locator("svg.map.big")
    zombies = big.locator('g.monster[data-monster="zombie_plague"]')
    expect(zombies.locator("title")).to_have_text(names(api, "zombie_plague")["en"])
    expect(zombies.locator("text.monster-mark")).to_have_text(
        ["Z"] * len(monsters["zombie_plague"]))
    expect(zombies.locator("path.monster-edge")).to_have_count(1)
    troll = big.locator('g.monster[data-monster="giant_troll_ravage"]')
    expect(troll.locator("text.monster-mark").first).to_have_text("G")

    listed = page.get_by_role("region", name=text("marks.monsters.title"))
    item = listed.locator('li[data-monster="zombie_plague"]')
    expect(item.locator(".monster-chip")).to_have_text("Z")
    expect(item.locator(".monster-name")).to_have_text(names(api, "zombie_plague")["en"])
    # Focused in the list, the monster is lit on the map.
    item.focus()
    expect(zombies).to_have_class("monster on")
    page.screenshot(path=str(shots / "monsters.png"))
    # On a phone the list wraps under the map: nothing scrolls sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    expect(item).to_be_visible()
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth")
    item.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "monsters-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})

    # In Russian: the names from the card data, the marks from them.
    page.evaluate("() => localStorage.setItem('herotable.language', 'ru')")
    page.reload()
    expect(zombies.locator("title")).to_have_text(names(api, "zombie_plague")["ru"])
    expect(zombies.locator("text.monster-mark").first).to_have_text("Э")
    russian = text("marks.monsters.title", messages("ru"))
    expect(page.get_by_role("region", name=russian)).to_be_visible()


def test_a_lasting_ambush_is_reminded_after_its_season(page: Page, api: Api, shots: Path) -> None:
    # Seed 3: the zombies come in spring (drawn at once in solo) and are still there in summer.
    def zombies_in_summer(s: State) -> bool:
        view = s["view"]
        return view["season_index"] >= 1 and "zombie_plague" in view["sheets"][0]["monsters"]

    game_id, token, state = play_until(api, 3, zombies_in_summer)
    assert "zombie_plague" in state["view"]["ambushes_in_play"]
    page.goto(f"/g/{game_id}#token={token}")
    item = page.locator('.monster-list li[data-monster="zombie_plague"]')
    expect(item.locator(".lasting")).to_have_text(text("marks.lasting.zombie"))
    page.screenshot(path=str(shots / "monsters-lasting.png"))
    page.evaluate("() => localStorage.setItem('herotable.language', 'fr')")
    page.reload()
    expect(item.locator(".lasting")).to_have_text(text("marks.lasting.zombie", messages("fr")))
