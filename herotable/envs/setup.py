"""What the environments share: building their game from the options, the deal a reset
plays, the agents' names and the multi-agent rewards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import numpy as np

import herotable
from herotable.core.errors import ConfigurationError
from herotable.core.game import Game

REWARDS = ("score", "win")
RENDER_MODES = ("ansi",)
# Deals drawn by an env's own generator stay below this (the engine takes any int).
SEED_LIMIT = 2**63

GameT = TypeVar("GameT", bound=Game[Any, Any, Any])


def deal(seed: int | None, generator: np.random.Generator) -> int:
    """The seed a reset deals: the one given, else the next from the env's generator (seeded
    by the first seeded reset), so unseeded resets repeat too."""
    return seed if seed is not None else int(generator.integers(SEED_LIMIT))


class GameSetup(Generic[GameT]):
    """An env's game: ``herotable.new_game(name, seed, **options)``, checked once at the
    env's construction so bad options fail there, not at the first reset."""

    def __init__(self, name: str, game_class: type[GameT], render_mode: str | None,
                 options: dict[str, Any]) -> None:
        if render_mode not in (None, *RENDER_MODES):
            raise ConfigurationError(f"render_mode must be None or one of {RENDER_MODES}, "
                                     f"not {render_mode!r}")
        self.name, self.game_class, self.options = name, game_class, options
        self.new_game(0)

    def new_game(self, seed: int) -> GameT:
        game = herotable.new_game(self.name, seed=seed, **self.options)
        assert isinstance(game, self.game_class)
        return game


def agent_names(players: int) -> list[str]:
    return [f"player_{seat}" for seat in range(players)]


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ConfigurationError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def step_rewards(reward: str, game: Game[Any, Any, Any], before: Sequence[int],
                 after: Sequence[int]) -> list[float]:
    """Per seat: with ``score``, the points the step gained (so an episode's return is the
    final score); with ``win``, 0 until the end and then the seat's share of the win (the
    engine's :meth:`~herotable.core.game.Game.returns`)."""
    if reward == "win":
        return game.returns() if game.is_over else [0.0] * len(after)
    return [float(now - then) for now, then in zip(after, before, strict=True)]
