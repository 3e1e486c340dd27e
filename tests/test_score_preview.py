"""The view's season preview: what a season would score now, on the map as it is or as one
of the seat's legal actions would leave it, worked out on a copy and never played."""

from __future__ import annotations

import json
import random

import pytest

from herotable import new_game
from herotable.cartographers.actions import Draw, PlaceHero
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import mask_names, parse_cell
from herotable.core.errors import IllegalAction, NotationError
from tests.helpers import cells_mask, rigged_game

EMPTY = "\n".join(["..........."] * 11)
# Edict A (spring's first) Borderlands: 6 stars a full row or column. Edict B Wildholds:
# 8 stars a village cluster of six or more cells.
BASE_CARDS = {"scoring": ("borderlands", "wildholds", "sentinel_wood", "canal_lake"),
              "scoring_boxes": ("base",)}
# Row A lacks A10 and A11; the villages C1-C5 are one short of Wildholds' six.
ALMOST = """
PPPPPPPPP..
...........
VVVVV......
...........
...........
...........
...........
...........
...........
...........
...........
"""
ROW_A = [f"A{col}" for col in range(1, 12)]


def almost_game(deck: list[str]) -> CartographersGame:
    return rigged_game(deck, maps=[ALMOST], **BASE_CARDS)


def stars_and_cells(preview) -> list[tuple[str, int, list[str]]]:
    return [(e["letter"], e["stars"], e["cells"]) for e in preview.to_json()["edicts"]]


def test_the_map_as_it_is_scores_nothing_yet() -> None:
    preview = almost_game(["settlement"]).view(0).preview()
    assert preview.to_json() == {
        "season": "spring", "sheet": 0,
        "edicts": [{"letter": "A", "card": "borderlands", "stars": 0, "cells": []},
                   {"letter": "B", "card": "wildholds", "stars": 0, "cells": []}],
        "edict_stars": 0, "coins": 0, "monsters": 0, "monster_cells": [], "total": 0}


def test_a_placement_that_fills_a_row_shows_its_stars_and_cells() -> None:
    # Settlement's coin shape XX, drawn on A10 A11, completes row A: 6 stars and a coin.
    preview = almost_game(["settlement"]).view(0).preview("draw village A10 A11")
    assert stars_and_cells(preview) == [("A", 6, ROW_A), ("B", 0, [])]
    assert (preview.coins, preview.monsters, preview.total) == (1, 0, 7)


def test_a_placement_that_grows_a_cluster_to_six_shows_its_stars_and_cells() -> None:
    # Settlement's other shape XX./.XX/..X from C6 joins the row of five villages.
    preview = almost_game(["settlement"]).view(0).preview(
        Draw("village", cells_mask("C6", "C7", "D7", "D8", "E8")))
    cluster = ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "D7", "D8", "E8"]
    assert stars_and_cells(preview) == [("A", 0, []), ("B", 8, cluster)]
    assert preview.coins == 0  # not the coin shape


def test_the_preview_is_what_the_season_then_scores() -> None:
    # The scenario's deck holds one card: once it is drawn, the season ends and is scored.
    game = almost_game(["settlement"])
    preview = game.view(0).preview("draw village A10 A11")
    game.apply(0, "draw village A10 A11")
    assert game.scores[0][0] == preview.season_score()


def test_a_hero_preview_strikes_the_monster_under_its_pattern() -> None:
    # A monster at E5 costs its four empty neighbours; Dobrik at E4 strikes E5 (a plus).
    monster = "\n".join(["..........."] * 4 + ["....X......"] + ["..........."] * 6)
    view = rigged_game(["dobrik_of_lorkheim", "lagoon"], maps=[monster]).view(0)
    assert (view.preview().monsters, mask_names(view.preview().monster_cells)) == (
        4, ["D5", "E4", "E6", "F5"])
    assert view.preview(PlaceHero(*parse_cell("E4"), 0)).monsters == 0
    assert view.preview(PlaceHero(*parse_cell("A1"), 0)).monsters == 4
    # A plus is listed once (r0), but its other turns are accepted, as apply accepts them.
    assert view.preview("hero E4 r90").monsters == 0


def test_a_turned_hero_is_refused_when_heroes_do_not_turn() -> None:
    view = rigged_game(["freyla_the_true", "lagoon"], maps=[EMPTY], hero_turns=False).view(0)
    assert view.preview("hero E4 r0").sheet == 0
    with pytest.raises(IllegalAction) as caught:
        view.preview("hero E4 r90")
    assert caught.value.code == "rotation"


