"""POST /api/score: a paper map scored exactly as ``herotable cartographers score`` scores it,
season by season, with every scoring card of the game; what no paper map can be is refused
with its code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from herotable.cartographers.cards import all_scoring_cards, map_sides
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import mask_names
from herotable.cartographers.scoring import score_card
from herotable.cartographers.sheet import MapSheet
from tests.paper_maps import FILLS, card_sets, cli_scores, grown, sample_map

SEASON_EDICTS = (("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"))
SIDES = sorted(map_sides())
FIRST_GAME = ["faunlost_thicket", "gnomish_colony", "ulems_wallow", "dwarvenholds"]


def scored(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/api/score", json=body)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def check_season(season: dict[str, Any], letters: tuple[str, str], cards: list[str],
                 text: str, coins: int, cli: dict[str, Any]) -> None:
    """One season's score: each edict's stars and the penalty as the CLI prints them, the
    cells each edict lights as its scoring function gives them, and the season's sum."""
    sheet = MapSheet.from_text(text)
    assert [e["letter"] for e in season["edicts"]] == list(letters)
    for edict in season["edicts"]:
        card = cards["ABCD".index(edict["letter"])]
        assert edict["card"] == card
        assert edict["stars"] == cli["cards"][card], (card, text)
        assert edict["cells"] == mask_names(score_card(card, sheet).cells)
    assert season["monsters"] == cli["monster_penalty"]
    assert season["coins"] == coins
    assert season["total"] == sum(e["stars"] for e in season["edicts"]) + coins - season["monsters"]


@pytest.mark.parametrize("index", range(len(card_sets())))
@pytest.mark.parametrize("k", range(len(FILLS)))
def test_a_final_map_scores_every_season_as_the_cli_with_every_card(client, tmp_path: Path,
                                                                       index: int, k: int):
    cards = card_sets()[index]
    side, text = sample_map(index, k)
    coins = index + k
    cli = cli_scores(tmp_path, text, cards)
    answer = scored(client, {"side": side, "cards": cards, "map": text, "coins": coins})
    assert answer["side"] == side and answer["cards"] == cards and answer["solo"] is None
    assert [s["season"] for s in answer["seasons"]] == ["spring", "summer", "autumn", "winter"]
    for season, letters in zip(answer["seasons"], SEASON_EDICTS, strict=True):
        check_season(season, letters, cards, text, coins, cli)
    assert answer["total"] == sum(s["total"] for s in answer["seasons"])


def test_the_test_maps_give_every_scoring_card_some_stars():
    """Every card is compared on a map where it scores (zero against zero proves little)."""
    best: dict[str, int] = {}
    for index, cards in enumerate(card_sets()):
        for k in range(len(FILLS)):
            sheet = MapSheet.from_text(sample_map(index, k)[1])
            for card in cards:
                best[card] = max(best.get(card, 0), score_card(card, sheet).stars)
    assert set(best) == set(all_scoring_cards())
    assert all(best.values()), best


@pytest.mark.parametrize("side", SIDES)
def test_each_season_is_scored_on_its_own_map(client, tmp_path: Path, side: str):
    maps = grown(side, seed=ord(side))
    coins = [1, 3, 3, 6]
    cards = card_sets()[ord(side) % len(card_sets())]
    answer = scored(client, {"side": side, "cards": cards, "solo": True, "seasons": [
        {"map": text, "coins": n} for text, n in zip(maps, coins, strict=True)]})
    for k, season in enumerate(answer["seasons"]):
        check_season(season, SEASON_EDICTS[k], cards, maps[k], coins[k],
                     cli_scores(tmp_path, maps[k], cards))
    par = sum(all_scoring_cards()[c].solo for c in cards)
    rating = answer["total"] - par
    assert answer["solo"] == {"par": par, "rating": rating,
                              "title": CartographersGame.solo_title_names(rating)}


def test_seasons_past_the_last_map_given_are_scored_on_it(client):
    maps = grown("C", seed=5, seasons=2)
    answer = scored(client, {"side": "C", "cards": FIRST_GAME, "seasons": [
        {"map": maps[0], "coins": 1}, {"map": maps[1], "coins": 2}]})
    on_last = scored(client, {"side": "C", "cards": FIRST_GAME, "map": maps[1], "coins": 2})
    assert answer["seasons"][1:] == on_last["seasons"][1:]
    assert answer["seasons"][0] != on_last["seasons"][0]


