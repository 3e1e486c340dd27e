"""The replay of a finished game: step through it with the buttons and the keys, and look at
either seat's map; the step counter and the map follow."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import filled, other_button, terrains, text


def finish(api: Api, game_id: str, tokens: list[str]) -> int:
    """Play the game out through the API (the first legal action for seat 0, the last for the
    others, so the maps differ): this is only the setup."""
    for _ in range(400):
        state = api.state(game_id)
        if state["over"]:
            return int(state["seq"])
        for seat in state["pending"]:
            mine = api.state(game_id, tokens[seat])
            if mine["legal"]:
                api.act(game_id, tokens[seat], mine["seq"], mine["legal"][-1 if seat else 0])
                break
    raise AssertionError("the game did not end")


def position(step: int, steps: int) -> str:
    """The replay's counter at position ``step`` of a game of ``steps`` actions: positions
    counted from 1, the start being the first."""
    return text("replay.step", step=step + 1, steps=steps + 1)


def test_replay_steps_and_switches_maps(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], seed=9)
    game_id = created["id"]
    steps = finish(api, game_id, [s["token"] for s in created["seats"]])
    page.goto(f"/g/{game_id}")  # a spectator: no token needed once the game is over
    expect(page.get_by_text(text("game.spectator"))).to_be_visible()
    expect(page.get_by_role("heading", name=text("standings.title"))).to_be_visible()
    page.get_by_role("button", name=text("replay.open")).click()

    bar = page.get_by_role("group", name=text("replay.title"))
    counter = bar.get_by_text(position(0, steps))
    expect(counter).to_be_visible()
    big = page.locator("svg.map.big")
    expect(page.get_by_role("status")).to_have_text(position(0, steps))
    assert filled(big) == 0  # before the first action nobody has drawn
    # Plain names: who is away or deciding now is no part of a replay.
    expect(page.locator(".others .other-name")).to_have_text(["Ann", "Bob"])

    bar.get_by_title(text("replay.forward")).click()
    expect(bar.get_by_text(position(1, steps))).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(bar.get_by_text(position(2, steps))).to_be_visible()
    assert filled(big) > 0  # Ann's first shape (seat 0 acts first)
    page.keyboard.press("PageDown")
    expect(bar.get_by_text(position(12, steps))).to_be_visible()
    mid_ann = terrains(big)
    page.keyboard.press("ArrowLeft")
    expect(bar.get_by_text(position(11, steps))).to_be_visible()
    page.keyboard.press("End")
    expect(bar.get_by_text(position(steps, steps))).to_be_visible()
    end_ann = terrains(big)
    assert end_ann != mid_ann and filled(big) > sum(
        t not in ("empty", "mountain") for t in mid_ann.values())
    expect(bar.get_by_role("slider")).to_have_value(str(steps))
    final = api.state(game_id)["view"]["sheets"]
    assert sum(ch not in ".^r" for line in final[0]["grid"] for ch in line) == filled(big)

    # Bob's map, chosen among all maps.
    other_button(page, "Bob").click()
    expect(page.get_by_role("heading", name=text("map.of", name="Bob"), exact=True)) \
        .to_be_visible()
    end_bob = terrains(big)
    assert end_bob != end_ann
    assert sum(ch not in ".^r" for line in final[1]["grid"] for ch in line) == filled(big)
    bar.get_by_title(text("replay.first")).click()
    expect(bar.get_by_text(position(0, steps))).to_be_visible()
    expect(page.get_by_role("heading", name=text("map.of", name="Bob"), exact=True)) \
        .to_be_visible()
    assert filled(big) == 0
    page.keyboard.press("PageDown")
    expect(bar.get_by_text(position(10, steps))).to_be_visible()
    # Five quick presses are five steps, each counted from the step asked for last, not from
    # the one the page shows while the answers are on their way.
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    expect(bar.get_by_text(position(15, steps))).to_be_visible()
    # An answer that comes back late, for a step no longer wanted, is dropped.
    page.evaluate("""() => {
      const fetchNow = window.fetch;
      window.fetch = (url, ...rest) => fetchNow(url, ...rest).then((answer) =>
        (/replay\\/16$/.test(url) ? new Promise((done) => setTimeout(() => done(answer), 500))
          : answer));
    }""")
    with page.expect_response(lambda r: r.url.endswith("/replay/16")):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(bar.get_by_text(position(17, steps))).to_be_visible()
    page.wait_for_timeout(700)  # the answer for step 16 arrives
    expect(bar.get_by_text(position(17, steps))).to_be_visible()
    bob_at = [sum(ch not in ".^r" for line in api.client.get(
        f"/api/games/{game_id}/replay/{k}").json()["view"]["sheets"][1]["grid"] for ch in line)
        for k in (16, 17)]
    assert bob_at[0] != bob_at[1] and filled(big) == bob_at[1]  # Bob drew at step 17
    page.screenshot(path=str(shots / "replay.png"))
    bar.get_by_role("button", name=text("replay.close")).click()
    expect(bar).to_have_count(0)
    expect(page.get_by_role("heading", name=text("standings.title"))).to_be_visible()
