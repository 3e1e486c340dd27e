"""The daily challenge in the page: today's deal played to the end in the normal table (no
hint button there), the attempt on the leaderboard with its title, the finished map opened
from the board, and a second attempt refused, by name and by browser; the weekly challenge's
own page (base game, named by its week, an unfinished attempt continued from it)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import Api
from tests.web.table import Table, text


def play_attempt(page: Page, api: Api, name: str) -> tuple[Table, dict[str, Any]]:
    """The challenge page's form sent under ``name``: the attempt's table (in the normal
    game page, no hint button) and its state as the server tells it."""
    page.get_by_label(text("challenge.your_name")).fill(name)
    page.get_by_role("button", name=text("challenge.play"), exact=True).click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    token = page.evaluate("() => JSON.parse(localStorage.getItem('herotable.games'))"
                          ".find((g) => g.id === location.pathname.split('/')[2]).token")
    table = Table(page, api, game_id, token)
    expect(table.controls).to_be_visible()
    expect(page.locator(".hint-button")).to_have_count(0)  # no hints in a challenge
    return table, api.state(game_id, token)


def test_the_daily_challenge_played_and_on_the_leaderboard(
        context: BrowserContext, api: Api, shots: Path) -> None:
    today = api.client.get("/api/challenges/daily").json()["now"]
    page = context.new_page()
    page.goto("/daily")
    title = re.compile(text("challenge.title_daily"))
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    expect(page.get_by_text(text("challenge.setup", preset=text(
        "option.cartographers.preset.choice.heroes")))).to_be_visible()
    left = re.compile(text("challenge.time_left", time="") + r"\d")
    expect(page.get_by_text(left)).to_be_visible()
    # The attempt is played in the normal table.
    table, state = play_attempt(page, api, "Cleo")
    game_id, token = table.game_id, table.token
    assert state["challenge"] == f"daily:{today['key']}" and state["hints"] is False
    page.keyboard.press("h")
    expect(page.locator("g.outline")).to_have_count(0)
    for index in range(60):
        if api.state(game_id, token)["over"]:
            break
        table.decide(index)
    state = api.state(game_id, token)
    assert state["over"], "the challenge did not end within 60 decisions"
    expect(page.get_by_role("heading", name=text("standings.title"))).to_be_visible()
    total = sum(row["total"] for row in state["view"]["scores"][0])

    # The leaderboard has the attempt, with the server's score and the title in words.
    page.get_by_role("link", name=text("challenge.to_board")).click()
    expect(page).to_have_url(re.compile(f"/daily/{today['key']}$"))
    board = api.client.get(f"/api/challenges/daily/{today['key']}").json()
    mine = next(e for e in board["entries"] if e["game"] == game_id)
    assert mine["score"] == total
    # The server sends the title's names by language; the English page says the English one.
    title = mine["title"]["en"] if mine["title"] else text("challenge.no_title")
    row = page.locator(f"table.board-table tr[data-game='{game_id}']")
    expect(row.locator("td")).to_have_text([
        str(mine["rank"]), "Cleo", text("edict.stars", count=total),
        f"+{mine['rating']}" if mine["rating"] > 0 else str(mine["rating"]),
        title, text("challenge.view_map")])
    # The page now says the attempt was made, with its result, and offers no second one.
    expect(page.get_by_text(text("challenge.played_daily", name="Cleo"))).to_be_visible()
    expect(page.locator(".yours .result-title")).to_have_text(title)
    expect(page.get_by_role("button", name=text("challenge.play"), exact=True)).to_have_count(0)
    days = page.get_by_role("navigation", name=text("challenge.days_daily"))
    today_link = days.get_by_role("link", name=re.compile(text("challenge.now_daily")))
    expect(today_link).to_have_attribute("aria-current", "page")
    page.screenshot(path=str(shots / "challenge-leaderboard.png"))

    # Yesterday's board, then back to today's, and the finished map opened from it.
    days.get_by_role("link", name=text("challenge.before_daily")).click()
    expect(page.locator("table.board-table tr[data-game]")).to_have_count(0)
    today_link.click()
    row.get_by_role("link", name=text("challenge.view_map")).click()
    expect(page).to_have_url(re.compile(f"/daily/{today['key']}/g/{game_id}$"))
    expect(page.get_by_role("heading", name=text("standings.title"))).to_be_visible()
    expect(page.locator(".standings li .who")).to_have_text(["Cleo"])
    expect(table.controls).to_have_count(0)

    # A second attempt: a new browser with the same name, then this browser with a new name.
    assert context.browser is not None
    other = context.browser.new_context(base_url=api.base, locale="en-US")
    try:
        second = other.new_page()
        second.goto("/daily")
        second.get_by_label(text("challenge.your_name")).fill("cleo ")
        second.get_by_role("button", name=text("challenge.play"), exact=True).click()
        expect(second.get_by_role("alert")).to_have_text(text("challenge.already_daily"))
        expect(second).to_have_url(re.compile("/daily$"))
    finally:
        other.close()
    page.evaluate("() => localStorage.removeItem('herotable.challenges')")
    page.goto("/daily")
    page.get_by_label(text("challenge.your_name")).fill("Somebody else")
    page.get_by_role("button", name=text("challenge.play"), exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(text("challenge.already_daily"))


def test_the_weekly_challenge_is_the_base_game_named_by_its_week(
        context: BrowserContext, api: Api, shots: Path) -> None:
    week = api.client.get("/api/challenges/weekly").json()["now"]
    year, number = week["key"].split("-W")
    page = context.new_page()
    page.goto("/weekly")
    words = text("challenge.week_of", week=int(number), year=year)
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"{text('challenge.title_weekly')} · {words}")
    expect(page.get_by_text(text("challenge.setup", preset=text(
        "option.cartographers.preset.choice.base")))).to_be_visible()
    weeks = page.get_by_role("navigation", name=text("challenge.days_weekly"))
    expect(weeks.get_by_role("link", name=text("challenge.now_weekly"))).to_have_attribute(
        "aria-current", "page")
    expect(weeks.get_by_role("link", name=text("challenge.before_weekly"))).to_be_visible()
    # The attempt is a base-game solo deal in the normal table, without hints.
    table, state = play_attempt(page, api, "Wendel")
    assert state["challenge"] == f"weekly:{week['key']}" and state["hints"] is False
    assert state["view"]["config"]["explore"] == "base"
    table.decide(0)

    # Back on the weekly page, the unfinished attempt is remembered and can be continued.
    page.goto("/weekly")
    expect(page.get_by_text(text("challenge.played_weekly", name="Wendel"))).to_be_visible()
    expect(page.get_by_text(text("challenge.unfinished"))).to_be_visible()
    page.screenshot(path=str(shots / "challenge-weekly.png"))
    page.get_by_role("link", name=text("challenge.continue")).click()
    expect(page).to_have_url(re.compile(f"/g/{table.game_id}$"))
    expect(table.controls).to_be_visible()
