"""The bitboard grid, shapes and the map notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from herotable.cartographers.cards import map_sides
from herotable.cartographers.grid import (
    COLS,
    FULL,
    ROWS,
    cell_name,
    clusters,
    full_lines,
    mask_from_names,
    mask_names,
    neighbours,
    parse_cell,
    sides_all_in,
)
from herotable.cartographers.shapes import Shape
from herotable.cartographers.sheet import MapSheet
from herotable.core.errors import NotationError

SAMPLE = """
; a map with every symbol of the notation
.r^#FfVvPp.
WwXxHh*+...
...........
...........
...........
...........
...........
...........
...........
...........
...........
"""


def test_cell_names_follow_the_printed_sheet():
    assert parse_cell("A1") == (0, 0)
    assert parse_cell("c5") == (2, 4)
    assert parse_cell("K11") == (10, 10)
    assert cell_name(2, 4) == "C5"
    for bad in ("L1", "A0", "A12", "5C", "", "AA"):
        with pytest.raises(NotationError):
            parse_cell(bad)


def test_notation_round_trips_every_symbol():
    sheet = MapSheet.from_text(SAMPLE)
    lines = [line for line in SAMPLE.strip().splitlines() if not line.startswith(";")]
    assert sheet.to_text() == "\n".join(lines)
    assert sheet.terrain_at(0, 4) == "forest"
    assert sheet.terrain_at(0, 5) == "forest"  # forest drawn on ruins
    assert sheet.ruins & mask_from_names(["A2", "A6", "B8"]) == mask_from_names(["A2", "A6", "B8"])
    assert sheet.terrain_at(1, 6) is None  # destroyed cells have no terrain
    assert sheet.filled & mask_from_names(["A2"]) == 0  # empty ruins are empty


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("...........\n" * 10, "11 rows"),
        ("...........\n" * 10 + "..........\n", "row 11 has 10"),
        ("...........\n" * 10 + "....Q......\n", "unknown map character 'Q'"),
    ],
)
def test_malformed_maps_say_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        MapSheet.from_text(text)


def test_neighbours_do_not_wrap_around_rows():
    right_edge = mask_from_names(["A11"])
    assert mask_names(neighbours(right_edge)) == ["A10", "B11"]
    left_edge = mask_from_names(["B1"])
    assert mask_names(neighbours(left_edge)) == ["A1", "B2", "C1"]


def test_clusters_are_orthogonal_only():
    mask = mask_from_names(["A1", "B2", "B3", "C3", "K11"])
    assert [mask_names(c) for c in clusters(mask)] == [["A1"], ["B2", "B3", "C3"], ["K11"]]


def test_sides_all_in_counts_the_edge():
    corner = mask_from_names(["A1"])
    assert sides_all_in(corner, mask_from_names(["A2", "B1"])) == corner
    assert sides_all_in(corner, mask_from_names(["A2"])) == 0


# The reference's counts: distinct placements on an empty map A, all orientations, ruins ignored.
@pytest.mark.parametrize(
    ("art", "count"),
    [
        ("X", 116),
        ("XX", 200),
        ("XXXX", 144),
        ("XX/.X", 340),
        ("X./.X", 180),
        ("XXX/.X./.X.", 236),  # marshlands
        ("XXX/..X", 572),  # orchard
        ("XXX./..XX", 476),  # treetop_village
        ("XXX/..X/..X", 240),  # hinterland_stream
        ("XXX/.X.", 284),  # homestead
    ],
)
def test_reference_placement_counts_on_map_a(art, count):
    filled = map_sides()["A"].new_sheet().filled
    shape = Shape.from_art(art)
    assert sum(1 for m in shape.placements if not m & filled) == count


def test_orientations_are_deduplicated():
    assert len(Shape.from_art(".X./XXX/.X.").orientations) == 1
    assert len(Shape.from_art("XX/XX").orientations) == 1
    assert len(Shape.from_art("XXX/..X").orientations) == 8
    assert len(Shape.from_art("XX./.XX").orientations) == 4


def test_shape_art_round_trips_and_rotates_clockwise():
    shape = Shape.from_art("XXX/..X")
    assert shape.art() == "XXX/..X"
    assert shape.rotated(1).art() == ".X/.X/XX"
    assert shape.mirrored().art() == "XXX/X.."


def test_map_sides_match_the_reference():
    side_c = map_sides()["C"].new_sheet()
    assert mask_names(side_c.mountain) == ["B2", "D9", "F4", "I10", "J6"]
    assert mask_names(side_c.ruins) == ["B5", "D8", "G7", "H3", "J9", "K1"]
    side_d = map_sides()["D"].new_sheet()
    assert mask_names(side_d.wasteland) == ["B2", "C2", "F10", "F11", "G10", "J1", "J2"]
    assert mask_names(side_d.mountain) == ["B10", "D4", "F7", "I3", "I10"]


def test_a_copied_map_holds_every_layer_and_shares_nothing() -> None:
    sheet = MapSheet.from_text("\n".join(["^FVPWXHr*+#", *["." * 11] * 10]))
    sheet.attack, sheet.coins, sheet.paid_mountains, sheet.dragon_paid = 7, 3, 1, True
    sheet.monster_ids["gorgon_gaze"] = 1 << 5
    clone = sheet.copy()
    assert all(getattr(clone, name) == getattr(sheet, name) for name in MapSheet.__slots__)
    clone.monster_ids["gorgon_gaze"] = 0
    clone.draw(1 << 20, "forest")
    assert sheet.monster_ids["gorgon_gaze"] == 1 << 5 and not sheet.forest & (1 << 20)


@pytest.mark.parametrize("text", ["C²", "C³", "A¹¹", "B5²"])
def test_superscript_digits_are_no_column(text: str) -> None:
    with pytest.raises(NotationError):
        parse_cell(text)


@given(st.integers(min_value=0, max_value=FULL), st.sets(st.integers(0, 21), max_size=6))
def test_full_lines_are_exactly_the_filled_rows_then_columns(noise: int, forced: set[int]
                                                              ) -> None:
    lines = ROWS + COLS
    mask = noise
    for line in forced:  # random masks are seldom full anywhere: fill a few lines outright
        mask |= lines[line]
    assert full_lines(mask) == [line for line in lines if mask & line == line]


def test_full_lines_do_not_join_a_row_end_to_the_next_row() -> None:
    # Row A's last ten cells and row B's first cell: eleven set bits in a row, no full line.
    mask = (ROWS[0] & ~1) | (ROWS[1] & COLS[0])
    assert full_lines(mask) == []
