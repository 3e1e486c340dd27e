"""A whole solo game of Cartographers played in the page with the pointer and the keys, to the
final standings with the solo rating and title."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import Table, text


def test_a_solo_game_played_by_pointer_and_keys(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}], seed=7)
    game_id, seat = created["id"], created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, game_id, seat["token"])
    expect(page.get_by_role("heading", name=f"{text('map.of', name='Ann')} · "
                                             f"{text('map.yours')}")).to_be_visible()
    expect(page).to_have_url(f"{api.base}/g/{game_id}")  # the token left the address bar
    kinds: set[str] = set()
    for index in range(60):
        state = api.state(game_id, seat["token"])
        if state["over"]:
            break
        kinds.add(state["view"]["legal"]["kind"])
        if index == 14:  # mid-game, a shape ready to confirm
            table.decide(index, before_confirm=lambda _a: page.screenshot(
                path=str(shots / "solo-mid-game.png")))
        else:
            table.decide(index)
    state = api.state(game_id, seat["token"])
    assert state["over"], "the game did not end within 60 decisions"
    assert {"draw", "hero", "destroy"} <= kinds, kinds  # seed 7 deals a hero and a gorgon
    assert table.turns_pressed > 0 and table.mirrors_pressed > 0
    # Kethra's Gates offers five terrains, each picked by the key its button shows (the 4th's
    # was once R, which turns the shape instead).
    assert len(set(table.terrain_keys)) == 5, table.terrain_keys
    log = api.client.get(f"/api/games/{game_id}/log").json()
    assert [action for _seat, action in log["actions"]] == table.done  # all sent by the page

    # The page shows the end: standings, the solo rating against the edicts' par, the title.
    view = state["view"]
    catalog = api.catalog()
    total = sum(row["total"] for row in view["scores"][0])
    par = sum(catalog["scoring"][card]["solo"] for card in view["scoring"])
    rating = total - par
    titles = sorted(catalog["titles"], key=lambda t: -t["min"])
    title = next((t["names"]["en"] for t in titles if rating >= t["min"]),
                 text("solo.no_title"))
    expect(page.get_by_role("heading", name=text("standings.title"))).to_be_visible()
    # (The board's head says it; the last season's end has its own sentence for a screen reader.)
    expect(page.locator(".board-head").get_by_role("status")).to_have_text(text("status.over"))
    expect(page.locator(".standings li .who")).to_have_text(["Ann"])
    expect(page.locator(".standings li b")).to_have_text(
        [text("edict.stars", count=total)])
    expect(page.locator(".solo")).to_contain_text(
        text("solo.rating", rating=f"+{rating}" if rating > 0 else rating, par=par))
    expect(page.locator(".solo-title")).to_have_text(title)
    expect(page.get_by_role("group", name=text("controls.label"))).to_have_count(0)
    # The four seasons' breakdown is the server's: the scoreboard's one row.
    rows = page.locator("table.scoreboard tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.locator(".season-total")).to_have_text([str(r["total"]) for r in view["scores"][0]])
    expect(rows.locator("td.running")).to_have_text(str(total))
    page.screenshot(path=str(shots / "solo-final.png"))


def test_solo_card_and_season_texts_say_what_happens(page: Page, api: Api, shots: Path) -> None:
    # Seed 261 deals Gorgon Gaze first: alone, the monster places itself, then its gaze asks
    # for a cell, so the ambush card stays on the table. Spring's last card then takes the
    # time spent to 9 of 8.
    created = api.create([{"name": "Ann"}], seed=261)
    game_id, seat = created["id"], created["seats"][0]
    state = api.state(game_id, seat["token"])
    assert state["view"]["legal"]["kind"] == "destroy"
    assert state["view"]["legal"]["card"] == "gorgon_gaze"
    page.goto(seat["url"])
    note = page.locator(".card-face.kind-ambush .card-note")
    expect(note).to_contain_text(text("ambush.self.clockwise",
                                      corner=text("ambush.corner.bottom_right")))
    expect(note).not_to_contain_text(text("ambush.clockwise"))
    page.screenshot(path=str(shots / "solo-ambush-card.png"))

    view = state["view"]
    while view["season_time"] <= view["season_threshold"]:
        assert view["season_index"] == 0 and not state["over"]
        api.act(game_id, seat["token"], state["seq"], state["legal"][0])
        state = api.state(game_id, seat["token"])
        view = state["view"]
    assert view["legal"] is not None  # the season's last card, still to be drawn
    spring = page.locator(".season.now")
    expect(spring.locator(".season-time")).to_have_text(text("season.time_up"))
    expect(spring.locator(".pips")).to_have_attribute(
        "title", text("season.time", time=view["season_threshold"],
                      threshold=view["season_threshold"]))
    expect(page.locator(".seasons")).not_to_contain_text(
        text("season.time", time=view["season_time"], threshold=view["season_threshold"]))
    page.screenshot(path=str(shots / "solo-season-last-card.png"))
