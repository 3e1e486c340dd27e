"""The map an action would leave, worked out on a copy exactly as the game would do it.

The bots weigh candidate actions with these, and a view's score preview shows what an action
would score, so neither can drift from the rules: both call the same pure functions of
:mod:`herotable.cartographers.effects` the game calls. Nothing here checks legality; the
callers pass actions the decision allows.
"""

from __future__ import annotations

from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.cards import CardSet
from herotable.cartographers.decisions import Decision
from herotable.cartographers.effects import (
    destroy_cells,
    draw_monster,
    draw_shape,
    place_hero,
)
from herotable.cartographers.grid import bit
from herotable.cartographers.sheet import MapSheet


def draw_outcome(sheet: MapSheet, cells: int, terrain: str, coin: bool) -> MapSheet:
    """``sheet`` with ``cells`` drawn as ``terrain`` (and the coin shape's coin if ``coin``)."""
    after = sheet.copy()
    draw_shape(after, cells, terrain, coin)
    return after


def outcome(cards: CardSet, decision: Decision, sheet: MapSheet,
            action: CartographersAction) -> MapSheet:
    """The decision's map ``sheet`` after ``action``, on a copy (``sheet`` is left alone)."""
    if isinstance(action, Draw):
        coin = (not decision.fallback
                and action.cells in cards.explore[decision.card].coin_placements)
        return draw_outcome(sheet, action.cells, action.terrain, coin)
    after = sheet.copy()
    if isinstance(action, PlaceHero):
        hero = cards.heroes[decision.card]
        place_hero(after, hero, action.row, action.col, action.quarter_turns)
    elif isinstance(action, DrawMonster):
        draw_monster(after, action.cells, None if decision.fallback else decision.card)
    elif isinstance(action, Destroy):
        destroy_cells(after, bit(action.row, action.col), decision.reason)
    return after
