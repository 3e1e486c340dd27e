"""``greedy``: try every legal action on a simulated copy and keep the one whose resulting
position :func:`~herotable.bots.dominaria.evaluate.evaluate` values most for its own seat.

The copy is a world sampled from the view (:func:`herotable.dominaria.worlds.sample_world`);
the sampled hidden cards barely matter to a one-step look (they only name the cards of a
quest or artifact draw, and a pending draw is valued by its kind, not its cards). One
evaluation per legal action keeps a decision at a few milliseconds. The same choice function
is the rollout policy of ``strong``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Assessment, Bot, BotError, checked_include, finite
from herotable.bots.dominaria.evaluate import evaluate
from herotable.bots.registry import register
from herotable.core.rng import SeededRng
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView
from herotable.dominaria.worlds import sample_world


def seat_of(view: object) -> int:
    """The seat a view belongs to; a view of another game or a spectator's is refused."""
    if not isinstance(view, DominariaView):
        raise BotError("this bot plays Heroes of Dominaria; the view is of another game")
    if view.you is None:
        raise BotError("the view does not say which seat it belongs to")
    return view.you


def action_values(game: DominariaGame, seat: int,
                  actions: Sequence[DominariaAction]) -> list[float]:
    """The evaluation of the position after each action (applied to a copy)."""
    values = []
    for action in actions:
        trial = game.clone()
        trial.apply(seat, action)
        values.append(evaluate(trial, seat))
    return values


def pick(values: Sequence[float], rng: SeededRng, noise: float = 0.0) -> int:
    """The index of the best value; ties (and, with ``noise``, near ties: a uniform jitter
    of that many VP) are broken by ``rng``, so play stays reproducible."""
    if noise:
        values = [v + noise * rng.below(1000) / 1000 for v in values]
    best = max(values)
    top = [i for i, v in enumerate(values) if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


def greedy_action(game: DominariaGame, seat: int, actions: Sequence[DominariaAction],
                  rng: SeededRng, noise: float = 0.0) -> DominariaAction:
    """The best action by one-step evaluation (:func:`pick`)."""
    if len(actions) == 1:
        return actions[0]
    return actions[pick(action_values(game, seat, actions), rng, noise)]


@register
class GreedyBot(Bot):
    name = "greedy"
    game = "dominaria"
    explains = True

    def assess(self, view: DominariaView, legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        """Values are the seat's own worth (:func:`~.evaluate.evaluate`, in VP) right after
        each move, in one world sampled from the view: what this bot maximises."""
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        include = checked_include(include, len(legal_actions))
        seat = seat_of(view)
        game = sample_world(view, self.rng.fork())
        values = action_values(game, seat, list(legal_actions))
        choice = pick(values, self.rng) if len(values) > 1 else 0
        return Assessment(choice, finite(dict(enumerate(values))), "vp", "one-step")
