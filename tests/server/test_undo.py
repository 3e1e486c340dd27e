"""``POST /api/games/{id}/undo``: a seat takes back its last action while the rules allow
it; the game object says when (``undo``); ``seq`` keeps growing; a server that loads the game
again, or another process on the same database, folds the undo the same way."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import act, bearer, make_client, new_game, state, wait_until


def undo(client: TestClient, game_id: str, token: str | None, seq: int) -> Any:
    return client.post(f"/api/games/{game_id}/undo", json={"seq": seq}, headers=bearer(token))


def ann_sheet(game: dict[str, Any]) -> Any:
    return game["view"]["sheets"][0]


def test_ann_takes_back_her_placement_until_bo_places(database_url: str) -> None:
    with make_client(database_url) as client:
        created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
        game_id = created["id"]
        ann, bo = (s["token"] for s in created["seats"])
        start = state(client, game_id, ann)
        assert start["undo"] is False
        assert act(client, game_id, ann, 0, start["legal"][0]).status_code == 200
        placed = state(client, game_id, ann)
        assert placed["undo"] is True and placed["legal"] == []
        assert state(client, game_id, bo)["undo"] is False
        assert state(client, game_id)["undo"] is False  # a spectator
        assert undo(client, game_id, None, 1).status_code == 403
        refused = undo(client, game_id, bo, 1)
        assert refused.status_code == 422 and refused.json()["code"] == "nothing_to_undo"
        assert undo(client, game_id, ann, 0).status_code == 409  # decided on an old game
        answer = undo(client, game_id, ann, 1)
        assert answer.status_code == 200, answer.text
        back = answer.json()
        assert back["seq"] == 2 and back["undo"] is False  # seq numbers requests: it grows
        assert back["legal"] == start["legal"] and ann_sheet(back) == ann_sheet(start)
        assert undo(client, game_id, ann, 2).json()["code"] == "nothing_to_undo"
    # A server that loads the game folds the undo as this one did.
    with make_client(database_url) as client:
        again = state(client, game_id, ann)
        assert again["seq"] == 2 and again["legal"] == start["legal"]
        assert act(client, game_id, ann, 2, start["legal"][-1]).status_code == 200
        bo_view = state(client, game_id, bo)
        # Bo decided at seq 0: only Ann acted (and undid) since, so it is still taken.
        assert act(client, game_id, bo, 0, bo_view["legal"][0]).status_code == 200
        after = state(client, game_id, ann)
        assert after["seq"] == 4 and after["undo"] is False  # the next card is out
        refused = undo(client, game_id, bo, 4)
        assert refused.status_code == 422 and refused.json()["code"] == "undo_sealed"


def test_no_action_is_read_as_an_undo(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game_id = created["id"]
    ann, bo = (s["token"] for s in created["seats"])
    act(client, game_id, ann, 0, state(client, game_id, ann)["legal"][0])
    # Bo owes a decision: the undo's row text, sent as his action, is unreadable notation.
    answer = act(client, game_id, bo, 1, "!undo")
    assert answer.status_code == 422 and answer.json()["code"] == "bad_notation"
    assert state(client, game_id, ann)["seq"] == 1 and state(client, game_id, ann)["undo"]


def test_another_process_folds_an_undo_into_its_copy(postgres_base: str | None) -> None:
    if postgres_base is None:
        pytest.skip("no PostgreSQL on this machine (install Debian's postgresql)")
    from tests.server.postgres import fresh_database

    url = fresh_database(postgres_base, "herotable_undo_two_processes")
    with make_client(url) as first, make_client(url) as second:
        created = new_game(first, seats=[{"name": "Ann"}, {"name": "Bo"}])
        game_id = created["id"]
        ann = created["seats"][0]["token"]
        start = state(second, game_id, ann)  # the second process holds a copy now
        assert act(first, game_id, ann, 0, start["legal"][0]).status_code == 200
        wait_until(lambda: state(second, game_id, ann)["undo"], 30)
        assert undo(first, game_id, ann, 1).status_code == 200
        wait_until(lambda: state(second, game_id, ann)["seq"] == 2, 30)
        assert state(second, game_id, ann)["legal"] == start["legal"]
