"""Waiting on the hint (the strong bot may think for up to twenty seconds): the panel shows a
moving bar (still for less motion) and the seconds so far while the server's answer is held
back; the placement stays usable meanwhile, and "Stop waiting" drops the answer to come
(asked again before it comes, the page waits for that same answer)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Api
from tests.web.table import Table, text


def test_the_hint_counts_its_seconds_and_may_be_stopped(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Hana"}], seed=7)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, created["id"], seat["token"])
    expect(table.controls).to_be_visible()
    held: list[Route] = []
    page.route("**/hint", lambda route: held.append(route))  # held until the test lets it through
    table.settle()

    page.keyboard.press("h")
    thinking = page.locator(".hint-panel .thinking")
    counter = thinking.locator(".thinking-time")
    expect(counter).to_have_text(text("marks.hint.thinking", seconds=0))
    expect(counter).to_have_text(text("marks.hint.thinking", seconds=1))  # it counts on
    assert len(held) == 1
    bar = thinking.locator(".thinking-bar i")
    assert bar.evaluate("e => getComputedStyle(e).animationName") == "slide"
    page.emulate_media(reduced_motion="reduce")
    assert bar.evaluate("e => getComputedStyle(e).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    page.screenshot(path=str(shots / "hint-thinking.png"))

    # The placement is the person's meanwhile: the arrows move the shape.
    before = table.hint.inner_text()
    page.keyboard.press("ArrowRight")
    expect(table.hint).not_to_have_text(before)

    # Stopped waiting: no bar, and the hint may be asked again: while the first is on its
    # way, that waits for it again (counted from when it was asked) rather than ask anew.
    stop = thinking.get_by_role("button", name=text("marks.hint.cancel"))
    stop.click()
    expect(thinking).to_have_count(0)
    expect(page.locator(".hint-button")).to_be_enabled()
    page.keyboard.press("h")
    expect(counter).not_to_have_text(text("marks.hint.thinking", seconds=0))
    assert len(held) == 1

    # Stopped again, the late answer is dropped.
    stop.click()
    expect(thinking).to_have_count(0)
    with page.expect_response(lambda r: r.url.endswith("/hint"), timeout=30_000):
        held[0].continue_()
    table.settle()
    expect(page.locator("svg.map.big g.outline")).to_have_count(0)
    expect(page.locator(".suggestion")).to_have_count(0)

    # Asked again and let through: the bar goes, the suggestion comes.
    page.keyboard.press("h")
    expect(counter).to_be_visible()
    assert len(held) == 2
    held[1].continue_()
    expect(page.locator("svg.map.big g.outline.hint")).to_have_count(1, timeout=30_000)
    expect(thinking).to_have_count(0)
