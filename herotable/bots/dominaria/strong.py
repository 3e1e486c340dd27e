"""``strong``: whole-turn plans chosen by greedy rollouts over determinised worlds.

A Dominaria turn is a chain of actions ending in ``end`` (move, move, collect, build...), and
a one-step greedy look misses chains whose first step gains nothing. So at the start of its
turn ``strong`` plans the whole turn:

1. *Candidate plans* are generated in one world sampled from the view (see
   :func:`herotable.dominaria.worlds.sample_world`): the greedy turn, a greedy turn after
   each of the best few first actions, and greedy turns with random jitter on the
   evaluations, for variety.
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from herotable.bots.base import Allowance, Assessment, Bot, BotError, checked_include, finite
from herotable.bots.dominaria.evaluate import evaluate, relative
from herotable.bots.dominaria.greedy import action_values, greedy_action, pick, seat_of
from herotable.bots.registry import register
from herotable.core.rng import SeededRng
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView
from herotable.dominaria.worlds import sample_world

END = DominariaAction("end")
FIRST_ACTIONS = 5  # plans starting with each of the best first actions
JITTER = 1.5  # VP of random jitter on evaluations for the varied plans
REPLAN_SHARE = 0.4  # budget share of a re-plan in the middle of a turn
MAX_PLANS = 12
MAX_WORLDS = 64  # more worlds than this tell nothing new
# Salt of the generator that plays the moves an assessment includes, so that they never
# disturb the bot's own stream (its choices stay those of ``decide``).
EXTRA_SALT = 0x6578747261  # "extra"


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


Outcome = Callable[[DominariaGame, Any, SeededRng, Allowance], float]


@dataclass(slots=True)
class Trial:
    """A comparison of options over sampled worlds: each option's total and count (an
    option has played the first ``counts[k]`` worlds), and the worlds' generator states."""

    totals: list[float]
    counts: list[int]
    worlds: list[int]

    def mean(self, k: int) -> float:
        return self.totals[k] / self.counts[k]


def lead_after(game: DominariaGame, me: int, actions: Sequence[DominariaAction]
               ) -> tuple[list[float], list[float]]:
    """Each action's own worth (what greedy picks by) and lead (:func:`relative`) after it."""
    own, lead = [], []
    for action in actions:
        trial = game.clone()
        trial.apply(me, action)
        mine = evaluate(trial, me)
        others = [evaluate(trial, s) for s in range(trial.num_players) if s != me]
        own.append(mine)
        lead.append(mine - max(others))
    return own, lead


