"""How much a map is worth to the player who owns it, in expected stars.

The value is what the map would score over the seasons still to come if nothing more were
drawn: each scoring card counts once per season it will still be scored in (the four edicts'
season timing), coins once per remaining season, and the monster penalty likewise (a little
less, since empty cells beside monsters may still be filled). On top, a small charge for
isolated empty cells, which only a one-cell shape can ever fill: this is the "keep room for
future shapes" term.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from herotable.cartographers.cards import CardSet
from herotable.cartographers.config import EDICTS
from herotable.cartographers.grid import neighbours
from herotable.cartographers.scoring import SCORERS
from herotable.cartographers.scoring.batch import stars_by_card
from herotable.cartographers.scoring.common import Scorer
from herotable.cartographers.sheet import MapSheet

# Tuned on seeded solo games (docs/research/bot-strength.md, "Tuning"); per remaining season.
MONSTER_WEIGHT = 0.8
HOLE_WEIGHT = 0.5


@dataclass(frozen=True, slots=True)
class Weights:
    """How often each scoring card, the coins and the monsters still count."""

    cards: tuple[tuple[Scorer, float], ...]  # each scoring card's function, and its weight
    coins: float
    monsters: float
    holes: float


def weights_from(cards: CardSet, scoring: tuple[str, ...], season_index: int) -> Weights:
    """Weights for the seasons from ``season_index`` (0 = spring) to winter; past winter
    nothing counts any more."""
    counts: dict[str, float] = {}
    for season in cards.seasons[season_index:4]:
        for letter in season.edicts:
            card_id = scoring[EDICTS.index(letter)]
            counts[card_id] = counts.get(card_id, 0) + 1
    remaining = max(0, 4 - season_index)
    return Weights(
        cards=tuple((SCORERS[card_id], weight) for card_id, weight in counts.items()),
        coins=float(remaining),
        monsters=MONSTER_WEIGHT * remaining,
        holes=HOLE_WEIGHT * min(remaining, 2),
    )


def value(sheet: MapSheet, weights: Weights) -> float:
    """The map's worth in stars under ``weights`` (see the module docstring)."""
    total = weights.coins * sheet.coins
    for scorer, weight in weights.cards:
        total += weight * scorer(sheet).stars
    empty = sheet.empty
    if weights.monsters and sheet.monster:
        total -= weights.monsters * (neighbours(sheet.monster) & empty).bit_count()
    if weights.holes:
        total -= weights.holes * (empty & ~neighbours(empty)).bit_count()
    return total


def values(sheet: MapSheet, afters: Sequence[MapSheet], weights: Weights) -> list[float]:
    """:func:`value` of each candidate map of one decision (``sheet`` with a few cells
    changed), in one call: the C kernel scores every card on every candidate at once, or
    without it the dearest cards score ``sheet`` once for all of them
    (:mod:`herotable.cartographers.scoring.batch`). The terms are added in :func:`value`'s
    order, so each total is the very float :func:`value` gives and rankings cannot differ."""
    totals = [weights.coins * after.coins for after in afters]
    stars_of = stars_by_card([scorer for scorer, _ in weights.cards], sheet, afters)
    for scorer, weight in weights.cards:
        stars = stars_of[scorer]
        totals = [total + weight * count for total, count in zip(totals, stars, strict=True)]
    for index, after in enumerate(afters):
        empty = after.empty
        if weights.monsters and after.monster:
            totals[index] -= weights.monsters * (neighbours(after.monster) & empty).bit_count()
        if weights.holes:
            totals[index] -= weights.holes * (empty & ~neighbours(empty)).bit_count()
    return totals
