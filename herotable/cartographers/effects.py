"""What each decision does to a map, as pure functions on a :class:`MapSheet`.

The game calls these after it has checked an action, and the bots call the very same ones on
copies of a map to see where an action leads, so a look-ahead can never drift from the rules.
Each function changes the sheet it is given and returns what happened as :data:`Change`
records (``("coins", amount, reason)`` or ``("destroyed", mask, reason)``), which the game
turns into events; cell names are left to the game, since bots never need them.
"""

from __future__ import annotations

from herotable.cartographers.cards import HeroCard
from herotable.cartographers.grid import bit, sides_all_in
from herotable.cartographers.sheet import MapSheet

DRAGON_COINS = 3
# The ambush whose monster, once boxed in, pays DRAGON_COINS.
DRAGON = "dragon_inferno"

Change = tuple[str, int, str]


def settle(sheet: MapSheet) -> list[Change]:
    """What follows any change to a map: heroes strike monsters on their attack cells,
    surrounded mountains pay their coin, a beaten dragon pays its three."""
    changes: list[Change] = []
    struck = sheet.monster & sheet.attack
    if struck:
        sheet.destroy(struck)
        changes.append(("destroyed", struck, "hero"))
    surrounded = sides_all_in(sheet.mountain & ~sheet.paid_mountains, sheet.filled)
    if surrounded:
        sheet.paid_mountains |= surrounded
        gained = sheet.gain_coins(surrounded.bit_count())
        if gained:
            changes.append(("coins", gained, "surrounded mountain"))
    dragon = sheet.monster_ids.get(DRAGON)
    # Surviving dragon cells must all be boxed in; destroyed ones already count.
    boxed_in = dragon is not None and sides_all_in(dragon, sheet.filled) == dragon
    if boxed_in and not sheet.dragon_paid:
        sheet.dragon_paid = True
        gained = sheet.gain_coins(DRAGON_COINS)
        if gained:
            changes.append(("coins", gained, "dragon defeated"))
    return changes


def draw_shape(sheet: MapSheet, cells: int, terrain: str, coin: bool) -> list[Change]:
    """An explore shape (or a fallback cell) drawn; ``coin`` if it was the coin shape."""
    sheet.draw(cells, terrain)
    gained = sheet.gain_coins(1) if coin else 0
    if gained:
        return [("coins", gained, "coin shape"), *settle(sheet)]
    return settle(sheet)


def place_hero(sheet: MapSheet, hero: HeroCard, row: int, col: int,
               quarter_turns: int) -> list[Change]:
    """The hero drawn in its cell, its attack pattern marked around it."""
    sheet.draw(bit(row, col), "hero")
    sheet.attack |= hero.attack_mask(row, col, quarter_turns)
    return settle(sheet)


def draw_monster(sheet: MapSheet, cells: int, card_id: str | None) -> list[Change]:
    """An ambush's monster drawn; ``card_id`` None for the anonymous 1x1 fallback, whose
    cell carries no ongoing effect."""
    sheet.draw(cells, "monster")
    if card_id is not None:
        sheet.monster_ids[card_id] = sheet.monster_ids.get(card_id, 0) | cells
    return settle(sheet)


def destroy_cells(sheet: MapSheet, cells: int, reason: str) -> list[Change]:
    """Cells crossed out (the Gorgon's gaze, the Troll's ravage)."""
    sheet.destroy(cells)
    return [("destroyed", cells, reason), *settle(sheet)]
