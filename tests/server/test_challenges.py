"""The daily and weekly challenges: one deal per day for everyone, one attempt per name and
browser, scores worked out by the server, finished maps shown only to those who finished."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import herotable
from herotable.bots.match import play_match
from herotable.bots.registry import make_bot
from tests.server.conftest import act, bearer, make_client, state

MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(MONDAY)


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Any:
    with make_client(f"sqlite:///{tmp_path / 'games.sqlite3'}", clock=clock) as test_client:
        yield test_client


def start(client: TestClient, name: str, browser: str, kind: str = "daily") -> Any:
    return client.post(f"/api/challenges/{kind}/play", json={"name": name, "browser": browser})


def deal_seed(client: TestClient, game_id: str) -> int:
    seed: int = client.app.state.service.live[game_id].game.seed  # type: ignore[attr-defined]
    return seed


def finish(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    game = state(client, game_id, token)
    while not game["over"]:
        answer = act(client, game_id, token, game["seq"], game["legal"][0])
        assert answer.status_code == 200, answer.text
        game = answer.json()
    return game


def test_one_deal_a_day_for_everyone(client: TestClient, clock: Clock) -> None:
    ann = start(client, "Ann", "browser-of-ann-0001").json()
    bo = start(client, "Bo", "browser-of-bo-00001").json()
    first, second = state(client, ann["id"], ann["token"]), state(client, bo["id"], bo["token"])
    assert first["view"]["scoring"] == second["view"]["scoring"]
    assert first["view"]["revealed"] == second["view"]["revealed"]
    assert deal_seed(client, ann["id"]) == deal_seed(client, bo["id"])
    clock.now += timedelta(days=1)
    cy = start(client, "Cy", "browser-of-cy-00001").json()
    assert deal_seed(client, cy["id"]) != deal_seed(client, ann["id"])
    running = client.get("/api/challenges/daily").json()
    assert running["now"]["key"] == "2026-11-24" and running["now"]["seed"] is None
    assert running["before"]["key"] == "2026-11-23"
    assert running["before"]["seed"] == deal_seed(client, ann["id"])  # shown once over


def test_the_weekly_challenge_is_the_base_game(client: TestClient) -> None:
    week = start(client, "Ann", "browser-of-ann-0001", "weekly").json()
    game = state(client, week["id"], week["token"])
    assert game["view"]["config"]["explore"] == "base"
    assert client.get("/api/challenges/weekly").json()["now"]["key"] == "2026-W48"


def test_one_attempt_per_name_and_per_browser(client: TestClient) -> None:
    assert start(client, "Ann", "browser-of-ann-0001").status_code == 201
    again = start(client, "  ANN ", "another-browser-0001")
    assert again.status_code == 409 and "already played" in again.json()["detail"]
    assert start(client, "Bo", "browser-of-ann-0001").status_code == 409
    assert start(client, "Bo", "short").status_code == 422
    assert start(client, "Bo", "browser-of-ann-0001", "monthly").status_code == 404


def test_scores_come_from_the_server_and_maps_from_finishing(client: TestClient,
                                                             clock: Clock) -> None:
    ann = start(client, "Ann", "browser-of-ann-0001").json()
    bo = start(client, "Bo", "browser-of-bo-00001").json()
    key = "daily/2026-11-23"
    # While the challenge runs, nobody watches a challenge game or reads its log.
    assert client.get(f"/api/games/{ann['id']}").status_code == 403
    with client.websocket_connect(f"/api/games/{ann['id']}/ws") as socket:
        socket.send_json({})
        assert "challenge" in socket.receive_json()["detail"]
    final = finish(client, ann["id"], ann["token"])
    assert client.get(f"/api/games/{ann['id']}/log").status_code == 403
    board = client.get(f"/api/challenges/{key}").json()
    [entry] = board["entries"]
    total = sum(season["total"] for season in final["view"]["scores"][0])
    assert entry["name"] == "Ann" and entry["score"] == total and entry["rank"] == 1
    # The rating and the title's names in each language are the engine's, as the view has them.
    solo = final["view"]["solo"]
    assert (entry["rating"], entry["title"]) == (solo["rating"], solo["title"])
    # Ann finished: she may look at finished maps; Bo, still playing, may not.
    maps = f"/api/challenges/{key}/games/{ann['id']}"
    assert client.get(maps, headers=bearer(ann["token"])).status_code == 200
    assert client.get(maps, headers=bearer(bo["token"])).status_code == 403
    assert client.get(maps).status_code == 403
    clock.now += timedelta(days=1)
    assert client.get(maps).json()["over"] is True
    assert client.get(f"/api/games/{ann['id']}/log").status_code == 200
    days = client.get("/api/challenges/daily").json()["played"]
    assert days == [{"key": "2026-11-23", "entries": 1}]


def played_log(seed: int, name: str) -> dict[str, Any]:
    game = herotable.new_game("cartographers", seed=seed, preset="heroes", names=[name])
    play_match(game, [make_bot("cartographers", "greedy", seed=1)])
    return game.log.to_json()


def test_a_game_played_elsewhere_counts_only_if_it_replays(client: TestClient) -> None:
    probe = start(client, "Probe", "browser-of-probe-01").json()
    seed = deal_seed(client, probe["id"])  # a test may know the secret deal; players do not
    honest = played_log(seed, "Dee")
    entries = "/api/challenges/daily/2026-11-23/entries"

    def submit(log: dict[str, Any], name: str = "Dee", browser: str = "browser-of-dee-001",
               **extra: Any) -> Any:
        return client.post(entries, json={"name": name, "browser": browser, "log": log,
                                          **extra})

    wrong_seed = {**honest, "seed": seed + 1}
    # An action played twice: its cells are filled by then, whatever the deal.
    tampered = {**honest, "actions": [*honest["actions"][:6], honest["actions"][5],
                                      *honest["actions"][6:]]}
    unfinished = {**honest, "actions": honest["actions"][:10]}
    for forged in (wrong_seed, tampered, unfinished, {"game": "cartographers"}):
        answer = submit(forged)
        assert answer.status_code == 422, answer.text
    assert submit(honest, score=999).status_code == 422  # no field for a score exists
    assert client.get("/api/challenges/daily/2026-11-23").json()["entries"] == []
    accepted = submit(honest)
    assert accepted.status_code == 201 and accepted.json()["over"]
    [entry] = client.get("/api/challenges/daily/2026-11-23").json()["entries"]
    replayed = herotable.new_game("cartographers", seed=seed, preset="heroes").replay(honest)
    assert entry["score"] == replayed.standings()[0].total
    assert submit(honest, browser="another-browser-01").status_code == 409
    assert client.post("/api/challenges/daily/2026-11-22/entries",
                       json={"name": "Eve", "browser": "browser-of-eve-001",
                             "log": honest}).status_code == 403


def test_a_finished_attempt_shows_its_own_analysis_only(tmp_path: Path, clock: Clock) -> None:
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", clock=clock,
                     analysis_seconds=0.002) as client:
        ann = start(client, "Ann", "browser-of-ann-0001").json()
        bo = start(client, "Bo", "browser-of-bo-00001").json()
        finish(client, ann["id"], ann["token"])
        analysis = f"/api/games/{ann['id']}/analysis"
        # Her own game, finished: hers to analyse and read while the challenge runs.
        mine = client.get(analysis, params={"seat": 0}, headers=bearer(ann["token"]))
        assert mine.status_code == 200 and mine.json()["status"] == "none"
        started = client.post(analysis, json={"seat": 0}, headers=bearer(ann["token"]))
        assert started.status_code == 202, started.text
        # Nobody else's: the strong bot's moves would walk the others through today's deal.
        hidden = client.get(analysis, params={"seat": 0})
        assert (hidden.status_code, hidden.json()["code"]) == (403, "challenge_hidden")
        assert client.get(analysis, params={"seat": 0},
                          headers=bearer(bo["token"])).status_code == 403
        clock.now += timedelta(days=1)
        assert client.get(analysis, params={"seat": 0}).status_code == 200
