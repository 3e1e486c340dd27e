"""No client slows another: a real ``herotable serve`` with a spectator that never reads
its WebSocket still answers every action at once."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from urllib.parse import urlsplit

import httpx2 as httpx

from herotable.server.run import server_process


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
