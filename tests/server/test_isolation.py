"""No client slows another: a real ``herotable serve`` with a spectator that never reads its
WebSocket still answers every action at once, and a person's bot opponent answers promptly
beside games of busy bots and a client asking for hint after hint."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx2 as httpx
from fastapi.testclient import TestClient

from herotable.server.run import server_process
from tests.server.conftest import act, bearer, make_client, new_game, state


def stuck_watcher(base: str, game_id: str) -> socket.socket:
    """A WebSocket spectator that sends its first message and then never reads: a raw
    connection with a tiny receive buffer, so the server's pushes back up at once."""
    parts = urlsplit(base)
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((parts.hostname or "", parts.port or 80))
    raw.sendall((f"GET /api/games/{game_id}/ws HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                 "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    mask, payload = os.urandom(4), b"{}"
    raw.sendall(bytes([0x81, 0x80 | len(payload)]) + mask
                + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return raw


def test_a_watcher_that_never_reads_stalls_nothing(tmp_path: Path) -> None:
    with server_process(f"sqlite:///{tmp_path / 'games.sqlite3'}") as (base, _process), \
            httpx.Client(base_url=base, timeout=60) as client:
        created = client.post("/api/games", json={
            "game": "cartographers", "seed": 3,
            "seats": [{"name": "Ann"}, *[{"bot": "random"} for _ in range(19)]]}).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        with stuck_watcher(base, game_id):
            pushed = 0
            game = client.get(f"/api/games/{game_id}", headers=headers).json()
            while not game["over"]:
                pushed += len(json.dumps(client.get(f"/api/games/{game_id}").json())) * 20
                answer = client.post(f"/api/games/{game_id}/actions", headers=headers,
                                     json={"seq": game["seq"], "action": game["legal"][0]})
                assert answer.status_code == 200, answer.text
                game = answer.json()
            assert pushed > 5_000_000  # far more than the connection's buffers hold


def _bot_answer_seconds(client: TestClient, game_id: str, token: str, moves: int) -> float:
    """The longest of ``moves`` round trips of the person's action, each answered once the
    greedy opponent's move it unblocks is made."""
    longest = 0.0
    for _ in range(moves):
        game = state(client, game_id, token)
        start = time.monotonic()
        answer = act(client, game_id, token, game["seq"], game["legal"][0])
        assert answer.status_code == 200, answer.text
        longest = max(longest, time.monotonic() - start)
    return longest


def test_a_persons_bot_answers_promptly_beside_busy_games(sqlite_url: str) -> None:
    with make_client(sqlite_url, bot_workers=2, hint_seconds=1.0) as client:
        person = new_game(client, seats=[{"name": "Ann"}, {"bot": "greedy"}])
        game_id, token = person["id"], person["seats"][0]["token"]
        idle = _bot_answer_seconds(client, game_id, token, 3)
        for seed in range(3):  # games of strong bots thinking 5 s a move, nobody playing
            new_game(client, seats=[{"bot": "strong", "seconds": 5}] * 2, seed=seed)
        solo = new_game(client, seed=9)
        stop = threading.Event()

        def ask_for_hints() -> None:  # a client asking for hint after hint
            while not stop.is_set():
                client.post(f"/api/games/{solo['id']}/hint",
                            headers=bearer(solo["seats"][0]["token"]))

        asker = threading.Thread(target=ask_for_hints)
        asker.start()
        try:
            busy = _bot_answer_seconds(client, game_id, token, 4)
        finally:
            stop.set()
            asker.join()
    # One worker is kept for games with a person, and their jobs go first: the greedy bot
    # waits at most for one hint (1 s), where a first-come queue made it wait for strong
    # moves of 5 s each.
    assert busy < idle + 4.0, (idle, busy)
