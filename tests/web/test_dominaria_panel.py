"""The Heroes of Dominaria action panel: a refused action is explained there, beside the
controls the player used, and "look at two, keep one" is a choice confirmed by a button, never
sent by a single click on a card."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, Request, Route, expect

from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable, answered, create
from tests.web.table import text

MAX_ACTIONS = 200


def test_a_refused_action_is_explained_in_the_action_panel(page: Page, api: Api,
                                                          shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = DominariaTable(page, api, created["id"], seat["token"], 0)
    state = table.state()
    table.synced(state)

    def made_illegal(route: Route) -> None:
        """The page sends the quests it keeps; an action of the wrong kind takes their place."""
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "action": "end"}))

    page.route("**/api/games/*/actions*", made_illegal)
    table.do(table.plan(state), state)
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(text("error.action", reason="")[:10])
    # Beside the choice the player made, not under the map.
    expect(page.locator(".dom-side .dom-actions").get_by_role("alert")).to_be_visible()
    expect(page.locator(".dom-left").get_by_role("alert")).to_have_count(0)
    page.screenshot(path=str(shots / "dominaria-refused.png"))


def test_keeping_one_of_two_takes_a_choice_and_a_confirmation(page: Page, api: Api,
                                                             shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    # Up to the first "keep one of two" through the API: only that choice is under test.
    state = answered(api, game_id, seat["token"], -1)
    for _ in range(MAX_ACTIONS):
        decision = state["view"]["decision"]
        if decision and decision["kind"] == "keep" and decision["count"] == 1:
            break
        assert not state["over"], "the game ended without a keep-one choice"
        state = api.act(game_id, seat["token"], state["seq"], DominariaTable.plan(state))
        state = answered(api, game_id, seat["token"], state["seq"] - 1)
    else:
        raise AssertionError("no keep-one choice came up")
    first, second = decision["cards"]

    sent: list[str] = []

    def record(request: Request) -> None:
        if request.method == "POST" and "/actions" in request.url:
            sent.append(json.loads(request.post_data or "{}")["action"])

    page.on("request", record)
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    table.synced(state)
    choice = page.get_by_role("group", name=text(f"dom.choice.{decision['choice']}"))
    keep = choice.get_by_role("button", name=text("dom.choice.keep_one"))
    expect(keep).to_be_disabled()  # nothing chosen yet
    # A click chooses a card, and sends nothing; another click changes the choice.
    choice.locator(f"[data-card={first}]").click()
    expect(choice.locator(f"[data-card={first}]")).to_have_attribute("aria-pressed", "true")
    expect(keep).to_be_enabled()
    choice.locator(f"[data-card={second}]").click()
    expect(choice.locator(f"[data-card={second}]")).to_have_attribute("aria-pressed", "true")
    expect(choice.locator(f"[data-card={first}]")).to_have_attribute("aria-pressed", "false")
    page.screenshot(path=str(shots / "dominaria-keep-one.png"))
    assert sent == []
    assert api.state(game_id, seat["token"])["seq"] == state["seq"]
    # The button keeps the chosen card.
    keep.click()
    after = table.wait_after(state["seq"])
    assert sent == [f"keep {second}"]
    board = json.dumps(after["view"]["players"][0])  # the kept card is the seat's now
    assert second in board and first not in board, board
