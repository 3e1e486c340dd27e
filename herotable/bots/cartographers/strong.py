"""``strong``: greedy candidates, judged by Monte Carlo look-ahead over the unseen cards.

The deck order is hidden, but the cards still to come this season are known as a set. So
each candidate the greedy rule likes (the best :data:`CANDIDATES`) is played forward to the
season's end over many sampled orders of those cards (a chance node per card), and the
candidate with the best average is chosen. Every candidate sees the same sampled orders
(common random numbers), so the comparison measures the candidates and not the luck of the
draw; after a few rounds the weaker half is dropped so the budget goes to the close calls.

Decisions on another player's map (ambush monsters, the Gorgon's gaze) stay greedy: what
hurts a neighbour most is what lowers their map's worth now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Allowance, Assessment, Bot, BotError, checked_include, finite
from herotable.bots.cartographers.greedy import one_step, ranked
from herotable.bots.cartographers.position import read_view
from herotable.bots.cartographers.rollout import rollout
from herotable.bots.registry import register

CANDIDATES = 8
# Rounds after which the weaker half of the candidates is dropped.
HALVING_ROUNDS = (4, 10, 20)


@register
class StrongBot(Bot):
    name = "strong"
    game = "cartographers"
    default_seconds = 1.0
    # One unit is one greedy placement inside a rollout; measured with `herotable bench`.
    units_per_second = 400.0
    explains = True

    def assess(self, view: dict[str, Any], legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        """Values are the mean over the sampled card orders of the rollout's stars (this
        season's scoring and the later seasons' greedy worth of the map left) plus the
        stars already scored. A candidate dropped by the halving keeps the mean
        of the rounds it played; moves in ``include`` (and the choice) are played on every
        round's order."""
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        include = checked_include(include, len(legal_actions))
        position = read_view(view)
        decision = position.decision
        if decision is None:
            raise BotError("the view holds no decision for this seat")
        if len(legal_actions) == 1 or decision.sheet != position.seat:
            return one_step(position, legal_actions, include)
        order = ranked(position, legal_actions)
        alive = [index for _, index in order[:CANDIDATES]]
        after = {i: position.after(legal_actions[i]) for i in alive}
        totals = dict.fromkeys(alive, 0.0)
        counts = dict.fromkeys(alive, 0)
        # A ruins card revealed just now binds the next explore card, not this one.
        ruins_next = decision.kind != "draw" and position.ruins_pending
        allowance = self.allowance()
        orders: list[list[str]] = []  # every round's sampled order, for the moves included
        while allowance.left():
            unseen = position.sample_unseen(self.rng)
            orders.append(unseen)
            chance = False
            for index in alive:
                worth, played = rollout(position, after[index], unseen, ruins_next, allowance)
                totals[index] += worth
                counts[index] += 1
                chance = chance or played
            if not chance:
                break  # the season ends before any unseen card: one round is exact
            if len(orders) in HALVING_ROUNDS and len(alive) > 2:
                alive.sort(key=lambda i: -totals[i])
                alive = alive[: max(2, len(alive) // 2)]
        best = max(alive, key=lambda i: (totals[i], -i))
        # The moves asked for play the rounds they missed (outside the budget: the choice
        # is made already), so that they are judged on the same orders as the choice.
        spare = Allowance(0.0, 1.0, False)
        for index in include:
            if index not in after:
                after[index] = position.after(legal_actions[index])
                totals[index] = 0.0
                counts[index] = 0
            for cards in orders[counts[index]:]:
                totals[index] += rollout(position, after[index], cards, ruins_next, spare)[0]
                counts[index] += 1
        banked = position.banked
        values = {i: banked + totals[i] / counts[i] for i in totals if counts[i]}
        return Assessment(best, finite(values), "stars", "rollouts", len(orders))
