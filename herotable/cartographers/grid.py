"""The 11 x 11 map as bitboards: one Python int per layer, bit ``row * 11 + col``.

Everything a rule asks of the map (neighbours, clusters, rows, "all four sides") is a few
shifts and ANDs on these ints, which keeps placement enumeration and scoring fast.
Cells are written as the printed sheet does: row letter A-K, column number 1-11 (``C5``).
"""

from __future__ import annotations

from collections.abc import Iterator

from herotable.core.errors import NotationError

SIZE = 11
CELL_COUNT = SIZE * SIZE
FULL = (1 << CELL_COUNT) - 1
ROW_LETTERS = "ABCDEFGHIJK"


def bit(row: int, col: int) -> int:
    return 1 << (row * SIZE + col)


ROWS: tuple[int, ...] = tuple(sum(bit(r, c) for c in range(SIZE)) for r in range(SIZE))
COLS: tuple[int, ...] = tuple(sum(bit(r, c) for r in range(SIZE)) for c in range(SIZE))
_NOT_FIRST_COL = FULL & ~COLS[0]
_NOT_LAST_COL = FULL & ~COLS[SIZE - 1]
EDGE = ROWS[0] | ROWS[SIZE - 1] | COLS[0] | COLS[SIZE - 1]


def shift_left(mask: int) -> int:
    return (mask >> 1) & _NOT_LAST_COL


def shift_up(mask: int) -> int:
    return mask >> SIZE


def neighbours(mask: int) -> int:
    """Cells orthogonally adjacent to some cell of ``mask`` (may include cells of mask)."""
    return (
        ((mask << 1) & _NOT_FIRST_COL)
        | ((mask >> 1) & _NOT_LAST_COL)
        | ((mask << SIZE) & FULL)
        | (mask >> SIZE)
    )


def sides_all_in(mask: int, allowed: int) -> int:
    """Cells of ``mask`` whose four sides are each in ``allowed`` or off the map."""
    up_ok = ((allowed << SIZE) & FULL) | ROWS[0]
    down_ok = (allowed >> SIZE) | ROWS[SIZE - 1]
    left_ok = ((allowed << 1) & _NOT_FIRST_COL) | COLS[0]
    right_ok = ((allowed >> 1) & _NOT_LAST_COL) | COLS[SIZE - 1]
    return mask & up_ok & down_ok & left_ok & right_ok


def neighbour_count_at_least_two(mask: int) -> int:
    """Cells with at least two orthogonal neighbours in ``mask``."""
    a = (mask << 1) & _NOT_FIRST_COL
    b = (mask >> 1) & _NOT_LAST_COL
    c = (mask << SIZE) & FULL
    d = mask >> SIZE
    return (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)


def cluster_of(seed: int, mask: int) -> int:
    """The orthogonally connected part of ``mask`` that contains ``seed``."""
    region = seed & mask
    while True:
        grown = (region | neighbours(region)) & mask
        if grown == region:
            return region
        region = grown


def full_lines(mask: int) -> list[int]:
    """The rows, then the columns, that ``mask`` fills completely, each as its cells.

    Bit-parallel: ANDing ``mask`` with itself shifted by 1, 2, 4 and 3 cells leaves a row's
    first cell set only if its 11 cells are all in ``mask`` (the same with whole rows for a
    column), so no line is tested one by one; the scoring cards that count full lines run
    on every candidate map a bot weighs."""
    across = mask & (mask >> 1)
    across &= across >> 2
    across &= across >> 4
    across &= (across >> 3) & COLS[0]  # 8 + 3 overlapping: cells 0-10 of the row
    down = mask & (mask >> SIZE)
    down &= down >> (2 * SIZE)
    down &= down >> (4 * SIZE)
    down &= (down >> (3 * SIZE)) & ROWS[0]
    if not across | down:
        return []  # the common case, spared building the lists
    return [ROWS[i // SIZE] for i in indices(across)] + [COLS[i] for i in indices(down)]


def clusters(mask: int) -> list[int]:
    """Maximal orthogonally connected groups of ``mask``, ordered by their first cell."""
    found = []
    while mask:
        region = cluster_of(mask & -mask, mask)
        found.append(region)
        mask ^= region
    return found


def indices(mask: int) -> Iterator[int]:
    """Bit indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cells(mask: int) -> Iterator[tuple[int, int]]:
    """``(row, col)`` of each cell in ``mask``, in reading order."""
    for index in indices(mask):
        yield divmod(index, SIZE)


def cell_of(mask: int) -> tuple[int, int]:
    """``(row, col)`` of a one-cell mask (its highest cell, if given more)."""
    return divmod(mask.bit_length() - 1, SIZE)


def cell_name(row: int, col: int) -> str:
    return f"{ROW_LETTERS[row]}{col + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """``"C5"`` -> ``(2, 4)``; raises :class:`NotationError` for anything else."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a cell: use a row letter A-K and a column 1-11")
    token = text.strip().upper()
    if len(token) < 2 or token[0] not in ROW_LETTERS or not token[1:].isdecimal():
        raise NotationError(f"{text!r} is not a cell: use a row letter A-K and a column 1-11")
    col = int(token[1:]) - 1
    if not 0 <= col < SIZE:
        raise NotationError(f"{text!r} is not a cell: the column must be 1-11")
    return ROW_LETTERS.index(token[0]), col


def mask_names(mask: int) -> list[str]:
    return [cell_name(r, c) for r, c in cells(mask)]


def mask_from_names(names: list[str] | tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= bit(*parse_cell(name))
    return mask
