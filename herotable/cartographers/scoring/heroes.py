"""The 16 scoring cards of Cartographers Heroes (2021), one function each."""

from __future__ import annotations

from herotable.cartographers.grid import (
    COLS,
    ROWS,
    SIZE,
    clusters,
    full_lines,
    neighbour_count_at_least_two,
    neighbours,
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

# Cell masks for the "a pattern starts here" tests: a start cell must leave room for the whole
# pattern inside its row, or the right shift would wrap into the next row's first columns.
_COLS_UP_TO_7 = sum(COLS[:8])  # a horizontal run of 4 fits
_COLS_UP_TO_9 = sum(COLS[:10])  # a 2x2 square fits
# _VERTICAL_RUN[k]: k cells stacked in column 0 from row 0; shifted to place a run.
_VERTICAL_RUN = tuple(sum(1 << (SIZE * i) for i in range(k)) for k in range(SIZE + 1))
_ODD_PRINTED_COLUMNS = sum(COLS[0::2])  # printed columns 1, 3, ..., 11



# ---------------------------------------------------------------- forest


@card("faunlost_thicket")
def faunlost_thicket(sheet: MapSheet) -> ScoreResult:
    """Two stars per cell of the tallest unbroken column of forest."""
    forest = sheet.forest
    # ``run`` holds the cells that start a vertical run of ``length + 1`` forests; narrowing
    # it one row at a time finds the longest run in at most 11 ANDs, without a cell loop.
    run = forest
    length = 0
    starts = 0
    while run:
        length += 1
        starts = run
        run &= forest >> (SIZE * length)
    if not length:
        return NOTHING
    top = starts & -starts  # ties: the run whose top cell comes first in reading order
    return ScoreResult(2 * length, _VERTICAL_RUN[length] * top)


@card("deepwood")
def deepwood(sheet: MapSheet) -> ScoreResult:
    """Six stars per forest cluster of at least 5 cells that touches no village."""
    village = sheet.village
    return stars_per_group(
        clusters(sheet.forest), 6,
        lambda cluster: cluster.bit_count() >= 5 and not neighbours(cluster) & village)


@card("heart_of_the_forest")
def heart_of_the_forest(sheet: MapSheet) -> ScoreResult:
    """Two stars per forest cell closed in on all four sides by forest or the map's border."""
    won = sides_all_in(sheet.forest, sheet.forest)
    return ScoreResult(2 * won.bit_count(), won)


@card("sleepy_valley")
def sleepy_valley(sheet: MapSheet) -> ScoreResult:
    """Four stars per row with three or more forests anywhere in it."""
    forest = sheet.forest
    return stars_per_group((forest & row for row in ROWS), 4,
                            lambda in_row: in_row.bit_count() >= 3)


# ---------------------------------------------------------------- farm / water


@card("craylund")
def craylund(sheet: MapSheet) -> ScoreResult:
    """Seven stars per farm cluster bordered by at least three different water cells."""
    water = sheet.water
    return stars_per_group(clusters(sheet.farm), 7,
                            lambda cluster: (neighbours(cluster) & water).bit_count() >= 3)


@card("ulems_wallow")
def ulems_wallow(sheet: MapSheet) -> ScoreResult:
    """Four stars per water cell with two or more farm neighbours."""
    won = sheet.water & neighbour_count_at_least_two(sheet.farm)
    return ScoreResult(4 * won.bit_count(), won)


@card("clawsgrave_peaks")
def clawsgrave_peaks(sheet: MapSheet) -> ScoreResult:
    """Five stars per mountain linked to some farm through one water cluster they both touch."""
    farm = sheet.farm
    mountain = sheet.mountain
    won = 0
    for cluster in clusters(sheet.water):
        around = neighbours(cluster)
        if around & farm:
            won |= around & mountain  # a mountain touching two such lakes still counts once
    return ScoreResult(5 * won.bit_count(), won)


@card("jorekburg")
def jorekburg(sheet: MapSheet) -> ScoreResult:
    """Four stars per column with as many farms as waters, and at least one of each."""
    farm = sheet.farm
    farm_or_water = farm | sheet.water

    def balanced(cells: int) -> bool:
        farms = (cells & farm).bit_count()
        return farms > 0 and 2 * farms == cells.bit_count()

    return stars_per_group((farm_or_water & col for col in COLS), 4, balanced)


# ---------------------------------------------------------------- village


@card("traylo_monastery")
def traylo_monastery(sheet: MapSheet) -> ScoreResult:
    """Seven stars per village cluster holding four of its cells in a straight row or column."""
    village = sheet.village
    across = village & (village >> 1) & (village >> 2) & (village >> 3) & _COLS_UP_TO_7
    down = village & (village >> SIZE) & (village >> 2 * SIZE) & (village >> 3 * SIZE)
    starts = across | down
    if not starts:
        return NOTHING
    # A run is connected, so the cluster holding its start cell holds all of it.
    return stars_per_group(clusters(village), 7, lambda cluster: bool(cluster & starts))


@card("outer_enclave")
def outer_enclave(sheet: MapSheet) -> ScoreResult:
    """One star per empty cell next to the village cluster that has the most of them."""
    empty = sheet.empty

    def free_around(cluster: int) -> ScoreResult:
        free = neighbours(cluster) & empty
        return ScoreResult(free.bit_count(), free)

    return best_of(clusters(sheet.village), free_around)


@card("gnomish_colony")
def gnomish_colony(sheet: MapSheet) -> ScoreResult:
    """Six stars per village cluster that includes a full 2x2 block."""
    village = sheet.village
    corners = village & (village >> 1) & (village >> SIZE) & (village >> (SIZE + 1)) & _COLS_UP_TO_9
    if not corners:
        return NOTHING
    return stars_per_group(clusters(village), 6, lambda cluster: bool(cluster & corners))


@card("caravansary")
def caravansary(sheet: MapSheet) -> ScoreResult:
    """One star per row and per column reached by the best-spread village cluster."""
    village = sheet.village
    joined = village & neighbours(village)  # the cells of clusters of 2+ cells
    if not joined:
        # Only lone cells (1 row + 1 column each): the first one in reading order. Skipping
        # the flood fill matters on maps sprinkled with single villages.
        first = village & -village
        return ScoreResult(2, first) if first else NOTHING
    # A cluster of 2+ cells spans at least 3 rows plus columns, so lone cells cannot win.
    return best_of(clusters(joined),
                    lambda cluster: ScoreResult(rows_plus_cols(cluster), cluster))


# ---------------------------------------------------------------- general


@card("dwarvenholds")
def dwarvenholds(sheet: MapSheet) -> ScoreResult:
    """Seven stars per full row and per full column that has a mountain in it."""
    mountain = sheet.mountain
    return stars_per_group(full_lines(sheet.filled), 7, lambda line: bool(mountain & line))


@card("silos")
def silos(sheet: MapSheet) -> ScoreResult:
    """Ten stars per full column among the odd printed columns 1, 3, 5, 7, 9 and 11."""
    return stars_per_group(full_lines(sheet.filled & _ODD_PRINTED_COLUMNS), 10, bool)


@card("banded_hills")
def banded_hills(sheet: MapSheet) -> ScoreResult:
    """Four stars per row showing five or more distinct terrain types."""
    layers = terrain_type_layers(sheet)
    terrain = 0
    for layer in layers:
        terrain |= layer
    return stars_per_group(
        (terrain & row for row in ROWS), 4,
        lambda in_row: sum(1 for layer in layers if layer & in_row) >= 5)


@card("starlit_sigil")
def starlit_sigil(sheet: MapSheet) -> ScoreResult:
    """Four stars per group of exactly three connected empty cells."""
    empty = sheet.empty
    # Lone empty cells can never be part of a 3-cell group; dropping them first spares the
    # flood fill its most numerous (and useless) clusters.
    return stars_per_group(clusters(empty & neighbours(empty)), 4,
                            lambda cluster: cluster.bit_count() == 3)

