"""Playing the rest of a season forward on one map, for the strong bot's look-ahead.

A rollout takes one guess at the order of the season's unseen cards and plays them on the
bot's own map with the greedy rule, then scores the season as the game would (both edicts,
coins, monsters) and adds the greedy worth of the map for the seasons after it. Ambushes are
placed the way the solo rules place them, which in a multiplayer game stands in for the
unknown choice of the neighbour; hero cards are skipped (their value is in the map already
drawn, and placing one can only help).
"""

from __future__ import annotations

from herotable.bots.base import Allowance
from herotable.bots.cartographers.evaluate import Weights, value, weights_from
from herotable.bots.cartographers.position import Position
from herotable.cartographers.cards import FALLBACK_TERRAINS, ExploreCard
from herotable.cartographers.effects import draw_monster
from herotable.cartographers.grid import indices
from herotable.cartographers.outcomes import coin_placements, draw_outcome
from herotable.cartographers.preview import score_season
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.solo import solo_ambush_mask


def best_draw(sheet: MapSheet, card: ExploreCard, weights: Weights, ruins: bool,
              fallback_terrains: tuple[str, ...]) -> MapSheet:
    """The map after the greedy choice for ``card`` (a fallback cell if no shape fits)."""
    filled = sheet.filled
    target = sheet.ruins & ~filled if ruins else ~filled
    masks = [m for m in card.placements if m & target and not m & filled]
    coins = coin_placements(card)
    terrains = card.terrains
    if not masks:
        masks = [1 << i for i in indices(sheet.empty)]
        coins = frozenset()
        terrains = fallback_terrains
    best, best_worth = sheet, float("-inf")
    for mask in masks:
        coin = mask in coins
        for terrain in terrains:
            after = draw_outcome(sheet, mask, terrain, coin)
            worth = value(after, weights)
            if worth > best_worth:
                best, best_worth = after, worth
    return best


def season_stars(position: Position, sheet: MapSheet) -> int:
    """What the current season's scoring would give this map now."""
    return score_season(position.cards, position.scoring, position.season_index,
                        position.seat, sheet).total


def rollout(position: Position, sheet: MapSheet, order: list[str], ruins: bool,
            allowance: Allowance) -> tuple[float, bool]:
    """Stars this season will score plus the later seasons' worth, if the unseen cards come
    in ``order`` (see the module docstring), and whether any unseen card mattered (if none
    did, every order gives the same answer). The rollout and each greedy placement in it
    spend one unit each."""
    cards = position.cards
    weights = weights_from(cards, position.scoring, position.season_index)
    later = weights_from(cards, position.scoring, position.season_index + 1)
    fallback = position.config.fallback_from_card
    time = position.season_time
    allowance.spend()
    played = False
    for card_id in order:
        if time >= position.threshold or sheet.is_full():
            break
        played = True
        if card_id in cards.ruins:
            ruins = True
        elif card_id in cards.explore:
            card = cards.explore[card_id]
            terrains = card.terrains if fallback and not ruins else FALLBACK_TERRAINS
            sheet = best_draw(sheet, card, weights, ruins, terrains)
            allowance.spend()
            ruins = False
            time += card.time
        elif card_id in cards.ambushes:
            ambush = cards.ambushes[card_id]
            mask = solo_ambush_mask(ambush.shape, ambush.corner, ambush.direction, sheet.filled)
            if mask is not None:
                sheet = sheet.copy()
                draw_monster(sheet, mask, card_id)
    return season_stars(position, sheet) + value(sheet, later), played

