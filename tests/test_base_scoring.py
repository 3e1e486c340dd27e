"""The 16 scoring cards of the base game, each checked on small hand-drawn maps.

Map key: ``.`` empty, ``r`` empty ruins, ``^`` mountain, ``#`` wasteland, ``F V P W X H``
forest, village, farm, water, monster, hero; lowercase = drawn on ruins; ``*`` destroyed,
``+`` destroyed ruins. Rows are A-K from the top, columns 1-11 from the left. Every expected
number is worked out by hand from the card's rule; the comments show the count.
"""

from __future__ import annotations

import random

import pytest

from herotable.cartographers.grid import COLS, ROWS, SIZE, bit
from herotable.cartographers.scoring import SCORERS, ScoreResult, score_card
from herotable.cartographers.sheet import MapSheet
from tests.helpers import BLANK, cells_mask, score, whole

BASE_CARDS = (
    "sentinel_wood",
    "greenbough",
    "treetower",
    "stoneside_forest",
    "canal_lake",
    "mages_valley",
    "the_golden_granary",
    "shoreside_expanse",
    "wildholds",
    "great_city",
    "greengold_plains",
    "shieldgate",
    "borderlands",
    "lost_barony",
    "the_broken_road",
    "the_cauldrons",
)

# ---------------------------------------------------------------- registry


def test_all_sixteen_base_cards_are_registered() -> None:
    assert len(set(BASE_CARDS)) == 16
    for card_id in BASE_CARDS:
        assert card_id in SCORERS
        assert SCORERS[card_id].__module__ == "herotable.cartographers.scoring.base"


# A forest everywhere: 40 edge cells; 11 rows + 11 columns; every forest closed in; one
# forest cluster but no mountain; no farm, water or village; 22 full lines; an 11x11 square;
# all 11 diagonals; no empty cell.
FULL_FOREST = {
    "sentinel_wood": 40,
    "greenbough": 22,
    "treetower": 121,
    "borderlands": 6 * 22,
    "lost_barony": 3 * 11,
    "the_broken_road": 3 * 11,
}


@pytest.mark.parametrize("card_id", BASE_CARDS)
def test_blank_and_full_maps(card_id: str) -> None:
    # On a blank map even the Cauldrons score nothing: no empty cell has a filled side.
    assert score(card_id, BLANK) == ScoreResult(0, 0)
    assert score(card_id, whole("F")).stars == FULL_FOREST.get(card_id, 0)


# ---------------------------------------------------------------- forest


def test_sentinel_wood_forests_on_the_edge() -> None:
    text = """
        F.F.......f
        F..........
        ...........
        .....F.....
        ...........
        *FF........
        ...........
        ...........
        ...........
        ..........F
        FFF.......F
    """
    # Edge forests: A1 A3 A11 (on ruins) B1 J11 K1 K2 K3 K11 = 9. D6, F2 and F3 are inside
    # (F1 beside them is destroyed, not forest).
    expected = cells_mask("A1", "A3", "A11", "B1", "J11", "K1", "K2", "K3", "K11")
    assert score("sentinel_wood", text) == ScoreResult(9, expected)


def test_greenbough_rows_and_columns_with_forest() -> None:
    text = """
        F..........
        ...........
        ..F.F......
        ...........
        ...........
        ...........
        ...........
        .....*.....
        ...........
        .........f.
        F..........
    """
    # Rows A C J K = 4; columns 1 (twice, counted once) 3 5 10 = 4. The destroyed H6 is no
    # forest.
    expected = cells_mask("A1", "C3", "C5", "J10", "K1")
    assert score("greenbough", text) == ScoreResult(8, expected)


def test_treetower_filled_sides_and_map_edge() -> None:
    text = """
        FW..rF^....
        ^..........
        ...........
        ...#.......
        ..PFX......
        ...*.......
        ...........
        F..........
        .F.........
        ..........F
        .........HF
    """
    # A1: two edges, A2 water, B1 mountain: yes. A6: A5 is an empty ruins: no.
    # E4: wasteland, farm, monster and the destroyed F4: yes. K11: two edges, J11 forest,
    # K10 hero: yes. H1, I2, J11 each have an empty side.
    assert score("treetower", text) == ScoreResult(3, cells_mask("A1", "E4", "K11"))


