"""The page holds longer words than English's: each page (the lobby, the challenge, both games'
tables at their smallest and largest, the hint and the analysis, the printed sheets) at
1280x800 and on a phone (390x844), in Russian and in a "long" English (each message lengthened
by about 40%, its vowels doubled, served in place of English's catalogue), scrolls nowhere
sideways and clips no button, table cell or heading. Screenshots of each are kept."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect

from tests.paper_maps import grown
from tests.web.conftest import Api
from tests.web.dominaria_table import create as create_dominaria
from tests.web.table import EN

SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 800},
                                  "phone": {"width": 390, "height": 844}}
LANGUAGES = ("ru", "long")
PLACEHOLDER_OR_TEXT = re.compile(r"(\{\w+\})|([^{]+|\{)")


def lengthened(text: str) -> str:
    """``text`` with its vowels doubled, placeholders kept: about 40% longer in English."""
    return "".join(m[1] or re.sub(r"([aeiouyAEIOUY])", r"\1\1", m[2])
                   for m in PLACEHOLDER_OR_TEXT.finditer(text))


def long_catalogue(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: long_catalogue(value) for key, value in node.items()}
    return lengthened(node)


LONG = json.dumps(long_catalogue(EN))

# What the page must not do, measured in the browser: scroll sideways; clip a button's, a
# cell's or a heading's text (its content wider than its box); put one where no scrolling
# reaches it. A box that scrolls sideways on purpose holds a table or a drawing, nothing else
# (the printed sheets' preview holds pages at their printed size).
CHECK = """() => {
  const problems = [];
  const describe = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` +
    `${el.id ? '#' + el.id : ''}${el.type ? '[' + el.type + ']' : ''} ` +
    `"${(el.innerText || el.textContent || el.placeholder || '').trim().slice(0, 40)}"`;
  const doc = document.scrollingElement;
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const inScroller = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrolls(up)) return true;
    }
    return false;
  };
  if (doc.scrollWidth > window.innerWidth) {
    // Name the innermost boxes that stick out, to say what to fix.
    const out = (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !inScroller(el);
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => out(el) && ![...el.children].some(out)).slice(0, 5).map(describe);
    problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}: ` +
                  culprits.join('; '));
  }
  for (const el of document.querySelectorAll('button, th, td, h1, h2, h3, h4, summary')) {
    if (!el.getClientRects().length || el.clientWidth === 0) continue;  // not shown
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`clipped (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    const box = el.getBoundingClientRect();
    if ((box.right > window.innerWidth + 1 || box.left < -1) && !inScroller(el)) {
      problems.push(`outside the window (${Math.round(box.left)}..${Math.round(box.right)}): ` +
                    describe(el));
    }
  }
  for (const el of document.querySelectorAll('body *')) {
    if (!scrolls(el) || el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
    if (el.matches('.reviews, .print-sheets') || el.querySelector(':scope > table')) {
      continue;
    }
    problems.push(`scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
  }
  return problems;
}"""


@dataclass
class Shown:
    """A browser page in one of LANGUAGES at one of SIZES."""

    page: Page
    language: str
    size: str

    @property
    def name(self) -> str:
        return f"{self.language}-{self.size}"


@pytest.fixture(params=[(language, size) for language in LANGUAGES for size in SIZES],
                ids=lambda p: f"{p[0]}-{p[1]}")
def shown(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Shown]:
    """A page in one language (Russian, or the long English served as English) at one size."""
    language, size = request.param
    ctx = browser.new_context(viewport=SIZES[size], locale="en-US", base_url=server)
    ctx.set_default_timeout(15_000)
    if language == "long":
        def serve_long(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body=LONG)
        ctx.route("**/api/messages/en", serve_long)
    else:
        ctx.add_init_script(f"localStorage.setItem('herotable.language', '{language}')")
    yield Shown(ctx.new_page(), language, size)
    ctx.close()


def assert_holds(shown: Shown, shots: Path, scene: str) -> None:
    page = shown.page
    code = "en" if shown.language == "long" else shown.language
    expect(page.locator("html")).to_have_attribute("lang", code)
    page.evaluate("() => document.fonts.ready.then(() => null)")
    page.screenshot(path=str(shots / f"layout-{scene}-{shown.name}.png"), full_page=True)
    assert page.evaluate(CHECK) == []


def play_out(api: Api, game_id: str, tokens: list[str]) -> None:
    """Play a Cartographers game to its end through the API (the first legal action each
    time)."""
    for _ in range(400):
        state = api.state(game_id, tokens[0])
        if state["over"]:
            return
        for seat in state["pending"]:
            now = api.state(game_id, tokens[seat])
            if seat in now["pending"] and now["legal"]:
                api.act(game_id, tokens[seat], now["seq"], now["legal"][0])
    raise AssertionError("the game did not end")


def finished(api: Api, names: list[str], seed: int) -> tuple[str, str]:
    """A Cartographers game played out: its id and the first seat's token."""
    created = api.create([{"name": name} for name in names], seed=seed)
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    return created["id"], tokens[0]


