"""Paper tables over the API: created, flipped by the host (or anyone, when allowed), refused
with codes, kept in the database across a restart, pushed to every watcher, and never
showing a card still to come. The persistence test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from herotable.cartographers.cards import all_ambushes, card_sets
from herotable.cartographers.paper_table import PaperTable
from herotable.server.tables import table_config
from tests.server.conftest import bearer, make_client

# Every card that can be in a deck (scoring cards are dealt face up at the start).
DECK_CARDS = {c for s in card_sets().values()
              for group in (s.explore, s.heroes, s.ruins) for c in group} | set(all_ambushes())


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"seed": 7, **body})
    assert answer.status_code == 201, answer.text
    assert answer.headers["cache-control"] == "no-store"
    created: dict[str, Any] = answer.json()
    return created


def table(client: TestClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def flip(client: TestClient, table_id: str, token: str | None, seq: int) -> Any:
    return client.post(f"/api/tables/{table_id}/flip", json={"seq": seq},
                       headers=bearer(token))


def shown_cards(payload: dict[str, Any] | str) -> set[str]:
    """The deck cards a payload names anywhere (as a JSON string value)."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return {c for c in DECK_CARDS if f'"{c}"' in text}


def test_create_flip_and_follow_a_table(client: TestClient) -> None:
    created = new_table(client, options={"preset": "heroes+base"})
    table_id, token = created["id"], created["host_token"]
    assert created["url"].endswith(f"/t/{table_id}")
    assert created["host_url"] == f"{created['url']}#host={token}"
    state = table(client, table_id)
    assert state["seq"] == 0 and state["current"] is None and shown_cards(state) == set()
    revealed: set[str] = set()
    while not state["over"]:
        answer = flip(client, table_id, token, state["seq"])
        assert answer.status_code == 200, answer.text
        state = answer.json()
        revealed |= set(state["last_flip"])
        assert shown_cards(answer.text) <= revealed  # nothing still to come is named
        assert table(client, table_id) == state
    assert state["score_now"] == ["D", "A"]
    over = flip(client, table_id, token, state["seq"])
    assert over.status_code == 422 and over.json()["code"] == "game_over"


def test_the_table_deals_the_engines_deck(client: TestClient) -> None:
    created = new_table(client, options={"preset": "base", "side": "B"}, seed=41, solo=True)
    config = table_config({"preset": "base", "side": "B"}, solo=True)
    engine = PaperTable(config, 41)
    seq = 0
    for _ in range(6):
        engine.flip()
        state = flip(client, created["id"], created["host_token"], seq).json()
        seq = state["seq"]
        assert {k: v for k, v in state.items()
                if k not in ("id", "seq", "anyone_flips", "seasons_scored", "scoreboard")} \
            == engine.state()
    assert state["solo"] and state["config"]["side"] == "B"


def test_refusals(client: TestClient) -> None:
    created = new_table(client)
    table_id, token = created["id"], created["host_token"]
    assert flip(client, table_id, token, 0).status_code == 200
    stale = flip(client, table_id, token, 0)
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_seq" and stale.json()["params"] == {"seq": 1}
    wrong = flip(client, table_id, "not-the-token", 1)
    assert wrong.status_code == 403 and wrong.json()["code"] == "not_host"
    nobody = flip(client, table_id, None, 1)
    assert nobody.status_code == 403 and nobody.json()["code"] == "token_needed"
    unknown = flip(client, "no-such-table", token, 0)
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_table"
    assert client.get("/api/tables/no-such-table").json()["code"] == "unknown_table"
    assert table(client, table_id)["seq"] == 1  # nothing refused changed anything


@pytest.mark.parametrize("body", [
    {"options": {"players": 3}},
    {"options": {"deck": ["lagoon"]}},
    {"options": {"side": "Z"}},
    {"options": {"cards": "lagoon"}},
    {"options": {"no_such_option": 1}},
    {"seed": -1},
    {"solo": "yes"},
    {"host": True},
])
def test_malformed_tables_are_refused(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    assert answer.json()["code"] in ("bad_request", "bad_configuration", "bad_option")


def test_the_host_may_let_anyone_flip(client: TestClient) -> None:
    created = new_table(client)
    table_id, token = created["id"], created["host_token"]
    settings = f"/api/tables/{table_id}/settings"
    assert client.post(settings, json={"anyone_flips": True}).status_code == 403
    assert client.post(settings, json={"anyone_flips": True},
                       headers=bearer("wrong")).json()["code"] == "not_host"
    answer = client.post(settings, json={"anyone_flips": True}, headers=bearer(token))
    assert answer.status_code == 200 and answer.json()["anyone_flips"]
    assert flip(client, table_id, None, 0).status_code == 200
    assert flip(client, table_id, "wrong", 1).status_code == 403


def test_every_watcher_gets_each_flip(client: TestClient) -> None:
    created = new_table(client, options={"preset": "heroes"})
    table_id, token = created["id"], created["host_token"]
    url = f"/api/tables/{table_id}/ws"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        assert first.receive_json()["seq"] == 0 and second.receive_json()["seq"] == 0
        state = flip(client, table_id, token, 0).json()
        for socket in (first, second):
            text = socket.receive_text()
            pushed = json.loads(text)
            assert pushed == state and shown_cards(text) <= set(state["revealed"])


def test_an_unknown_tables_socket_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/api/tables/nothing-here/ws") as socket:
        assert socket.receive_json()["code"] == "unknown_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4404


def test_a_table_survives_a_restart(database_url: str) -> None:
    with make_client(database_url) as client:
        created = new_table(client, options={"preset": "heroes"}, seed=99)
        table_id, token = created["id"], created["host_token"]
        for seq in range(5):
            assert flip(client, table_id, token, seq).status_code == 200
        before = table(client, table_id)
    with make_client(database_url) as client:
        assert table(client, table_id) == before
        after = flip(client, table_id, token, 5)
        assert after.status_code == 200 and after.json()["seq"] == 6
        assert flip(client, table_id, "wrong", 6).status_code == 403