@pytest.mark.parametrize(
    ("action", "error", "code"),
    [
        ("draw village A9 A10", IllegalAction, "placement"),  # A9 is filled
        ("draw village A10 B11", IllegalAction, "placement"),  # not a Settlement shape
        ("draw forest A10 A11", IllegalAction, "draw_terrain"),  # Settlement offers village
        ("hero A10", IllegalAction, "wrong_action"),  # a draw is owed
        (Draw("village", -4), IllegalAction, "off_map"),  # built in code, off the map
        ("draw lava A10 A11", NotationError, None),
        ("paint A10", NotationError, None),
    ],
)
def test_an_illegal_or_malformed_action_is_refused_and_nothing_changes(action, error, code
                                                                       ) -> None:
    game = almost_game(["settlement"])
    state = json.dumps(game.to_json())
    view = game.view(0)
    maps = [s.to_text() for s in view.sheets]
    with pytest.raises(error) as caught:
        view.preview(action)
    if code is not None:
        assert caught.value.code == code
    assert [s.to_text() for s in view.sheets] == maps
    assert json.dumps(game.to_json()) == state


def test_a_season_or_map_that_does_not_exist_is_refused() -> None:
    view = almost_game(["settlement"]).view(0)
    for season in (4, -1, True, "0"):
        with pytest.raises(NotationError, match="season index"):
            view.preview(season_index=season)
    with pytest.raises(IllegalAction, match="no map 1"):
        view.preview(sheet=1)
    with pytest.raises(IllegalAction, match="map 0, not on map 1"):
        almost_game(["settlement"]).view(0).preview("draw village A10 A11", sheet=1)


def test_a_later_season_previews_its_own_edicts() -> None:
    view = almost_game(["settlement"]).view(0)
    winter = view.preview("draw village A10 A11", season_index=3)
    assert (winter.season, [e.letter for e in winter.edicts]) == ("winter", ["D", "A"])
    assert winter.edicts[1].stars == 6


def test_a_monster_preview_is_on_the_neighbours_map() -> None:
    # Bugbear Assault passes clockwise: player 1 draws on player 0's map.
    game = rigged_game(["bugbear_assault", "lagoon"], players=2, maps=[EMPTY, ALMOST],
                       **BASE_CARDS)
    view = game.view(1)
    assert view.decision is not None and view.decision.sheet == 0
    assert view.preview().sheet == 0  # with no action: the decision's map
    preview = view.preview("monster A1 A3 B1 B3")
    assert (preview.sheet, preview.monsters) == (0, 6)
    assert mask_names(preview.monster_cells) == ["A2", "A4", "B2", "B4", "C1", "C3"]
    assert view.preview(sheet=1).monsters == 0  # the seat's own map is untouched
    with pytest.raises(IllegalAction, match="map 0, not on map 1"):
        view.preview("monster A1 A3 B1 B3", sheet=1)


def test_a_spectator_previews_the_maps_as_they_are_only() -> None:
    game = rigged_game(["settlement"], players=2, maps=[EMPTY, ALMOST], **BASE_CARDS)
    view = game.view(None)
    assert view.preview().sheet == 0
    assert stars_and_cells(view.preview(sheet=1)) == [("A", 0, []), ("B", 0, [])]
    with pytest.raises(IllegalAction) as caught:
        view.preview("draw village A10 A11")
    assert caught.value.code == "nothing_to_preview"


def test_a_seat_that_owes_nothing_previews_its_own_map() -> None:
    game = rigged_game(["settlement", "lagoon"], players=2, maps=[EMPTY, ALMOST],
                       **BASE_CARDS)
    game.apply(1, "draw village A10 A11")
    view = game.view(1)
    assert view.decision is None
    assert view.preview().sheet == 1
    assert view.preview().edicts[0].stars == 6
    with pytest.raises(IllegalAction, match="owes no decision"):
        view.preview("draw village A10 A11")


@pytest.mark.parametrize("seed", [3, 11])
def test_at_the_end_each_maps_winter_preview_is_its_recorded_winter_score(seed: int) -> None:
    # Nothing changes a map after winter's scoring, so the preview must agree with it.
    game = new_game("cartographers", seed=seed, players=3, preset="heroes+base")
    rng = random.Random(seed)
    while not game.is_over:
        player = game.pending_players()[0]
        game.apply(player, rng.choice(game.legal_actions(player)))
    view = game.view(None)
    for player in range(3):
        preview = view.preview(season_index=3, sheet=player)
        assert preview.season_score() == game.scores[player][3]
        assert preview.to_json()["total"] == game.scores[player][3].total
        recorded = game.scores[player][3]
        assert preview.to_json()["edict_stars"] == sum(stars for _, _, stars in recorded.edicts)
