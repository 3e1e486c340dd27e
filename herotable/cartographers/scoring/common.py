"""What every scoring card shares: the result type, the registry, counting helpers, and the
monster penalty.

Each card is one function from a :class:`MapSheet` to a :class:`ScoreResult`. They work on the
sheet's bitboards with shifts and ANDs (see :mod:`herotable.cartographers.grid`), because the
bots score many candidate maps per turn and a per-cell Python loop would dominate their time.

Shared definitions (rulebook, "Cartes Décompte"): adjacency is orthogonal; a cluster is a
maximal orthogonally connected group of one terrain; ``sheet.filled`` is what counts as filled
(destroyed cells included); ``sheet.empty`` is the rest, empty ruins included. Destroyed cells
are absent from every terrain layer, so they break clusters and runs without special cases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from herotable.cartographers.grid import ROWS, SIZE, neighbours
from herotable.cartographers.sheet import MapSheet
from herotable.core.errors import HerotableError


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """Stars a card gives, and the cells that earned them (for highlighting)."""

    stars: int
    cells: int  # bitboard; 0 when nothing scored


Scorer = Callable[[MapSheet], ScoreResult]
SCORERS: dict[str, Scorer] = {}

NOTHING = ScoreResult(0, 0)


def stars_per_group(groups: Iterable[int], stars_each: int,
                     counts: Callable[[int], bool]) -> ScoreResult:
    """``stars_each`` for every group (a cluster, a row, a column) that ``counts``; the cells
    of the groups that counted are the ones highlighted."""
    won = 0
    count = 0
    for group in groups:
        if counts(group):
            won |= group
            count += 1
    return ScoreResult(stars_each * count, won)


def best_of(groups: Iterable[int], score: Callable[[int], ScoreResult]) -> ScoreResult:
    """The best score among the groups for "choose one cluster" cards; on a tie the first
    group in reading order stays."""
    best = NOTHING
    for group in groups:
        result = score(group)
        if result.stars > best.stars:
            best = result
    return best

def rows_plus_cols(mask: int) -> int:
    """How many rows, plus how many columns, hold a cell of ``mask``."""
    first_row = ROWS[0]
    rows = 0
    folded = 0  # every row ORed onto row 0: its bits are the occupied columns
    while mask:
        part = mask & first_row
        if part:
            rows += 1
            folded |= part
        mask >>= SIZE
    return rows + folded.bit_count()


def terrain_type_layers(sheet: MapSheet) -> tuple[int, ...]:
    """The layers that are terrain types for the cards that count them (Banded Hills,
    Greengold Plains): a hero is one (the combining rules); destroyed cells, wasteland and
    empty cells are none."""
    return (sheet.forest, sheet.village, sheet.farm, sheet.water, sheet.monster,
            sheet.mountain, sheet.hero)


def card(card_id: str) -> Callable[[Scorer], Scorer]:
    def register(scorer: Scorer) -> Scorer:
        SCORERS[card_id] = scorer
        return scorer

    return register


def score_card(card_id: str, sheet: MapSheet) -> ScoreResult:
    """Score one scoring card on a map; an unknown id is a user error, not a KeyError."""
    scorer = SCORERS.get(card_id)
    if scorer is None:
        raise HerotableError(f"unknown scoring card {card_id!r}")
    return scorer(sheet)


def monster_penalty(sheet: MapSheet) -> ScoreResult:
    """Empty cells touching a monster, each counted once; stars is a positive count to lose."""
    cells = neighbours(sheet.monster) & sheet.empty
    return ScoreResult(cells.bit_count(), cells)


