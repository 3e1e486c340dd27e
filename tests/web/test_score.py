"""The score page (/score): a paper map tapped in scores exactly as ``herotable cartographers
score`` scores the same map, the address alone reopens the map, and the page works by touch
on a phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from herotable.cartographers.cards import map_sides
from tests.paper_maps import card_sets, cli_scores, sample_map
from tests.web.conftest import Api
from tests.web.table import ROWS, terrains, text

PHONE: ViewportSize = {"width": 390, "height": 844}
SEASON_EDICTS = (("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"))
# The brush for each character of the notation (lower case: drawn on ruins, the same brush).
BRUSHES = {"F": "forest", "V": "village", "P": "farm", "W": "water", "X": "monster",
           "H": "hero", "*": "destroyed", "+": "destroyed"}


def cells_to_paint(side: str, target: str) -> dict[str, list[str]]:
    """The cells a player paints to turn the blank side into ``target``, by brush."""
    blank = map_sides()[side].grid.split("\n")
    paint: dict[str, list[str]] = {}
    for row, line in enumerate(target.split("\n")):
        for col, ch in enumerate(line):
            if ch != blank[row][col]:
                paint.setdefault(BRUSHES[ch.upper() if ch != "+" else ch], []).append(
                    f"{ROWS[row]}{col + 1}")
    return paint


def paint(page: Page, cells: dict[str, list[str]], tap: bool = False) -> None:
    big = page.locator("svg.paper-map")
    for brush, names in cells.items():
        page.locator(f'[data-brush="{brush}"]').click()
        for name in names:
            cell = big.locator(f'[data-cell="{name}"]')
            if tap:
                box = cell.bounding_box()
                assert box is not None
                page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            else:
                cell.click()
            expect(cell).to_have_attribute("href", f"#t-{brush}")


def set_coins(page: Page, coins: int) -> None:
    for _ in range(coins):
        page.locator('[data-coins="more"]').click()
    expect(page.locator("[data-coins-count]")).to_have_text(str(coins))


def score_requests(page: Page) -> list[dict[str, Any]]:
    """The bodies of the score requests the page sends from now on, in order."""
    sent: list[dict[str, Any]] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data or "{}"))
            if r.url.endswith("/api/score") else None)
    return sent


def shown_scores(page: Page) -> list[dict[str, Any]]:
    """Each season's row as the page shows it: the edicts' stars, coins, monsters, total."""
    rows = []
    for k in range(4):
        row = page.locator(f'[data-season-row="{k}"]')
        edicts = {}
        for button in row.locator("[data-edict-score]").all():
            found = re.search(r"★\s*(\d+)", button.inner_text())
            assert found, button.inner_text()
            edicts[button.get_attribute("data-edict-score")] = int(found.group(1))
        rows.append({"edicts": edicts,
                     "coins": int(row.locator("[data-coins-score]").inner_text()),
                     "monsters": -int(row.locator("[data-monster-score]").inner_text()
                                      .replace("−", "-")),
                     "total": int(row.locator("[data-season-total]").inner_text()
                                  .replace("−", "-"))})
    return rows


def expect_cli_scores(page: Page, tmp_path: Path, target: str, cards: list[str],
                      coins: int) -> None:
    """The page's every number equals the CLI's on the same map."""
    cli = cli_scores(tmp_path, target, cards)
    stars = cli["cards"]
    assert isinstance(stars, dict)
    penalty = cli["monster_penalty"]
    expected = []
    for letters in SEASON_EDICTS:
        edicts = {letter: stars[cards["ABCD".index(letter)]] for letter in letters}
        expected.append({"edicts": edicts, "coins": coins, "monsters": penalty,
                         "total": sum(edicts.values()) + coins - penalty})
    expect(page.locator("[data-total]")).to_have_text(
        str(sum(s["total"] for s in expected)).replace("-", "−"))
    assert shown_scores(page) == expected


def test_a_map_tapped_in_scores_as_the_cli(page: Page, tmp_path: Path, shots: Path) -> None:
    sent = score_requests(page)
    for index, coins in [(0, 3), (3, 0), (6, 5)]:
        cards = card_sets()[index]
        side, target = sample_map(index, 0)
        page.goto(f"/score?side={side}&cards={','.join(cards)}")
        expect(page.locator("[data-total]")).to_be_visible()
        paint(page, cells_to_paint(side, target))
        set_coins(page, coins)
        expect_cli_scores(page, tmp_path, target, cards, coins)
        # What the page asked to score is the map in the notation, on every season.
        assert sent[-1]["side"] == side and sent[-1]["cards"] == cards
        assert [s["map"] for s in sent[-1]["seasons"]] == [target] * 4
        if index == 0:
            # An edict's score lights the cells that earned it.
            page.locator('[data-season-row="0"] [data-edict-score="A"]').hover()
            expect(page.locator("svg.paper-map .lit")).not_to_have_count(0)
            page.screenshot(path=str(shots / "paper-score.png"))


def test_the_edicts_are_chosen_by_name_and_scored(page: Page, tmp_path: Path) -> None:
    side, target = sample_map(5, 0)
    page.goto(f"/score?side={side}")
    expect(page.locator("[data-total]")).to_be_visible()
    cards = card_sets()[5]
    for letter, card in zip("ABCD", cards, strict=True):
        page.locator(f'select[data-edict="{letter}"]').select_option(card)
    for letter, card in zip("ABCD", cards, strict=True):
        expect(page.locator(f'select[data-edict="{letter}"]')).to_have_value(card)
    paint(page, cells_to_paint(side, target))
    expect_cli_scores(page, tmp_path, target, cards, 0)
    assert f"cards={','.join(cards)}" in page.url


def test_the_address_reopens_every_seasons_map(page: Page) -> None:
    page.goto("/score?side=D")
    big = page.locator("svg.paper-map")
    expect(page.locator("[data-total]")).to_be_visible()
    paint(page, {"forest": ["A1", "A2", "A3"], "monster": ["E5"], "village": ["B4"]})
    set_coins(page, 2)
    page.locator('[data-season="1"]').click()
    paint(page, {"water": ["K11", "K10"], "destroyed": ["B4"]})
    paint(page, {"hero": ["F6"]})
    page.locator('[data-coins="more"]').click()
    page.locator('[data-season="3"]').click()
    paint(page, {"farm": ["J4"]})
    seen = []
    for k in range(4):
        page.locator(f'[data-season="{k}"]').click()
        seen.append((terrains(big), page.locator("[data-coins-count]").inner_text()))
    assert seen[0][0]["A1"] == "forest" and seen[0][0]["K11"] == "empty"
    assert seen[1][0]["K11"] == "water" and seen[1][0]["B4"] == "destroyed"
    assert seen[2] == seen[1] and seen[3][0]["J4"] == "farm" and seen[2][0]["J4"] == "empty"
    assert [coins for _, coins in seen] == ["2", "3", "3", "3"]
    total = page.locator("[data-total]").inner_text()
    address = page.url
    assert "m1=" in address and "m2=" in address and "m3=" not in address and "m4=" in address
    page.reload()
    expect(page.locator("[data-total]")).to_have_text(total)
    for k in range(4):
        page.locator(f'[data-season="{k}"]').click()
        assert (terrains(big), page.locator("[data-coins-count]").inner_text()) == seen[k]
    assert page.url == address


def test_an_address_a_season_erases_is_refused_with_its_reason(page: Page) -> None:
    # Spring has a forest on A1 that summer's map lacks.
    page.goto("/score?side=C&m1=F10-1-M--r24-rM16-M13-r6-r17-M6-M--r--r10-"
              "&m2=12-M--r24-rM16-M13-r6-r17-M6-M--r--r10-")
    refusal = page.locator('[data-refusal="season_erased"]')
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("A1")
    expect(page.locator("[data-total]")).to_have_count(0)


def test_an_unreadable_address_starts_from_the_blank_side(page: Page) -> None:
    page.goto("/score?side=B&m1=FFF")
    expect(page.get_by_text(text("paper_score.bad_address"))).to_be_visible()
    expect(page.locator("[data-total]")).to_have_text(re.compile(r"^-?\d+$"))


def test_the_lobby_leads_to_the_score_page(page: Page) -> None:
    page.goto("/")
    page.get_by_role("link", name=text("paper_score.lobby_link")).click()
    expect(page.get_by_role("heading", name=text("paper_score.title"))).to_be_visible()
    assert page.url.split("?")[0].endswith("/score")


def test_a_phone_paints_by_tap_with_the_palette_under_the_thumb(browser: Browser, api: Api,
                                                               tmp_path: Path,
                                                               shots: Path) -> None:
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                has_touch=True, locale="en-US", base_url=api.base)
    phone.set_default_timeout(15_000)
    try:
        page = phone.new_page()
        cards = card_sets()[1]
        page.goto(f"/score?side=C&cards={','.join(cards)}")
        expect(page.locator("[data-total]")).to_be_visible()
        target = map_sides()["C"].grid.split("\n")
        target[0] = "FFFVVWWPPXX"
        target[2] = "VVVV*..FFF."
        target[6] = "WWWWWWpFF.."
        paint(page, cells_to_paint("C", "\n".join(target)), tap=True)
        expect_cli_scores(page, tmp_path, "\n".join(target), cards, 0)
        # Nothing wider than the phone, and the palette stays in reach while the map scrolls.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        palette = page.locator(".paper-tools")
        page.mouse.wheel(0, 200)
        box = palette.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"] + 1
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / "paper-score-phone.png"))
    finally:
        phone.close()


def test_the_map_is_painted_by_keyboard(page: Page) -> None:
    page.goto("/score?side=C")
    expect(page.locator("[data-total]")).to_be_visible()
    big = page.locator("svg.paper-map")
    big.focus()
    for key in ["ArrowRight", "ArrowRight", "ArrowDown", "f", "Enter"]:  # F: the 4th terrain
        page.keyboard.press(key)
    expect(big.locator('[data-cell="B3"]')).to_have_attribute("href", "#t-water")
    expect(page.locator('[data-brush="water"]')).to_have_attribute("aria-checked", "true")
    for key in ["ArrowDown", "7", " "]:  # 7: a destroyed cell
        page.keyboard.press(key)
    expect(big.locator('[data-cell="C3"]')).to_have_attribute("href", "#t-destroyed")
    for key in ["ArrowUp", "4", "Enter"]:  # water on a water cell: erased
        page.keyboard.press(key)
    expect(big.locator('[data-cell="B3"]')).to_have_attribute("href", "#t-empty")
    expect(big.locator('[data-cell="C3"]')).to_have_attribute("href", "#t-destroyed")
