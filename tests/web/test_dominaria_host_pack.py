"""A server playing its host's own Dominaria data pack: the table's banner says so (the
"Designed content in use" banner's variant) and opens what that means, and a quest of the
wider vocabulary (travel) is worded on its card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from herotable.server.run import server_process
from tests.server.test_host_pack import edited_pack
from tests.web.conftest import DESKTOP
from tests.web.table import text


@pytest.fixture(scope="module")
def host_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("host")
    pack = edited_pack(folder / "printed")
    quests = pack / "quests.toml"  # First Stones, dealt to seat 0, becomes a journey
    quests.write_text(quests.read_text("utf-8").replace(
        'requires = [{ metric = "manaliths", at_least = 1 }, '
        '{ metric = "mana", colour = "R", at_least = 2 }]',
        'requires = [{ metric = "visited", location = "keld", at_least = 1 }, '
        '{ metric = "visited", colour = "G", at_least = 3 }]'), "utf-8")
    env = {"HEROTABLE_RATE_PER_SECOND": "0", "HEROTABLE_DOMINARIA_DATA": str(pack)}
    with server_process(f"sqlite:///{folder / 'games.sqlite3'}", env=env) as (base, _process):
        yield base


@pytest.fixture
def host_page(browser: Browser, host_server: str) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="en-US", base_url=host_server)
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def test_the_table_says_it_plays_the_hosts_pack(host_page: Page, host_server: str,
                                                 shots: Path) -> None:
    answer = httpx.post(f"{host_server}/api/games", json={
        "game": "dominaria", "seats": [{"name": "Ann"}, {"bot": "greedy"}], "seed": 3})
    assert answer.status_code == 201, answer.text
    host_page.goto(answer.json()["seats"][0]["url"])
    banner = host_page.get_by_role("note")
    expect(banner).to_contain_text(text("dom.host_pack.banner"))
    expect(banner).not_to_contain_text(text("dom.designed.banner"))
    host_page.get_by_role("button", name=text("dom.host_pack.what")).click()
    panel = host_page.get_by_role("region", name=text("dom.host_pack.title"))
    expect(panel).to_contain_text(text("dom.host_pack.p1")[:40])
    host_page.screenshot(path=str(shots / "dominaria-host-pack.png"))
    host_page.get_by_role("button", name=text("dom.host_pack.close")).click()
    expect(panel).to_be_hidden()
    card = host_page.locator(".dom-side").get_by_text("First Stones").locator("../..")
    expect(card).to_contain_text(text("dom.req_place.visited", location="Keld"))
    expect(card).to_contain_text(text("dom.req_colour.visited", count=3, colour="green"))
    host_page.screenshot(path=str(shots / "dominaria-host-pack-travel.png"))