def test_stoneside_forest_mountains_linked_by_a_wood() -> None:
    text = """
        ^FF^.......
        .F.........
        ...........
        ......^....
        .....FF*^..
        ...........
        ..^F^F^....
        ...F.......
        ...F^......
        ...........
        ^F........^
    """
    # A2-A3-B2 links A1 and A4. G4-H4-I4 links G3, G5 and I5. G6 links G5 and G7; G5 is on
    # two linking woods but counts once. E6-E7 touches only D7: the destroyed E8 cuts it off
    # from E9. K2 touches only K1. 6 mountains x 3.
    expected = cells_mask("A1", "A4", "G3", "G5", "G7", "I5")
    assert score("stoneside_forest", text) == ScoreResult(18, expected)


# ---------------------------------------------------------------- farm / water


def test_canal_lake_farm_and_water_side_by_side() -> None:
    text = """
        PW.........
        ...........
        ..PPP......
        ...W.......
        ...P.......
        .....p.....
        .....*.....
        .....W.....
        ...........
        ..........w
        .........PP
    """
    # A1 and A2: 2. D4 touches C4 and E4 but counts once: D4 C4 E4 = 3 (C3, C5 are
    # diagonal). F6 and H6 are split by the destroyed G6. J11 (on ruins) and K11: 2; K10
    # only touches farm.
    expected = cells_mask("A1", "A2", "C4", "D4", "E4", "J11", "K11")
    assert score("canal_lake", text) == ScoreResult(7, expected)


def test_mages_valley_next_to_mountains() -> None:
    text = """
        ^W.........
        P..........
        ...........
        ...........
        ....W^P....
        .....W.....
        ....P*.....
        ...........
        ..........^
        .........WP
        ^w^........
    """
    # Waters: A2, E5, F6, K2 (two mountains, still one water) = 4 x 2 = 8.
    # Farms: B1, E7, J11 = 3. G5 touches nothing but a destroyed cell; J10 is diagonal to I11.
    expected = cells_mask("A2", "B1", "E5", "E7", "F6", "J11", "K2")
    assert score("mages_valley", text) == ScoreResult(11, expected)


def test_the_golden_granary_filled_and_empty_ruins() -> None:
    text = """
        rW.........
        ...........
        ..p........
        ..W........
        ...........
        ....rP.....
        ....w......
        ...........
        ........w..
        ...........
        ..........f
    """
    # Waters next to a ruins: A2 (empty ruins A1), D3 (farm on ruins C3), G5 (itself on
    # ruins, but next to the empty ruins F5) = 3. Farm on ruins: C3 = 3.
    # F6 is a farm next to a ruins, not on one: 0. I9 is a water on a lone ruins, with no
    # ruins beside it: 0. K11 is a forest on ruins: 0.
    expected = cells_mask("A2", "C3", "D3", "G5")
    assert score("the_golden_granary", text) == ScoreResult(6, expected)


def test_the_golden_granary_destroyed_ruins_are_still_printed_ruins() -> None:
    text = whole(".", {"F5": "+", "F6": "W", "B2": "+"})
    # F6 is next to the printed ruins F5, now crossed out: 1. The destroyed B2 was a ruins
    # but is no farm any more: 0.
    assert score("the_golden_granary", text) == ScoreResult(1, cells_mask("F6"))


def test_shoreside_expanse_edge_and_adjacency() -> None:
    text = """
        PP.........
        ...........
        ...PP......
        ...........
        ......WW...
        ......P....
        ...........
        ..W*P......
        .........W.
        ....P.....W
        ....P......
    """
    # A1-A2: farm on the edge. C4-C5: inland, no water: 3. E7-E8 and F7 touch each other:
    # neither scores. H3 (water) and H5 (farm) only share the destroyed H4: 3 + 3.
    # I10 is inland and only diagonal to J11: 3. J11 is on the edge. J5-K5 reaches the
    # bottom edge with one cell: the whole cluster is out.
    expected = cells_mask("C4", "C5", "H3", "H5", "I10")
    assert score("shoreside_expanse", text) == ScoreResult(12, expected)


# ---------------------------------------------------------------- village


def test_wildholds_clusters_of_six() -> None:
    text = """
        VVV........
        VVV........
        ...........
        .....VVV...
        .....VV....
        ...........
        VVV*VVV....
        ...........
        .........vV
        .........VV
        .........VV
    """
    # A1-B3: 6, yes. D6-E7: 5. G1-G3 and G5-G7: 3 + 3 split by the destroyed G4.
    # I10-K11 (one on ruins): 6, yes.
    expected = cells_mask("A1", "A2", "A3", "B1", "B2", "B3",
                     "I10", "I11", "J10", "J11", "K10", "K11")
    assert score("wildholds", text) == ScoreResult(16, expected)


