"""Real server processes: ``herotable serve`` killed with SIGKILL mid-game and started again
loses nothing (bots included), and two processes on one PostgreSQL database racing for the
same ``seq`` never both succeed."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from herotable.server.run import server_process
from tests.server.postgres import fresh_database


@contextmanager
def server(url: str) -> Iterator[tuple[httpx.Client, subprocess.Popen[bytes]]]:
    with server_process(url) as (base, process), httpx.Client(base_url=base,
                                                             timeout=30) as client:
        yield client, process


def get(client: httpx.Client, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.get(f"/api/games/{game_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def post(client: httpx.Client, game_id: str, token: str, seq: int, action: str) -> int:
    return client.post(f"/api/games/{game_id}/actions", json={"seq": seq, "action": action},
                       headers={"Authorization": f"Bearer {token}"}).status_code


def test_kill_9_loses_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with server(url) as (client, process):
        created = client.post("/api/games", json={
            "game": "cartographers", "seed": 11,
            "seats": [{"name": "Ann"}, {"bot": "greedy"}]}).json()
        bots_only = client.post("/api/games", json={
            "game": "cartographers", "seed": 12,
            "seats": [{"bot": "greedy"}, {"bot": "greedy"}]}).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        for _ in range(5):
            game = get(client, game_id, token)
            assert post(client, game_id, token, game["seq"], game["legal"][0]) == 200
        before = get(client, game_id, token)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    with server(url) as (client, _process):
        after = get(client, game_id, token)
        assert after["seq"] == before["seq"] and after["view"] == before["view"]
        while not after["over"]:
            assert post(client, game_id, token, after["seq"], after["legal"][0]) == 200
            after = get(client, game_id, token)
        assert [len(s) for s in after["view"]["scores"]] == [4, 4]
        deadline = time.monotonic() + 120  # the bots-only game, killed mid-way, finishes
        while not get(client, bots_only["id"])["over"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert get(client, bots_only["id"])["over"]


def test_two_processes_race_for_one_seq(postgres_base: str | None) -> None:
    if postgres_base is None:
        pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
    url = fresh_database(postgres_base, "herotable_race")
    with server(url) as (first, _one), server(url) as (second, _two):
        created = first.post("/api/games", json={"game": "cartographers", "seed": 5,
                                                 "seats": [{"name": "Ann"}]}).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        for seq in range(10):
            legal = get(first, game_id, token)["legal"]
            assert get(second, game_id, token)["seq"] == seq
            codes: list[int] = []
            start = threading.Barrier(2)

            def send(client: httpx.Client, action: str, start: threading.Barrier = start,
                     seq: int = seq, codes: list[int] = codes) -> None:
                start.wait()
                codes.append(post(client, game_id, token, seq, action))

            racers = [threading.Thread(target=send, args=(first, legal[0])),
                      threading.Thread(target=send, args=(second, legal[-1]))]
            for racer in racers:
                racer.start()
            for racer in racers:
                racer.join()
            assert sorted(codes) == [200, 409], codes
        assert get(first, game_id)["view"] == get(second, game_id)["view"]
        assert get(first, game_id)["seq"] == 10
