"""A running analysis in the page: which decision the bot weighs of how many, the time left
once the page has seen its pace, and that the person may leave: the analysis goes on on the
server without the page, and its result is there when they come back."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Api
from tests.web.table import text
from tests.web.test_analysis import finish_solo


def test_a_running_analysis_says_what_it_does(page: Page, api: Api, shots: Path) -> None:
    game_id, token, _steps = finish_solo(api, seed=13)
    # The server's answers while it runs, held to a known pace: two decisions a poll.
    done = [10]

    def running(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(
            {"status": "running", "done": done[0], "total": 200, "analysis": None}))
        done[0] += 2

    page.route(re.compile(r".*/analysis\?seat=0$"), running)
    page.goto(f"/g/{game_id}#token={token}")
    panel = page.get_by_role("region", name=text("analysis.title"))
    expect(panel.locator(".analysis-step")).to_have_text(
        text("marks.analysis.step", step=11, total=200))
    expect(panel.locator(".analysis-away")).to_have_text(text("marks.analysis.away"))
    # Two polls on, the pace is known: about two minutes for the 186 decisions left.
    expect(panel.locator(".analysis-left")).to_have_text(
        text("marks.analysis.left_minutes", count=2), timeout=10_000)
    page.screenshot(path=str(shots / "analysis-running.png"))


def test_an_analysis_goes_on_without_the_page(page: Page, api: Api) -> None:
    game_id, token, _steps = finish_solo(api, seed=14)
    page.goto(f"/g/{game_id}#token={token}")
    panel = page.get_by_role("region", name=text("analysis.title"))
    with page.expect_response(lambda r: r.url.endswith("/analysis") and r.request.method == "POST"):
        panel.get_by_role("button", name=text("analysis.start")).click()
    page.close()  # the person leaves at once
    status = api.client.get(f"/api/games/{game_id}/analysis", params={"seat": 0}).json()
    assert status["status"] == "running", status
    # Nobody watches; the server finishes it. Then the person comes back and finds it done.
    again = page.context.new_page()
    again.goto(f"/g/{game_id}#token={token}")
    found = again.get_by_role("region", name=text("analysis.title")).locator(".reviews li")
    expect(found.first).to_be_visible(timeout=60_000)
