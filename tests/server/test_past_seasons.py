"""A past season's preview is that season's scoring: its edicts' cells on the maps as they
were when it was scored, not as they are now."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.grown_edict import grown_edict, solo_game
from tests.server.conftest import act, bearer, new_game, state


def test_a_past_season_lights_the_cells_it_scored_then(client: TestClient) -> None:
    found = grown_edict()
    created = new_game(client, seed=found.seed)
    game_id, token = created["id"], created["seats"][0]["token"]
    for action in found.actions:
        game = state(client, game_id, token)
        assert act(client, game_id, token, game["seq"], action).status_code == 200
    spring = state(client, game_id, token)["view"]["scores"][0][0]
    answer = client.get(f"/api/games/{game_id}/preview", params={"season": 0, "sheet": 0},
                        headers=bearer(token))
    assert answer.status_code == 200, answer.text
    then = answer.json()
    # The same stars, coins and monsters as the season's record: the map of that day.
    assert [[e["letter"], e["card"], e["stars"]] for e in then["edicts"]] == spring["edicts"]
    assert (then["coins"], then["monsters"], then["total"]) == (
        spring["coins"], spring["monsters"], spring["total"])
    grown = next(e for e in then["edicts"] if e["letter"] == found.letter)
    assert grown["stars"] == 0 and grown["cells"] == []
    # Today's map would light cells for it: the reason to replay.
    now = solo_game(found.seed)
    for action in found.actions:
        now.apply(0, action)
    today = next(e for e in now.view(0).preview(None, 0, 0).edicts if e.letter == found.letter)
    assert today.stars == found.stars_now > 0 and today.cells
    # The season being played is still previewed on the map as it is.
    current = client.get(f"/api/games/{game_id}/preview", params={"season": 1, "sheet": 0},
                         headers=bearer(token)).json()
    assert current["season"] == "summer"
    assert current == now.view(0).preview(None, 1, 0).to_json()
