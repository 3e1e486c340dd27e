"""Playing the rest of a season and the next forward on one map, for the strong bot's
look-ahead.

A rollout takes one guess at the cards to come (:class:`Future`: the order of the season's
unseen cards, then of the next season's deck) and plays them on the bot's own map with the
greedy rule, scoring each season as the game would (both edicts, coins, monsters), and adds
the greedy worth of the map for the seasons after the horizon. Ambushes are
placed the way the solo rules place them, which in a multiplayer game stands in for the
unknown choice of the neighbour; hero cards are skipped (their value is in the map already
drawn, and placing one can only help).
"""

from __future__ import annotations

from herotable.bots.base import Allowance
from herotable.bots.cartographers.evaluate import Weights, draw_values, value, weights_from
from herotable.bots.cartographers.position import Future, Position
from herotable.cartographers.cards import FALLBACK_TERRAINS, ExploreCard
from herotable.cartographers.effects import draw_monster
from herotable.cartographers.grid import indices
from herotable.cartographers.outcomes import draw_outcome
from herotable.cartographers.preview import score_season
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.solo import solo_ambush_mask


def best_draw(sheet: MapSheet, card: ExploreCard, weights: Weights, ruins: bool,
              fallback_terrains: tuple[str, ...]) -> MapSheet:
    """The map after the greedy choice for ``card`` (a fallback cell if no shape fits)."""
    filled = sheet.filled
    target = sheet.ruins & ~filled if ruins else ~filled
    masks = [m for m in card.placements if m & target and not m & filled]
    coins = card.coin_placements
    terrains = card.terrains
    if not masks:
        masks = [1 << i for i in indices(sheet.empty)]
        coins = frozenset()
        terrains = fallback_terrains
    draws = [(mask, terrain, mask in coins) for mask in masks for terrain in terrains]
    worths = draw_values(sheet, draws, weights)
    # The first of the best, as a strict "better than" scan would keep.
    return draw_outcome(sheet, *draws[worths.index(max(worths))])


def season_stars(position: Position, season_index: int, sheet: MapSheet) -> int:
    """What season ``season_index``'s scoring would give this map now."""
    return score_season(position.cards, position.scoring, season_index, position.seat,
                        sheet).total


def play_season(position: Position, sheet: MapSheet, order: list[str], ruins: bool,
                time: int, season_index: int, allowance: Allowance) -> tuple[MapSheet, bool]:
    """The map after ``order`` is played on it from season time ``time`` to the season's
    end, and whether any card was played (if none was, every order gives the same map)."""
    cards = position.cards
    weights = weights_from(cards, position.scoring, season_index)
    threshold = cards.seasons[season_index].time
    fallback = position.config.fallback_from_card
    played = False
    for card_id in order:
        if time >= threshold or sheet.is_full():
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
    return sheet, played


def rollout(position: Position, sheet: MapSheet, future: Future, ruins: bool,
            allowance: Allowance) -> tuple[float, bool]:
    """Stars this season (and the next, if ``future`` reaches it) will score plus the later
    seasons' worth, if the cards come as in ``future`` (see the module docstring), and
    whether any unseen card mattered (if none did, every future gives the same answer). The
    rollout and each greedy placement in it spend one unit each."""
    allowance.spend()
    season = position.season_index
    sheet, played = play_season(position, sheet, future.now, ruins, position.season_time,
                                season, allowance)
    stars = season_stars(position, season, sheet)
    if future.later is not None:
        season += 1
        sheet, later = play_season(position, sheet, future.later, False, 0, season, allowance)
        stars += season_stars(position, season, sheet)
        played = played or later
    return stars + value(sheet, weights_from(position.cards, position.scoring, season + 1)), \
        played
