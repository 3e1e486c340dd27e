"""The tutorial endpoint: the server makes the guided game from its own definition (a fixed
deck no client may send), marks it so a reload resumes the guidance, and gives the script."""

from __future__ import annotations

from fastapi.testclient import TestClient

from herotable.tutorials import TUTORIALS
from tests.server.conftest import bearer


def test_a_tutorial_game_deals_the_fixed_deck_and_carries_its_script(
        client: TestClient) -> None:
    answer = client.post("/api/tutorials/cartographers", json={"name": "Ann"})
    assert answer.status_code == 201, answer.text
    assert answer.headers["Cache-Control"] == "no-store"
    started = answer.json()
    assert started["script"] == TUTORIALS["cartographers"].to_json()
    assert started["url"].endswith(f"/g/{started['id']}#token={started['token']}")
    state = client.get(f"/api/games/{started['id']}", headers=bearer(started["token"])).json()
    assert state["tutorial"] == "cartographers" and state["seat"] == 0
    assert state["view"]["current"] == "hillside_terrace"
    assert state["seats"][0]["name"] == "Ann" and not state["hints"]
    assert client.get("/api/tutorials/cartographers").json() == started["script"]
    # Not listed for watching: it is somebody's lesson.
    assert started["id"] not in {g["id"] for g in client.get("/api/games").json()}


def test_the_dominaria_tutorial_seats_a_bot_and_plain_games_are_no_tutorials(
        client: TestClient) -> None:
    started = client.post("/api/tutorials/dominaria", json={}).json()
    state = client.get(f"/api/games/{started['id']}", headers=bearer(started["token"])).json()
    assert state["tutorial"] == "dominaria"
    assert [seat["bot"] for seat in state["seats"]] == [None, "greedy"]
    plain = client.post("/api/games", json={"game": "cartographers", "seats": [{"name": "B"}]})
    assert client.get(f"/api/games/{plain.json()['id']}").json()["tutorial"] is None


def test_a_client_still_cannot_send_a_deck_and_unknown_tutorials_are_refused(
        client: TestClient) -> None:
    refused = client.post("/api/games", json={
        "game": "cartographers", "seats": [{"name": "A"}],
        "options": {"deck": ["lagoon"]}})
    assert refused.status_code == 422
    for path in ("/api/tutorials/chess",):
        assert client.get(path).json()["code"] == "not_offered"
        assert client.post(path, json={}).json()["code"] == "not_offered"
    assert client.get("/api/meta").json()["games"][0]["tutorial"] is True
