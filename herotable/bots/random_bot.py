"""The random player: uniformly random legal actions from its own seed, never Python's global
``random``.

:class:`RandomBot` is the baseline bot, choosing from a seat's view like every bot. The
functions below are the same player straight on an engine, for the property tests and the
benchmarks, which drive thousands of games: :func:`random_legal_action` picks among the
cells the Cartographers engine itself says are legal, so it reaches every kind of decision
(fallbacks, heroes, monsters, destroys) without knowing any rule and without building every
action object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Bot, BotError
from herotable.bots.registry import register
from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import cell_of
from herotable.core.rng import SeededRng
from herotable.dominaria.game import DominariaGame


@register
class RandomBot(Bot):
    name = "random"
    game = "*"

    def decide(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        return self.rng.choice(legal_actions)


def random_legal_action(
    game: CartographersGame, player: int, rng: SeededRng
) -> CartographersAction:
    """A uniformly random legal action for ``player``'s pending decision.

    It asks the engine for the legal cells (``placement_masks``) and terrains instead of
    building every action object (``legal_actions``), which for a two-terrain card would
    allocate about 1,400 objects to keep one.
    """
    decision = game.decision(player)
    if decision is None:
        raise ValueError(f"player {player} owes no decision")
    masks = game.placement_masks(player)
    mask = masks[rng.below(len(masks))]
    if decision.kind == "draw":
        terrains = game.terrain_options(player)
        return Draw(terrains[rng.below(len(terrains))], mask)
    if decision.kind == "monster":
        return DrawMonster(mask)
    row, col = cell_of(mask)
    if decision.kind == "destroy":
        return Destroy(row, col)
    return PlaceHero(row, col, rng.below(4) if game.config.hero_turns else 0)


def play_random_game(game: CartographersGame, rng: SeededRng) -> int:
    """Play ``game`` to the end with random legal actions; returns how many were applied.

    Which pending player acts next is random too: simultaneous decisions must be accepted in
    any order.
    """
    count = 0
    while not game.is_over:
        pending = game.pending_players()
        player = pending[rng.below(len(pending))]
        game.apply(player, random_legal_action(game, player, rng))
        count += 1
    return count


def play_random_dominaria(game: DominariaGame, rng: SeededRng) -> int:
    """Play a Heroes of Dominaria game to the end, each action drawn uniformly from
    ``legal_actions`` with the player's own seeded generator; returns the actions applied."""
    count = 0
    while not game.is_over:
        player = game.pending_players()[0]
        actions = game.legal_actions(player)
        game.apply(player, actions[rng.below(len(actions))])
        count += 1
    return count
