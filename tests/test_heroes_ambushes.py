"""Heroes, ambushes, monster identities and the four Heroes ambush effects."""

import pytest

from herotable.cartographers.actions import Destroy, Draw, DrawMonster, PlaceHero
from herotable.cartographers.game import SeasonScore
from herotable.cartographers.grid import mask_names, neighbours
from herotable.core.errors import IllegalAction
from tests.helpers import cells_mask, rigged_game

EMPTY = "\n".join(["..........."] * 11)
MONSTERS_AROUND_E5 = """
...........
...........
...........
....X......
......X....
....X......
...........
...........
...........
...........
...........
"""


def test_hero_destroys_monsters_under_its_pattern_at_once():
    game = rigged_game(["dobrik_of_lorkheim", "kethras_gates"], maps=[MONSTERS_AROUND_E5])
    events = game.apply(0, PlaceHero(4, 4, 0))  # E5; the plus pattern hits D5, E4, E6, F5
    sheet = game.sheets[0]
    assert mask_names(sheet.attack) == ["D5", "E4", "E6", "F5"]
    assert mask_names(sheet.destroyed) == ["D5", "F5"]
    assert mask_names(sheet.monster) == ["E7"]  # outside the pattern: untouched
    assert {"type": "destroyed", "sheet": 0, "cells": ["D5", "F5"], "reason": "hero",
            "step": 0, "by": 0} in events


def test_monsters_drawn_later_under_a_pattern_are_destroyed():
    game = rigged_game(["dobrik_of_lorkheim", "kethras_gates", "kethras_gates"], maps=[EMPTY])
    game.apply(0, PlaceHero(4, 4, 0))
    game.apply(0, Draw("monster", cells_mask("F5")))
    assert mask_names(game.sheets[0].destroyed) == ["F5"]
    game.apply(0, Draw("forest", cells_mask("E6")))  # other terrains are not harmed
    assert game.sheets[0].terrain_at(4, 5) == "forest"


def test_pattern_stays_active_after_the_hero_cell_is_destroyed():
    game = rigged_game(["dobrik_of_lorkheim", "kethras_gates"], maps=[EMPTY])
    game.apply(0, PlaceHero(4, 4, 0))
    game.sheets[0].destroy(cells_mask("E5"))
    game.apply(0, Draw("monster", cells_mask("E4")))
    assert game.sheets[0].destroyed == cells_mask("E5", "E4")


@pytest.mark.parametrize(
    ("hero", "turns", "cell", "attacked"),
    [
        ("freyla_the_true", 0, (4, 4), ["E6", "E7", "E8"]),
        ("freyla_the_true", 1, (4, 4), ["F5", "G5", "H5"]),  # a quarter turn clockwise: down
        ("freyla_the_true", 2, (4, 4), ["E2", "E3", "E4"]),
        ("wren_the_lioness", 0, (4, 4), ["D7", "E7", "F7"]),
        ("wren_the_lioness", 3, (4, 4), ["C4", "C5", "C6"]),
        ("dal_of_jolev", 0, (0, 0), ["B2"]),  # the rest of the pattern is off the map
    ],
)
def test_attack_patterns_and_rotation(hero, turns, cell, attacked):
    game = rigged_game([hero, "kethras_gates"], maps=[EMPTY])
    game.apply(0, PlaceHero(*cell, turns))
    assert mask_names(game.sheets[0].attack) == attacked


def test_hero_rotations_offered_only_when_they_differ():
    game = rigged_game(["dobrik_of_lorkheim", "lagoon"], maps=[EMPTY])
    assert len(game.legal_actions(0)) == 121  # a plus looks the same all four ways
    game = rigged_game(["freyla_the_true", "lagoon"], maps=[EMPTY])
    assert len(game.legal_actions(0)) == 121 * 4


def test_hero_turns_off_draws_the_pattern_as_printed():
    game = rigged_game(["freyla_the_true", "lagoon"], maps=[EMPTY], hero_turns=False)
    legal = game.legal_actions(0)
    assert len(legal) == 121 and {a.quarter_turns for a in legal} == {0}
    before = game.to_json()
    for turns in (1, 2, 3):
        with pytest.raises(IllegalAction, match="drawn as printed") as refused:
            game.apply(0, PlaceHero(4, 4, turns))
        assert refused.value.code == "rotation"
    assert game.to_json() == before  # a refusal changes nothing
    game.apply(0, PlaceHero(4, 4, 0))
    assert mask_names(game.sheets[0].attack) == ["E6", "E7", "E8"]  # Hxxx, to the right