def test_great_city_largest_cluster_touches_a_mountain() -> None:
    text = """
        VVVV^......
        VV.........
        ...........
        ...........
        .....VVV...
        ...........
        .........VV
        .........V.
        ...........
        ..V^.......
        ...........
    """
    # A1-B2 (6) touches A5 and J3 touches J4: both out. E6-E8 and G10-H10 tie at 3: the one
    # first in reading order is highlighted.
    assert score("great_city", text) == ScoreResult(3, cells_mask("E6", "E7", "E8"))


def test_great_city_every_cluster_touches_a_mountain() -> None:
    assert score("great_city", whole(".", {"F5": "V", "F6": "^", "A1": "v", "B1": "^"})).stars == 0


def test_greengold_plains_heroes_count_as_a_terrain() -> None:
    text = """
        .F.........
        FVH........
        .W.........
        ...........
        .....F.....
        ....WV*....
        ...........
        FVVF#......
        .#.......^.
        ........XVP
        .F.......r.
    """
    # B2: forest, hero, water = 3, yes. F6: forest, water and a destroyed cell = 2.
    # H2-H3: forest twice, wasteland, empty = 1. J10: mountain, monster, farm, and the
    # empty ruins K10 = 3, yes.
    assert score("greengold_plains", text) == ScoreResult(6, cells_mask("B2", "J10"))


def test_greengold_plains_a_cluster_is_no_terrain_type_around_itself() -> None:
    text = """
        ...........
        ...........
        ...........
        ...........
        .....F.....
        .....VVP...
        ...........
        ...........
        .F.........
        WVV........
        .P.........
    """
    # F6-F7: forest and farm = 2, no (its own villages touch each other but are not a type
    # around it). J2-J3: forest, water and farm = 3, yes.
    assert score("greengold_plains", text) == ScoreResult(3, cells_mask("J2", "J3"))


def test_shieldgate_plain_second_largest() -> None:
    text = whole(".", {"A1": "V", "A2": "V", "A3": "V", "A4": "V", "A5": "V",
                       "E5": "V", "E6": "v", "E7": "V", "K1": "V", "K2": "V"})
    # Sizes 5, 3, 2: the 3 wins 2 x 3.
    assert score("shieldgate", text) == ScoreResult(6, cells_mask("E5", "E6", "E7"))


def test_shieldgate_two_clusters_tie_for_largest() -> None:
    text = whole(".", {"A1": "V", "A2": "V", "B1": "V", "B2": "V",
                       "F5": "V", "F6": "V", "F7": "V", "F8": "V", "K10": "V", "K11": "V"})
    # Sizes 4, 4, 2: the second-largest is the other 4 (the later one in reading order).
    assert score("shieldgate", text) == ScoreResult(8, cells_mask("F5", "F6", "F7", "F8"))


def test_shieldgate_three_way_tie() -> None:
    text = whole(".", {"A1": "V", "A2": "V", "A3": "V", "E5": "V", "F5": "V", "G5": "V",
                       "K9": "V", "K10": "V", "K11": "V", "C9": "V"})
    # Sizes 3, 3, 3 and 1: 2 x 3, highlighting the second 3 in reading order.
    assert score("shieldgate", text) == ScoreResult(6, cells_mask("E5", "F5", "G5"))


def test_shieldgate_needs_two_clusters() -> None:
    assert score("shieldgate", whole(".", {"C3": "V", "C4": "V", "C5": "V"})).stars == 0
    # One forest cell splitting the row makes two clusters: 2 and 1.
    two = whole(".", {"C3": "V", "C4": "F", "C5": "V", "C6": "V"})
    assert score("shieldgate", two) == ScoreResult(2, cells_mask("C3"))


# ---------------------------------------------------------------- general


def test_borderlands_full_rows_and_columns() -> None:
    text = """
        FFFFFFFFFFF
        ^.........V
        *.........W
        #.........P
        P.........X
        r.........H
        F.........f
        F.........+
        F.........*
        F.........#
        ^#*+XHvPWF^
    """
    # Row A, row K (every kind of filled cell) and column 11: 3 x 6. Column 1 has the empty
    # ruins F1.
    assert score("borderlands", text) == ScoreResult(18, ROWS[0] | ROWS[10] | COLS[10])


def test_lost_barony_largest_square_beats_a_longer_rectangle() -> None:
    text = """
        FF.........
        FF.........
        ...........
        ...VVVVV...
        ...VVVVV...
        ...........
        ......###..
        .....^#*#..
        ......H+p..
        ...........
        ...........
    """
    # A1-B2 is a 2x2; D4-E8 is 2x5 (10 cells, yet its largest square is 2). G7-I9 is a 3x3
    # of mixed filled cells (H6 beside it does not make it any bigger): 3 x 3.
    expected = cells_mask("G7", "G8", "G9", "H7", "H8", "H9", "I7", "I8", "I9")
    assert score("lost_barony", text) == ScoreResult(9, expected)


