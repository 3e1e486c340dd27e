"""A paper table's scoreboard: players add their maps, replace them with their own token
only, and every number is the engine's (``score_paper`` on the table's own side, edicts and
solo); refused with codes, limited, pushed to the table's watchers, kept across a restart
(SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from herotable.cartographers.paper_score import Snapshot, score_paper
from herotable.server import tables
from tests.paper_maps import grown, random_map
from tests.server.conftest import bearer, make_client
from tests.server.test_tables import flip, new_table, table


def seasons_of(side: str, seed: int, count: int = 4) -> list[dict[str, Any]]:
    """A paper game's maps at each season's end, with coins that only grow."""
    return [{"map": text, "coins": k + seed % 3} for k, text in enumerate(grown(side, seed, count))]


def add(client: TestClient, table_id: str, name: str, seasons: list[dict[str, Any]]) -> Any:
    return client.post(f"/api/tables/{table_id}/maps", json={"name": name, "seasons": seasons})


def added(client: TestClient, table_id: str, name: str,
          seasons: list[dict[str, Any]]) -> dict[str, Any]:
    answer = add(client, table_id, name, seasons)
    assert answer.status_code == 201, answer.text
    assert answer.headers["cache-control"] == "no-store"
    body: dict[str, Any] = answer.json()
    return body


def replace(client: TestClient, table_id: str, map_id: str, token: str | None, name: str,
            seasons: list[dict[str, Any]]) -> Any:
    return client.put(f"/api/tables/{table_id}/maps/{map_id}",
                      json={"name": name, "seasons": seasons}, headers=bearer(token))


def engine_entry(state: dict[str, Any], seasons: list[dict[str, Any]]) -> dict[str, Any]:
    """What the engine says of a map on this table: the totals of the seasons the table has
    reached the end of (null for the others), their sum, and solo once the table is over."""
    result = score_paper(state["config"]["side"], [Snapshot(s["map"], s["coins"]) for s in seasons],
                         [e["card"] for e in state["edicts"]], solo=state["solo"])
    counted = state["seasons_scored"]
    totals = [s.total if k < counted else None for k, s in enumerate(result.seasons)]
    solo = result.solo and ({"rating": result.solo["rating"], "title": result.solo["title"]}
                            if state["over"] else {"rating": None, "title": None})
    return {"seasons": totals, "total": sum(t for t in totals if t is not None), "solo": solo}


def play_out(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    """Flip the table to its end; the table object then."""
    state = table(client, created["id"])
    while not state["over"]:
        state = flip(client, created["id"], created["host_token"], state["seq"]).json()
    return state


def figures(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry[key] for key in ("seasons", "total", "solo")}


@pytest.mark.parametrize("solo", [False, True])
def test_the_scoreboard_is_the_engines_on_the_tables_side_and_edicts(client: TestClient,
                                                                     solo: bool) -> None:
    created = new_table(client, options={"preset": "heroes+base", "side": "D"}, solo=solo)
    table_id = created["id"]
    side = table(client, table_id)["config"]["side"]
    assert side == "D"
    maps = {name: seasons_of(side, seed, count) for name, seed, count
            in (("Ann", 3, 4), ("Boris", 8, 2), ("Chloé", 21, 1))}
    ids = {name: added(client, table_id, name, seasons)["map_id"] for name, seasons in maps.items()}
    state = play_out(client, created)
    assert state["seasons_scored"] == 4
    board = state["scoreboard"]
    assert sorted(e["name"] for e in board) == sorted(maps)
    for entry in board:
        assert entry["map_id"] == ids[entry["name"]]
        assert figures(entry) == engine_entry(state, maps[entry["name"]])
        assert entry["snapshots"] == maps[entry["name"]]
        assert (entry["solo"] is not None) == solo
    totals = [e["total"] for e in board]
    assert totals == sorted(totals, reverse=True)
    assert [e["rank"] for e in board] == [1 + sum(t > e["total"] for t in totals) for e in board]


def test_the_scoreboard_counts_only_the_seasons_the_table_has_ended(client: TestClient) -> None:
    created = new_table(client, options={"preset": "heroes"}, solo=True)
    table_id, token = created["id"], created["host_token"]
    side = table(client, table_id)["config"]["side"]
    spring = seasons_of(side, 3, 1)
    state = added(client, table_id, "Ann", spring)["table"]
    full = score_paper(side, [Snapshot(s["map"], s["coins"]) for s in spring],
                       [e["card"] for e in state["edicts"]], solo=True)
    assert state["seasons_scored"] == 0
    entry = state["scoreboard"][0]
    assert entry["seasons"] == [None] * 4 and entry["total"] == 0
    assert entry["solo"] == {"rating": None, "title": None}
    for counted in range(1, 5):
        while not state["season_over"]:  # flip to the season's end: it is scored then
            state = flip(client, table_id, token, state["seq"]).json()
        assert state["seasons_scored"] == counted
        entry = state["scoreboard"][0]
        totals = [s.total for s in full.seasons[:counted]]
        assert entry["seasons"] == totals + [None] * (4 - counted)
        assert entry["total"] == sum(totals)
        assert (entry["solo"]["rating"] is None) == (counted < 4)
        if counted < 4:  # the next season's first card: still only the seasons ended
            state = flip(client, table_id, token, state["seq"]).json()
            assert state["seasons_scored"] == counted
            assert state["scoreboard"][0]["seasons"][counted] is None
    assert state["over"] and entry["total"] == full.total
    assert entry["solo"] == {"rating": full.solo["rating"], "title": full.solo["title"]}


def test_a_map_is_replaced_with_its_token_only(client: TestClient) -> None:
    created = new_table(client, options={"preset": "heroes"})
    table_id = created["id"]
    side = table(client, table_id)["config"]["side"]
    first = added(client, table_id, "Ann", seasons_of(side, 5, 1))
    other = added(client, table_id, "Boris", seasons_of(side, 6, 4))
    later = seasons_of(side, 5, 4)
    before = table(client, table_id)["scoreboard"]
    no_token = replace(client, table_id, first["map_id"], None, "Ann", later)
    assert no_token.status_code == 403 and no_token.json()["code"] == "token_needed"
    wrong = replace(client, table_id, first["map_id"], other["token"], "Ann", later)
    assert wrong.status_code == 403 and wrong.json()["code"] == "not_map_author"
    host = replace(client, table_id, first["map_id"], created["host_token"], "Ann", later)
    assert host.status_code == 403 and host.json()["code"] == "not_map_author"
    unknown = replace(client, table_id, "no-such-map", first["token"], "Ann", later)
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_map"
    assert table(client, table_id)["scoreboard"] == before  # nothing refused changed it
    answer = replace(client, table_id, first["map_id"], first["token"], "Ann the Bold", later)
    assert answer.status_code == 200, answer.text
    state = answer.json()
    assert state == table(client, table_id)
    mine = next(e for e in state["scoreboard"] if e["map_id"] == first["map_id"])
    assert mine["name"] == "Ann the Bold" and mine["snapshots"] == later
    assert figures(mine) == engine_entry(state, later)
    assert len(state["scoreboard"]) == 2


def test_maps_the_table_refuses(client: TestClient) -> None:
    created = new_table(client, options={"preset": "heroes", "side": "C"})
    table_id = created["id"]
    good = seasons_of("C", 4, 2)
    other_side = [{"map": random_map("D", 4), "coins": 0}]
    refused = add(client, table_id, "Ann", other_side)
    assert refused.status_code == 422 and refused.json()["code"] == "side_mountains"
    erased = add(client, table_id, "Ann", [good[1], good[0]])
    assert erased.status_code == 422 and erased.json()["code"] == "season_erased"
    for body in ({"name": "x" * 41, "seasons": good}, {"name": "", "seasons": good},
                 {"name": "Ann", "seasons": []}, {"name": "Ann", "seasons": good * 3},
                 {"name": "Ann", "seasons": good, "side": "D"},
                 {"name": "Ann\n", "seasons": good}, {"seasons": good}):
        answer = client.post(f"/api/tables/{table_id}/maps", json=body)
        assert answer.status_code == 422 and answer.json()["code"] == "bad_request", body
    blank = add(client, table_id, "   ", good)
    assert blank.status_code == 422 and blank.json()["code"] == "bad_request"
    unknown = add(client, "no-such-table", "Ann", good)
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_table"
    assert table(client, table_id)["scoreboard"] == []
    assert added(client, table_id, "x" * 40, good)["table"]["scoreboard"][0]["name"] == "x" * 40


def test_a_table_holds_at_most_its_limit_of_maps(client: TestClient,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "MAX_MAPS", 3)
    created = new_table(client, options={"preset": "heroes"})
    table_id = created["id"]
    side = table(client, table_id)["config"]["side"]
    first = added(client, table_id, "P0", seasons_of(side, 0, 1))
    for k in range(1, 3):
        added(client, table_id, f"P{k}", seasons_of(side, k, 1))
    full = add(client, table_id, "P3", seasons_of(side, 3, 1))
    assert full.status_code == 409
    assert full.json()["code"] == "table_full" and full.json()["params"] == {"limit": 3}
    assert len(table(client, table_id)["scoreboard"]) == 3
    # A full table still lets each author replace their own map.
    again = replace(client, table_id, first["map_id"], first["token"], "P0", seasons_of(side, 0))
    assert again.status_code == 200, again.text


def test_watchers_see_each_map_added_and_replaced(client: TestClient) -> None:
    created = new_table(client, options={"preset": "heroes"})
    table_id = created["id"]
    side = table(client, table_id)["config"]["side"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        assert socket.receive_json()["scoreboard"] == []
        first = added(client, table_id, "Ann", seasons_of(side, 1, 1))
        pushed = socket.receive_json()
        assert pushed == first["table"] and [e["name"] for e in pushed["scoreboard"]] == ["Ann"]
        replaced = replace(client, table_id, first["map_id"], first["token"], "Ann",
                           seasons_of(side, 1, 3)).json()
        assert socket.receive_json() == replaced


def test_the_scoreboard_survives_a_restart(database_url: str) -> None:
    with make_client(database_url) as client:
        created = new_table(client, options={"preset": "heroes"}, seed=12)
        table_id = created["id"]
        side = table(client, table_id)["config"]["side"]
        first = added(client, table_id, "Ann", seasons_of(side, 2, 2))
        added(client, table_id, "Boris", seasons_of(side, 9, 4))
        before = table(client, table_id)
    with make_client(database_url) as client:
        assert table(client, table_id) == before
        assert replace(client, table_id, first["map_id"], "wrong", "Ann",
                       seasons_of(side, 2, 4)).status_code == 403
        answer = replace(client, table_id, first["map_id"], first["token"], "Ann",
                         seasons_of(side, 2, 4))
        assert answer.status_code == 200
        mine = next(e for e in answer.json()["scoreboard"] if e["name"] == "Ann")
        assert figures(mine) == engine_entry(before, seasons_of(side, 2, 4))
