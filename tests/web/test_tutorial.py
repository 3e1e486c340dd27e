"""The tutorials played in the page from the lobby's "Learn to play": the coach box beside the
table explains each decision as the game reaches it, points at its control and outlines a good
move; the person plays every move. Cartographers through spring's scoring (its cells lit) and
the hand-over, in English and in Russian, resuming after a reload; Heroes of Dominaria's first
turn in English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from herotable.tutorials import TUTORIALS
from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable
from tests.web.table import EN, Table, Target, messages, normalize, orientations, parse_cell, text

RU = messages("ru")


def start(page: Page, game: str, catalogue: dict[str, Any], language: str) -> tuple[str, str]:
    """Open the lobby in ``language``, press the game's "Learn" button; the game's id and
    the seat's token (kept by the page)."""
    page.goto("/")
    if language != "en":
        page.get_by_label(text("nav.language")).select_option(language)
    learn = page.locator(f"[data-learn] button[data-tutorial={game}]")
    expect(page.locator("[data-learn] h2")).to_have_text(text("tutorial.ui.learn", catalogue))
    learn.click()
    expect(page).to_have_url(__import__("re").compile(r"/g/[\w-]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    seats = json.loads(page.evaluate("() => localStorage.getItem('herotable.games')"))
    token = next(s["token"] for s in seats if s["id"] == game_id)
    return game_id, token


def coach_at(page: Page, step: str, catalogue: dict[str, Any], game: str) -> None:
    """The coach shows ``step``, with its own text, beside (never over) the table."""
    coach = page.locator("aside.coach")
    expect(coach).to_have_attribute("data-step", step)
    expect(coach.locator(".coach-text")).to_have_text(text(f"tutorial.{game}.{step}", catalogue))
    box = coach.bounding_box()
    board = page.locator("section.board, .dom-map-wrap").first.bounding_box()
    assert box is not None and board is not None
    assert box["x"] >= board["x"] + board["width"], "the coach covers the map"


def target_for(table: Table, state: dict[str, Any], action: str) -> Target:
    """The placement ``action`` names, for the page helper to make with pointer and keys."""
    _, terrain, *names = action.split()
    cells = [parse_cell(name) for name in names]
    corner = (min(r for r, _ in cells), min(c for _, c in cells))
    pattern = normalize([(c, r) for r, c in cells])
    shape = next(i for i, s in enumerate(table.shapes(state)) if pattern in orientations(s))
    return Target("draw", pattern, corner, action, shape, terrain)


class CoachedTable(Table):
    """The table helper in any language: its controls found by their role, not their label."""

    @property
    def controls(self) -> Locator:
        return self.page.locator(".controls[role=group]")


def play_suggestion(table: Table, api: Api, game_id: str, token: str, action: str) -> None:
    """Make the suggested placement as a person does: shape, turns and mirrors, terrain,
    a click on the map, Enter; the server receives exactly it."""
    state = api.state(game_id, token)
    assert action in state["legal"]
    target = target_for(table, state, action)
    expect(table.controls).to_be_visible()
    table.settle()
    table.orient(target, state)
    if len(state["view"]["legal"]["terrains"]) > 1:
        button = table.controls.locator(f".terrain-btn.t-{target.terrain}")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    table.click_cell(*target.pointer)
    expect(table.controls.locator("button.confirm")).to_be_enabled()
    with table.page.expect_response(lambda r: "/actions" in r.url) as answer:
        table.press("Enter")
    assert answer.value.status == 200, answer.value.text()
    grid = api.state(game_id, token)["view"]["sheets"][0]["grid"]
    letter = {"water": "w", "village": "v", "forest": "f", "farm": "p"}[target.terrain or ""]
    assert {grid[r][c].lower() for r, c in map(parse_cell, action.split()[2:])} == {letter}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_cartographers_tutorial_from_the_lobby_to_the_hand_over(
        page: Page, api: Api, shots: Path, language: str) -> None:
    words = EN if language == "en" else RU
    game_id, token = start(page, "cartographers", words, language)
    table = CoachedTable(page, api, game_id, token)
    tutorial = TUTORIALS["cartographers"]
    steps = {s.id: s for s in tutorial.steps}

    for step in ("welcome", "edicts", "terrain"):
        coach_at(page, step, words, "cartographers")
        point = steps[step].point
        expect(page.locator(f'[data-tour="{point}"]').first).to_have_class(
            __import__("re").compile(r"\bcoach-point\b"))
        if step == "welcome":
            page.screenshot(path=str(shots / f"tutorial-welcome-{language}.png"))
        page.locator(".coach-next").click()
    coach_at(page, "place", words, "cartographers")
    # The suggested placement is outlined on the map.
    expect(table.big_map.locator(".hint, [class*=hint]").first).to_be_visible()
    page.screenshot(path=str(shots / f"tutorial-place-{language}.png"))

    moves = [("place", "turn"), ("turn", "coin_shape"), ("coin_shape", "ruins"),
             ("ruins", "ambush"), ("ambush", "scoring")]
    for step, following in moves:
        play_suggestion(table, api, game_id, token, steps[step].suggest
                        or steps["season_end"].suggest or "")
        coach_at(page, following, words, "cartographers")
        if following == "coin_shape":
            page.locator(".coach-next").click()
            coach_at(page, "mountain", words, "cartographers")
        if following == "ruins":
            # The shape owed must cover ruins, and the card says so.
            assert api.state(game_id, token)["view"]["decision"]["ruins"] is True
            expect(page.locator(".card-note.ruins")).to_be_visible()
        if following == "ruins" and language == "en":
            page.reload()  # the game record says it is a tutorial: the guidance resumes
            coach_at(page, "ruins", words, "cartographers")
            page.screenshot(path=str(shots / "tutorial-ruins-en.png"))
        if following == "ambush":
            page.screenshot(path=str(shots / f"tutorial-ambush-{language}.png"))
            page.locator(".coach-next").click()
            coach_at(page, "season_end", words, "cartographers")

    # Spring scored: the cells that earned its stars are lit on the map.
    state = api.state(game_id, token)
    assert state["view"]["season_index"] == 1
    expect(table.big_map.locator("g.lit").first).to_be_visible()
    assert table.big_map.locator("g.lit").count() > 5
    page.screenshot(path=str(shots / f"tutorial-scoring-{language}.png"))
    page.locator(".coach-next").click()
    coach_at(page, "finish", words, "cartographers")
    page.screenshot(path=str(shots / f"tutorial-finish-{language}.png"))
    page.get_by_role("button", name=text("tutorial.ui.continue", words)).click()
    # The same game goes on, unguided, even after a reload.
    expect(page.locator("aside.coach")).to_have_count(0)
    expect(table.controls).to_be_visible()
    page.reload()
    expect(table.controls).to_be_visible()
    expect(page.locator("aside.coach")).to_have_count(0)


def test_the_dominaria_first_turn_tutorial(page: Page, api: Api, shots: Path) -> None:
    game_id, token = start(page, "dominaria", EN, "en")
    table = DominariaTable(page, api, game_id, token, 0)
    steps = {s.id: s for s in TUTORIALS["dominaria"].steps}
    coach_at(page, "welcome", EN, "dominaria")
    page.locator(".coach-next").click()
    coach_at(page, "keep", EN, "dominaria")
    expect(page.locator("[data-card=cleanse_urborg]").first).to_have_class(
        __import__("re").compile(r"\bcoach-suggest\b"))
    page.screenshot(path=str(shots / "tutorial-dominaria-keep.png"))
    order = ["keep", "place", "place_again", "move", "collect", "ability"]
    following = [*order[1:], "quest"]
    for step, after in zip(order, following, strict=True):
        state = table.state()
        action = steps[step].suggest or ""
        assert action in state["legal"], (action, state["legal"])
        if step == "collect":
            # Choosing the place redraws the table alone; the suggestion stays marked.
            table.select(action.split()[1])
            expect(page.locator(f".at-location button[data-action='{action}']")).to_have_class(
                __import__("re").compile(r"\bcoach-suggest\b"))
        table.do(action, state)
        table.wait_after(state["seq"])
        coach_at(page, after, EN, "dominaria")
        if after == "collect":
            page.screenshot(path=str(shots / "tutorial-dominaria-collect.png"))
    page.screenshot(path=str(shots / "tutorial-dominaria-quest.png"))
    page.locator(".coach-next").click()
    coach_at(page, "end", EN, "dominaria")
    state = table.state()
    table.do("end", state)
    coach_at(page, "finish", EN, "dominaria")
    page.screenshot(path=str(shots / "tutorial-dominaria-finish.png"))
    page.get_by_role("button", name=text("tutorial.ui.new_game")).click()
    expect(page.locator("[data-learn]")).to_be_visible()