def test_a_blank_side_scores_what_its_cards_give_an_empty_map(client, tmp_path: Path):
    blank = map_sides()["D"].grid
    answer = scored(client, {"side": "D", "cards": FIRST_GAME, "map": blank})
    cli = cli_scores(tmp_path, blank, FIRST_GAME)
    for season, letters in zip(answer["seasons"], SEASON_EDICTS, strict=True):
        check_season(season, letters, FIRST_GAME, blank, 0, cli)


def with_cell(text: str, cell: str, char: str) -> str:
    rows = text.split("\n")
    row, col = "ABCDEFGHIJK".index(cell[0]), int(cell[1:]) - 1
    rows[row] = rows[row][:col] + char + rows[row][col + 1:]
    return "\n".join(rows)


SIDE_C = map_sides()["C"].grid  # mountains B2 D9 F4 I10 J6; ruins B5 D8 G7 H3 J9 K1


@pytest.mark.parametrize(("body", "code", "params"), [
    ({"map": "...........\n" * 10}, "bad_notation", {}),
    ({"map": SIDE_C.replace("...........", "..........", 1)}, "bad_notation", {}),
    ({"map": with_cell(SIDE_C, "A1", "Q")}, "bad_notation", {}),
    ({"map": with_cell(SIDE_C, "B2", "F")}, "side_mountains", {"side": "C", "cells": "B2"}),
    ({"map": with_cell(SIDE_C, "A1", "^")}, "side_mountains", {"side": "C", "cells": "A1"}),
    ({"map": with_cell(SIDE_C, "A1", "#")}, "side_mountains", {"side": "C", "cells": "A1"}),
    ({"map": with_cell(SIDE_C, "B5", "F")}, "side_ruins", {"side": "C", "cells": "B5"}),
    ({"map": with_cell(SIDE_C, "A1", "f")}, "side_ruins", {"side": "C", "cells": "A1"}),
    ({"map": with_cell(SIDE_C, "B5", ".")}, "side_ruins", {"side": "C", "cells": "B5"}),
    ({"map": SIDE_C, "side": "D"}, "side_mountains", None),
    ({"map": SIDE_C, "side": "E"}, "bad_configuration", {}),
    ({"map": SIDE_C, "cards": ["faunlost_thicket", "deepwood", "ulems_wallow", "silos"]},
     "bad_configuration", {}),
    ({"map": SIDE_C, "cards": ["nope", "gnomish_colony", "ulems_wallow", "silos"]},
     "bad_configuration", {}),
    ({"map": SIDE_C, "cards": FIRST_GAME[:3]}, "bad_request", {}),
    ({"map": SIDE_C, "coins": 15}, "bad_request", {}),
    ({"map": SIDE_C, "coins": -1}, "bad_request", {}),
    ({}, "bad_request", {}),
    ({"map": SIDE_C, "seasons": [{"map": SIDE_C}]}, "bad_request", {}),
    ({"seasons": []}, "bad_request", {}),
    ({"seasons": [{"map": SIDE_C}] * 5}, "bad_request", {}),
    ({"seasons": [{"map": with_cell(SIDE_C, "A1", "F")}, {"map": SIDE_C}]},
     "season_erased", {"cells": "A1"}),
    ({"seasons": [{"map": with_cell(SIDE_C, "A1", "F")}, {"map": with_cell(SIDE_C, "A1", "V")}]},
     "season_erased", {"cells": "A1"}),
    ({"seasons": [{"map": SIDE_C, "coins": 3}, {"map": SIDE_C, "coins": 2}]},
     "coins_lost", {"coins": 2, "before": 3}),
    ({"map": SIDE_C, "extra": 1}, "bad_request", {}),
    ({"map": 7}, "bad_request", {}),
])
def test_what_no_paper_map_can_be_is_refused_with_its_code(client, body, code, params):
    answer = client.post("/api/score", json={"side": "C", "cards": FIRST_GAME, **body})
    assert answer.status_code == 422, answer.text
    problem = answer.json()
    assert problem["code"] == code, problem
    assert problem["detail"]
    for name, value in (params or {}).items():
        assert problem["params"][name] == value
    if code in ("season_erased", "coins_lost"):
        assert problem["params"]["season"]["en"] == "Summer"


def test_a_cell_crossed_out_in_a_later_season_is_no_erasure(client):
    spring = with_cell(SIDE_C, "A1", "F")
    summer = with_cell(SIDE_C, "A1", "*")
    autumn = with_cell(with_cell(summer, "B5", "v"), "A2", "W")
    winter = with_cell(autumn, "B5", "+")
    answer = client.post("/api/score", json={"side": "C", "cards": FIRST_GAME, "seasons": [
        {"map": spring}, {"map": summer}, {"map": autumn}, {"map": winter}]})
    assert answer.status_code == 200, answer.text
