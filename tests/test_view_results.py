"""The views' JSON carries what a front end shows (standings, winners, a solo game's par,
rating and title, one name for the decision and the legal moves, cells as [row, col]),
computed by the engine, and reads back only what is well formed."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import herotable
from herotable.cartographers import results
from herotable.cartographers.catalog import catalog_json
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import bit
from herotable.cartographers.view import CartographersView, LegalMoves
from herotable.core.errors import NotationError
from herotable.core.game import Game
from herotable.core.rng import SeededRng


def played_out(game: Game[Any, Any, Any], pick_last: bool = False) -> Game[Any, Any, Any]:
    while not game.is_over:
        for seat in game.pending_players():
            legal = game.view(seat).legal
            game.apply(seat, legal[-1] if pick_last else legal[0])
    return game


@pytest.mark.parametrize("name, options", [
    ("cartographers", {"players": 2, "preset": "heroes", "side": "D"}),
    ("cartographers", {"players": 3, "preset": "first_game"}),
    ("dominaria", {"players": 3}),
])
def test_a_finished_views_standings_and_winners_are_the_games(name: str,
                                                               options: dict[str, Any]) -> None:
    game = played_out(herotable.new_game(name, seed=7, **options))
    expected = [s.to_json() for s in game.standings()]
    for seat in [None, *range(game.num_players)]:
        view = game.view(seat).to_json()
        assert view["standings"] == expected
        assert view["winners"] == game.winners()
        assert view["decision"] is None and view["legal"] is None


def test_a_shared_first_place_gives_every_tied_player_as_a_winner() -> None:
    # The README's game: both maps end equal, with equal monster losses.
    game = played_out(herotable.new_game("cartographers", seed=7, players=2,
                                         preset="heroes", side="D"))
    view = game.view(None).to_json()
    assert [s["rank"] for s in view["standings"]] == [1, 1]
    assert view["winners"] == [0, 1]


def test_cartographers_standings_add_up_the_season_results_it_sends() -> None:
    game = played_out(herotable.new_game("cartographers", seed=3, players=3), pick_last=True)
    view = game.view(0).to_json()
    for standing in view["standings"]:
        seasons = view["scores"][standing["player"]]
        assert len(seasons) == 4
        assert standing["total"] == sum(s["total"] for s in seasons)
        assert standing["tiebreak"] == sum(s["monsters"] for s in seasons)
        for season in seasons:
            stars = sum(e[2] for e in season["edicts"])
            assert season["total"] == stars + season["coins"] - season["monsters"]
    assert [s["total"] for s in view["standings"]] == sorted(
        (s["total"] for s in view["standings"]), reverse=True)
    assert view["solo"] is None


def test_nobody_has_won_a_game_still_being_played() -> None:
    for name in ("cartographers", "dominaria"):
        game = herotable.new_game(name, seed=2, players=2)
        view = game.view(0).to_json()
        assert view["winners"] == [] and len(view["standings"]) == 2
        assert view["decision"]["kind"] and view["legal"]["count"] == len(game.legal_actions(0))


@pytest.mark.parametrize("seed", [1, 5])
def test_a_solo_views_par_rating_and_title_are_the_games(seed: int) -> None:
    game = CartographersGame(GameConfig(players=1), seed=seed)
    played_out(game, pick_last=True)
    solo = game.view(0).to_json()["solo"]
    result = game.solo_result()
    assert result is not None
    rating, title = result
    assert solo["par"] == results.solo_par(game.cards, game.scoring)
    assert solo["rating"] == rating == game.standings()[0].total - solo["par"]
    if title is None:
        assert solo["title"] is None
    else:
        assert solo["title"]["en"] == title
        assert solo["title"]["ru"] == game.solo_title("ru")


def test_the_dominaria_decision_is_typed_and_written_as_the_cartographers_one() -> None:
    game = herotable.new_game("dominaria", seed=4, players=2)
    seat = game.pending_players()[0]
    view = game.view(seat)
    assert view.decision is not None and view.decision.kind == "keep"
    data = view.to_json()
    assert data["decision"] == {"kind": "keep", "choice": view.decision.choice,
                                "cards": list(view.decision.cards),
                                "count": view.decision.count}
    assert data["legal"]["actions"] == [str(a) for a in game.legal_actions(seat)]
    assert "your_decision" not in data and "legal_actions" not in data


def test_legal_placements_are_written_row_first() -> None:
    # A vertical domino with its top on A1: the cells A1 and B1, offsets [0, 0] and [1, 0].
    moves = LegalMoves("monster", 0, "gnoll_raid", (bit(0, 0) | bit(1, 0),))
    data = moves.to_json()
    assert data["shapes"] == [{"cells": [[0, 0], [1, 0]], "at": ["A1"]}]
    assert LegalMoves.from_json(data) == moves
    assert str(moves[0]) == "monster A1 B1"


def test_catalogue_entries_say_their_kind() -> None:
    catalog = catalog_json()
    groups = {"explore": {"explore"}, "heroes": {"hero"}, "ruins": {"ruins"},
              "ambushes": {"ambush"}, "scoring": {"scoring"}}
    for group, kinds in groups.items():
        assert catalog[group]
        assert {entry["kind"] for entry in catalog[group].values()} == kinds, group
    for seasons in catalog["seasons"].values():
        assert {season["kind"] for season in seasons} == {"season"}


@pytest.mark.parametrize("field, value", [
    ("over", "false"), ("ruins_pending", 0), ("season_index", "1"), ("deck_size", 2.0),
    ("you", True), ("waiting_for", ["0"]),
])
def test_a_view_read_back_refuses_a_field_of_the_wrong_type(field: str, value: Any) -> None:
    game = herotable.new_game("cartographers", seed=1, players=2)
    data = game.view(0).to_json()
    assert CartographersView.from_json(copy.deepcopy(data)) == game.view(0)
    data[field] = value
    with pytest.raises(NotationError):
        CartographersView.from_json(data)


def test_a_cartographers_view_says_what_every_seat_owes_and_the_running_totals() -> None:
    game = herotable.new_game("cartographers", seed=3, players=3)
    view = game.view(None)
    assert [seat for seat, _kind, _sheet in view.owing] == game.pending_players()
    for seat, kind, sheet in view.owing:
        own = game.view(seat).decision
        assert own is not None and (own.kind, own.sheet) == (kind, sheet)
    data = view.to_json()
    assert data["owing"] == [{"seat": s, "kind": k, "sheet": m} for s, k, m in view.owing]
    assert CartographersView.from_json(data) == view
    assert data["running_totals"] == [[], [], []]
    played_out(game, pick_last=True)
    data = game.view(0).to_json()
    assert data["owing"] == []
    final = {s.player: s.total for s in game.standings()}
    for seat, seasons in enumerate(data["scores"]):
        running = data["running_totals"][seat]
        assert running == [sum(s["total"] for s in seasons[:k + 1]) for k in range(4)]
        assert running[-1] == final[seat]


def test_listing_the_legal_moves_gives_them_in_index_order() -> None:
    # Iterating builds the actions straight from the masks; indexing is the reference.
    kinds = set()
    for seed in range(4):
        game = CartographersGame(GameConfig.preset("heroes", players=2), seed)
        rng = SeededRng(seed)
        while not game.is_over:
            seat = game.pending_players()[0]
            legal = game.view(seat).legal
            assert list(legal) == [legal[i] for i in range(len(legal))]
            kinds.add(legal.kind)
            game.apply(seat, legal[rng.below(len(legal))])
    assert kinds == {"draw", "hero", "monster", "destroy"}
