"""The JSON API of DESIGN.md ("The web API"), route by route: what it answers, and that every
refusal says why and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from herotable.server.wire import given_name
from tests.server.conftest import act, bearer, make_client, new_game, state


def test_health_and_meta(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True, "database": True}
    assert client.get("/api/ready").status_code == 200
    meta = client.get("/api/meta").json()
    by_name = {g["name"]: g for g in meta["games"]}
    assert set(by_name) == {"cartographers", "dominaria"}
    assert "greedy" in by_name["cartographers"]["bots"]
    assert "clairvoyant" not in by_name["cartographers"]["bots"]  # a measuring stick only
    # The data-pack folder and the scenarios are for local play: a server never offers them.
    assert "data" not in {o["name"] for o in by_name["dominaria"]["options"]}
    offered = {o["name"] for o in by_name["cartographers"]["options"]}
    assert "side" in offered and not offered & {"deck", "maps", "explicit_chance"}
    # Each game's player range, for the lobby's seats.
    assert (by_name["cartographers"]["min_players"], by_name["cartographers"]["max_players"]) \
        == (1, 100)
    assert (by_name["dominaria"]["min_players"], by_name["dominaria"]["max_players"]) == (2, 4)


def test_create_gives_tokens_to_people_only(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"bot": "greedy"}])
    ann, bot = created["seats"]
    assert ann["token"] and ann["url"].endswith(f"/g/{created['id']}#token={ann['token']}")
    assert bot["token"] is None and bot["url"] is None and bot["bot"] == "greedy"


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess", "seats": [{"name": "A"}]}, "unknown game"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "options": {"colour": 1}},
     "no option"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "options": {"side": "Z"}},
     "must be one of"),
    ({"game": "dominaria", "seats": [{"name": "A"}, {"name": "B"}],
      "options": {"data": "/etc"}}, "local play only"),
    # A set deck is known to whoever sets it; set maps may give players different sheets.
    ({"game": "cartographers", "seats": [{"name": "A"}],
      "options": {"deck": ["settlement", "lagoon"]}}, "option 'deck' is for local play only"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "options": {"maps": ["A"]}},
     "option 'maps' is for local play only"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "options": {"explicit_chance": True}},
     "option 'explicit_chance' is for local play only"),
    ({"game": "cartographers", "seats": [{"name": "A"}, {"bot": "nobody"}]}, "no bot"),
    ({"game": "cartographers", "seats": [{"name": "A"}, {"bot": "clairvoyant"}]},
     "measuring stick"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "options": {"players": 3}},
     "seats were given"),
    ({"game": "dominaria", "seats": [{"name": "A"}]}, "2 to 4"),
    ({"game": "cartographers", "seats": []}, "at least 1"),
    # No name at all is an unnamed seat; an empty one is a mistake.
    ({"game": "cartographers", "seats": [{"name": ""}]}, "at least 1 character"),
    ({"game": "cartographers", "seats": [{"name": "A", "seconds": 1}]}, "Extra inputs"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "seed": -1}, "greater than"),
    ({"game": "cartographers", "seats": [{"name": "A"}], "extra": 1}, "Extra inputs"),
])
def test_create_refusals(client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422
    assert words in answer.text
    assert client.get("/api/games").json() == []


def test_seat_and_spectator_views(client: TestClient) -> None:
    created = new_game(client)
    token = created["seats"][0]["token"]
    seat = state(client, created["id"], token)
    assert seat["seat"] == 0 and seat["pending"] == [0] and seat["seq"] == 0
    assert seat["legal"] and seat["view"]["decision"] is not None
    watcher = state(client, created["id"])
    assert watcher["seat"] is None and watcher["legal"] == []
    assert watcher["view"]["you"] is None and watcher["view"]["legal"] is None
    compact = client.get(f"/api/games/{created['id']}?legal=none", headers=bearer(token))
    assert compact.json()["legal"] == [] and compact.json()["view"]["legal"]


def test_dominaria_seat_never_sees_another_hand(client: TestClient) -> None:
    created = new_game(client, "dominaria", [{"name": "Ann"}, {"name": "Bo"}])
    ann, bo = (s["token"] for s in created["seats"])
    game = state(client, created["id"], ann)
    mine, theirs = game["view"]["players"]
    assert "hand" in mine and "hand" not in theirs and "hand_size" in theirs
    spectator = state(client, created["id"])
    assert all("hand" not in p for p in spectator["view"]["players"])
    assert state(client, created["id"], bo)["seat"] == 1


def test_an_action_then_its_refusals(client: TestClient) -> None:
    created = new_game(client)
    game_id, token = created["id"], created["seats"][0]["token"]
    first = state(client, game_id, token)
    action = first["legal"][0]
    answer = act(client, game_id, token, 0, action)
    assert answer.status_code == 200 and answer.json()["seq"] == 1
    after = state(client, game_id, token)

    # A retried request (same seq) is harmless: refused, nothing changes.
    assert act(client, game_id, token, 0, action).status_code == 409
    assert act(client, game_id, token, 5, after["legal"][0]).status_code == 409
    illegal = act(client, game_id, token, 1, "draw forest A1")
    assert illegal.status_code == 422 and illegal.json()["detail"]
    assert act(client, game_id, token, 1, "fly away").status_code == 422
    assert act(client, game_id, "not-a-token", 1, after["legal"][0]).status_code == 403
    assert act(client, game_id, None, 1, after["legal"][0]).status_code == 403
    assert client.post(f"/api/games/{game_id}/actions", json={"seq": 1},
                       headers=bearer(token)).status_code == 422
    assert client.post(f"/api/games/{game_id}/actions", json={"seq": 1, "action": "x" * 3000},
                       headers=bearer(token)).status_code == 422
    assert client.post(f"/api/games/{game_id}/actions", content=b"{" * 20_000,
                       headers=bearer(token)).status_code == 413
    assert client.post(f"/api/games/{game_id}/actions", content=b"not json",
                       headers={**bearer(token), "content-type": "application/json"},
                       ).status_code == 422
    assert client.get(f"/api/games/{game_id}",
                      headers={"Authorization": "Basic abc"}).status_code == 403
    assert state(client, game_id, token) == after


def test_unknown_game(client: TestClient) -> None:
    for answer in (client.get("/api/games/nope"),
                   client.post("/api/games/nope/actions", json={"seq": 0, "action": "x"}),
                   client.get("/api/games/nope/log")):
        assert answer.status_code == 404 and "nope" in answer.json()["detail"]
    for made_up in ("x" * 5000, "a%20b", "%00"):
        assert client.get(f"/api/games/{made_up}").status_code == 404
    service = client.app.state.service  # type: ignore[attr-defined]
    assert not service._loading  # no lock is kept for a game that does not exist


def test_a_chunked_body_over_the_limit_is_413(client: TestClient) -> None:
    game_id = new_game(client)["id"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the size shows only while read
        yield b'{"seq": 0, "action": "'
        for _ in range(40):
            yield b"x" * 1000
        yield b'"}'

    answer = client.post(f"/api/games/{game_id}/actions", content=chunks(),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413 and "over" in answer.json()["detail"]


@pytest.mark.parametrize("name", ["A\x00n", "Ann\n", "\x1b[31mAnn", "Ann\x7f"])
def test_control_characters_in_names_are_refused(database_url: str, name: str) -> None:
    with make_client(database_url) as client:
        answer = client.post("/api/games", json={"game": "cartographers",
                                                 "seats": [{"name": name}]})
        assert answer.status_code == 422 and "seats" in answer.json()["detail"]
        bot = client.post("/api/games", json={"game": "cartographers",
                                              "seats": [{"bot": "greedy", "name": name}]})
        assert bot.status_code == 422
        attempt = client.post("/api/challenges/daily/play",
                              json={"name": name, "browser": "browser-of-ann-0001"})
        assert attempt.status_code == 422
        assert client.post("/api/games", json={"game": "cartographers",
                                               "seats": [{"name": "Ann Ö. 李"}]}
                           ).status_code == 201


def test_answers_with_tokens_are_never_stored(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "cartographers",
                                              "seats": [{"name": "Ann"}]})
    assert created.headers["cache-control"] == "no-store"
    attempt = client.post("/api/challenges/daily/play",
                          json={"name": "Ann", "browser": "browser-of-ann-0001"})
    assert attempt.status_code == 201 and attempt.headers["cache-control"] == "no-store"


def test_tokens_are_stored_hashed(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        token = new_game(client)["seats"][0]["token"]
    with create_engine(sqlite_url).connect() as connection:
        stored = connection.execute(text("SELECT token_hash FROM seats")).scalar_one()
    assert token not in stored and len(stored) == 64


def test_a_whole_dominaria_game_through_the_api(client: TestClient) -> None:
    created = new_game(client, "dominaria", [{"name": "Ann"}, {"name": "Bo"}])
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(3)
    game = state(client, game_id)
    for _ in range(3000):
        if game["over"]:
            break
        seat = game["pending"][0]
        mine = state(client, game_id, tokens[seat])
        answer = act(client, game_id, tokens[seat], mine["seq"], rng.choice(mine["legal"]))
        assert answer.status_code == 200, answer.text
        game = answer.json()
    assert game["over"] and game["pending"] == []
    log = client.get(f"/api/games/{game_id}/log").json()
    assert log["game"] == "dominaria" and len(log["actions"]) == game["seq"]
    replayed = client.get(f"/api/games/{game_id}/replay/{game['seq']}").json()
    assert replayed["over"] and replayed["view"] == state(client, game_id)["view"]


def test_against_a_bot_the_answer_includes_its_moves(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"bot": "greedy"}])
    game_id, token = created["id"], created["seats"][0]["token"]
    game = state(client, game_id, token)  # the bot may still be thinking about the first card
    while not game["over"]:
        answer = act(client, game_id, token, game["seq"], game["legal"][0])
        assert answer.status_code == 200, answer.text
        game = answer.json()
        assert game["over"] or game["pending"] == [0], "the answer came before the bot's move"
    assert len(game["view"]["scores"][1]) == 4  # the bot played all four seasons


def test_log_and_replay_wait_for_the_end(client: TestClient) -> None:
    created = new_game(client)
    game_id = created["id"]
    assert client.get(f"/api/games/{game_id}/log").status_code == 403
    assert client.get(f"/api/games/{game_id}/replay/0").status_code == 403


def test_leave_and_rejoin(client: TestClient) -> None:
    created = new_game(client, seats=[{"name": "Ann"}, {"name": "Bo"}])
    game_id, ann = created["id"], created["seats"][0]["token"]
    assert client.post(f"/api/games/{game_id}/leave").status_code == 403
    left = client.post(f"/api/games/{game_id}/leave", headers=bearer(ann)).json()
    assert left["seats"][0]["left"] is True and left["seats"][1]["left"] is False
    back = client.post(f"/api/games/{game_id}/rejoin", headers=bearer(ann)).json()
    assert back["seats"][0]["left"] is False


def test_games_to_watch(client: TestClient) -> None:
    shown = new_game(client, seats=[{"name": "Ann"}])
    new_game(client, seats=[{"name": "Hidden"}], listed=False)
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [shown["id"]]
    assert listed[0]["seats"] == [{"name": "Ann", "bot": None}] and listed[0]["seq"] == 0


def test_an_unnamed_seat_stays_unnamed_for_each_page_to_name(client: TestClient) -> None:
    created = new_game(client, seats=[{}, {"bot": "greedy"}, {"name": "Bea"},
                                      {"bot": "random", "name": "Robo"}])
    assert [s["name"] for s in created["seats"]] == [None, None, "Bea", "Robo"]
    seen = state(client, created["id"], created["seats"][0]["token"])
    assert [(s["name"], s["bot"]) for s in seen["seats"]] == [
        (None, None), (None, "greedy"), ("Bea", None), ("Robo", "random")]
    # The engine holds no English stand-in either: its config keeps the seat unnamed.
    assert seen["view"]["config"]["names"] == ["", "", "Bea", "Robo"]
    [listed] = [g for g in client.get("/api/games").json() if g["id"] == created["id"]]
    assert listed["seats"] == [{"name": None, "bot": None}, {"name": None, "bot": "greedy"},
                               {"name": "Bea", "bot": None}, {"name": "Robo", "bot": "random"}]


def test_a_dominaria_seat_left_unnamed_has_no_name_in_the_view(client: TestClient) -> None:
    created = new_game(client, game="dominaria", seats=[{}, {"bot": "greedy"}])
    seen = state(client, created["id"], created["seats"][0]["token"])
    assert [p["name"] for p in seen["view"]["players"]] == [None, None]
    assert [s["name"] for s in seen["seats"]] == [None, None]


def test_names_stored_before_seats_could_stay_unnamed_still_show() -> None:
    # Old games hold the English stand-in the lobby wrote ("Player 1"), shown as it is, or
    # for a bot the bot's id, which was no name.
    assert given_name("Player 1", None) == "Player 1"
    assert given_name("Greedy bot", "greedy") == "Greedy bot"
    assert given_name("greedy", "greedy") is None
    assert given_name("", None) is None


def test_rate_limit_and_security_headers(sqlite_url: str) -> None:
    with make_client(sqlite_url, rate_burst=5, rate_per_second=0.01) as client:
        answers = [client.get("/api/health") for _ in range(7)]
        with client.websocket_connect("/api/games/x/ws") as socket, \
                pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 1013  # try again later, where a 403 would say "never"
    assert [a.status_code for a in answers][-2:] == [429, 429]
    assert 50 <= int(answers[-1].headers["retry-after"]) <= 100  # one request at 0.01/s
    headers = answers[0].headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "unsafe-inline" not in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


def test_no_trace_reaches_a_client(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_client(sqlite_url, raise_server_exceptions=False)
    with client:
        created = new_game(client)

        def broken(*_args: Any, **_kwargs: Any) -> None:
            raise RuntimeError("secret internals")

        monkeypatch.setattr(client.app.state.service, "state_text", broken)  # type: ignore[attr-defined]
        answer = client.get(f"/api/games/{created['id']}")
    assert answer.status_code == 500
    assert answer.json() == {"detail": "internal server error", "code": "internal_error",
                             "params": {}}


def test_the_api_page_works_under_its_own_policy(client: TestClient) -> None:
    page = client.get("/docs")
    policy = page.headers["content-security-policy"]
    assert page.status_code == 200 and "swagger-ui" in page.text
    assert "https://cdn.jsdelivr.net" in policy and "'sha256-" in policy
    assert len(page.headers.get_list("content-security-policy")) == 1
    assert "cdn.jsdelivr.net" not in client.get("/").headers["content-security-policy"]
    assert client.get("/openapi.json").json()["paths"]["/api/games"]


def test_catalog(client: TestClient) -> None:
    cards = client.get("/api/catalog/cartographers").json()
    assert "ru" in cards["explore"]["fishing_village"]["names"]
    dominaria = client.get("/api/catalog/dominaria").json()
    assert dominaria["locations"]["orvada"]["names"]["ru"] == "Орвада"
    assert client.get("/api/catalog/chess").status_code == 422


def test_preview_scores_a_legal_action_only(client: TestClient) -> None:
    created = new_game(client)
    game_id, token = created["id"], created["seats"][0]["token"]
    legal = state(client, game_id, token)["legal"]
    now = client.get(f"/api/games/{game_id}/preview", headers=bearer(token)).json()
    assert [e["letter"] for e in now["edicts"]] == ["A", "B"] and now["sheet"] == 0
    after = client.get(f"/api/games/{game_id}/preview", params={"action": legal[0]},
                       headers=bearer(token))
    assert after.status_code == 200 and after.json()["season"] == "spring"
    illegal = client.get(f"/api/games/{game_id}/preview", params={"action": "draw forest A1"},
                         headers=bearer(token))
    assert illegal.status_code == 422
    spectator = client.get(f"/api/games/{game_id}/preview", params={"action": legal[0]})
    assert spectator.status_code == 422
    assert client.get(f"/api/games/{game_id}/preview").status_code == 200
    assert client.get(f"/api/games/{game_id}/preview?season=9").status_code == 422
    assert state(client, game_id, token)["seq"] == 0


def test_hints_are_for_casual_games_unless_everyone_agreed(client: TestClient) -> None:
    def hints(seats: list[dict[str, Any]], **extra: Any) -> bool:
        created = new_game(client, seats=seats, **extra)
        return bool(state(client, created["id"])["hints"])

    assert hints([{"name": "Ann"}]) is True
    assert hints([{"name": "Ann"}, {"bot": "greedy"}]) is True
    assert hints([{"name": "Ann"}, {"name": "Bo"}]) is False
    assert hints([{"name": "Ann"}, {"name": "Bo"}], hints=True) is True


def test_rules_reference(client: TestClient) -> None:
    answer = client.get("/api/rules/cartographers/ru")
    assert answer.status_code == 200
    body = answer.json()
    assert body["game"] == "cartographers" and body["language"] == "ru"
    assert body["sections"][0] == {"id": "setup", "title": "Подготовка"}
    lagoon = next(e for e in body["entries"] if e["id"] == "card.pasture")
    assert lagoon["title"] == "Пастбище" and lagoon["section"] == "explore"
    assert set(lagoon) == {"id", "section", "title", "text", "terms", "see_also"}
    unknown = client.get("/api/rules/cartographers/xx")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_language"
    chess = client.get("/api/rules/chess/en")
    assert chess.status_code == 422 and chess.json()["code"] == "bad_configuration"
