"""Rewards of the multi-agent envs: what each agent's step earned."""

from __future__ import annotations

from collections.abc import Sequence

from herotable.core.errors import HerotableError
from herotable.core.game import Game

REWARDS = ("score", "win")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise HerotableError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def step_rewards(reward: str, game: Game, before: Sequence[int],
                 after: Sequence[int]) -> list[float]:
    """Per seat: with ``score``, the points the step gained (so an episode's return is the
    final score); with ``win``, 0 until the end and then the seat's share of the win (the
    engine's :meth:`~herotable.core.game.Game.returns`)."""
    if reward == "win":
        return game.returns() if game.is_over else [0.0] * len(after)
    return [float(now - then) for now, then in zip(after, before, strict=True)]
