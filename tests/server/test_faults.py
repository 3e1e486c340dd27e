"""Faults are survived: a damaged game is kept apart while every other game is served, and
the host can list such games."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from herotable.cli import app
from tests.server.conftest import act, make_client, new_game, state

DAMAGE = {
    "an unknown game": "UPDATE games SET game = 'chess' WHERE id = :id",
    "a bad config": "UPDATE games SET config = '{\"players\": \"many\"}' WHERE id = :id",
    "a bad seed": "UPDATE games SET seed = -5 WHERE id = :id",
    "a bad action": "UPDATE actions SET action = 'fly away' WHERE game_id = :id",
    "a missing seat": "DELETE FROM seats WHERE game_id = :id AND seat = 1",
}


def test_damaged_games_are_kept_apart(database_url: str) -> None:
    with make_client(database_url) as client:
        healthy = new_game(client, seats=[{"name": "Ann"}, {"bot": "greedy"}])
        damaged = {}
        for seed, what in enumerate(DAMAGE):
            created = new_game(client, seats=[{"name": "Ann"}, {"bot": "greedy"}], seed=seed)
            token = created["seats"][0]["token"]
            game = state(client, created["id"], token)
            assert act(client, created["id"], token, game["seq"], game["legal"][0]
                       ).status_code == 200
            damaged[what] = created["id"]
    engine = create_engine(database_url)
    with engine.begin() as connection:
        for what, game_id in damaged.items():
            connection.execute(text(DAMAGE[what]), {"id": game_id})
    engine.dispose()
    # A new server on the damaged database starts and serves the healthy game.
    with make_client(database_url, raise_server_exceptions=False) as client:
        assert client.get("/api/health").json()["ok"]
        token = healthy["seats"][0]["token"]
        game = state(client, healthy["id"], token)
        assert act(client, healthy["id"], token, game["seq"], game["legal"][0]
                   ).status_code == 200
        for what, game_id in damaged.items():
            answer = client.get(f"/api/games/{game_id}")
            assert answer.status_code == 500, what
            assert "record is damaged" in answer.json()["detail"], what
            assert "fly away" not in answer.text  # the record's text is not echoed
    listed = CliRunner().invoke(app, ["damaged", "--database-url", database_url])
    assert listed.exit_code == 0, listed.output
    assert sorted(line.split("\t")[0] for line in listed.stdout.splitlines()) == sorted(
        damaged.values())


@pytest.mark.parametrize("route", ["", "/log", "/replay/0", "/preview"])
def test_a_damaged_game_says_so_on_every_route(sqlite_url: str, route: str) -> None:
    with make_client(sqlite_url) as client:
        game_id = new_game(client)["id"]
    engine = create_engine(sqlite_url)
    with engine.begin() as connection:
        connection.execute(text(DAMAGE["a bad config"]), {"id": game_id})
    engine.dispose()
    with make_client(sqlite_url, raise_server_exceptions=False) as client:
        answer = client.get(f"/api/games/{game_id}{route}")
        assert answer.status_code == 500 and "damaged" in answer.json()["detail"]