def test_lost_barony_corner_square_and_an_empty_ruins_in_it() -> None:
    block = {f"{row}{col}": "F" for row in "HIJK" for col in (8, 9, 10, 11)}
    # A 4x4 in the bottom-right corner: 3 x 4.
    corner = cells_mask(*block)
    assert score("lost_barony", whole(".", block)) == ScoreResult(12, corner)
    # Its corner K11 left as an empty ruins: only 3x3s remain; H8's comes first.
    holed = whole(".", {**block, "K11": "r"})
    first = cells_mask("H8", "H9", "H10", "I8", "I9", "I10", "J8", "J9", "J10")
    assert score("lost_barony", holed) == ScoreResult(9, first)


def test_lost_barony_single_cells_and_no_wrap_across_rows() -> None:
    # A11, B1, B11, C1 would look like a 2x2 if a shift wrapped from column 11 to column 1.
    text = whole(".", {"A11": "^", "B1": "^", "B11": "^", "C1": "^"})
    assert score("lost_barony", text) == ScoreResult(3, cells_mask("A11"))
    # Two 2x2 squares: the first in reading order is highlighted.
    two = whole(".", {"C3": "#", "C4": "#", "D3": "#", "D4": "#",
                      "B8": "*", "B9": "*", "C8": "*", "C9": "*"})
    assert score("lost_barony", two) == ScoreResult(6, cells_mask("B8", "B9", "C8", "C9"))


def _lost_barony_by_hand(sheet: MapSheet) -> int:
    """The largest k with some k x k block all filled, tried cell by cell."""
    best = 0
    for k in range(1, SIZE + 1):
        for top in range(SIZE - k + 1):
            for left in range(SIZE - k + 1):
                block = sum(bit(top + i, left + j) for i in range(k) for j in range(k))
                if sheet.filled & block == block:
                    best = k
    return 3 * best


def test_lost_barony_agrees_with_a_cell_by_cell_search() -> None:
    rng = random.Random(2019)
    for density in (0.5, 0.8, 0.9, 0.95):
        for _ in range(20):
            rows = ["".join("#" if rng.random() < density else "." for _ in range(SIZE))
                    for _ in range(SIZE)]
            sheet = MapSheet.from_text("\n".join(rows))
            assert score_card("lost_barony", sheet).stars == _lost_barony_by_hand(sheet)


def test_the_broken_road_diagonals_to_the_bottom_edge() -> None:
    text = """
        FF.........
        .FF........
        F.FF.......
        .F.FF......
        ..F.FF.....
        F..F.^F....
        .F..r.FF...
        ..F..F.FF..
        ...F..F.FF.
        ....F..F.FF
        *....F..F.F
    """
    # From A1 (the main diagonal, 11 cells, with the mountain F6): full. From F1 to K6: full.
    # From K1 (one destroyed cell): full. From C1 to K9: the empty ruins G5 breaks it.
    # A2-J11 is full but starts on the top edge and ends on the right edge: not a road.
    main = cells_mask("A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8", "I9", "J10", "K11")
    from_f1 = cells_mask("F1", "G2", "H3", "I4", "J5", "K6")
    assert score("the_broken_road", text) == ScoreResult(9, main | from_f1 | cells_mask("K1"))


def test_the_broken_road_only_the_corner_cell() -> None:
    assert score("the_broken_road", whole(".", {"K1": "F"})) == ScoreResult(3, cells_mask("K1"))
    # A1 alone is the start of the main diagonal, not a whole road; A11 and K11 are on none.
    assert score("the_broken_road", whole(".", {"A1": "F", "A11": "F", "K11": "F"})).stars == 0


def test_the_cauldrons_enclosed_empty_cells_and_the_edge() -> None:
    text = """
        .F......F..
        F........FF
        ...........
        ....^......
        ...*.P.....
        ....#......
        F..........
        .F.........
        ...........
        ..........W
        .........Wr
    """
    # A1: two edges, A2 and B1: yes. E5: mountain, destroyed, farm, wasteland: yes.
    # K11 is an empty ruins: two edges, J11 and K10: yes. A10 and A11 are each other's empty
    # side. H1 has the empty I1 below.
    assert score("the_cauldrons", text) == ScoreResult(3, cells_mask("A1", "E5", "K11"))
    assert score("the_cauldrons", whole("F", {"F6": "."})) == ScoreResult(1, cells_mask("F6"))
