"""A database outage is survived: PostgreSQL stopped under a running server while a bot owes
a move gives clients 503 with Retry-After (not 500), and once it is back the game moves on
by itself, with no restart."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from typing import IO

import httpx2 as httpx
import psycopg
import pytest

from herotable.server.run import server_process
from tests.server.conftest import wait_until
from tests.server.postgres import fresh_database, postgres_cluster


@contextmanager
def lines_of(stream: IO[bytes] | None) -> Iterator[list[str]]:
    """The lines a process writes to ``stream``, gathered as they come."""
    gathered: list[str] = []
    reader = threading.Thread(target=lambda: gathered.extend(
        line.decode(errors="replace") for line in iter(stream.readline, b"")) if stream
        else None, daemon=True)
    reader.start()
    yield gathered


def test_a_database_outage_is_survived() -> None:
    with postgres_cluster() as cluster:
        if cluster is None:
            pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
        url = fresh_database(cluster.url, "herotable_outage")
        with server_process(url) as (base, process), lines_of(process.stderr) as log, \
                httpx.Client(base_url=base, timeout=30) as client, \
                closing(psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"))) \
                as held:
            # No action can be stored until the database goes away (reads still work): the
            # bot's first move must meet the outage however fast it thinks, on any load.
            held.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
            created = client.post("/api/games", json={
                "game": "cartographers", "seed": 4,
                "seats": [{"name": "Ann"}, {"bot": "strong", "seconds": 2}]}).json()
            game_id, token = created["id"], created["seats"][0]["token"]
            headers = {"Authorization": f"Bearer {token}"}
            game = client.get(f"/api/games/{game_id}", headers=headers).json()
            # The bot thinks over its first move; the database goes away meanwhile.
            cluster.stop()
            # The game in memory is still shown; an action, which must be stored, is 503.
            assert client.get(f"/api/games/{game_id}", headers=headers).status_code == 200
            acted = client.post(f"/api/games/{game_id}/actions", headers=headers,
                                json={"seq": game["seq"], "action": game["legal"][0]})
            assert acted.status_code == 503 and int(acted.headers["retry-after"]) > 0
            created = client.post("/api/games", json={"game": "cartographers",
                                                      "seats": [{"name": "Bo"}]})
            assert created.status_code == 503 and "retry-after" in created.headers
            assert client.get("/api/health").json() == {"ok": True, "database": False}
            assert client.get("/api/ready").status_code == 503
            wait_until(lambda: any("waits for the database" in line for line in log))
            cluster.start()
            wait_until(lambda: client.get("/api/ready").status_code == 200)
            # The bot's move lands by itself; the person plays on.
            wait_until(lambda: 1 not in client.get(f"/api/games/{game_id}").json()["pending"])
            game = client.get(f"/api/games/{game_id}", headers=headers).json()
            assert client.post(f"/api/games/{game_id}/actions", headers=headers,
                               json={"seq": game["seq"], "action": game["legal"][0]}
                               ).status_code == 200
            assert not any("Traceback" in line for line in log), "".join(log)[-2000:]
