"""Every candidate map of one decision scored in one call, for the bots.

A bot weighs a couple of hundred candidate maps per decision, each the decision's map with a
handful of cells changed. The dearest cards (those that split a layer into clusters or look
at every row) are scored here on the decision's map once; each candidate then recomputes only
what its changed cells can affect: the rows they lie in, or the clusters that hold them or
their neighbours. A cluster with no cell changed or next to a changed cell keeps its cells
and everything around it, so its verdict on the decision's map still stands.

The changed cells are found by comparing the layers, not taken from the action, so the
stars are exact for any pair of maps (a hero striking a monster, a cell destroyed), and
equal to the reference scorer's: tests/test_batch_scoring.py checks them card by card. Cards
without a batch scorer are scored map by map by their reference function.

When the C kernel is built (:mod:`herotable.cartographers.scoring.native`), the bots score
with it instead; these batch scorers are what a machine without it uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from herotable.cartographers.grid import EDGE, FULL, ROWS, SIZE, cluster_of, clusters, neighbours
from herotable.cartographers.scoring import base, heroes
from herotable.cartographers.scoring.common import Scorer, terrain_type_layers
from herotable.cartographers.sheet import MapSheet

BatchScorer = Callable[[MapSheet, Sequence[MapSheet]], list[int]]


def _changed(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    """The cells where any of the layers differ."""
    changed = 0
    for old, new in zip(before, after, strict=True):
        changed |= old ^ new
    return changed


def _touching(groups: list[int], zone: int) -> int:
    """How many of ``groups`` have a cell in ``zone``."""
    return sum(1 for group in groups if group & zone)


def starlit_sigil(sheet: MapSheet, afters: Sequence[MapSheet]) -> list[int]:
    """Four stars per group of exactly three connected empty cells."""
    empty = sheet.empty
    threes = [c for c in clusters(empty & neighbours(empty)) if c.bit_count() == 3]
    stars = []
    for after in afters:
        now = FULL & ~after.filled
        changed = empty ^ now
        if not changed:
            stars.append(4 * len(threes))
            continue
        zone = changed | neighbours(changed)
        count = len(threes) - _touching(threes, zone)
        seeds = now & zone
        while seeds:
            region = seeds & -seeds
            # Grown no further than four cells: past three the group cannot count, and the
            # large empty areas of an early map would otherwise be flooded whole.
            while True:
                grown = (region | neighbours(region)) & now
                if grown == region:
                    count += region.bit_count() == 3
                    break
                region = grown
                if region.bit_count() > 3:
                    break
            seeds &= ~region
        stars.append(4 * count)
    return stars


def banded_hills(sheet: MapSheet, afters: Sequence[MapSheet]) -> list[int]:
    """Four stars per row showing five or more distinct terrain types."""
    layers = terrain_type_layers(sheet)
    showing = [sum(1 for layer in layers if layer & row) >= 5 for row in ROWS]
    total = sum(showing)
    stars = []
    for after in afters:
        now = terrain_type_layers(after)
        changed = _changed(layers, now)
        count = total
        index = 0
        while changed:  # row by row, from the top, while changed cells remain below
            if changed & ROWS[0]:
                row = ROWS[index]
                count += (sum(1 for layer in now if layer & row) >= 5) - showing[index]
            changed >>= SIZE
            index += 1
        stars.append(4 * count)
    return stars


def _shore_groups(layer: int, other: int, seeds: int) -> int:
    """How many clusters of ``layer`` holding a cell of ``seeds`` touch neither ``other`` nor
    the edge; a flood stops as soon as its cluster fails."""
    count = 0
    while seeds:
        region = seeds & -seeds
        while True:
            around = neighbours(region)
            if region & EDGE or around & other:
                break
            grown = (region | around) & layer
            if grown == region:
                count += 1
                break
            region = grown
        seeds &= ~region
    return count


def shoreside_expanse(sheet: MapSheet, afters: Sequence[MapSheet]) -> list[int]:
    """Three stars per farm or water cluster touching neither the other terrain nor the edge."""
    farm, water = sheet.farm, sheet.water
    lone = [c for c in clusters(farm) if base.off_shore(c, water)]
    lone += [c for c in clusters(water) if base.off_shore(c, farm)]
    stars = []
    for after in afters:
        farm_now, water_now = after.farm, after.water
        changed = (farm ^ farm_now) | (water ^ water_now)
        if not changed:
            stars.append(3 * len(lone))
            continue
        zone = changed | neighbours(changed)
        count = (len(lone) - _touching(lone, zone)
                 + _shore_groups(farm_now, water_now, farm_now & zone)
                 + _shore_groups(water_now, farm_now, water_now & zone))
        stars.append(3 * count)
    return stars


def greengold_plains(sheet: MapSheet, afters: Sequence[MapSheet]) -> list[int]:
    """Three stars per village cluster touching three or more different terrain types."""
    layers = terrain_type_layers(sheet)
    varied = [c for c in clusters(sheet.village) if base.touches_three_types(c, layers)]
    stars = []
    for after in afters:
        now = terrain_type_layers(after)
        changed = _changed(layers, now)
        if not changed:
            stars.append(3 * len(varied))
            continue
        zone = changed | neighbours(changed)
        count = len(varied) - _touching(varied, zone)
        village = after.village
        seeds = village & zone
        while seeds:
            region = cluster_of(seeds & -seeds, village)
            count += base.touches_three_types(region, now)
            seeds &= ~region
        stars.append(3 * count)
    return stars


# Each batch scorer, under the reference scorer whose stars it gives.
BATCH_SCORERS: dict[Scorer, BatchScorer] = {
    heroes.starlit_sigil: starlit_sigil,
    heroes.banded_hills: banded_hills,
    base.shoreside_expanse: shoreside_expanse,
    base.greengold_plains: greengold_plains,
}


def card_stars(scorer: Scorer, sheet: MapSheet, afters: Sequence[MapSheet]) -> list[int]:
    """The stars ``scorer`` gives each map of ``afters``, candidates on ``sheet``."""
    batch = BATCH_SCORERS.get(scorer)
    if batch is not None:
        return batch(sheet, afters)
    return [scorer(after).stars for after in afters]
