"""The solo mode's own rules: where an ambush's monster goes by itself, and the titles.

Placement walk (see docs/rules-decisions.md): for ring k = 0, 1, 2, ... the monster's
bounding box must lie inside rows and columns k..10-k and touch that area's border. The walk
starts with the box in the card's corner and goes round the border in the card's direction;
the first position where the unturned, unmirrored shape fits is used. A ring with no fit
passes to ring k+1, starting again from the same corner.
"""

from __future__ import annotations

from functools import cache

from herotable.cartographers.cards import Title, titles
from herotable.cartographers.grid import SIZE
from herotable.cartographers.shapes import Shape


def _ring_anchors_clockwise(top: int, left: int, bottom: int, right: int) -> list[tuple[int, int]]:
    """Anchors on the border of the rectangle, clockwise from its top-left corner."""
    path = [(top, c) for c in range(left, right + 1)]
    path += [(r, right) for r in range(top + 1, bottom + 1)]
    path += [(bottom, c) for c in range(right - 1, left - 1, -1)]
    path += [(r, left) for r in range(bottom - 1, top, -1)]
    unique: dict[tuple[int, int], None] = {}
    for anchor in path:  # a one-row or one-column ring visits some anchors twice
        unique.setdefault(anchor, None)
    return list(unique)


@cache
def solo_walk(shape: Shape, corner: str, direction: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Anchors (top-left of the bounding box) in the order they are tried, ring by ring.

    Cached: it depends only on the card, and every ambush reveal walks it."""
    rings: list[tuple[tuple[int, int], ...]] = []
    k = 0
    while True:
        top, left = k, k
        bottom = SIZE - 1 - k - (shape.height - 1)
        right = SIZE - 1 - k - (shape.width - 1)
        if bottom < top or right < left:
            return tuple(rings)
        path = _ring_anchors_clockwise(top, left, bottom, right)
        start = {
            "top_left": (top, left),
            "top_right": (top, right),
            "bottom_right": (bottom, right),
            "bottom_left": (bottom, left),
        }[corner]
        i = path.index(start)
        ordered = path[i:] + path[:i]
        if direction == "counterclockwise":
            ordered = [ordered[0], *reversed(ordered[1:])]
        rings.append(tuple(ordered))
        k += 1


def solo_ambush_mask(shape: Shape, corner: str, direction: str, filled: int) -> int | None:
    """The cells the monster takes on a map with ``filled`` cells, or None if it fits nowhere."""
    for ring in solo_walk(shape, corner, direction):
        for row, col in ring:
            mask = shape.mask_at(row, col)
            if mask is not None and not mask & filled:
                return mask
    return None


def title_for(rating: int) -> Title | None:
    """The highest title whose threshold the rating reaches or passes; None below the last
    one (the RU table's last range is "-30 ... -21": the queen grants nothing lower)."""
    for title in titles():
        if rating >= title.threshold:
            return title
    return None
