"""The 16 scoring cards of the base game, Cartographers (2019), one function each."""

from __future__ import annotations

from herotable.cartographers.grid import (
    EDGE,
    SIZE,
    bit,
    cluster_of,
    clusters,
    full_lines,
    neighbours,
    shift_left,
    shift_up,
    sides_all_in,
)
from herotable.cartographers.scoring.common import (
    NOTHING,
    ScoreResult,
    best_of,
    card,
    rows_plus_cols,
    stars_per_group,
    terrain_type_layers,
)
from herotable.cartographers.sheet import MapSheet

# _SQUARE[k]: the k x k block whose top-left cell is A1; shifted to place a square.
_SQUARE = tuple(sum(((1 << k) - 1) << (SIZE * i) for i in range(k)) for k in range(SIZE + 1))
# The Broken Road's diagonals: each starts on the left edge (row r, column 1) and runs down
# and right until it meets the bottom edge, so the last one is the single cell K1.
_DIAGONALS = tuple(sum(bit(r + i, i) for i in range(SIZE - r)) for r in range(SIZE))


# ---------------------------------------------------------------- forest


@card("sentinel_wood")
def sentinel_wood(sheet: MapSheet) -> ScoreResult:
    """One star per forest cell along the edge of the map."""
    won = sheet.forest & EDGE
    return ScoreResult(won.bit_count(), won)


@card("greenbough")
def greenbough(sheet: MapSheet) -> ScoreResult:
    """One star per row and one per column holding at least one forest."""
    forest = sheet.forest
    return ScoreResult(rows_plus_cols(forest), forest) if forest else NOTHING


@card("treetower")
def treetower(sheet: MapSheet) -> ScoreResult:
    """One star per forest cell hemmed in on all four sides by filled cells or the map's edge."""
    won = sides_all_in(sheet.forest, sheet.filled)
    return ScoreResult(won.bit_count(), won)


@card("stoneside_forest")
def stoneside_forest(sheet: MapSheet) -> ScoreResult:
    """Three stars per mountain joined to another mountain by a forest cluster touching both."""
    forest = sheet.forest
    mountain = sheet.mountain
    # Only forest clusters that touch a mountain can link two; flood from those cells alone
    # rather than splitting the whole forest layer into clusters.
    seeds = forest & neighbours(mountain)
    won = 0
    while seeds:
        cluster = cluster_of(seeds & -seeds, forest)
        seeds &= ~cluster
        peaks = neighbours(cluster) & mountain
        if peaks & (peaks - 1):  # two or more mountains on this cluster
            won |= peaks  # a mountain linked by two woods still counts once
    return ScoreResult(3 * won.bit_count(), won)


# ---------------------------------------------------------------- farm / water


@card("canal_lake")
def canal_lake(sheet: MapSheet) -> ScoreResult:
    """One star per water cell next to a farm, and one per farm cell next to a water."""
    farm = sheet.farm
    water = sheet.water
    won = (water & neighbours(farm)) | (farm & neighbours(water))
    return ScoreResult(won.bit_count(), won)


@card("mages_valley")
def mages_valley(sheet: MapSheet) -> ScoreResult:
    """Two stars per water cell and one per farm cell next to a mountain."""
    near = neighbours(sheet.mountain)
    water = sheet.water & near
    farm = sheet.farm & near
    return ScoreResult(2 * water.bit_count() + farm.bit_count(), water | farm)


@card("the_golden_granary")
def the_golden_granary(sheet: MapSheet) -> ScoreResult:
    """One star per water cell next to a ruins cell, and three per farm drawn on a ruins cell."""
    ruins = sheet.ruins
    # ``neighbours(ruins)`` holds a ruins cell only when another ruins cell touches it, so a
    # water drawn on a lone ruins is not "next to" its own ruins.
    water = sheet.water & neighbours(ruins)
    farm = sheet.farm & ruins
    return ScoreResult(water.bit_count() + 3 * farm.bit_count(), water | farm)


def off_shore(cluster: int, other: int) -> bool:
    """Whether ``cluster`` touches neither ``other`` nor the edge (Shoreside Expanse)."""
    return not (cluster & EDGE or neighbours(cluster) & other)


