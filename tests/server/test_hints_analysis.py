"""Hints (the strong bot's choice, where the game allows them) and the analysis of finished
games (computed once, in its own worker pool, resumed after a restart)."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from herotable.bots.registry import make_bot
from herotable.server.bots import warm_up
from herotable.server.driver import hint_budget
from herotable.server.workers import WorkerPool
from tests.server.conftest import act, bearer, make_client, new_game, state

# Analyses count work units (strong's 6000 a second): 0.002 s is 12 units a decision, a few
# seconds a game even on the Python scoring cards of a machine without the kernel.
QUICK = {"hint_seconds": 0.05, "analysis_seconds": 0.002}


def finish_solo(client: TestClient, seed: int = 7) -> tuple[str, str]:
    created = new_game(client, seed=seed)
    game_id, token = created["id"], created["seats"][0]["token"]
    game = state(client, game_id, token)
    while not game["over"]:
        game = act(client, game_id, token, game["seq"], game["legal"][-1]).json()
    return game_id, token


def wait_for(client: TestClient, game_id: str, seat: int) -> dict[str, Any]:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        found: dict[str, Any] = client.get(f"/api/games/{game_id}/analysis",
                                           params={"seat": seat}).json()
        if found["status"] in ("done", "failed"):
            return found
        time.sleep(0.2)
    raise AssertionError("the analysis did not finish")


def test_a_hint_is_one_of_the_seats_moves(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", **QUICK) as client:
        created = new_game(client)
        game_id, token = created["id"], created["seats"][0]["token"]
        hint = client.post(f"/api/games/{game_id}/hint", headers=bearer(token))
        assert hint.status_code == 200, hint.text
        found = hint.json()
        assert found["action"] in state(client, game_id, token)["legal"]
        assert found["unit"] == "stars" and found["options"][0]["action"] == found["action"]
        assert client.post(f"/api/games/{game_id}/hint").status_code == 403
        assert state(client, game_id, token)["seq"] == 0  # asking changes nothing


def test_hints_only_where_allowed(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", **QUICK) as client:
        two = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
        refused = client.post(f"/api/games/{two['id']}/hint",
                              headers=bearer(two["seats"][0]["token"]))
        assert refused.status_code == 403 and "without hints" in refused.json()["detail"]
        assert refused.json()["code"] == "hints_off"
        agreed = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}], hints=True)
        ann = agreed["seats"][0]["token"]
        assert client.post(f"/api/games/{agreed['id']}/hint",
                           headers=bearer(ann)).status_code == 200
        game = state(client, agreed["id"], ann)
        client.post(f"/api/games/{agreed['id']}/actions", headers=bearer(ann),
                    json={"seq": game["seq"], "action": game["legal"][0]})
        owes_nothing = client.post(f"/api/games/{agreed['id']}/hint", headers=bearer(ann))
        assert (owes_nothing.status_code, owes_nothing.json()["code"]) == (422, "not_your_turn")
        daily = client.post("/api/challenges/daily/play",
                            json={"name": "Ann", "browser": "browser-of-ann-0001"}).json()
        assert client.post(f"/api/games/{daily['id']}/hint",
                           headers=bearer(daily["token"])).status_code == 403
        dominaria = new_game(client, "dominaria", [{"name": "Ann"}, {"bot": "greedy"}])
        game_id, token = dominaria["id"], dominaria["seats"][0]["token"]
        game = state(client, game_id, token)
        while game["pending"] != [0]:  # the bot may be choosing its set-up cards first
            time.sleep(0.1)
            game = state(client, game_id, token)
        hint = client.post(f"/api/games/{game_id}/hint", headers=bearer(token)).json()
        assert hint["unit"] == "vp" and hint["action"] in game["legal"]


def test_an_analysis_is_computed_once(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", **QUICK) as client:
        running = new_game(client)
        too_soon = client.post(f"/api/games/{running['id']}/analysis", json={"seat": 0},
                               headers=bearer(running["seats"][0]["token"]))
        assert (too_soon.status_code, too_soon.json()["code"]) == (403, "not_over")
        game_id, token = finish_solo(client)
        no_seat = client.post(f"/api/games/{game_id}/analysis", json={"seat": 3},
                              headers=bearer(token))
        assert no_seat.status_code == 422
        assert no_seat.json()["code"] == "no_such_player"
        assert client.get(f"/api/games/{game_id}/analysis",
                          params={"seat": 0}).json()["status"] == "none"
        spectator = client.post(f"/api/games/{game_id}/analysis", json={"seat": 0})
        assert spectator.status_code == 403  # only the game's seats start one
        started = client.post(f"/api/games/{game_id}/analysis", json={"seat": 0},
                              headers=bearer(token))
        assert started.status_code == 202 and started.json()["total"] > 10
        done = wait_for(client, game_id, 0)
        assert done["status"] == "done" and done["done"] == done["total"]
        reviews = done["analysis"]["reviews"]
        assert len(reviews) == done["total"] and done["analysis"]["unit"] == "stars"
        assert all(r["played"] and r["best"] for r in reviews)
        again = client.post(f"/api/games/{game_id}/analysis", json={"seat": 0},
                            headers=bearer(token)).json()
        assert again == {**done, "status": "done"}  # stored, not computed again


def test_analyses_wait_their_turn(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", analyses_at_once=1,
                     **QUICK) as client:
        first, first_token = finish_solo(client, seed=1)
        second, second_token = finish_solo(client, seed=2)
        assert client.post(f"/api/games/{first}/analysis", json={"seat": 0},
                           headers=bearer(first_token)).status_code == 202
        refused = client.post(f"/api/games/{second}/analysis", json={"seat": 0},
                              headers=bearer(second_token))
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        wait_for(client, first, 0)
        assert client.post(f"/api/games/{second}/analysis", json={"seat": 0},
                           headers=bearer(second_token)).status_code == 202


def test_a_running_analysis_resumes_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    with make_client(url, **QUICK) as client:
        game_id, token = finish_solo(client, seed=9)
        assert client.post(f"/api/games/{game_id}/analysis", json={"seat": 0},
                           headers=bearer(token)).json()["status"] == "running"
    # The server stopped mid-way; the next one carries the analysis to its end.
    with make_client(url, **QUICK) as client:
        assert wait_for(client, game_id, 0)["status"] == "done"


def test_a_hint_thinks_to_the_strong_bots_hint_budget_unless_the_server_sets_one() -> None:
    # A person waits for a Cartographers hint: it thinks half as long as the bot's move, so
    # that it answers within a second; Dominaria's strong bot has no hint budget of its own.
    cartographers = make_bot("cartographers", "strong")
    assert hint_budget("cartographers", None) == cartographers.hint_seconds == 0.5
    assert cartographers.hint_seconds < cartographers.seconds
    assert hint_budget("dominaria", None) == make_bot("dominaria", "strong").seconds
    assert hint_budget("cartographers", 0.05) == 0.05


def record_worker(folder: str) -> None:
    """A worker's preparation for the test below: it leaves its process id in ``folder``."""
    (Path(folder) / str(os.getpid())).write_text("ready")


def test_the_workers_start_with_the_server_ready_for_the_first_hint(tmp_path: Path) -> None:
    # The first hint of a server's life took two seconds more than the next ones: a worker
    # process started and imported the bots. start() starts every worker at once, and each
    # prepares as it starts (the server's bot workers with warm_up: every game's bots).
    warm_up()
    pool = WorkerPool(2, prepare=partial(record_worker, str(tmp_path)))
    try:
        pool.start()
        deadline = time.monotonic() + 120
        while len(list(tmp_path.iterdir())) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(list(tmp_path.iterdir())) == 2  # two processes, each prepared
    finally:
        pool.close()
