"""``strong``: whole-turn plans chosen by greedy rollouts over determinised worlds.

A Dominaria turn is a chain of actions ending in ``end`` (move, move, collect, build...), and
a one-step greedy look misses chains whose first step gains nothing. So at the start of its
turn ``strong`` plans the whole turn:

1. *Candidate plans* are generated in one world sampled from the view (see
   :mod:`.determinise`): the greedy turn, a greedy turn after each of the best few first
   actions, and greedy turns with random jitter on the evaluations, for variety.
2. Each plan is played in several freshly sampled worlds (other hands, deck orders), then
   the rollout continues with the greedy policy for every seat up to the end of the bot's
   *next* turn, and the position is scored by :func:`~.evaluate.relative` (own worth minus
   the strongest rival's; the true score difference once the game is over).
3. The plan with the best average is played action by action. A "keep one of two" is
   answered greedily; afterwards, or whenever the plan's next action is not legal, the rest
   of the turn is re-planned with a smaller share of the budget.

Set-up choices (quests to keep, where to place Heroes) are judged the same way: every legal
action is rolled out to the end of the bot's first turn in several worlds.

Nothing reads hidden state: every world is built from ``view`` alone.

Budget: one work unit is one greedy decision inside a simulation (one evaluation of every
legal action), about 2 ms on the reference machine, hence ``units_per_second = 500``. Only
turn starts, set-up choices and re-plans search; the other ~80% of decisions follow the
plan for free. With ``default_seconds = 0.8`` a 2-player game (11 turns, 2-3 set-up choices
and a few re-plans at 40%) costs about 12-15 s of thinking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Allowance, Bot, BotError
from herotable.bots.dominaria.determinise import build_game, seat_of
from herotable.bots.dominaria.evaluate import relative
from herotable.bots.dominaria.greedy import action_values, greedy_action
from herotable.bots.registry import register
from herotable.core.rng import SeededRng
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView

END = DominariaAction("end")
FIRST_ACTIONS = 5  # plans starting with each of the best first actions
JITTER = 1.5  # VP of random jitter on evaluations for the varied plans
REPLAN_SHARE = 0.4  # budget share of a re-plan in the middle of a turn
MAX_PLANS = 12
MAX_WORLDS = 64  # more worlds than this tell nothing new


def _step(game: DominariaGame, rng: SeededRng, allowance: Allowance,
          noise: float = 0.0) -> tuple[int, DominariaAction]:
    """One greedy decision for whoever acts next in a simulation."""
    seat = game.pending_players()[0]
    actions = game.legal_actions(seat)
    action = greedy_action(game, seat, actions, rng, noise)
    allowance.spend(1)
    game.apply(seat, action)
    return seat, action


def play_until_end_of_turn(game: DominariaGame, me: int, turns: int, rng: SeededRng,
                           allowance: Allowance) -> None:
    """Greedy play for every seat until ``me`` has ended ``turns`` turns (or the game)."""
    while not game.is_over and turns:
        seat, action = _step(game, rng, allowance)
        if seat == me and action.verb == "end":
            turns -= 1


def greedy_turn(game: DominariaGame, me: int, rng: SeededRng, allowance: Allowance,
                noise: float = 0.0) -> tuple[DominariaAction, ...]:
    """The rest of ``me``'s turn played greedily on ``game`` (changed): its non-keep actions,
    which are the plan (keeps depend on the cards drawn, so they are decided as they come)."""
    plan: list[DominariaAction] = []
    while not game.is_over:
        _, action = _step(game, rng, allowance, noise)
        if action.verb != "keep":
            plan.append(action)
        if action.verb == "end":
            break
    return tuple(plan)


def run_plan(game: DominariaGame, me: int, plan: Sequence[DominariaAction], rng: SeededRng,
             allowance: Allowance) -> None:
    """Play ``plan`` on ``game``: keeps greedily, actions the world does not allow skipped,
    and the turn ended in any case."""
    for action in plan:
        while game.players[me].choice is not None and not game.is_over:
            _step(game, rng, allowance)
        if game.is_over or game.pending_players() != [me]:
            return
        if action in game.legal_actions(me):
            game.apply(me, action)
            if action.verb == "end":
                return
    while not game.is_over and game.pending_players() == [me]:
        _step(game, rng, allowance)  # the plan was cut short: finish the turn greedily
        if game.current != me:
            return


@register
class StrongBot(Bot):
    name = "strong"
    game = "dominaria"
    default_seconds = 0.8
    units_per_second = 500.0

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 wall_clock: bool = False) -> None:
        super().__init__(seed=seed, seconds=seconds, wall_clock=wall_clock)
        self._plan: list[DominariaAction] = []
        self._turn: tuple[int, int] | None = None  # (round, seat) the plan belongs to

    def _budget(self, share: float = 1.0) -> Allowance:
        """The decision's allowance, or a share of it for a re-plan in mid-turn."""
        if share == 1.0:
            return self.allowance()
        return Allowance(self.seconds * share, self.units_per_second, self.wall_clock)

    def decide(self, view: DominariaView, legal_actions: Sequence[Any]) -> Any:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        actions = list(legal_actions)
        if len(actions) == 1:
            return actions[0]
        me = seat_of(view)
        if view.stage != "play":
            return self._by_rollouts(view, actions)
        if view.players[me].choice_kind is not None:
            self._plan = []  # new cards: the rest of the turn is planned again afterwards
            return greedy_action(build_game(view, self.rng.fork()), me, actions, self.rng)
        turn = (view.round, view.current)
        if self._turn == turn and self._plan and self._plan[0] in actions:
            return self._plan.pop(0)
        share = REPLAN_SHARE if self._turn == turn else 1.0
        self._turn = turn
        self._plan = list(self._best_plan(view, actions, self._budget(share)))
        return self._plan.pop(0)

    # ------------------------------------------------------------------ planning a turn

    def _candidates(self, view: DominariaView, actions: list[DominariaAction],
                    allowance: Allowance) -> list[tuple[DominariaAction, ...]]:
        me = seat_of(view)
        world = build_game(view, self.rng.fork())
        values = action_values(world, me, actions)
        allowance.spend(1)
        ranked = [a for _, a in sorted(zip(values, actions, strict=True),
                                       key=lambda va: -va[0])]
        plans: list[tuple[DominariaAction, ...]] = []

        def add(first: DominariaAction | None, noise: float) -> None:
            trial = world.clone()
            head: tuple[DominariaAction, ...] = ()
            if first is not None:
                trial.apply(me, first)
                head = (first,)
            rest = () if first == END else greedy_turn(trial, me, self.rng, allowance, noise)
            plan = head + rest
            if plan and plan not in plans:
                plans.append(plan)

        # The greedy plan comes first, so that a budget spent here still leaves it.
        for first in ranked[:FIRST_ACTIONS]:
            add(first, 0.0)
            if not allowance.left():
                return plans
        while len(plans) < MAX_PLANS and allowance.left() and allowance.spent < (
                allowance.limit // 4):
            add(None, JITTER)
        return plans

    def _best_plan(self, view: DominariaView, actions: list[DominariaAction],
                   allowance: Allowance) -> tuple[DominariaAction, ...]:
        plans = self._candidates(view, actions, allowance)
        if len(plans) == 1 or not allowance.left():
            return plans[0]
        me = seat_of(view)

        def outcome(world: DominariaGame, plan: tuple[DominariaAction, ...]) -> float:
            trial = world.clone()
            run_plan(trial, me, plan, self.rng, allowance)
            play_until_end_of_turn(trial, me, 1, self.rng, allowance)
            return relative(trial, me)

        return plans[self._compare(view, plans, outcome, allowance)]

    def _compare(self, view: DominariaView, options: Sequence[Any], outcome: Any,
                 allowance: Allowance) -> int:
        """Index of the option with the best mean outcome over worlds sampled from the view.
        Options come best-first by the greedy judgement: the first is always tried, the
        others while budget is left, so a tiny budget falls back to the greedy choice."""
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        while True:
            world = build_game(view, self.rng.fork())
            for index, option in enumerate(options):
                if counts[0] and not allowance.left():
                    break
                totals[index] += outcome(world, option)
                counts[index] += 1
                allowance.spend(1)  # a rollout that ends the game at once still costs
            if not allowance.left() or counts[0] >= MAX_WORLDS:
                break
        return max((i for i in range(len(options)) if counts[i]),
                   key=lambda i: totals[i] / counts[i])

    # ------------------------------------------------------------------ set-up choices

    def _by_rollouts(self, view: DominariaView, actions: list[DominariaAction]) -> Any:
        """Set-up: every action played out to the end of the bot's first turn."""
        me = seat_of(view)
        allowance = self._budget()
        world = build_game(view, self.rng.fork())
        values = action_values(world, me, actions)
        actions = [a for _, a in sorted(zip(values, actions, strict=True), key=lambda va: -va[0])]

        def outcome(world: DominariaGame, action: DominariaAction) -> float:
            trial = world.clone()
            trial.apply(me, action)
            play_until_end_of_turn(trial, me, 1, self.rng, allowance)
            return relative(trial, me)

        return actions[self._compare(view, actions, outcome, allowance)]
