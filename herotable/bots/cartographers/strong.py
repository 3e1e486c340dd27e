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

from herotable.bots.base import Bot, BotError
from herotable.bots.cartographers.greedy import ranked
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

    def decide(self, view: dict[str, Any], legal_actions: Sequence[Any]) -> Any:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        position = read_view(view)
        order = ranked(position, legal_actions)
        decision = position.decision
        assert decision is not None
        if decision.sheet != position.seat:
            return legal_actions[order[0][1]]
        alive = [index for _, index in order[:CANDIDATES]]
        after = {i: position.after(legal_actions[i]) for i in alive}
        totals = dict.fromkeys(alive, 0.0)
        unseen = position.unseen_cards()
        # A ruins card revealed just now binds the next explore card, not this one.
        ruins_next = decision.kind != "draw" and position.ruins_pending
        allowance = self.allowance()
        rounds = 0
        while allowance.left():
            self.rng.shuffle(unseen)
            chance = False
            for index in alive:
                worth, played = rollout(position, after[index], unseen, ruins_next, allowance)
                totals[index] += worth
                chance = chance or played
            rounds += 1
            if not chance:
                break  # the season ends before any unseen card: one round is exact
            if rounds in HALVING_ROUNDS and len(alive) > 2:
                alive.sort(key=lambda i: -totals[i])
                alive = alive[: max(2, len(alive) // 2)]
        best = max(alive, key=lambda i: (totals[i], -i))
        return legal_actions[best]