@card("shoreside_expanse")
def shoreside_expanse(sheet: MapSheet) -> ScoreResult:
    """Three stars per farm or water cluster touching neither the other terrain nor the edge."""
    farm = sheet.farm
    water = sheet.water
    farms = stars_per_group(clusters(farm), 3, lambda cluster: off_shore(cluster, water))
    waters = stars_per_group(clusters(water), 3, lambda cluster: off_shore(cluster, farm))
    return ScoreResult(farms.stars + waters.stars, farms.cells | waters.cells)


# ---------------------------------------------------------------- village


@card("wildholds")
def wildholds(sheet: MapSheet) -> ScoreResult:
    """Eight stars per village cluster of six or more cells."""
    village = sheet.village
    # A cluster of 6 needs 6 villages; most maps never get there, so skip the flood fill.
    if village.bit_count() < 6:
        return NOTHING
    return stars_per_group(clusters(village), 8, lambda cluster: cluster.bit_count() >= 6)


@card("great_city")
def great_city(sheet: MapSheet) -> ScoreResult:
    """One star per cell of the largest village cluster that touches no mountain."""
    mountain = sheet.mountain

    def size_if_clear(cluster: int) -> ScoreResult:
        if neighbours(cluster) & mountain:
            return NOTHING
        return ScoreResult(cluster.bit_count(), cluster)

    return best_of(clusters(sheet.village), size_if_clear)


def touches_three_types(cluster: int, layers: tuple[int, ...]) -> bool:
    """Whether a village cluster touches three or more of the terrain type ``layers``
    (Greengold Plains)."""
    # ``neighbours`` of a cluster of 2+ cells holds its own cells (each touches another),
    # which would count village as a type it touches; a maximal cluster touches no other
    # village, so without its own cells the village layer drops out.
    around = neighbours(cluster) & ~cluster
    return sum(1 for layer in layers if layer & around) >= 3


@card("greengold_plains")
def greengold_plains(sheet: MapSheet) -> ScoreResult:
    """Three stars per village cluster touching three or more different terrain types."""
    layers = terrain_type_layers(sheet)
    return stars_per_group(clusters(sheet.village), 3,
                           lambda cluster: touches_three_types(cluster, layers))


@card("shieldgate")
def shieldgate(sheet: MapSheet) -> ScoreResult:
    """Two stars per cell of the second-largest village cluster."""
    found = clusters(sheet.village)
    if len(found) < 2:
        return NOTHING
    # Stable sort: among equal sizes the reading order stays, so when two clusters tie for
    # largest the second one in reading order is the "second-largest".
    second = sorted(found, key=int.bit_count, reverse=True)[1]
    return ScoreResult(2 * second.bit_count(), second)


# ---------------------------------------------------------------- general


@card("borderlands")
def borderlands(sheet: MapSheet) -> ScoreResult:
    """Six stars per completely filled row and per completely filled column."""
    return stars_per_group(full_lines(sheet.filled), 6, bool)


@card("lost_barony")
def lost_barony(sheet: MapSheet) -> ScoreResult:
    """Three stars per cell along one side of the largest square of filled cells."""
    # ``corners`` holds the top-left cells of the filled k x k squares. A (k+1)-square is four
    # overlapping k-squares, so each step is three shifts and ANDs, at most 11 steps.
    corners = sheet.filled
    side = 0
    starts = 0
    while corners:
        side += 1
        starts = corners
        right = shift_left(corners)  # bit p: a k-square starts at p + 1 (same row)
        corners &= right & shift_up(corners) & shift_up(right)
    if not side:
        return NOTHING
    top = starts & -starts  # ties: the square whose top-left cell comes first in reading order
    return ScoreResult(3 * side, _SQUARE[side] * top)


@card("the_broken_road")
def the_broken_road(sheet: MapSheet) -> ScoreResult:
    """Three stars per filled diagonal running from the left edge down to the bottom edge."""
    filled = sheet.filled
    return stars_per_group(_DIAGONALS, 3, lambda diagonal: filled & diagonal == diagonal)


@card("the_cauldrons")
def the_cauldrons(sheet: MapSheet) -> ScoreResult:
    """One star per empty cell hemmed in on all four sides by filled cells or the map's edge."""
    won = sides_all_in(sheet.empty, sheet.filled)
    return ScoreResult(won.bit_count(), won)
