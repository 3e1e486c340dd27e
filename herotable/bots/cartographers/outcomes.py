"""The map an action would leave, worked out on a copy exactly as the game would do it."""

from __future__ import annotations

from functools import lru_cache

from herotable.bots.cartographers.position import Position
from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.cards import ExploreCard
from herotable.cartographers.effects import (
    destroy_cells,
    draw_monster,
    draw_shape,
    place_hero,
)
from herotable.cartographers.grid import bit
from herotable.cartographers.sheet import MapSheet


@lru_cache(maxsize=256)
def coin_placements(card: ExploreCard) -> frozenset[int]:
    """The placements of the card's coin shape (a shape's placements never coincide with
    another shape of the same card, so membership decides the coin)."""
    found: set[int] = set()
    for option in card.shapes:
        if option.coin:
            found |= option.shape.placement_set
    return frozenset(found)


def draw_outcome(sheet: MapSheet, cells: int, terrain: str, coin: bool) -> MapSheet:
    after = sheet.copy()
    draw_shape(after, cells, terrain, coin)
    return after


def outcome(position: Position, action: CartographersAction) -> tuple[int, MapSheet]:
    """(whose map, that map after ``action``) for the position's pending decision."""
    decision = position.decision
    assert decision is not None
    owner = decision.sheet
    sheet = position.sheets[owner]
    if isinstance(action, Draw):
        card = position.cards.explore[decision.card]
        coin = not decision.fallback and action.cells in coin_placements(card)
        return owner, draw_outcome(sheet, action.cells, action.terrain, coin)
    after = sheet.copy()
    if isinstance(action, PlaceHero):
        hero = position.cards.heroes[decision.card]
        place_hero(after, hero, action.row, action.col, action.quarter_turns)
    elif isinstance(action, DrawMonster):
        draw_monster(after, action.cells, None if decision.fallback else decision.card)
    elif isinstance(action, Destroy):
        destroy_cells(after, bit(action.row, action.col), decision.reason)
    return owner, after
