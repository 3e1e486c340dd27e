"""The analysis of a finished game in the page: a solo game played out through the API, then
"Analyse my play", its progress bar, the decisions listed biggest loss first, and one opened:
the position at that step with the move played and the bot's both outlined, and a legend."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import text


def finish_solo(api: Api, seed: int) -> tuple[str, str, int]:
    """A solo game played out through the API (the first legal action each time)."""
    created = api.create([{"name": "Noor"}], seed=seed)
    game_id, token = created["id"], created["seats"][0]["token"]
    for _ in range(80):
        state = api.state(game_id, token)
        if state["over"]:
            return game_id, token, int(state["seq"])
        api.act(game_id, token, state["seq"], state["legal"][0])
    raise AssertionError("the solo game did not end")


def test_an_analysis_opened(page: Page, api: Api, shots: Path) -> None:
    game_id, token, steps = finish_solo(api, seed=11)
    page.goto(f"/g/{game_id}#token={token}")
    expect(page.get_by_role("heading", name=text("standings.title"))).to_be_visible()
    panel = page.get_by_role("region", name=text("analysis.title"))
    panel.get_by_role("button", name=text("analysis.start")).click()
    reviews = panel.locator(".reviews li")
    expect(reviews.first).to_be_visible(timeout=60_000)  # a progress bar until then

    answer = api.client.get(f"/api/games/{game_id}/analysis", params={"seat": 0}).json()
    assert answer["status"] == "done"
    found = answer["analysis"]["reviews"]
    assert 0 < len(found) <= steps
    expect(reviews).to_have_count(len(found))
    order = sorted(found, key=lambda r: (-r["loss"], r["step"]))
    expect(reviews.first).to_have_attribute("data-step", str(order[0]["step"]))
    shown = [int(s) for s in reviews.evaluate_all("els => els.map(e => e.dataset.step)")]
    losses = {r["step"]: r["loss"] for r in found}
    assert [losses[s] for s in shown] == sorted(losses.values(), reverse=True)
    expect(panel.locator(".analysis-sum")).to_contain_text(str(len(found)))

    # The biggest loss opened: the replay at its step, both moves outlined, the legend.
    # Each decision numbered as the replay numbers its position (from 1), with its card named.
    worst = order[0]
    card = api.client.get(f"/api/games/{game_id}/replay/{worst['step']}").json()["view"]["current"]
    catalog = api.client.get("/api/catalog/cartographers").json()
    names = {c["id"]: c["names"] for group in ("explore", "heroes", "ruins", "ambushes")
             for c in catalog.get(group, {}).values()}
    expect(reviews.first.locator(".review-head b")).to_have_text(
        text("analysis.step", step=worst["step"] + 1))
    expect(reviews.first.locator(".review-card")).to_have_text(names[card]["en"])
    reviews.first.get_by_role("button").click()
    bar = page.get_by_role("group", name=text("replay.title"))
    counter = text("replay.step", step=worst["step"] + 1, steps=steps + 1)
    expect(bar.get_by_text(counter)).to_be_visible()
    big = page.locator("svg.map.big")
    expect(big.locator("g.outline.played")).to_have_attribute("data-action", worst["played"])
    if worst["best"] != worst["played"]:
        expect(big.locator("g.outline.best")).to_have_attribute("data-action", worst["best"])
    expect(page.get_by_label(text("analysis.legend"))).to_contain_text(
        text("analysis.legend_best"))
    expect(reviews.first).to_have_class(re.compile(r"\bon\b"))
    page.screenshot(path=str(shots / "analysis.png"))

    # Stored with the game: a spectator's page finds it done, without starting it again.
    other = page.context.new_page()
    other.goto(f"/g/{game_id}")
    expect(other.get_by_role("region", name=text("analysis.title")).locator(".reviews li"))\
        .to_have_count(len(found))


def test_a_spectator_is_told_who_may_start_an_analysis(page: Page, api: Api) -> None:
    game_id, _token, _steps = finish_solo(api, seed=12)
    page.goto(f"/g/{game_id}")  # no token: a spectator
    panel = page.get_by_role("region", name=text("analysis.title"))
    expect(panel.get_by_text(text("analysis.seats_only"))).to_be_visible()
    expect(panel.get_by_role("button", name=text("analysis.start"))).to_have_count(0)
