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
from herotable.cartographers.outcomes import draw_outcome
from herotable.cartographers.scoring import SCORERS, monster_penalty, native
from herotable.cartographers.scoring.batch import card_stars
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
    if weights.monsters and sheet.monster:
        total -= weights.monsters * monster_penalty(sheet).stars
    if weights.holes:
        total -= weights.holes * isolated_empty(sheet)
    return total


def values(sheet: MapSheet, afters: Sequence[MapSheet], weights: Weights) -> list[float]:
    """:func:`value` of each candidate map of one decision (``sheet`` with a few cells
    changed), in one call: the C kernel counts every card and term on every candidate at
    once (:mod:`herotable.cartographers.scoring.native`), or without it the dearest cards
    score ``sheet`` once for all of them (:mod:`herotable.cartographers.scoring.batch`). The
    terms are added in :func:`value`'s order, so each total is the very float :func:`value`
    gives and rankings cannot differ."""
    scorers = [scorer for scorer, _ in weights.cards]
    kernel = native.KERNEL
    if kernel is not None:
        *stars, monsters, holes = kernel.counts(
            [*scorers, native.MONSTER_PENALTY, native.ISOLATED_EMPTY], afters)
    else:
        stars = [card_stars(scorer, sheet, afters) for scorer in scorers]
        # Only the terms that count are needed (the lists are read only then).
        monsters = ([monster_penalty(after).stars for after in afters] if weights.monsters
                    else [])
        holes = [isolated_empty(after) for after in afters] if weights.holes else []
    totals = [weights.coins * after.coins for after in afters]
    for (_, weight), counts in zip(weights.cards, stars, strict=True):
        totals = [total + weight * count for total, count in zip(totals, counts, strict=True)]
    # value() skips the monster term on a map without monsters; here it subtracts 0.0 there,
    # which leaves every float as it was.
    if weights.monsters:
        totals = [total - weights.monsters * count
                  for total, count in zip(totals, monsters, strict=True)]
    if weights.holes:
        totals = [total - weights.holes * count for total, count in zip(totals, holes, strict=True)]
    return totals


def draw_values(sheet: MapSheet, draws: Sequence[tuple[int, str, bool]], weights: Weights
                ) -> list[float]:
    """:func:`value` of ``sheet`` after each of ``draws`` (cells, terrain, whether it is the
    coin shape; drawn as the game draws them): the C kernel draws and values them all in
    one call, without a map object for any; without it, :func:`values` of the drawn maps.
    Either way each is the very float :func:`value` gives."""
    kernel = native.KERNEL
    if kernel is None:
        return values(sheet, [draw_outcome(sheet, *draw) for draw in draws], weights)
    counted: list[tuple[native.Count, float]] = list(weights.cards)
    # value() subtracts these terms; adding the negated product gives the same float.
    if weights.monsters:
        counted.append((native.MONSTER_PENALTY, -weights.monsters))
    if weights.holes:
        counted.append((native.ISOLATED_EMPTY, -weights.holes))
    return kernel.draw_values(sheet, draws, counted, weights.coins)


def draw_counts(sheet: MapSheet, draws: Sequence[tuple[int, str, bool]],
                counted: Sequence[native.Count]) -> tuple[list[int], list[list[int]]]:
    """The coins after each of ``draws`` (as :func:`draw_values` takes them) and each of
    ``counted`` (scoring cards' functions and the kernel's terms) on the map it leaves:
    :func:`value`'s terms apart, for a caller that weighs them itself."""
    kernel = native.KERNEL
    if kernel is not None:
        return kernel.draw_counts(sheet, draws, counted)
    return after_counts([draw_outcome(sheet, *draw) for draw in draws], counted)


def after_counts(afters: Sequence[MapSheet], counted: Sequence[native.Count]
                 ) -> tuple[list[int], list[list[int]]]:
    """:func:`draw_counts` of maps already drawn: each one's coins, and each of ``counted``
    on each."""
    coins = [after.coins for after in afters]
    kernel = native.KERNEL
    if kernel is not None:
        return coins, kernel.counts(counted, afters)
    return coins, [[count_of(one, after) for after in afters] for one in counted]


def count_of(counted: native.Count, sheet: MapSheet) -> int:
    """One card's stars or one term on ``sheet``, as the kernel counts it."""
    if counted == native.MONSTER_PENALTY:
        return monster_penalty(sheet).stars
    if counted == native.ISOLATED_EMPTY:
        return isolated_empty(sheet)
    assert callable(counted)
    return counted(sheet).stars


def isolated_empty(sheet: MapSheet) -> int:
    """Empty cells with no empty neighbour: only a one-cell shape can ever fill them."""
    empty = sheet.empty
    return (empty & ~neighbours(empty)).bit_count()