def test_hero_turns_off_refuses_even_a_turn_that_looks_the_same():
    # A plus is the same all four ways, but only the printed card (r0) is allowed.
    game = rigged_game(["dobrik_of_lorkheim", "lagoon"], maps=[EMPTY], hero_turns=False)
    with pytest.raises(IllegalAction, match="use r0"):
        game.apply(0, "hero E5 r90")
    assert game.decision(0).kind == "hero"


def test_hero_needs_an_empty_cell():
    game = rigged_game(["dobrik_of_lorkheim", "lagoon"])
    with pytest.raises(IllegalAction, match="already filled"):
        game.apply(0, PlaceHero(1, 1, 0))  # B2 is a mountain on side C


def test_ambush_neighbours_follow_the_arrows():
    # Troll: clockwise, each map goes to the next seat. Dragon: counter-clockwise.
    game = rigged_game(["giant_troll_ravage", "lagoon"], players=3)
    assert {p: game.decision(p).sheet for p in range(3)} == {1: 0, 2: 1, 0: 2}
    game = rigged_game(["dragon_inferno", "lagoon"], players=3)
    assert {p: game.decision(p).sheet for p in range(3)} == {2: 0, 0: 1, 1: 2}


def test_neighbour_draws_the_monster_turned_and_keeps_its_identity():
    game = rigged_game(["giant_troll_ravage", "lagoon"], players=2, maps=[EMPTY, EMPTY])
    game.apply(1, DrawMonster(cells_mask("C3", "D3", "E3", "D2")))  # XXX/.X. turned
    assert game.sheets[0].monster_ids == {"giant_troll_ravage": cells_mask("C3", "D3", "E3",
                                                                           "D2")}
    with pytest.raises(IllegalAction, match="not the Giant Troll Ravage shape"):
        game.apply(0, DrawMonster(cells_mask("A1", "A2", "A3", "A4")))


def test_monster_that_fits_nowhere_becomes_a_plain_cell():
    checker = "\n".join(
        "".join("." if (r + c) % 2 == 0 else "F" for c in range(11)) for r in range(11))
    game = rigged_game(["dragon_inferno", "lagoon"], players=2, maps=[checker, EMPTY])
    decision = game.decision(1)
    assert decision.sheet == 0 and decision.fallback
    game.apply(1, DrawMonster(cells_mask("A1")))
    assert game.sheets[0].monster == cells_mask("A1")
    assert "dragon_inferno" not in game.sheets[0].monster_ids


def test_gorgon_drawer_destroys_a_neighbouring_non_mountain_cell():
    game = rigged_game(["gorgon_gaze", "lagoon"], players=2)  # side C: mountain at B2
    game.apply(0, DrawMonster(cells_mask("C1", "C3", "D2")))
    # Player 0 drew X.X/.X. on player 1's map (clockwise); now player 0 destroys next to it.
    decision = game.decision(0)
    assert decision.kind == "destroy" and decision.sheet == 1 and decision.reason == "gorgon"
    gorgon = cells_mask("C1", "C3", "D2")
    expected = neighbours(gorgon) & ~gorgon & ~cells_mask("B2")  # B2: mountain, spared
    assert decision.allowed == expected
    with pytest.raises(IllegalAction, match="may not be destroyed"):
        game.apply(0, Destroy(1, 1))
    game.apply(0, Destroy(3, 2))  # D3
    assert game.sheets[1].destroyed == cells_mask("D3")


def test_gorgon_struck_by_a_hero_gazes_at_nothing():
    game = rigged_game(["gorgon_gaze", "lagoon"], players=2, maps=[EMPTY, EMPTY])
    game.sheets[1].attack = cells_mask("E5", "E7", "F6")
    game.apply(0, DrawMonster(cells_mask("E5", "E7", "F6")))
    assert game.decision(0) is None  # no destroy owed: the Gorgon is gone
    assert game.decision(1).kind == "monster"
    assert game.sheets[1].destroyed == cells_mask("E5", "E7", "F6")


def test_dragon_pays_three_coins_once_when_boxed_in():
    game = rigged_game(["dragon_inferno"] + ["kethras_gates"] * 20, maps=[EMPTY])
    dragon = game.sheets[0].monster_ids["dragon_inferno"]  # solo: placed by itself
    assert mask_names(dragon) == ["I3", "J1", "J2", "J3", "K1"]
    around = neighbours(dragon) & ~dragon
    for i, name in enumerate(mask_names(around)):
        assert game.sheets[0].coins == 0, f"paid early, before {name}"
        game.apply(0, Draw("farm", cells_mask(name)))
        if i == len(mask_names(around)) - 1:
            assert game.sheets[0].coins == 3
    game.apply(0, Draw("farm", cells_mask("A1")))
    assert game.sheets[0].coins == 3


