"""Server fixtures: an app on a fresh database (SQLite, and PostgreSQL where the machine has
it), a test client, and helpers to create games and act."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from herotable.server.app import create_app
from herotable.server.settings import Settings
from tests.server.postgres import fresh_database, postgres_server

_numbers = itertools.count()


@pytest.fixture(scope="session")
def postgres_base() -> Iterator[str | None]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path,
                 postgres_base: str | None) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    if postgres_base is None:
        pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
    return fresh_database(postgres_base, f"herotable_test_{next(_numbers)}")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


def make_client(url: str, raise_server_exceptions: bool = True, **settings: Any) -> TestClient:
    """A client of a new app on ``url``; the rate limit is lifted unless a test sets it, since
    a test fires requests far faster than a person, and the bots' workers start when first
    needed (most tests never need them)."""
    settings = {"rate_burst": 1_000_000, "warm_workers": False, **settings}
    return TestClient(create_app(Settings(database_url=url, **settings)),
                      raise_server_exceptions=raise_server_exceptions)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A client of a server on SQLite (the API's behaviour does not depend on the store;
    the persistence tests run on both)."""
    with make_client(sqlite_url) as test_client:
        yield test_client


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_game(client: TestClient, game: str = "cartographers", seats: list[dict[str, Any]]
             | None = None, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats or [{"name": "Ann"}], "seed": 7, **extra}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def act(client: TestClient, game_id: str, token: str | None, seq: int, action: str) -> Any:
    return client.post(f"/api/games/{game_id}/actions", json={"seq": seq, "action": action},
                       headers=bearer(token))


def wait_until(condition: Callable[[], object], seconds: float = 120) -> None:
    """Poll ``condition`` until it holds; past ``seconds`` the test fails."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.1)
