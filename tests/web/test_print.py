"""The printed sheets (/print): the lobby links to them and axe finds nothing serious; every
map side is drawn with the engine's printed cells (mountains with their coins, ruins,
wastelands), cell by cell; each season's box names the edicts the engine scores in it;
printing (Chromium's PDF) gives one page per sheet, on A4 or Letter, portrait sheets and a
landscape score pad, without the site's header; the table link prints as a QR code, and a link
the server refuses says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from herotable.cartographers.cards import map_sides
from herotable.cartographers.grid import SIZE, bit
from tests.web.accessibility import audit
from tests.web.conftest import Api
from tests.web.table import text

ROWS = "ABCDEFGHIJK"
# Points (1/72 inch) of each paper in portrait: width, height.
PAPER_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
MEDIA_BOX = re.compile(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]")
LINK = "https://herotable.example/t/paper-3f9a"


def expected_cells(side_id: str) -> dict[str, tuple[str, bool]]:
    """Cell name -> (terrain, ruins) of a side's blank sheet, as the engine builds it."""
    sheet = map_sides()[side_id].new_sheet()
    cells = {}
    for row in range(SIZE):
        for col in range(SIZE):
            b = bit(row, col)
            terrain = ("mountain" if sheet.mountain & b else
                       "wasteland" if sheet.wasteland & b else "empty")
            cells[f"{ROWS[row]}{col + 1}"] = (terrain, bool(sheet.ruins & b))
    return cells


def test_the_lobby_links_to_the_print_page(page: Page, shots: Path) -> None:
    page.goto("/")
    page.locator("[data-on-paper]").screenshot(path=str(shots / "print-lobby-link.png"))
    page.get_by_role("link", name=text("paper_print.title")).click()
    expect(page.get_by_role("heading", name=text("paper_print.title"))).to_be_visible()
    # The choices are kept in the address: the usual ones, the US paper for en-US.
    assert page.url.split("/", 3)[3] == "print?sides=C&paper=letter&copies=1&pad=1&rows=4"
    expect(page.locator(".map-sheet")).to_have_count(1)
    expect(page.locator(".score-pad")).to_have_count(1)
    page.screenshot(path=str(shots / "print-page.png"))
    assert audit(page) == []


def test_every_side_is_drawn_with_the_engines_printed_cells(page: Page, api: Api) -> None:
    page.goto("/print?sides=A,B,C,D&copies=1&pad=0")
    sides = sorted(map_sides())
    expect(page.locator(".map-sheet")).to_have_count(len(sides))
    seasons = api.catalog()["seasons"]
    for side_id in sides:
        sheet = page.locator(f'.map-sheet[data-side="{side_id}"]')
        drawn = sheet.locator("[data-cell]").evaluate_all(
            "cells => cells.map(c => [c.dataset.cell, c.dataset.terrain, 'ruins' in c.dataset])")
        assert {name: (terrain, ruins) for name, terrain, ruins in drawn} == \
            expected_cells(side_id), side_id
        assert len(drawn) == SIZE * SIZE
        # The row letters and column numbers of the game's notation.
        labels = sheet.locator("svg.map text.lbl").all_text_contents()
        assert labels == [*ROWS, *(str(n) for n in range(1, SIZE + 1))]
        # Each season's box has a square for each edict the engine scores in it.
        box = map_sides()[side_id].box
        for season in seasons[box]:
            squares = sheet.locator(f'.season-box[data-season="{season["id"]}"] [data-edict]')
            assert squares.evaluate_all("s => s.map(e => e.dataset.edict)") == season["edicts"]
        # Each mountain shows its coin, as a printed sheet does.
        mountains = [name for name, (terrain, _) in expected_cells(side_id).items()
                     if terrain == "mountain"]
        expect(sheet.locator("svg.map use.mountain-coin")).to_have_count(len(mountains))
        # The coin track: one empty coin per place on it.
        expect(sheet.locator('svg.map use[href="#m-coin-empty"]')).to_have_count(
            api.catalog()["coin_track"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_printing_gives_one_page_per_sheet(page: Page, paper: str, shots: Path) -> None:
    page.goto(f"/print?sides=C,D&copies=2&pad=1&rows=5&paper={paper}&link={LINK}")
    expect(page.locator(".print-sheet")).to_have_count(5)
    expect(page.get_by_role("status")).to_have_text(text("paper_print.pages", count=5))
    qr = page.locator(".print-sheet .qr")
    expect(qr).to_have_count(5)
    expect(qr.first).to_have_js_property("complete", True)
    assert qr.first.evaluate("img => img.naturalWidth") > 0
    expect(page.locator(".print-sheet .link-text").first).to_have_text(
        "herotable.example/t/paper-3f9a")
    expect(page.locator("table.pad tbody tr")).to_have_count(5)

    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator(".print-controls")).to_be_hidden()
    page.locator(".map-sheet").first.screenshot(path=str(shots / f"print-sheet-{paper}.png"))
    page.locator(".score-pad").screenshot(path=str(shots / f"print-pad-{paper}.png"))

    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    boxes = [(float(w), float(h)) for w, h in MEDIA_BOX.findall(pdf)]
    width, height = PAPER_POINTS[paper]
    portrait = [b for b in boxes if b == pytest.approx((width, height), abs=2)]
    landscape = [b for b in boxes if b == pytest.approx((height, width), abs=2)]
    # Four map sheets in portrait and the pad in landscape: nothing spills onto a fifth page.
    assert (len(portrait), len(landscape), len(boxes)) == (4, 1, 5), boxes
    (shots / f"print-{paper}.pdf").write_bytes(pdf)


def test_the_print_button_prints_and_a_refused_link_says_why(page: Page) -> None:
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    page.goto("/print?sides=C&copies=1&pad=0")
    page.get_by_role("button", name=text("paper_print.print")).click()
    assert page.evaluate("window.printed") == 1

    page.get_by_label(text("paper_print.link")).fill("https://example.org/" + "x" * 600)
    page.get_by_label(text("paper_print.link")).press("Enter")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("at most 512 characters")
    expect(page.locator(".print-sheet .qr")).to_have_count(0)

    # No side and no pad: nothing to print.
    page.get_by_label(text("paper_print.with_pad")).check()
    page.get_by_label(text("paper_print.with_pad")).uncheck()
    page.locator('input[name="side"][value="C"]').uncheck()
    expect(page.get_by_role("status")).to_have_text(text("paper_print.nothing"))
    expect(page.get_by_role("button", name=text("paper_print.print"))).to_be_disabled()


def test_a_phone_scrolls_the_pages_in_their_own_box_never_the_page(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/print?sides=C&copies=1&pad=1")
    expect(page.locator(".score-pad")).to_be_attached()
    widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert widths[0] <= widths[1], widths
    sheets = page.locator(".print-sheets")
    assert sheets.evaluate("box => box.scrollWidth > box.clientWidth")