def test_dragon_destroyed_counts_as_beaten():
    game = rigged_game(["dragon_inferno", "kethras_gates"], maps=[EMPTY])
    dragon = game.sheets[0].monster_ids["dragon_inferno"]
    game.sheets[0].destroy(dragon)
    game.apply(0, Draw("farm", cells_mask("A1")))
    assert game.sheets[0].coins == 3


SPRING_OF_TERRACES = ["hillside_terrace"] * 4 + ["lagoon"] * 3


def draw_four_terraces(game):
    """Four 2x2 farms in columns 5-6, rows D-K: eight time units, the end of spring."""
    for top, bottom in (("D", "E"), ("F", "G"), ("H", "I"), ("J", "K")):
        game.apply(0, Draw("farm", cells_mask(f"{top}5", f"{top}6", f"{bottom}5", f"{bottom}6")))


def test_zombies_spread_after_scoring_into_every_empty_neighbour():
    game = rigged_game(["zombie_plague", *SPRING_OF_TERRACES], maps=[EMPTY])
    assert game.sheets[0].monster_ids["zombie_plague"] == cells_mask("A1")
    draw_four_terraces(game)
    assert game.season == "summer"
    assert game.sheets[0].monster_ids["zombie_plague"] == cells_mask("A1", "A2", "B1")
    # The penalty of that spring was counted before the spread: two empty cells.
    assert game.scores[0][0].monsters == 2


def test_troll_owner_destroys_an_empty_neighbour_after_scoring():
    game = rigged_game(["giant_troll_ravage", *SPRING_OF_TERRACES], maps=[EMPTY])
    troll = game.sheets[0].monster_ids["giant_troll_ravage"]
    assert mask_names(troll) == ["A9", "A10", "A11", "B10"]
    draw_four_terraces(game)
    decision = game.decision(0)
    assert decision.kind == "destroy" and decision.reason == "troll"
    assert mask_names(decision.allowed) == ["A8", "B9", "B11", "C10"]
    game.apply(0, Destroy(1, 8))
    assert game.sheets[0].destroyed == cells_mask("B9")
    assert game.season == "summer" and game.decision(0).reason != "troll"


def test_after_scoring_effects_resolve_in_reveal_order():
    # Troll revealed first: its destroy is owed before the zombies spread.
    game = rigged_game(["giant_troll_ravage", "zombie_plague", *SPRING_OF_TERRACES],
                       maps=[EMPTY])
    draw_four_terraces(game)
    assert game.decision(0).reason == "troll"
    assert game.sheets[0].monster_ids["zombie_plague"] == cells_mask("A1")
    game.apply(0, Destroy(1, 8))
    assert game.sheets[0].monster_ids["zombie_plague"] == cells_mask("A1", "A2", "B1")


def test_monster_penalty_counts_each_empty_cell_once():
    game = rigged_game(["kethras_gates", "kethras_gates", *SPRING_OF_TERRACES], maps=[EMPTY])
    game.apply(0, Draw("monster", cells_mask("B9")))
    game.apply(0, Draw("monster", cells_mask("B11")))  # B10 touches both: counted once
    draw_four_terraces(game)
    assert game.scores[0][0].monsters == 6


def test_standings_break_ties_on_monster_losses_then_share():
    game = rigged_game(["lagoon"], players=3)
    game.scores = [
        [SeasonScore("spring", (("A", "deepwood", 10),), 0, 3)],  # 7, lost 3
        [SeasonScore("spring", (("A", "deepwood", 8),), 0, 1)],  # 7, lost 1
        [SeasonScore("spring", (("A", "deepwood", 9),), 0, 2)],  # 7, lost 2
    ]
    assert [(s.player, s.rank) for s in game.standings()] == [(1, 1), (2, 2), (0, 3)]
    game.scores[2] = [SeasonScore("spring", (("A", "deepwood", 8),), 0, 1)]
    assert [(s.player, s.rank) for s in game.standings()] == [(1, 1), (2, 1), (0, 3)]


def test_remote_ambush_places_every_monster_by_the_solo_rule():
    game = rigged_game(["zombie_plague", "lagoon"], players=3, maps=[EMPTY] * 3,
                       remote_ambush=True)
    for sheet in game.sheets:
        assert sheet.monster_ids == {"zombie_plague": cells_mask("A1")}
    assert game.decision(0).kind == "draw"
