"""The numbers beside the map are the map's: "if the season ended now" and the edicts' stars
follow the map shown big (whoever's it is) and the placement on it (a monster on a
neighbour's map too); a past season's cells are those it scored that day; the map a decision
is on is shown big from the first render; and the page asks nothing the server must refuse."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, Request, Response, expect

from tests.grown_edict import grown_edict
from tests.web.conftest import Api
from tests.web.table import Table, text
from tests.web.test_online import AMBUSHES, SEED, other_map

# A slow link: an action's answer, and the game pushed on the WebSocket, reach the page a
# while after the server has played the action.
SLOW_LINK = """
const LATE_MS = 600;
const sent = window.fetch;
window.fetch = async (url, options) => {
  const answer = await sent(url, options);
  if (String(url).includes('/actions')) await new Promise((done) => setTimeout(done, LATE_MS));
  return answer;
};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  set onmessage(handle) { super.onmessage = (event) => setTimeout(() => handle(event), LATE_MS); }
};
"""


# A key, then Enter as soon as the page has drawn what the key did (a quick hand).
ARROW_THEN_ENTER = """
async (key) => {
  const press = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k }));
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  press(key);
  await frame(); await frame();
  press('Enter');
}
"""


def refused(page: Page) -> list[str]:
    """Every request of the page the server answers 4xx, as it happens."""
    found: list[str] = []

    def note(response: Response) -> None:
        if 400 <= response.status < 500:
            found.append(f"{response.status} {response.request.method} {response.url}")
    page.on("response", note)
    return found


def previews_after_sending(page: Page) -> list[str]:
    """Every preview of an action the page asks for after sending that action."""
    sent: set[str] = set()
    found: list[str] = []

    def note(request: Request) -> None:
        if request.method == "POST" and "/actions" in request.url:
            sent.add(json.loads(request.post_data or "{}")["action"])
        action = parse_qs(urlparse(request.url).query).get("action")
        if "/preview" in request.url and action and action[0] in sent:
            found.append(action[0])
    page.on("request", note)
    return found


def preview(api: Api, game_id: str, token: str, **params: Any) -> dict[str, Any]:
    answer = api.client.get(f"/api/games/{game_id}/preview", params=params,
                            headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def line_for(numbers: dict[str, Any]) -> re.Pattern[str]:
    """The stars part of "if the season ended now", as the page writes it (spaced or not)."""
    parts = [text("preview.edicts", count=numbers["edict_stars"]), "+",
             text("preview.coins", count=numbers["coins"]), "−",
             text("preview.monsters", count=numbers["monsters"]), "=",
             text("edict.stars", count=numbers["total"])]
    return re.compile(r"\s*".join(re.escape(p) for p in parts) + r"\s*$")


def ambush_game(api: Api) -> tuple[str, dict[str, Any], dict[str, Any]]:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], {"ambushes": AMBUSHES}, seed=SEED)
    ann, bob = created["seats"]
    return created["id"], ann, bob


def test_another_players_map_shows_that_players_numbers(page: Page, api: Api,
                                                        shots: Path) -> None:
    game_id, ann, _ = ambush_game(api)
    # Ann draws a placement that scores other numbers than Bob's empty map; Bob has not drawn.
    bobs = preview(api, game_id, ann["token"], sheet=1)
    first = api.state(game_id, ann["token"])
    action = next(a for a in first["legal"]
                  if preview(api, game_id, ann["token"], action=a)["total"] != bobs["total"])
    api.act(game_id, ann["token"], first["seq"], action)
    anns = preview(api, game_id, ann["token"], sheet=0)
    errors = refused(page)
    page.goto(ann["url"])
    line = page.locator(".season-preview")
    expect(line.locator(".muted")).to_have_text(text("preview.if_now"))
    expect(line).to_contain_text(line_for(anns))

    other_map(page, "Bob").click()
    expect(page.get_by_role("heading", name=text("map.of", name="Bob"), exact=True)).to_be_visible()
    expect(line.locator(".muted")).to_have_text(text("preview.if_now_on", name="Bob"))
    expect(line).to_contain_text(line_for(bobs))
    active = page.locator(".edict.active .edict-stars")
    expect(active).to_have_count(2)
    for stars, e in zip(active.all(), bobs["edicts"], strict=True):
        expect(stars).to_contain_text(text("edict.stars", count=e["stars"]))
        expect(stars.locator(".edict-owner")).to_have_text(text("numbers.edict_on", name="Bob"))
    page.screenshot(path=str(shots / "numbers-another-players-map.png"))

    other_map(page, "Ann").click()
    expect(line.locator(".muted")).to_have_text(text("preview.if_now"))
    expect(line).to_contain_text(line_for(anns))
    expect(page.locator(".edict-owner")).to_have_count(0)
    assert errors == []


def test_the_monster_on_a_neighbours_map_counts_before_it_is_drawn(page: Page, api: Api,
                                                                    shots: Path) -> None:
    game_id, ann, bob = ambush_game(api)
    bob_state = api.state(game_id, bob["token"])
    api.act(game_id, bob["token"], bob_state["seq"], bob_state["legal"][0])
    errors = refused(page)
    asked = previews_after_sending(page)
    # Ann's draw reveals the ambush. On a slow link, the page must not ask for a preview of
    # the draw it has sent: the server, having played it, would refuse it (422: her decision
    # is the monster now).
    page.add_init_script(SLOW_LINK)


    page.goto(ann["url"])
    table = Table(page, api, game_id, ann["token"], seed=3)
    state = api.state(game_id, ann["token"])
    target = table.choose(state)
    expect(table.controls).to_be_visible()
    table.settle()
    table.orient(target, state)
    if target.terrain is not None and len(state["view"]["legal"]["terrains"]) > 1:
        table.controls.locator(f".terrain-btn.t-{target.terrain}").click()
    # Pinned a cell beside it, then one arrow and Enter at once: the arrow's placement is sent
    # before its preview would be asked for.
    row, col = target.pointer
    table.click_cell(row, col - 1 if col > 0 else col + 1)
    table.settle()
    with page.expect_response(lambda r: "/actions" in r.url):
        page.evaluate(ARROW_THEN_ENTER, "ArrowRight" if col > 0 else "ArrowLeft")

    # The monster goes on Bob's map, shown big; the line scores it with the monster.
    expect(page.locator(".decision-text")).to_have_text(text("decision.monster", name="Bob"))
    assert errors == []
    assert asked == []
    line = page.locator(".season-preview")

    def counted(action: str) -> None:
        after = preview(api, game_id, ann["token"], action=action)
        assert after["sheet"] == 1 and after["monsters"] > 0
        expect(line.locator(".muted")).to_have_text(text("preview.if_now_on", name="Bob"))
        expect(line).to_contain_text(line_for(after))
        page.screenshot(path=str(shots / "numbers-monster-on-neighbours-map.png"))
    table.decide(0, before_confirm=counted)
    assert asked == [] and errors == []


def test_a_decision_on_a_neighbours_map_shows_it_from_the_start(page: Page, api: Api) -> None:
    game_id, ann, bob = ambush_game(api)
    for seat in (ann, bob):
        now = api.state(game_id, seat["token"])
        api.act(game_id, seat["token"], now["seq"], now["legal"][0])
    # Ann opens the game owing the monster on Bob's map: Bob's map is the big one.
    errors = refused(page)
    page.goto(ann["url"])
    expect(page.locator(".decision-text")).to_have_text(text("decision.monster", name="Bob"))
    expect(page.get_by_role("heading", name=text("map.of", name="Bob"), exact=True)).to_be_visible()
    expect(page.locator(".others button.other.on")).to_contain_text("Bob")
    Table(page, api, game_id, ann["token"], seed=4).decide(0)
    assert errors == []


def test_a_past_season_lights_the_cells_it_scored_then(page: Page, api: Api,
                                                      shots: Path) -> None:
    found = grown_edict()
    created = api.create([{"name": "Ann"}], seed=found.seed)
    game_id, token = created["id"], created["seats"][0]["token"]
    for action in found.actions:
        api.act(game_id, token, api.state(game_id, token)["seq"], action)
    spring = api.state(game_id, token)["view"]["scores"][0][0]
    stars = next(s for letter, _, s in spring["edicts"] if letter == found.letter)
    assert stars == 0  # it scored nothing that day, though it would score on today's map
    errors = refused(page)
    page.goto(created["seats"][0]["url"])
    lit = page.locator("svg.map.big g.lit")
    with page.expect_response(lambda r: "/preview" in r.url and "season=0" in r.url):
        page.locator("table.scores").get_by_role("button", name=f"{found.letter} 0").click()
    Table(page, api, game_id, token).settle()
    expect(lit).to_have_count(0)
    page.screenshot(path=str(shots / "numbers-past-season.png"))
    assert errors == []


def test_a_finished_challenge_attempt_offers_its_own_analysis(page: Page, api: Api) -> None:
    attempt = api.client.post("/api/challenges/daily/play", json={
        "name": "Numa", "browser": "browser-of-numa-0001"}).json()
    game_id, token = attempt["id"], attempt["token"]
    state = api.state(game_id, token)
    while not state["over"]:
        state = api.act(game_id, token, state["seq"], state["legal"][0])
    # The challenge runs on: her own analysis is hers to start, asked with her token.
    errors = refused(page)
    page.goto(f"/g/{game_id}#token={token}")
    panel = page.get_by_role("region", name=text("analysis.title"))
    expect(panel.get_by_role("button", name=text("analysis.start"))).to_be_visible(timeout=15_000)
    assert errors == []
