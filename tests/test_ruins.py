"""Ruins cards (base game, and every combined game): the next explore card goes over ruins.

Scenarios from the base rules as the Heroes rulebooks' combining section restates them: a ruins
card makes the next explore card's shape cover an empty ruins cell if any offered shape can;
otherwise a single cell of any terrain anywhere; an ambush or a hero revealed right after the
ruins resolves normally and the ruins wait for the next explore card.
"""

import pytest

from herotable.cartographers.actions import Draw, DrawMonster, PlaceHero
from herotable.cartographers.grid import mask_names
from herotable.core.errors import IllegalAction
from tests.helpers import cells_mask, first_legal, rigged_game
from tests.refusal_checks import check_declared

BASE = {"side": "A", "seasons": "base", "explore": "base", "heroes": False,
        "scoring": ("sentinel_wood", "canal_lake", "wildholds", "borderlands")}
ANY_TERRAIN = ("forest", "village", "farm", "water", "monster")

# Two empty ruins: B3 and J10.
TWO_RUINS = """
...........
..r........
...........
...........
...........
...........
...........
...........
...........
.........r.
...........
"""


def refused(game, player, action, code):
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(player, action)
    assert info.value.code == code
    check_declared(info.value)
    assert game.to_json() == before


def test_ruins_then_explore_the_shape_must_cover_an_empty_ruins_cell():
    game = rigged_game(["temple_ruins", "hamlet", "farmland"], maps=[TWO_RUINS], **BASE)
    assert game.revealed == ["temple_ruins", "hamlet"]  # revealed together, no decision between
    decision = game.decision(0)
    assert decision is not None and decision.ruins and not decision.fallback
    ruins = cells_mask("B3", "J10")
    masks = game.placement_masks(0)
    assert masks and all(m & ruins for m in masks)
    refused(game, 0, Draw("village", cells_mask("E5", "E6", "F6")), "ruins")
    game.apply(0, Draw("village", cells_mask("B3", "B4", "C4")))  # the coin shape, over B3
    assert game.sheets[0].coins == 1
    # The ruins were used up by Hamlet: Farmland may go anywhere.
    decision = game.decision(0)
    assert decision is not None and not decision.ruins
    game.apply(0, Draw("farm", cells_mask("E5", "E6")))


def test_ruins_then_ambush_then_explore():
    game = rigged_game(["outpost_ruins", "goblin_attack", "hamlet"], players=2,
                       maps=[TWO_RUINS, TWO_RUINS], **BASE)
    # The goblins are drawn first, by the counter-clockwise neighbour, anywhere they fit.
    assert game.current == "goblin_attack"
    assert game.decision(1).kind == "monster"
    game.apply(1, DrawMonster(cells_mask("E5", "F6", "G7")))
    assert game.ruins_pending  # still waiting while the monsters are drawn
    game.apply(0, DrawMonster(cells_mask("E5", "F6", "G7")))
    # Then Hamlet, with the ruins requirement for both players.
    assert game.current == "hamlet"
    for player in (0, 1):
        assert game.decision(player).ruins
        refused(game, player, Draw("village", cells_mask("H8", "H9", "I9")), "ruins")


def test_ruins_then_ambush_in_solo_places_the_monster_by_the_walk():
    game = rigged_game(["temple_ruins", "gnoll_raid", "great_river"], maps=[TWO_RUINS], **BASE)
    # Gnoll Raid walks from the top-left corner: its first spot is A1.
    assert mask_names(game.sheets[0].monster) == ["A1", "A2", "B1", "C1", "C2"]
    assert game.current == "great_river" and game.decision(0).ruins


def test_ruins_then_hero_the_hero_goes_anywhere_and_the_ruins_wait():
    game = rigged_game(["outpost_ruins", "dobrik_of_lorkheim", "farmland"], maps=[TWO_RUINS],
                       **{**BASE, "heroes": True})
    decision = game.decision(0)
    assert decision.kind == "hero" and not decision.ruins
    game.apply(0, PlaceHero(5, 5, 0))  # F6: not a ruins cell
    decision = game.decision(0)
    assert game.current == "farmland" and decision.ruins
    game.apply(0, Draw("farm", cells_mask("J10", "J11")))


def test_two_ruins_in_a_row_apply_once_to_the_next_explore_card():
    game = rigged_game(["temple_ruins", "outpost_ruins", "hamlet", "farmland"],
                       maps=[TWO_RUINS], **BASE)
    assert game.revealed == ["temple_ruins", "outpost_ruins", "hamlet"]
    assert game.decision(0).ruins
    game.apply(0, Draw("village", cells_mask("J10", "J11", "K11")))
    assert not game.decision(0).ruins


def test_no_shape_can_cover_a_ruins_cell_so_one_cell_of_any_terrain_anywhere():
    # The only empty ruins (B3) is boxed in: no shape of two or more cells can reach it.
    boxed_in = """
..F........
.FrF.......
..F........
...........
...........
...........
...........
...........
...........
.........w.
...........
"""
    game = rigged_game(["temple_ruins", "fishing_village", "farmland"], maps=[boxed_in], **BASE)
    decision = game.decision(0)
    assert decision.ruins and decision.fallback
    assert game.terrain_options(0) == ANY_TERRAIN  # any terrain, not just the card's
    refused(game, 0, Draw("village", cells_mask("E5", "E6", "E7", "E8")), "fallback")
    game.apply(0, Draw("monster", cells_mask("K11")))  # anywhere: no ruins needed
    assert game.sheets[0].terrain_at(10, 10) == "monster"
    assert game.sheets[0].coins == 0


def test_all_ruins_filled_means_one_cell_anywhere():
    filled_ruins = TWO_RUINS.replace("r", "f")
    game = rigged_game(["temple_ruins", "rift_lands", "farmland"], maps=[filled_ruins], **BASE)
    decision = game.decision(0)
    assert decision.ruins and decision.fallback
    assert len(game.placement_masks(0)) == 121 - 2


def test_rift_lands_after_ruins_goes_on_a_ruins_cell():
    game = rigged_game(["temple_ruins", "rift_lands", "farmland"], maps=[TWO_RUINS], **BASE)
    assert sorted(mask_names(m)[0] for m in game.placement_masks(0)) == ["B3", "J10"]
    refused(game, 0, Draw("water", cells_mask("A1")), "ruins")
    game.apply(0, Draw("water", cells_mask("B3")))


def test_ruins_cards_go_back_into_the_deck_each_season():
    game = rigged_game(["temple_ruins", "hamlet", "great_river", "farmland", "forgotten_forest",
                        "orchard", "homestead", "outpost_ruins", "marshlands"],
                       maps=[TWO_RUINS], **BASE)
    while game.season == "spring":
        first_legal(game, 0)
    assert {"temple_ruins", "outpost_ruins"} <= set(game.deck + game.revealed)
    assert not game.ruins_pending


def test_ruins_pending_survives_a_save():
    game = rigged_game(["temple_ruins", "goblin_attack", "hamlet"], players=2,
                       maps=[TWO_RUINS, TWO_RUINS], **BASE)
    copy = type(game).from_json(game.to_json())
    assert copy.ruins_pending and copy.to_json() == game.to_json()