def set_up(api: Api, created: dict[str, Any]) -> str:
    """A new Dominaria game's set-up done through the API (each seat keeps quests and places
    its starting Hero, the first offered): the link of the seat whose first turn it is."""
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(4 * len(tokens)):
        turn = api.state(game_id, tokens[0])["pending"]
        states = [api.state(game_id, tokens[seat]) for seat in turn]
        setup = [(seat, state) for seat, state in zip(turn, states, strict=True)
                 if any(a.split()[0] in ("keep", "place") for a in state["legal"])]
        if not setup:
            assert len(turn) == 1, turn
            return str(created["seats"][turn[0]]["url"])
        seat, state = setup[0]
        first = next(a for a in state["legal"] if a.split()[0] in ("keep", "place"))
        api.act(game_id, tokens[seat], state["seq"], first)
    raise AssertionError("the set-up did not end")


@pytest.fixture(scope="module")
def games(api: Api) -> dict[str, str]:
    """The tables shown, by scene: each a seat's link."""
    solo = api.create([{"name": "Александра Константиновна"}], seed=7)
    # Today's challenge with an attempt on its leaderboard.
    attempt = api.client.post("/api/challenges/daily/play", json={
        "name": "Bartholomew Longname", "browser": "layout-test-browser-0001"})
    assert attempt.status_code == 201, attempt.text
    play_out(api, attempt.json()["id"], [attempt.json()["token"]])
    three_id, three_token = finished(api, ["Аня", "Bartholomew Longname", "Вениамин"], seed=5)
    solo_over_id, solo_over_token = finished(api, ["Noor"], seed=11)
    two = create_dominaria(api, [{"name": "Ann"}, {"name": "Bob"}], seed=5)
    two_turn = set_up(api, two)  # the first turn's abilities rather than the set-up
    four = create_dominaria(api, [{"name": n} for n in ("Ann", "Bob", "Cleo", "Dmitri")],
                            seed=6)
    return {"solo": solo["seats"][0]["url"],
            "three": f"/g/{three_id}#token={three_token}",
            "analysis": f"/g/{solo_over_id}#token={solo_over_token}",
            "dominaria-2": two_turn,
            "dominaria-4": four["seats"][0]["url"],
            "tutorial": api.client.post("/api/tutorials/cartographers", json={}).json()["url"],
            "paper": paper_table(api)}


def paper_table(api: Api) -> str:
    """A paper table at spring's end (its prompt showing) with two maps on its scoreboard."""
    created = api.client.post("/api/tables", json={"seed": 7}).json()
    url = f"/api/tables/{created['id']}"
    state = api.client.get(url).json()
    side = state["config"]["side"]
    for name, seed in (("Александра", 3), ("Bartholomew", 8)):
        seasons = [{"map": text, "coins": k} for k, text in enumerate(grown(side, seed, 2))]
        added = api.client.post(f"{url}/maps", json={"name": name, "seasons": seasons})
        assert added.status_code == 201, added.text
    while not state["season_over"]:
        state = api.client.post(f"{url}/flip", json={"seq": state["seq"]}, headers={
            "Authorization": f"Bearer {created['host_token']}"}).json()
    return str(created["url"])


def lobby(page: Page, _games: dict[str, str]) -> None:
    page.goto("/")
    page.locator(".lobby .more summary").first.click()  # every option shown


