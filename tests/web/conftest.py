"""Browser fixtures: one real ``herotable serve`` on a temporary SQLite file and one headless
Chromium (Debian's, never a downloaded one) for the whole session; a fresh browser context per
test; a folder for screenshots (``HEROTABLE_SCREENSHOTS``, else pytest's temporary path).

Every test here skips, saying why, where /usr/bin/chromium is absent (CI installs it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from herotable.server.run import server_process

CHROMIUM = Path("/usr/bin/chromium")
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


class Api:
    """The server's JSON API, for setting games up and for reading a seat's legal moves (the
    tests act through the page, except where a test only needs a finished game)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.client = httpx.Client(base_url=base, timeout=30)
        self._catalog: dict[str, Any] | None = None

    def create(self, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
               seed: int = 7) -> dict[str, Any]:
        answer = self.client.post("/api/games", json={
            "game": "cartographers", "seats": seats, "options": options or {}, "seed": seed})
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        return created

    def state(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.client.get(f"/api/games/{game_id}", headers=headers)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def act(self, game_id: str, token: str, seq: int, action: str) -> dict[str, Any]:
        answer = self.client.post(f"/api/games/{game_id}/actions",
                                  json={"seq": seq, "action": action},
                                  headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def catalog(self) -> dict[str, Any]:
        if self._catalog is None:
            self._catalog = self.client.get("/api/catalog/cartographers").json()
        return self._catalog


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'games.sqlite3'}"
    # No rate limit: a test clicks far faster than a person; a small bot budget per decision
    # for analyses (30 of strong's work units), so one is done in seconds.
    env = {"HEROTABLE_RATE_PER_SECOND": "0", "HEROTABLE_ANALYSIS_SECONDS": "0.005"}
    with server_process(url, env=env) as (base, _process):
        yield base


@pytest.fixture(scope="session")
def api(server: str) -> Iterator[Api]:
    client = Api(server)
    yield client
    client.client.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(f"the browser tests need Debian's Chromium at {CHROMIUM} "
                    "(apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``HEROTABLE_SCREENSHOTS`` or a temporary folder."""
    given = os.environ.get("HEROTABLE_SCREENSHOTS")
    folder = Path(given) if given else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def context(browser: Browser, server: str) -> Iterator[BrowserContext]:
    """A fresh browser (its own localStorage) in English at 1280x800."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US", base_url=server)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
