"""The Cartographers scoreboard: every player's seasons side by side, a season's end counted
up and announced, and what the other players are doing, in words under their maps.

Two seats played through the API while Ann's page watches: the page learns of each move over
its live connection, as it would from another person."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from tests.web.conftest import DESKTOP, Api
from tests.web.table import text

# The base game's ambushes, dealt with seed 284: the Settlement first, then Bugbear Assault,
# so the second card has each player draw a monster on the other's map (as in test_online).
AMBUSHES = ["goblin_attack", "bugbear_assault", "kobold_onslaught", "gnoll_raid"]
SEED = 284
NAMES = ["Ann", "Bo"]
PHONE: ViewportSize = {"width": 390, "height": 844}

# The board as the page shows it, read in one go: each row's player, season totals (blank
# where none is shown yet) and running total; the status sentence when there is one.
READ = """() => {
  const news = document.querySelector('.season-end-news [role=status]');
  const rows = [...document.querySelectorAll('table.scoreboard tbody tr')].map((tr) => ({
    who: tr.querySelector('th').innerText.trim(),
    seasons: [...tr.querySelectorAll('td.season-cell')].map((td) => {
      const total = td.querySelector('.season-total');
      return total && getComputedStyle(total).visibility !== 'hidden' ? total.innerText : '';
    }),
    running: tr.querySelector('td.running').innerText.trim(),
  }));
  return news ? { news: news.innerText, rows } : null;
}"""


def watch(page: Page) -> None:
    """From now on, keep the board as it is the first frame the page says a season scored."""
    page.evaluate("""() => {
      window.firstNews = null;
      const read = """ + READ + """;
      const look = () => {
        const r = read();
        if (r) window.firstNews = r; else requestAnimationFrame(look);
      };
      look();
    }""")


def first_news(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.wait_for_function("() => window.firstNews").json_value()
    return found


def seat_page(browser: Browser, url: str, reduced: bool = False) -> Page:
    context = browser.new_context(viewport=DESKTOP, locale="en-US",
                                  reduced_motion="reduce" if reduced else "no-preference")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    return page


def play(api: Api, game_id: str, tokens: list[str], until: Any) -> dict[str, Any]:
    """Both seats play their first legal action until ``until(view)``; the last state."""
    for _ in range(60):
        state = api.state(game_id, tokens[0])
        if until(state["view"]):
            return state
        for seat in state["pending"]:
            now = api.state(game_id, tokens[seat])
            if seat in now["pending"] and now["legal"]:
                api.act(game_id, tokens[seat], now["seq"], now["legal"][0])
    raise AssertionError("the game never got there")


def doing(page: Page, name: str) -> Locator:
    named = page.locator(".other-name", has_text=name)
    return page.locator(".others button.other", has=named).locator(".other-doing")


def scored_sentence(view: dict[str, Any], season: int) -> str:
    scores = ", ".join(text("board.score", name=name, stars=view["scores"][p][season]["total"])
                       for p, name in enumerate(NAMES))
    return text("board.scored", season="Spring", scores=scores)


def test_a_seasons_end_is_counted_up_and_the_board_shows_every_player(
        browser: Browser, api: Api, shots: Path) -> None:
    created = api.create([{"name": n} for n in NAMES], {"ambushes": AMBUSHES}, seed=SEED)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    page = seat_page(browser, created["seats"][0]["url"])
    try:
        # The others' maps say what each is doing: both draw the Settlement; once Bo has,
        # he is done while Ann still draws.
        expect(doing(page, "Bo")).to_have_text(text("board.doing.draw"))
        expect(doing(page, "Ann")).to_have_text(text("board.doing.draw"))
        state = api.state(game_id, tokens[1])
        api.act(game_id, tokens[1], state["seq"], state["legal"][0])
        expect(doing(page, "Bo")).to_have_text(text("board.doing.done"))
        state = api.state(game_id, tokens[0])
        api.act(game_id, tokens[0], state["seq"], state["legal"][0])
        # The Bugbear Assault: each draws a monster on the other's map.
        assert api.state(game_id)["view"]["current"] == "bugbear_assault"
        expect(doing(page, "Ann")).to_have_text(text("board.doing.monster", name="Bo"))
        expect(doing(page, "Bo")).to_have_text(text("board.doing.monster", name="Ann"))
        page.screenshot(path=str(shots / "board-doing.png"))

        # Before any season ends, the board has a row per player and nothing scored.
        board = page.locator("table.scoreboard")
        expect(board.locator("tbody tr")).to_have_count(2)
        assert page.evaluate(READ) is None

        # Spring ends while the page watches: the sentence is said at once, and the new
        # column counts up (no total yet at that moment), then shows the engine's numbers.
        watch(page)
        state = play(api, game_id, tokens, lambda v: len(v["scores"][0]) == 1)
        first = first_news(page)
        view = state["view"]
        assert first["news"] == scored_sentence(view, 0)
        assert [r["seasons"][0] for r in first["rows"]] == ["", ""], first
        expect(page.locator(".season-end-news .standings-strip")).to_be_visible()
        final = page.evaluate(READ)
        rows = final["rows"]
        assert [r["who"] for r in rows] == NAMES
        for p, row in enumerate(rows):
            assert row["seasons"] == [str(view["scores"][p][0]["total"]), "", "", ""]
            assert row["running"] == str(view["running_totals"][p][0])
            cell = board.locator("tbody tr").nth(p).locator("td.season-cell").first
            season = view["scores"][p][0]
            parts = [f"{text(f'edict.letter.{e[0]}')} {e[2]}" for e in season["edicts"]]
            expect(cell.locator(".part.edict")).to_have_text(parts)
            expect(cell.locator(".part.coin")).to_have_text(str(view["scores"][p][0]["coins"]))
            expect(cell.locator(".part.monster")).to_have_text(
                str(view["scores"][p][0]["monsters"]))
        strip = " · ".join(text("board.place", rank=s["rank"], name=NAMES[s["player"]],
                                stars=s["total"]) for s in view["standings"])
        expect(page.locator(".season-end-news .standings-strip")).to_contain_text(strip)
        page.wait_for_function("() => document.getAnimations().length === 0")
        page.screenshot(path=str(shots / "board-season-end.png"))
        phone = browser.new_context(viewport=PHONE, locale="en-US")
        try:
            small = phone.new_page()
            small.goto(created["seats"][1]["url"])
            expect(small.locator("table.scoreboard .season-total")).to_have_count(2)
            width = small.evaluate("() => document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
            small.locator("table.scoreboard").screenshot(path=str(shots / "board-phone.png"))
        finally:
            phone.close()

        # A season cell's edict lights the cells it scored on that player's map, shown big.
        board.locator("tbody tr").nth(1).locator(".part.edict").first.click()
        expect(page.get_by_role("heading", name=text("map.of", name="Bo"), exact=True))\
            .to_be_visible()
        expect(page.locator("svg.map.big g.lit").first).to_be_visible()
        # A row's name shows that player's map big.
        board.locator("tbody tr").nth(0).locator("th button").click()
        expect(page.get_by_role("heading", name=f"{text('map.of', name='Ann')} · "
                                                 f"{text('map.yours')}")).to_be_visible()

        # The strip stays until the next card; a page opened on the game now announces nothing.
        page.reload()
        expect(board.locator("tbody tr")).to_have_count(2)
        expect(board.locator("tbody tr").first.locator(".season-total").first).to_have_text(
            str(view["scores"][0][0]["total"]))
        assert page.evaluate(READ) is None
    finally:
        page.context.close()


def test_with_reduced_motion_the_numbers_are_final_at_once(browser: Browser, api: Api) -> None:
    created = api.create([{"name": n} for n in NAMES], {"ambushes": AMBUSHES}, seed=SEED)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    page = seat_page(browser, created["seats"][0]["url"], reduced=True)
    try:
        expect(page.locator("table.scoreboard tbody tr")).to_have_count(2)
        watch(page)
        state = play(api, game_id, tokens, lambda v: len(v["scores"][0]) == 1)
        first = first_news(page)
        view = state["view"]
        assert first["news"] == scored_sentence(view, 0)
        # The very frame the season's end is said, every number is already the final one.
        assert [r["seasons"][0] for r in first["rows"]] == [
            str(view["scores"][p][0]["total"]) for p in range(2)]
        assert [r["running"] for r in first["rows"]] == [
            str(view["running_totals"][p][0]) for p in range(2)]
        expect(page.locator(".season-end-news .standings-strip")).to_be_visible()
    finally:
        page.context.close()


def test_a_click_or_escape_skips_the_count(browser: Browser, api: Api) -> None:
    created = api.create([{"name": n} for n in NAMES], {"ambushes": AMBUSHES}, seed=SEED)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    page = seat_page(browser, created["seats"][0]["url"])
    try:
        expect(page.locator("table.scoreboard tbody tr")).to_have_count(2)
        # Live first: with the clock standing still, a socket still connecting would wait for
        # a retry timer that never fires, and the season's end would never reach the page.
        expect(page.locator(".link.live")).to_be_visible()
        # The page's clock stands still: the count cannot move on by itself, so whatever shows
        # after Escape was shown by skipping, however loaded the machine.
        page.clock.install()
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)
        play(api, game_id, tokens, lambda v: len(v["scores"][0]) == 1)
        # The season's scores are on the board; the page notices the season's end in an
        # effect, which Preact runs after the next frame, and frames wait on the page's clock
        # too (without this, only a later update happened to run it, and under load none
        # came in time). 100 ms is far short of a step of the count (480 ms).
        spring = page.locator("table.scoreboard tbody tr").first.locator("td").first
        expect(spring).not_to_be_empty()
        page.clock.run_for(100)
        expect(page.locator(".season-end-news [role=status]")).to_be_attached()
        expect(page.locator("table.scoreboard .part.pending").first).to_be_attached()
        page.keyboard.press("Escape")
        expect(page.locator(".season-end-news .standings-strip")).to_be_visible()
        expect(page.locator("table.scoreboard .part.pending")).to_have_count(0)
    finally:
        page.context.close()
