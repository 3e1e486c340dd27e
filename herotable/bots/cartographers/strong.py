"""``strong``: greedy candidates, judged by Monte Carlo look-ahead over the unseen cards.

The deck order is hidden, but the cards still to come are known as sets: this season's unseen
cards, the next season's whole deck, and the game's ambushes not yet revealed. So each
candidate the greedy rule likes (the best :data:`CANDIDATES`; :data:`FEW_CANDIDATES` on a budget
under :data:`WIDE_FROM_UNITS`) is played forward to the end of
the *next* season (:data:`HORIZON`) over many sampled futures, and the candidate with the best
average is chosen. Every candidate sees the same sampled futures (common random numbers), so
the comparison measures the candidates and not the luck of the draw. The budget goes to the
close calls: after a few rounds the weaker half of the candidates is dropped, and again
later. (Dropping a candidate as soon as it trails the leader by two standard errors of the
paired difference was tried and did no better on the tuning seeds: docs/bots.md.) When no
unseen card can matter any more (the last season ends before the next card), one round is
exact and the search stops there.

Decisions on another player's map (an ambush monster, the Gorgon's gaze) are searched the
same way from the neighbour's side: each candidate is played forward on *their* map, with
them placing the cards greedily, and the one that leaves them the fewest stars is chosen. A
monster's harm is mostly in the room it takes from shapes to come, which the static worth
alone misjudges.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from herotable.bots.base import Allowance, Assessment, Bot, BotError, checked_include, finite
from herotable.bots.cartographers.greedy import one_step, ranked
from herotable.bots.cartographers.position import Future, Position, read_view
from herotable.bots.cartographers.rollout import rollout
from herotable.bots.registry import register

# Measured in docs/bots.md ("Tuning"): since the scoring kernel draws the rollouts'
# placements, a second buys enough rounds for 24 to 64 candidates, which tied and beat 8 by
# about eight stars on the tuning seeds.
CANDIDATES = 32
# A budget under WIDE_FROM_UNITS weighs FEW_CANDIDATES: one round of 32 rollouts costs about
# 500 units, so a small budget (simulate --seconds 0.1, the tests' analyses) would play a
# round or two of them; at 530 units 8 candidates measured best (docs/bots.md).
FEW_CANDIDATES = 8
WIDE_FROM_UNITS = 3000  # half a second: a hint's budget is still wide
# Seasons a rollout plays: this one and the next. Measured in docs/bots.md: a one-season
# horizon misses what a placement does to the next season's room; longer rollouts do worse,
# even with twice the budget (the greedy play-out judges far seasons worse than the static
# worth does).
HORIZON = 2
# Rounds after which the weaker half of the candidates is dropped.
HALVING_ROUNDS = (4, 10, 20)


def open_decision(view: dict[str, Any], legal_actions: Sequence[Any], include: Sequence[int]
                  ) -> tuple[Position, list[int], Assessment | None]:
    """What a searching bot checks first: the position, the moves asked for, and the
    assessment itself when no search is needed (one legal move)."""
    if not legal_actions:
        raise BotError("there is no legal action to choose from")
    included = checked_include(include, len(legal_actions))
    position = read_view(view)
    decision = position.decision
    if decision is None:
        raise BotError("the view holds no decision for this seat")
    if len(legal_actions) == 1:
        return position, included, one_step(position, legal_actions, included)
    return position, included, None


def search(position: Position, legal_actions: Sequence[Any], include: Sequence[int],
           allowance: Allowance, draw_future: Callable[[], Future],
           exact: bool = False, widen: bool = True) -> Assessment:
    """The Monte Carlo judgement (module docstring) with futures from ``draw_future``.

    ``exact``: every call returns the same, true future (a measuring bot's): one round per
    candidate settles it, so the budget goes to more candidates instead, in greedy order,
    unless ``widen`` is false (the candidates stay ``strong``'s own).

    On another player's map the rollouts play *their* map and a move is worth minus what it
    leaves them (``method`` "harm"), so the search still takes the highest value."""
    decision = position.decision
    assert decision is not None
    order = ranked(position, legal_actions)
    width = CANDIDATES if allowance.limit >= WIDE_FROM_UNITS else FEW_CANDIDATES
    alive = [index for _, index in order[:width]]
    after = {i: position.after(legal_actions[i]) for i in alive}
    worths: dict[int, list[float]] = {i: [] for i in alive}
    # A ruins card revealed just now binds the next explore card, not this one.
    ruins_next = decision.kind != "draw" and position.ruins_pending
    own = decision.sheet == position.seat
    # The map's owner's side: whose seasons a rollout scores (it skips their heroes and
    # plays their cards as greedily as it plays the bot's own).
    owner = position if own else replace(position, seat=decision.sheet, banked=0)
    sign = 1.0 if own else -1.0

    def judge(index: int, future: Future, allowance: Allowance) -> tuple[float, bool]:
        worth, played = rollout(owner, after[index], future, ruins_next, allowance)
        return sign * worth, played

    futures: list[Future] = []  # every round's sampled future, for the moves included
    # One round at least: a wall-clock deadline that has passed already (a server bot whose
    # turn waited its whole budget in the queue) still gets a judged move.
    last_round = 0.0  # seconds the last round took: the next one is not begun too late
    while not futures or allowance.left(last_round):
        started = time.perf_counter()
        future = draw_future()
        futures.append(future)
        chance = False
        for index in alive:
            worth, played = judge(index, future, allowance)
            worths[index].append(worth)
            chance = chance or played
        last_round = time.perf_counter() - started
        if not chance or exact:
            break  # no unseen card can matter, or the future is known: one round is exact
        if len(futures) in HALVING_ROUNDS and len(alive) > 2:
            alive.sort(key=lambda i: -sum(worths[i]))
            alive = alive[: max(2, len(alive) // 2)]
    if exact and widen and futures:
        # The known future: the rest of the budget judges the greedy rule's next moves.
        for _, index in order[width:]:
            if not allowance.left():
                break
            after[index] = position.after(legal_actions[index])
            worths[index] = [judge(index, futures[0], allowance)[0]]
            alive.append(index)
    best = max(alive, key=lambda i: (sum(worths[i]) / len(worths[i]), -i))
    # The moves asked for play the rounds they missed (outside the budget: the choice is
    # made already), so that they are judged on the same futures as the choice.
    spare = Allowance(0.0, 1.0, False)
    for index in include:
        if index not in after:
            after[index] = position.after(legal_actions[index])
            worths[index] = []
        for future in futures[len(worths[index]):]:
            worths[index].append(judge(index, future, spare)[0])
    banked = position.stars_so_far(decision.sheet)
    values = {i: banked + sum(w) / len(w) for i, w in worths.items() if w}
    return Assessment(best, finite(values), "stars", "rollouts" if own else "harm",
                      len(futures))


@register
class StrongBot(Bot):
    name = "strong"
    game = "cartographers"
    default_seconds = 1.0
    # One unit is one greedy placement inside a rollout; measured with `herotable bench`
    # (docs/bots.md, "How a second is counted").
    units_per_second = 6000.0
    # A hint thinks half as long as a move, so that it is on the page within a second of
    # asking (docs/bots.md, "Hints"); at that budget it still plays better than the 1 s
    # strong of before the scoring kernel.
    hint_seconds = 0.5
    explains = True

    def assess(self, view: dict[str, Any], legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        """Values are the mean over the sampled futures of the rollout's stars (this season's
        and the next one's scoring, and the later seasons' greedy worth of the map left)
        plus the stars already scored. A candidate dropped by the halving keeps the mean
        of the rounds it played; moves in ``include`` (and the choice) are played on every round's
        future."""
        position, included, settled = open_decision(view, legal_actions, include)
        if settled is not None:
            return settled
        return search(position, legal_actions, included, self.allowance(),
                      lambda: position.sample_future(self.rng, HORIZON))
