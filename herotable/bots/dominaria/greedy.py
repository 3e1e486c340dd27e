"""``greedy``: try every legal action on a simulated copy and keep the one whose resulting
position :func:`~herotable.bots.dominaria.evaluate.evaluate` values most for its own seat.

The copy is a world sampled from the view (:mod:`.determinise`); the sampled hidden cards
barely matter to a one-step look (they only name the cards of a quest or artifact draw, and
a pending draw is valued by its kind, not its cards). One evaluation per legal action keeps
a decision at a few milliseconds. The same choice function is the rollout policy of
``strong``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Bot, BotError
from herotable.bots.dominaria.determinise import build_game, seat_of
from herotable.bots.dominaria.evaluate import evaluate
from herotable.bots.registry import register
from herotable.core.rng import SeededRng
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView


def action_values(game: DominariaGame, seat: int,
                  actions: Sequence[DominariaAction]) -> list[float]:
    """The evaluation of the position after each action (applied to a copy)."""
    values = []
    for action in actions:
        trial = game.clone()
        trial.apply(seat, action)
        values.append(evaluate(trial, seat))
    return values


def greedy_action(game: DominariaGame, seat: int, actions: Sequence[DominariaAction],
                  rng: SeededRng, noise: float = 0.0) -> DominariaAction:
    """The best action by one-step evaluation; ties (and, with ``noise``, near ties: a
    uniform jitter of that many VP) are broken by ``rng``, so play stays reproducible."""
    if len(actions) == 1:
        return actions[0]
    values = action_values(game, seat, actions)
    if noise:
        values = [v + noise * rng.below(1000) / 1000 for v in values]
    best = max(values)
    top = [a for a, v in zip(actions, values, strict=True) if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


@register
class GreedyBot(Bot):
    name = "greedy"
    game = "dominaria"

    def decide(self, view: DominariaView, legal_actions: Sequence[Any]) -> Any:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = seat_of(view)
        game = build_game(view, self.rng.fork())
        return greedy_action(game, seat, list(legal_actions), self.rng)
