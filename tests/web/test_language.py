"""The header's language switch: Russian texts from ru.json at once, kept after a reload, and
on a game's table too."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.table import EN, messages, text

RU = messages("ru")


def test_switching_to_russian_survives_a_reload(page: Page, api: Api, shots: Path) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", name=text("lobby.new_game"))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_label(text("nav.language")).select_option("ru")

    def russian() -> None:
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.get_by_role("heading", name=text("lobby.new_game", RU))).to_be_visible()
        expect(page.get_by_role("button", name=text("lobby.create", RU))).to_be_visible()
        expect(page.get_by_role("link", name=text("nav.lobby", RU), exact=True)).to_be_visible()
        expect(page.get_by_label(text("nav.language", RU))).to_have_value("ru")
        expect(page.get_by_role("heading", name=text("lobby.new_game", EN))).to_have_count(0)

    russian()
    page.screenshot(path=str(shots / "lobby-ru.png"))
    page.reload()
    russian()

    # A table in Russian: its heading, status and controls come from the same catalogue.
    created = api.create([{"name": "Аня"}], seed=2)
    page.goto(created["seats"][0]["url"])
    expect(page.get_by_role("heading", name=f"{text('map.of', RU, name='Аня')} · "
                                             f"{text('map.yours', RU)}")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text(text("status.your_move", RU))
    expect(page.get_by_role("group", name=text("controls.label", RU))).to_be_visible()
    page.get_by_label(text("nav.language", RU)).select_option("en")
    expect(page.get_by_role("status")).to_have_text(text("status.your_move"))
