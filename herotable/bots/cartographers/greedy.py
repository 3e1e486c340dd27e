"""``greedy``: the action whose resulting map is worth most, one ply deep.

The worth is :func:`herotable.bots.cartographers.evaluate.value` with the weights of the
seasons still to come. Decisions on another player's map (drawing a monster for an ambush,
the Gorgon's gaze) pick the *least* worth for that player: the rules let the neighbour hurt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Assessment, Bot, BotError, checked_include, finite
from herotable.bots.cartographers.evaluate import (
    Weights,
    draw_values,
    value,
    values,
    weights_from,
)
from herotable.bots.cartographers.position import Position, read_view
from herotable.bots.registry import register
from herotable.cartographers.actions import CartographersAction, PlaceHero
from herotable.cartographers.grid import neighbours
from herotable.cartographers.sheet import MapSheet

# How many of the best moves an assessment values besides those asked for: enough for a
# hint to show the alternatives, few enough to keep its JSON small.
SHOWN = 8

# A hero's attack cells still empty next to what is drawn will strike monsters drawn there
# later: worth a little.
GUARD_WEIGHT = 0.15


def weights_for(position: Position) -> Weights:
    return weights_from(position.cards, position.scoring, position.season_index)


def action_worth(position: Position, action: CartographersAction, weights: Weights) -> float:
    """The worth of the map ``action`` leaves, for the player who owns that map."""
    after = position.after(action)
    return guarded(after, action, value(after, weights))


def guarded(after: MapSheet, action: CartographersAction, worth: float) -> float:
    """``worth`` of the map ``action`` leaves, plus the guard a hero's attack cells add."""
    if isinstance(action, PlaceHero):
        # Next to filled cells only: other attack cells are no reason, or every cell of a
        # connected pattern would guard itself.
        cells = after.attack & after.empty & neighbours(after.filled)
        worth += GUARD_WEIGHT * cells.bit_count()
    return worth


def ranked(position: Position, legal: Sequence[CartographersAction]
           ) -> list[tuple[float, int]]:
    """(worth to this seat, index) for every legal action, best first; the worth of an
    action on someone else's map is negated, since hurting them is the aim."""
    decision = position.decision
    if decision is None:
        raise BotError("the view holds no decision for this seat")
    weights = weights_for(position)
    sign = 1.0 if decision.sheet == position.seat else -1.0
    sheet = position.sheets[decision.sheet]
    # Every candidate valued in one call, the same worths as action_worth's: a draw's straight
    # from its cells and terrain (draw_values: the C kernel draws them itself), any other
    # action's from the map it leaves (values).
    draws = position.draws(legal)
    if draws is not None:
        worths = draw_values(sheet, draws, weights)
        scored = [(sign * worth, i) for i, worth in enumerate(worths)]
    else:
        afters = [position.after(action) for action in legal]
        worths = values(sheet, afters, weights)
        scored = [(sign * guarded(after, action, worth), i) for i, (action, after, worth)
                  in enumerate(zip(legal, afters, worths, strict=True))]
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    return scored


def one_step(position: Position, legal: Sequence[CartographersAction],
             include: Sequence[int]) -> Assessment:
    """The greedy judgement as an :class:`Assessment`: each move's worth (on the seat's own
    map, plus the stars already scored; on a neighbour's map, minus that map's worth)."""
    order = ranked(position, legal)
    decision = position.decision
    assert decision is not None
    banked = position.stars_so_far(decision.sheet)
    shown = {i for _, i in order[:SHOWN]} | set(include)
    values = {i: worth + banked for worth, i in order if i in shown}
    own = decision.sheet == position.seat
    return Assessment(order[0][1], finite(values), "stars", "one-step" if own else "harm")


@register
class GreedyBot(Bot):
    name = "greedy"
    game = "cartographers"
    explains = True

    def assess(self, view: dict[str, Any], legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        include = checked_include(include, len(legal_actions))
        return one_step(read_view(view), legal_actions, include)
