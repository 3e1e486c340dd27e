"""Random candidate maps for checking fast scorers against the reference cards: a map with
sprinkled mountains, wasteland, destroyed cells, ruins and terrains, and candidates on it as a
decision offers them (a shape drawn, a cell destroyed), now and then a wholly different map."""

from __future__ import annotations

import random

from herotable.cartographers.grid import CELL_COUNT, bit, indices, neighbours
from herotable.cartographers.sheet import DRAWN_TERRAINS, MapSheet


def random_map(rng: random.Random) -> MapSheet:
    """Mountains, wasteland, destroyed cells and ruins sprinkled, the rest drawn at random up
    to a random fullness, with a few blobs of one terrain so that clusters grow large."""
    sheet = MapSheet()
    fullness = rng.random()
    for index in range(CELL_COUNT):
        cell = 1 << index
        roll = rng.random()
        if roll < 0.04:
            sheet.mountain |= cell
            sheet.filled |= cell
        elif roll < 0.06:
            sheet.wasteland |= cell
            sheet.filled |= cell
        elif roll < 0.08:
            sheet.destroy(cell)
        elif rng.random() < fullness:
            sheet.draw(cell, rng.choice(DRAWN_TERRAINS))
        if rng.random() < 0.06:
            sheet.ruins |= cell
    for _ in range(rng.randrange(6)):
        blob = bit(rng.randrange(11), rng.randrange(11)) & sheet.empty
        for _ in range(rng.randrange(1, 6)):
            blob |= neighbours(blob) & sheet.empty
        sheet.draw(blob, rng.choice(DRAWN_TERRAINS[:4]))
    return sheet


def random_cell(rng: random.Random, mask: int) -> int:
    return 1 << rng.choice(list(indices(mask)))


def candidate(rng: random.Random, sheet: MapSheet) -> MapSheet:
    """``sheet`` with a connected shape of up to five empty cells drawn, a drawn cell
    destroyed, or (now and then) a wholly different map."""
    roll = rng.random()
    if roll < 0.03 or sheet.empty == 0:
        return random_map(rng)
    after = sheet.copy()
    drawn = sheet.filled & ~sheet.mountain & ~sheet.wasteland
    if roll < 0.1 and drawn:
        after.destroy(random_cell(rng, drawn))
        return after
    cells = random_cell(rng, sheet.empty)
    for _ in range(rng.randrange(5)):
        room = neighbours(cells) & sheet.empty & ~cells
        if not room:
            break
        cells |= random_cell(rng, room)
    after.draw(cells, rng.choice(DRAWN_TERRAINS))
    return after
