"""The WebSocket: a first message with the token (or none to watch), then the seat's object
after every change; refusals close with a reason."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import act, make_client, new_game, state


def test_each_seat_gets_its_own_view_pushed(client: TestClient) -> None:
    created = new_game(client, "dominaria", [{"name": "Ann"}, {"name": "Bo"}])
    game_id = created["id"]
    ann, bo = (s["token"] for s in created["seats"])
    url = f"/api/games/{game_id}/ws"
    with client.websocket_connect(url) as ann_ws, client.websocket_connect(url) as bo_ws, \
            client.websocket_connect(url) as watcher:
        ann_ws.send_json({"token": ann})
        bo_ws.send_json({"token": bo, "legal": "none"})
        watcher.send_json({})
        first = ann_ws.receive_json()
        assert first["seat"] == 0 and first["legal"]  # the first sync is this seat's view
        assert "hand" in first["view"]["players"][0]
        assert "hand" not in first["view"]["players"][1]
        assert bo_ws.receive_json()["legal"] == []
        assert watcher.receive_json()["seat"] is None
        seat = first["pending"][0]
        token = (ann, bo)[seat]
        action = state(client, game_id, token)["legal"][0]
        assert act(client, game_id, token, first["seq"], action).status_code == 200
        for socket, who in ((ann_ws, 0), (bo_ws, 1), (watcher, None)):
            pushed = socket.receive_json()
            while pushed["seq"] == 0:  # presence updates come first as the others connect
                pushed = socket.receive_json()
            assert pushed["seq"] == 1 and pushed["seat"] == who
            hidden = [p for i, p in enumerate(pushed["view"]["players"]) if i != who]
            assert all("hand" not in p for p in hidden)


def test_presence_follows_the_connection(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game_id, ann = created["id"], created["seats"][0]["token"]
    assert [s["present"] for s in state(client, game_id)["seats"]] == [False, False]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": ann})
        socket.receive_json()
        assert [s["present"] for s in state(client, game_id)["seats"]] == [True, False]
    assert [s["present"] for s in state(client, game_id)["seats"]] == [False, False]


@pytest.mark.parametrize(("first", "code"), [
    ('{"token": "wrong"}', 4403),
    ("not json", 4400),
    ('{"token": 5}', 4400),
    ('{"token": "x", "admin": true}', 4400),
    ("[" * 5000, 4400),
])
def test_refused_first_messages(client: TestClient, first: str, code: int) -> None:
    game_id = new_game(client)["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_text(first)
        refusal = json.loads(socket.receive_text())
        assert set(refusal) == {"detail", "code", "params"} and refusal["code"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == code


def test_unknown_game_closes(client: TestClient) -> None:
    with client.websocket_connect("/api/games/nope/ws") as socket:
        socket.send_json({})
        refusal = socket.receive_json()
        assert "nope" in refusal["detail"]
        assert (refusal["code"], refusal["params"]) == ("unknown_game", {})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 4404


def test_an_oversized_message_ends_the_connection(client: TestClient) -> None:
    game_id = new_game(client)["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({})
        socket.receive_json()
        socket.send_text("x" * 10_000)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:  # a presence update may still be on its way
                socket.receive_text()
    assert closed.value.code == 1009


def test_reconnecting_resyncs(client: TestClient) -> None:
    created = new_game(client)
    game_id, token = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": token})
        before = socket.receive_json()
    # While disconnected the seat acts (say, from another tab); a new connection catches up.
    assert act(client, game_id, token, 0, before["legal"][0]).status_code == 200
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": token})
        assert socket.receive_json()["seq"] == 1


def test_a_flood_of_messages_ends_the_connection(client: TestClient) -> None:
    game_id = new_game(client)["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({})
        socket.receive_json()
        for _ in range(50):
            socket.send_text("{}")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_text()
    assert closed.value.code == 1008


def test_joining_tells_the_others_only_who_is_present(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game_id = created["id"]
    ann, bo = (s["token"] for s in created["seats"])
    url = f"/api/games/{game_id}/ws"
    with client.websocket_connect(url) as ann_ws:
        ann_ws.send_json({"token": ann})
        assert ann_ws.receive_json()["view"]
        with client.websocket_connect(url) as watcher:
            watcher.send_json({})  # a spectator changes nobody's presence: nothing is sent
            watcher.receive_json()
            with client.websocket_connect(url) as bo_ws:
                bo_ws.send_json({"token": bo})
                bo_ws.receive_json()
                presence = ann_ws.receive_json()
                assert "view" not in presence and presence["seq"] == 0
                assert [s["present"] for s in presence["seats"]] == [True, True]
            gone = ann_ws.receive_json()
            assert [s["present"] for s in gone["seats"]] == [True, False]
            # The next message after the spectator left is the game's next change itself.
            action = state(client, game_id, ann)["legal"][0]
        assert act(client, game_id, ann, 0, action).status_code == 200
        assert ann_ws.receive_json()["seq"] == 1


def test_a_game_has_a_watcher_limit(sqlite_url: str) -> None:
    with make_client(sqlite_url, watchers_per_game=2) as limited:
        game_id = new_game(limited)["id"]
        url = f"/api/games/{game_id}/ws"
        with limited.websocket_connect(url) as one, limited.websocket_connect(url) as two:
            for socket in (one, two):
                socket.send_json({})
                socket.receive_json()
            with limited.websocket_connect(url) as third:
                third.send_json({})
                assert "watchers" in third.receive_json()["detail"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_text()
            assert closed.value.code == 1013  # try again later


def test_a_binary_frame_closes_quietly(client: TestClient,
                                       caplog: pytest.LogCaptureFixture) -> None:
    game_id = new_game(client)["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({})
        socket.receive_json()
        socket.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 1003
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_bytes(b"{}")  # as the first message too
        assert socket.receive_json()["code"] == "bad_request"
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