@register
class StrongBot(Bot):
    name = "strong"
    game = "dominaria"
    default_seconds = 0.8
    units_per_second = 500.0
    explains = True

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 wall_clock: bool = False) -> None:
        super().__init__(seed=seed, seconds=seconds, wall_clock=wall_clock)
        self._plan: list[DominariaAction] = []
        self._turn: tuple[int, int] | None = None  # (round, seat) the plan belongs to
        self._plan_value = 0.0  # the plan's value when it was chosen

    def _budget(self, share: float = 1.0) -> Allowance:
        """The decision's allowance, or a share of it for a re-plan in mid-turn."""
        if share == 1.0:
            return self.allowance()
        return Allowance(self.seconds * share, self.units_per_second, self.wall_clock)

    def _extra_rng(self) -> SeededRng:
        """A generator for work beyond the decision (moves included in an assessment),
        derived from the bot's state without advancing it."""
        return SeededRng(self.rng.state ^ EXTRA_SALT)

    def assess(self, view: DominariaView, legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        actions = list(legal_actions)
        include = checked_include(include, len(actions))
        me = seat_of(view)
        if len(actions) == 1:
            world = sample_world(view, self._extra_rng())
            return Assessment(0, finite({0: lead_after(world, me, actions)[1][0]}), "vp",
                              "one-step")
        if view.stage != "play":
            return self._by_rollouts(view, actions, include)
        if view.players[me].choice_kind is not None:
            self._plan = []  # new cards: the rest of the turn is planned again afterwards
            world = sample_world(view, self.rng.fork())
            own, lead = lead_after(world, me, actions)
            # Keeping a card changes no other seat's worth, so the lead ranks as the worth.
            return Assessment(pick(own, self.rng), finite(dict(enumerate(lead))), "vp",
                              "one-step")
        turn = (view.round, view.current)
        if self._turn == turn and self._plan and self._plan[0] in actions:
            plan = tuple(self._plan)
            self._plan.pop(0)
            choice = actions.index(plan[0])
            extras = [i for i in include if i != choice]
            if not extras:
                return Assessment(choice, finite({choice: self._plan_value}), "vp", "plan")
            # Asked about other moves: the rest of the plan and theirs, on fresh worlds.
            allowance = self._budget(REPLAN_SHARE)
            plans, world = [plan], sample_world(view, self._extra_rng())
            plans += [self._plan_for(world, me, actions[i], allowance) for i in extras]
            values, samples = self._judge(view, actions, plans, allowance)
            return Assessment(choice, finite(values), "vp", "rollouts", samples)
        share = REPLAN_SHARE if self._turn == turn else 1.0
        self._turn = turn
        plan, values, samples = self._best_plan(view, actions, self._budget(share), include)
        self._plan = list(plan)
        choice = actions.index(self._plan.pop(0))
        self._plan_value = values[choice]
        return Assessment(choice, finite(values), "vp", "rollouts" if samples else "one-step",
                          samples)

    # ------------------------------------------------------------------ planning a turn

    def _plan_for(self, world: DominariaGame, me: int, first: DominariaAction,
                  allowance: Allowance) -> tuple[DominariaAction, ...]:
        """``first``, then the rest of the turn played greedily (in a copy of ``world``),
        with the extra generator."""
        if first == END:
            return (END,)
        trial = world.clone()
        trial.apply(me, first)
        return (first, *greedy_turn(trial, me, self._extra_rng(), allowance))

    def _candidates(self, view: DominariaView, actions: list[DominariaAction],
                    allowance: Allowance
                    ) -> tuple[list[tuple[DominariaAction, ...]], DominariaGame]:
        me = seat_of(view)
        world = sample_world(view, self.rng.fork())
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
                return plans, world
        while len(plans) < MAX_PLANS and allowance.left() and allowance.spent < (
                allowance.limit // 4):
            add(None, JITTER)
        return plans, world

    def _plan_outcome(self, me: int) -> Outcome:
        def outcome(world: DominariaGame, plan: tuple[DominariaAction, ...], rng: SeededRng,
                    allowance: Allowance) -> float:
            trial = world.clone()
            run_plan(trial, me, plan, rng, allowance)
            play_until_end_of_turn(trial, me, 1, rng, allowance)
            return relative(trial, me)
        return outcome

    def _best_plan(self, view: DominariaView, actions: list[DominariaAction],
                   allowance: Allowance, include: Sequence[int]
                   ) -> tuple[tuple[DominariaAction, ...], dict[int, float], int]:
        """The plan to play, the value of each first move judged (the best plan starting
        with it) and how many worlds they were judged in (0: one-step values, when the
        budget allowed no comparison)."""
        plans, world = self._candidates(view, actions, allowance)
        me = seat_of(view)
        if len(plans) == 1 or not allowance.left():
            # No budget to compare: the values are the lead after each plan in the
            # candidates' world, the turn played and nothing more.
            chosen = plans[0]
            judged = [chosen] + [self._plan_for(world, me, actions[i], allowance)
                                 for i in include if actions[i] != chosen[0]]
            values: dict[int, float] = {}
            for plan in judged:
                played = world.clone()
                run_plan(played, me, plan, self._extra_rng(), allowance)
                values[actions.index(plan[0])] = relative(played, me)
            return chosen, values, 0
        outcome = self._plan_outcome(me)
        best, trial = self._compare(view, plans, outcome, allowance)
        firsts = [actions.index(plan[0]) for plan in plans]
        return plans[best], self._values(view, actions, plans, firsts, best, trial, outcome,
                                         include, world), len(trial.worlds)

    def _values(self, view: DominariaView, actions: list[DominariaAction],
                options: list[Any], firsts: list[int], best: int, trial: Trial,
                outcome: Outcome, include: Sequence[int],
                world: DominariaGame | None) -> dict[int, float]:
        """Each first move's value from a comparison: the best mean of the options starting
        with it. With ``include``, the moves asked for and the choice are made to play
        every world of the comparison first (options for moves no option starts with are
        made with :meth:`_plan_for` from ``world``), outside the budget and with the extra
        generator."""
        if include:
            options, firsts = list(options), list(firsts)
            trial = Trial(list(trial.totals), list(trial.counts), trial.worlds)
            wanted = {firsts[best], *include}
            me = seat_of(view)
            for index in include:
                if index not in firsts:
                    assert world is not None
                    options.append(self._plan_for(world, me, actions[index],
                                                  Allowance(0.0, 1.0, False)))
                    firsts.append(index)
                    trial.totals.append(0.0)
                    trial.counts.append(0)
            # The best option of each wanted move, by its mean so far (unplayed last).
            tops: dict[int, tuple[float, int]] = {}
            for k, index in enumerate(firsts):
                if index in wanted:
                    mean = trial.mean(k) if trial.counts[k] else float("-inf")
                    if index not in tops or mean > tops[index][0]:
                        tops[index] = (mean, k)
            self._top_up(view, options, [k for _, k in tops.values()], outcome, trial)
        values: dict[int, float] = {}
        for k, index in enumerate(firsts):
            if trial.counts[k]:
                mean = trial.mean(k)
                values[index] = max(values.get(index, mean), mean)
        if include:
            # The moves asked for (and the choice) are valued by the option that played
            # every world, so that their differences are fair.
            values.update({index: trial.mean(k) for index, (_, k) in tops.items()})
        return values

    def _top_up(self, view: DominariaView, options: Sequence[Any], which: Sequence[int],
                outcome: Outcome, trial: Trial) -> None:
        """Options ``which`` play the worlds of ``trial`` they missed (no budget counted)."""
        rng = self._extra_rng()
        spare = Allowance(0.0, 1.0, False)
        for k in which:
            for state in trial.worlds[trial.counts[k]:]:
                trial.totals[k] += outcome(sample_world(view, SeededRng(state)), options[k],
                                           rng, spare)
                trial.counts[k] += 1

    def _judge(self, view: DominariaView, actions: list[DominariaAction],
               plans: list[tuple[DominariaAction, ...]], allowance: Allowance
               ) -> tuple[dict[int, float], int]:
        """Plans compared on fresh worlds from the extra generator, every plan in every
        world (the bot's own stream untouched): each first move's value and the worlds."""
        me = seat_of(view)
        outcome = self._plan_outcome(me)
        rng = self._extra_rng()
        trial = Trial([0.0] * len(plans), [0] * len(plans), [])
        while True:
            fork = rng.fork()
            trial.worlds.append(fork.state)
            world = sample_world(view, fork)
            for k, plan in enumerate(plans):
                trial.totals[k] += outcome(world, plan, rng, allowance)
                trial.counts[k] += 1
                allowance.spend(1)
            if not allowance.left() or len(trial.worlds) >= MAX_WORLDS:
                break
        values: dict[int, float] = {}
        for k, plan in enumerate(plans):
            index = actions.index(plan[0])
            values[index] = max(values.get(index, trial.mean(k)), trial.mean(k))
        return values, len(trial.worlds)

    def _compare(self, view: DominariaView, options: Sequence[Any], outcome: Outcome,
                 allowance: Allowance) -> tuple[int, Trial]:
        """Index of the option with the best mean outcome over worlds sampled from the view,
        and the comparison. Options come best-first by the greedy judgement: the first is
        always tried, the others while budget is left, so a tiny budget falls back to the
        greedy choice."""
        trial = Trial([0.0] * len(options), [0] * len(options), [])
        totals, counts = trial.totals, trial.counts
        while True:
            fork = self.rng.fork()
            trial.worlds.append(fork.state)
            world = sample_world(view, fork)
            for index, option in enumerate(options):
                if counts[0] and not allowance.left():
                    break
                totals[index] += outcome(world, option, self.rng, allowance)
                counts[index] += 1
                allowance.spend(1)  # a rollout that ends the game at once still costs
            if not allowance.left() or counts[0] >= MAX_WORLDS:
                break
        best = max((i for i in range(len(options)) if counts[i]),
                   key=lambda i: totals[i] / counts[i])
        return best, trial

    # ------------------------------------------------------------------ set-up choices

    def _by_rollouts(self, view: DominariaView, actions: list[DominariaAction],
                     include: Sequence[int]) -> Assessment:
        """Set-up: every action played out to the end of the bot's first turn."""
        me = seat_of(view)
        allowance = self._budget()
        world = sample_world(view, self.rng.fork())
        values = action_values(world, me, actions)
        order = sorted(range(len(actions)), key=lambda i: -values[i])

        def outcome(world: DominariaGame, action: DominariaAction, rng: SeededRng,
                    allowance: Allowance) -> float:
            trial = world.clone()
            trial.apply(me, action)
            play_until_end_of_turn(trial, me, 1, rng, allowance)
            return relative(trial, me)

        options = [actions[i] for i in order]
        best, trial = self._compare(view, options, outcome, allowance)
        judged = self._values(view, actions, options, order, best, trial, outcome, include,
                              None)
        return Assessment(order[best], finite(judged), "vp", "rollouts", len(trial.worlds))