def challenge(page: Page, _games: dict[str, str]) -> None:
    page.goto("/daily")
    # This test's attempt, and any other test's of the same day.
    expect(page.locator(".board-table tbody tr").first).to_be_visible()


def solo_hint(page: Page, games: dict[str, str]) -> None:
    page.goto(games["solo"])
    expect(page.locator(".hint-button")).to_be_enabled()
    page.locator(".hint-button").click()
    expect(page.locator(".suggestion")).to_be_visible(timeout=30_000)


def three_players_over(page: Page, games: dict[str, str]) -> None:
    page.goto(games["three"])
    expect(page.locator(".standings")).to_be_visible()


def analysis(page: Page, games: dict[str, str]) -> None:
    page.goto(games["analysis"])
    panel = page.locator(".analysis")
    expect(panel).to_be_visible()
    ready = panel.locator("button.primary, .reviews li").first  # to start, or done already
    expect(ready).to_be_visible()
    if ready.evaluate("(el) => el.matches('button')"):
        ready.click()
    expect(panel.locator(".reviews li").first).to_be_visible(timeout=60_000)
    panel.locator(".reviews li button").first.click()
    expect(page.locator(".legend")).to_be_visible()


def dominaria(players: int) -> Callable[[Page, dict[str, str]], None]:
    def show(page: Page, games: dict[str, str]) -> None:
        page.goto(games[f"dominaria-{players}"])
        expect(page.locator(".dom-table")).to_be_visible()
        expect(page.locator(".seat-board")).to_have_count(players)
    return show


def rules_open(scene: str) -> Callable[[Page, dict[str, str]], None]:
    """A table with the rules reference opened beside it: the table makes room."""
    def show(page: Page, games: dict[str, str]) -> None:
        page.goto(games[scene])
        page.locator(".rules-button").click()
        expect(page.locator(".rules-panel .rule-entry").first).to_be_visible()
    return show


def print_sheets(page: Page, _games: dict[str, str]) -> None:
    page.goto("/print?sides=C&pad=1&link=https://herotable.example/t/x")
    expect(page.locator(".score-pad .qr")).to_be_visible()


def paper(page: Page, games: dict[str, str]) -> None:
    page.goto(games["paper"])
    expect(page.locator("[data-scoreboard] tbody tr")).to_have_count(2)
    expect(page.locator(".paper-score")).to_be_visible()


def tutorial(page: Page, games: dict[str, str]) -> None:
    page.goto(games["tutorial"])
    expect(page.locator(".coach")).to_be_visible()


SCENES: dict[str, Callable[[Page, dict[str, str]], None]] = {
    "lobby": lobby, "challenge": challenge, "solo-hint": solo_hint,
    "three-players": three_players_over, "analysis": analysis,
    "dominaria-2": dominaria(2), "dominaria-4": dominaria(4),
    "solo-rules": rules_open("solo"), "dominaria-rules": rules_open("dominaria-2"),
    "tutorial": tutorial,
    "print": print_sheets, "paper-table": paper,
}


@pytest.mark.parametrize("scene", SCENES)
def test_the_page_holds_longer_words(shown: Shown, games: dict[str, str], shots: Path,
                                     scene: str) -> None:
    SCENES[scene](shown.page, games)
    assert_holds(shown, shots, scene)


@pytest.mark.parametrize("language", ["en", "ru", "fr", "pl"])
def test_the_score_pages_tally_fits_a_phone_in_every_language(browser: Browser, server: str,
                                                              shots: Path, language: str) -> None:
    """/score on a phone: the seasons' scores (edicts, coins, monsters, total) fit their box
    in every language, with nothing to scroll sideways."""
    ctx = browser.new_context(viewport=SIZES["phone"], locale="en-US", base_url=server)
    ctx.set_default_timeout(15_000)
    ctx.add_init_script(f"localStorage.setItem('herotable.language', '{language}')")
    try:
        page = ctx.new_page()
        page.goto("/score")
        tally = page.locator(".paper-tally")
        expect(tally.locator("[data-total]")).to_be_visible()
        assert_holds(Shown(page, language, "phone"), shots, "score")
        box = page.locator(".paper-results .paper-scroll")
        assert box.evaluate("(el) => el.scrollWidth <= el.clientWidth"), \
            f"the tally is wider than its box in {language}"
    finally:
        ctx.close()
