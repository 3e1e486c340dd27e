"""Seats that decide at the same time never refuse each other: an action sent with the seq
the seat saw is taken while only other seats acted since, and a retried request is still
harmless."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from fastapi.testclient import TestClient

from tests.server.conftest import act, make_client, new_game, state


def test_simultaneous_seats_do_not_collide(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": n} for n in ("Ann", "Bo", "Cy")])
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    rounds = 0
    with ThreadPoolExecutor(3) as pool:
        while rounds < 8:
            seen = [state(client, game_id, token) for token in tokens]
            owing = [(token, game) for token, game in zip(tokens, seen, strict=True)
                     if game["legal"]]
            # Each seat sends the seq it saw; they all arrive after some other seat's.
            codes = list(pool.map(lambda tg: act(client, game_id, tg[0], tg[1]["seq"],
                                                 tg[1]["legal"][0]).status_code, owing))
            assert codes == [200] * len(owing), codes
            rounds += 1
    assert state(client, game_id)["seq"] >= 8


def test_a_retry_or_a_changed_decision_is_still_refused(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game_id = created["id"]
    ann, bo = (s["token"] for s in created["seats"])
    first = state(client, game_id, ann)
    assert act(client, game_id, ann, 0, first["legal"][0]).status_code == 200
    # Ann's request again (say, the answer was lost): refused, nothing changes.
    assert act(client, game_id, ann, 0, first["legal"][0]).status_code == 409
    bo_view = state(client, game_id, bo)
    assert act(client, game_id, bo, 0, bo_view["legal"][0]).status_code == 200  # Ann's only
    after = state(client, game_id, ann)
    assert after["seq"] == 2 and after["legal"]  # both drew: a new card for everyone
    # A seq from before the new card: Ann's decision has changed since, so it is refused.
    assert act(client, game_id, ann, 1, after["legal"][0]).status_code == 409
    assert act(client, game_id, ann, 3, after["legal"][0]).status_code == 409  # the future
    assert state(client, game_id, ann) == after
    assert act(client, game_id, ann, 2, after["legal"][0]).status_code == 200


def test_a_server_that_loads_the_game_knows_what_each_seat_has_seen(sqlite_url: str) -> None:
    with make_client(sqlite_url) as first:
        created = new_game(first, seats=[{"name": "Ann"}, {"name": "Bo"}])
        game_id = created["id"]
        ann, bo = (s["token"] for s in created["seats"])
        bo_saw = state(first, game_id, bo)
        ann_saw = state(first, game_id, ann)
        assert act(first, game_id, ann, 0, ann_saw["legal"][0]).status_code == 200
    # Another process (or a restart) loads the game from its log: Bo's action, decided at
    # seq 0 while only Ann acted since, is still taken.
    with make_client(sqlite_url) as second:
        assert act(second, game_id, bo, bo_saw["seq"], bo_saw["legal"][0]).status_code == 200
        assert act(second, game_id, ann, 0, ann_saw["legal"][0]).status_code == 409
