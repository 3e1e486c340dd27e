"""``clairvoyant``: a measuring stick, never a player. It is ``strong``'s search with the
true future instead of sampled ones: the rest of this season's deck in its real order, then
the next season's deck as the game will shuffle it.

It reads that future from a clone of the engine that the match runner hands it
(:class:`~herotable.bots.base.MeasuringBot`), never from a view; so only ``herotable
simulate`` and ``herotable bench`` can make one, and the gap between ``strong`` and this
bound is a figure anyone can reproduce::

    herotable simulate cartographers --players clairvoyant --preset first_game --seed 7000

With the future known, one rollout settles a candidate, so the budget judges more of the
greedy rule's candidates instead of more samples: the same budget as ``strong``, spent where
knowing the future makes it count.

``clairvoyant_narrow`` is the same measuring stick held to ``strong``'s own candidates (the
greedy rule's best eight): the two together split the gap between ``strong`` and the bound
into what the true order is worth on the moves ``strong`` weighs, and what it is worth
through weighing many more of them (docs/research/bot-strength.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from herotable.bots.base import Assessment, BotError, MeasuringBot
from herotable.bots.cartographers.position import Future, Position
from herotable.bots.cartographers.strong import HORIZON, StrongBot, open_decision, search
from herotable.bots.registry import register
from herotable.cartographers.game import CartographersGame


def true_future(engine: CartographersGame, seasons: int = HORIZON) -> Future:
    """The cards to come as they will come: the deck's order now, then (if the horizon
    reaches a next season) that season's cards in order, found by playing ``engine`` (a
    clone) forward with any legal moves: no move changes the order of the cards, only the
    seeded shuffles at a season's start do."""
    now = list(engine.deck)
    season = engine.season_index
    if seasons < 2 or season + 1 >= len(engine.cards.seasons):
        return Future(now, None)
    while not engine.is_over and engine.season_index == season:
        for seat in engine.pending_players():
            engine.apply(seat, engine.legal_actions(seat)[0])
    if engine.is_over:  # a solo map filled up: the game ended early
        return Future(now, None)
    # The new season's first cards are revealed already (the engine moves on by itself).
    return Future(now, [*engine.revealed, *engine.deck])


@register
class ClairvoyantBot(MeasuringBot):
    name = "clairvoyant"
    game = "cartographers"
    default_seconds = 1.0
    units_per_second = StrongBot.units_per_second  # the same budget buys the same work
    explains = True
    widen: ClassVar[bool] = True  # the budget left after one round judges more candidates

    def assess(self, view: dict[str, Any], legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        """As ``strong``'s, on the one true future (``samples`` is 1)."""
        position, included, settled = open_decision(view, legal_actions, include)
        if settled is not None:
            return settled
        future = true_future(self._engine_at(position))
        return search(position, legal_actions, included, self.allowance(), lambda: future,
                      exact=True, widen=self.widen)

    def _engine_at(self, position: Position) -> CartographersGame:
        """The foreseen engine, checked to be at the position of the view decided on."""
        engine = self.foreseen()
        if not isinstance(engine, CartographersGame):
            raise BotError("the clairvoyant bot plays Cartographers; it foresaw another game")
        if (engine.season_index, tuple(engine.revealed)) != (position.season_index,
                                                             position.revealed):
            raise BotError("the foreseen engine is not at the view's position")
        self.engine = None  # one engine per decision: a stale one would lie
        return engine


@register
class NarrowClairvoyantBot(ClairvoyantBot):
    """The true future on ``strong``'s own candidates only (module docstring)."""

    name = "clairvoyant_narrow"
    widen = False
