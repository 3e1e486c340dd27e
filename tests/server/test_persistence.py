"""Games survive the server: every accepted action is in the database before it is answered,
a new server on the same database continues every game (bots included), and two servers on
one database never both accept action number N. Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import create_engine, func, select

from herotable.server.db import ActionRow
from tests.server.conftest import act, make_client, new_game, state


def stored_actions(url: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(ActionRow))
                       .scalar_one())
    finally:
        engine.dispose()


def test_a_game_continues_on_a_new_server(database_url: str) -> None:
    with make_client(database_url) as client:
        created = new_game(client, "dominaria", [{"name": "Ann"}, {"name": "Bo"}])
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        for _ in range(6):
            seat = state(client, game_id)["pending"][0]
            mine = state(client, game_id, tokens[seat])
            assert act(client, game_id, tokens[seat], mine["seq"],
                       mine["legal"][-1]).status_code == 200
        before = state(client, game_id, tokens[0])
        assert stored_actions(database_url) == 6
    with make_client(database_url) as client:
        assert state(client, game_id, tokens[0]) == before
        seat = before["pending"][0]
        mine = state(client, game_id, tokens[seat])
        assert act(client, game_id, tokens[seat], 6, mine["legal"][0]).status_code == 200
    assert stored_actions(database_url) == 7


def test_refusals_write_nothing(database_url: str) -> None:
    with make_client(database_url) as client:
        created = new_game(client)
        game_id, token = created["id"], created["seats"][0]["token"]
        assert act(client, game_id, token, 0, "draw forest A1").status_code == 422
        assert act(client, game_id, token, 3, "draw forest A1").status_code == 409
        assert act(client, game_id, "wrong", 0, "draw forest A1").status_code == 403
    assert stored_actions(database_url) == 0


def test_bots_resume_after_a_restart(database_url: str) -> None:
    with make_client(database_url) as client:
        created = new_game(client, seats=[{"bot": "greedy"}, {"bot": "random"}])
        game_id = created["id"]
    # The first server may have stopped before its bots finished: the next one carries on.
    with make_client(database_url) as client:
        deadline = time.monotonic() + 120
        game = state(client, game_id)
        while not game["over"] and time.monotonic() < deadline:
            time.sleep(0.2)
            game = state(client, game_id)
        assert game["over"]
        assert [len(s) for s in game["view"]["scores"]] == [4, 4]


def test_two_servers_never_both_take_one_seq(database_url: str) -> None:
    with make_client(database_url) as first, make_client(database_url) as second:
        created = new_game(first, seats=[{"name": "Ann"}])
        game_id, token = created["id"], created["seats"][0]["token"]
        for seq in range(8):
            legal = state(first, game_id, token)["legal"]
            state(second, game_id, token)  # the second server has the game loaded too
            start = threading.Barrier(2)

            def send(client: object, action: str, seq: int = seq,
                     start: threading.Barrier = start) -> int:
                start.wait()
                return int(act(client, game_id, token, seq, action).status_code)  # type: ignore[arg-type]

            with ThreadPoolExecutor(2) as pool:
                codes = sorted(pool.map(send, (first, second), (legal[0], legal[-1])))
            assert codes == [200, 409], codes
            assert stored_actions(database_url) == seq + 1
            # Both servers agree on the game afterwards.
            assert state(first, game_id, token) == state(second, game_id, token)


def test_games_beyond_the_memory_limit_come_back_from_the_log(sqlite_url: str) -> None:
    with make_client(sqlite_url, games_in_memory=2) as client:
        created = [new_game(client) for _ in range(4)]
        first = created[0]
        token = first["seats"][0]["token"]
        service = client.app.state.service  # type: ignore[attr-defined]
        assert len(service.live) == 2 and first["id"] not in service.live
        game = state(client, first["id"], token)  # rebuilt from the database
        assert act(client, first["id"], token, 0, game["legal"][0]).status_code == 200
        assert state(client, first["id"], token)["seq"] == 1
