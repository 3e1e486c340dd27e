"""Polyomino shapes, their orientations and every placement as a precomputed mask.

A shape is a set of ``(x, y)`` cells (x right, y down) normalised to its bounding box's
top-left corner. Explore shapes may be rotated and mirrored freely; the distinct
orientations are computed once, and so is the mask of every position on the 11 x 11 map.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from herotable.cartographers.grid import SIZE, bit
from herotable.core.errors import DataError

Cell = tuple[int, int]


def _normalise(points: frozenset[Cell] | set[Cell]) -> tuple[Cell, ...]:
    min_x = min(x for x, _ in points)
    min_y = min(y for _, y in points)
    return tuple(sorted((x - min_x, y - min_y) for x, y in points))


def rotate_clockwise(point: Cell) -> Cell:
    """A quarter turn clockwise on screen axes (x right, y down)."""
    x, y = point
    return -y, x


@dataclass(frozen=True)
class Shape:
    """A polyomino in one orientation; :meth:`orientations` gives the others."""

    cells: tuple[Cell, ...]

    @classmethod
    def from_art(cls, art: str) -> Shape:
        """``"XX./.XX"`` -> the shape; rows joined by ``/``, ``X`` a cell, ``.`` a gap."""
        points = {
            (x, y)
            for y, row in enumerate(art.split("/"))
            for x, char in enumerate(row)
            if char == "X"
        }
        if not points or any(ch not in "X./" for ch in art):
            raise DataError(f"shape art {art!r} must use only 'X', '.' and '/'")
        return cls(_normalise(points))

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def width(self) -> int:
        return 1 + max(x for x, _ in self.cells)

    @property
    def height(self) -> int:
        return 1 + max(y for _, y in self.cells)

    def art(self) -> str:
        present = set(self.cells)
        return "/".join(
            "".join("X" if (x, y) in present else "." for x in range(self.width))
            for y in range(self.height)
        )

    def rotated(self, quarter_turns: int = 1) -> Shape:
        points = set(self.cells)
        for _ in range(quarter_turns % 4):
            points = {rotate_clockwise(p) for p in points}
        return Shape(_normalise(points))

    def mirrored(self) -> Shape:
        return Shape(_normalise({(-x, y) for x, y in self.cells}))

    def oriented(self, orientation: int) -> Shape:
        """Orientation 0-7: quarter turns ``orientation % 4``, mirrored first if >= 4."""
        base = self.mirrored() if orientation >= 4 else self
        return base.rotated(orientation % 4)

    @cached_property
    def orientations(self) -> tuple[Shape, ...]:
        """The distinct orientations, in the order of :meth:`oriented` 0-7."""
        seen: dict[tuple[Cell, ...], Shape] = {}
        for k in range(8):
            shape = self.oriented(k)
            seen.setdefault(shape.cells, shape)
        return tuple(seen.values())

    def mask_at(self, row: int, col: int) -> int | None:
        """The mask with the bounding box's top-left at ``(row, col)``; None if off the map."""
        if row < 0 or col < 0 or row + self.height > SIZE or col + self.width > SIZE:
            return None
        mask = 0
        for x, y in self.cells:
            mask |= bit(row + y, col + x)
        return mask

    @cached_property
    def fixed_placements(self) -> tuple[int, ...]:
        """Every on-map mask of this orientation only (row-major anchors)."""
        return tuple(
            self.mask_at(r, c)  # type: ignore[misc]
            for r in range(SIZE - self.height + 1)
            for c in range(SIZE - self.width + 1)
        )

    @cached_property
    def placements(self) -> tuple[int, ...]:
        """Every on-map mask over all orientations, without repeats."""
        masks: dict[int, None] = {}
        for shape in self.orientations:
            for mask in shape.fixed_placements:
                masks[mask] = None
        return tuple(masks)

    @cached_property
    def placement_set(self) -> frozenset[int]:
        return frozenset(self.placements)


MONO = Shape(((0, 0),))
