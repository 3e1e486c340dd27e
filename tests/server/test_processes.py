"""Real server processes: ``herotable serve`` killed with SIGKILL mid-game and started again
loses nothing (bots included), and two processes on one PostgreSQL database racing for the
same ``seq`` never both succeed."""

from __future__ import annotations

import json
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
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from herotable.cartographers.cards import map_sides
from herotable.server.run import server_process
from tests.server.conftest import wait_until
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


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_workers_end_with_their_server(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path / 'games.sqlite3'}") as (client, process):
        client.post("/api/games", json={"game": "dominaria", "seed": 3, "seats": [
            {"bot": "strong", "seconds": 1}, {"bot": "strong", "seconds": 1}]})
        wait_until(lambda: client.get("/api/stats").json()["bots"]["running"] > 0)
        workers = children_of(process.pid)
        assert workers
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
        wait_until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), 30)


def test_two_processes_serve_the_same_games(postgres_base: str | None) -> None:
    if postgres_base is None:
        pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
    url = fresh_database(postgres_base, "herotable_two_processes")
    with server(url) as (first, _one), server(url) as (second, _two):
        created = first.post("/api/games", json={"game": "cartographers", "seed": 5, "seats": [
            {"name": "Ann"}, {"name": "Bo"}]}).json()
        game_id = created["id"]
        ann, bo = (s["token"] for s in created["seats"])
        ws = str(first.base_url).replace("http://", "ws://") + f"/api/games/{game_id}/ws"
        with connect(ws) as socket:
            socket.send(json.dumps({"token": ann}))
            assert json.loads(socket.recv())["seq"] == 0
            # Ann is connected to the first process; the second one says so too.
            wait_until(lambda: get(second, game_id)["seats"][0]["present"], 30)
            game = get(second, game_id, bo)
            assert post(second, game_id, bo, game["seq"], game["legal"][0]) == 200
            pushed = json.loads(socket.recv())
            while "view" not in pushed:  # a presence message may come first
                pushed = json.loads(socket.recv())
            assert pushed["seq"] == 1  # an action on the second process, pushed by the first
        wait_until(lambda: not get(second, game_id)["seats"][0]["present"], 30)
        # Bo steps away on the first process: the second one shows it too.
        assert first.post(f"/api/games/{game_id}/leave",
                          headers={"Authorization": f"Bearer {bo}"}).status_code == 200
        wait_until(lambda: get(second, game_id)["seats"][1]["left"], 30)


def test_a_flip_or_a_map_on_one_process_reaches_the_others_watchers(
        postgres_base: str | None) -> None:
    if postgres_base is None:
        pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
    url = fresh_database(postgres_base, "herotable_tables")
    with server(url) as (first, _one), server(url) as (second, _two):
        # Both processes listen once a seat connected to one is present on the other.
        game = first.post("/api/games", json={"game": "cartographers",
                                              "seats": [{"name": "Ann"}]}).json()
        base = str(first.base_url).replace("http://", "ws://")
        with connect(f"{base}/api/games/{game['id']}/ws") as seat:
            seat.send(json.dumps({"token": game["seats"][0]["token"]}))
            wait_until(lambda: get(second, game["id"])["seats"][0]["present"], 30)
            created = first.post("/api/tables", json={"seed": 3}).json()
            with connect(f"{base}/api/tables/{created['id']}/ws") as socket:
                assert json.loads(socket.recv(timeout=30))["seq"] == 0
                flipped = second.post(f"/api/tables/{created['id']}/flip", json={"seq": 0},
                                      headers={"Authorization":
                                               f"Bearer {created['host_token']}"})
                assert flipped.status_code == 200
                assert json.loads(socket.recv(timeout=30)) == flipped.json()
                # A player's map added on the second process reaches the first's watcher.
                blank = map_sides()[flipped.json()["config"]["side"]].grid
                added = second.post(f"/api/tables/{created['id']}/maps",
                                    json={"name": "Ann", "seasons": [{"map": blank}]})
                assert added.status_code == 201, added.text
                assert json.loads(socket.recv(timeout=30)) == added.json()["table"]


def test_each_bot_move_is_thought_once_and_a_killed_process_is_carried_on(
        postgres_base: str | None) -> None:
    if postgres_base is None:
        pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
    url = fresh_database(postgres_base, "herotable_bot_claims")
    bots = [{"bot": "strong", "seconds": 0.05}, {"bot": "strong", "seconds": 0.05}]
    with server(url) as (first, one), server(url) as (second, _two):
        both = first.post("/api/games", json={"game": "dominaria", "seed": 8,
                                              "seats": bots}).json()["id"]
        # Both processes look at the game all along; each move is thought by one of them.
        wait_until(lambda: get(first, both)["over"] and get(second, both)["over"])
        thought = sum(c.get("/api/stats").json()["bot_moves_thought"]
                      for c in (first, second))
        assert thought == get(second, both)["seq"]
        killed = first.post("/api/games", json={"game": "dominaria", "seed": 9,
                                                "seats": bots}).json()["id"]
        wait_until(lambda: get(second, killed)["seq"] >= 10)
        os.kill(one.pid, signal.SIGKILL)
        one.wait(10)
        wait_until(lambda: get(second, killed)["over"])  # the second process carries it on
        log = second.get(f"/api/games/{killed}/log").json()
        assert len(log["actions"]) == get(second, killed)["seq"]


def test_a_stopping_server_closes_its_websockets_as_a_restart(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path / 'games.sqlite3'}") as (client, process):
        game_id = client.post("/api/games", json={"game": "cartographers",
                                                  "seats": [{"name": "Ann"}]}).json()["id"]
        ws = str(client.base_url).replace("http://", "ws://") + f"/api/games/{game_id}/ws"
        with connect(ws) as socket:
            socket.send("{}")
            socket.recv()
            process.terminate()
            with pytest.raises(ConnectionClosed):
                socket.recv()
            assert socket.close_code == 1012  # "service restart": the page reconnects
        process.wait(30)


def test_a_note_this_version_cannot_read_is_skipped() -> None:
    from herotable.server.relay import ActionNote, PostgresRelay

    heard: list[ActionNote] = []

    class Listener:
        def heard_action(self, note: ActionNote) -> None:
            heard.append(note)

        def __getattr__(self, _name: str) -> Any:
            return lambda *_args: None

    relay = PostgresRelay("postgresql+psycopg://nobody@127.0.0.1:1/none")  # never connects
    for payload in ("not json", "[]", '{"p": "x", "k": "action"}',
                    '{"p": "x", "k": "action", "g": "a", "s": "one", "seat": 0, "a": "x"}',
                    '{"p": "x", "k": "presence", "g": "a", "seats": [null]}'):
        relay._heard_from(payload, Listener())  # logged and skipped, never raised
    relay._heard_from('{"p": "x", "k": "action", "g": "a", "s": 3, "seat": 1, '
                      '"a": "draw forest A1"}', Listener())
    assert heard == [ActionNote("a", 3, 1, "draw forest A1")]
