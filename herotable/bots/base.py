"""What every bot shares: the ``decide`` contract, its own seeded randomness, its budget.

A bot's thinking time is a budget in seconds. Searching bots spend it in *work units*
(playouts, evaluated positions) so that a game against them can be reproduced: by default a
budget of ``s`` seconds buys ``s * units_per_second`` units, a rate measured on the reference
machine (``herotable bench`` prints the real time per decision). With ``wall_clock=True``
the bot stops at the deadline instead, which suits live play but gives up reproducibility.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from herotable.core.errors import HerotableError
from herotable.core.rng import SeededRng


class BotError(HerotableError):
    """An unknown bot, a bot for the wrong game, or a view a bot cannot read."""


class Allowance:
    """The work one decision may still do: counted units, or a clock deadline."""

    __slots__ = ("deadline", "limit", "spent")

    def __init__(self, seconds: float, units_per_second: float, wall_clock: bool) -> None:
        self.spent = 0
        # At least one unit, so that a zero budget still searches a little.
        self.limit = max(1, round(seconds * units_per_second))
        self.deadline = time.perf_counter() + seconds if wall_clock else None

    def left(self) -> bool:
        if self.deadline is not None:
            return time.perf_counter() < self.deadline
        return self.spent < self.limit

    def spend(self, units: int = 1) -> None:
        self.spent += units


class Bot(ABC):
    """A player: ``decide(view, legal_actions)`` returns one of ``legal_actions``.

    ``seed`` feeds the bot's own generator (never the game's); ``seconds`` is its budget per
    decision (None: the bot's default); ``wall_clock`` trades reproducibility for a real
    deadline (see the module docstring).
    """

    name: ClassVar[str]
    game: ClassVar[str]  # "cartographers", "dominaria" or "*" for any game
    default_seconds: ClassVar[float] = 0.0
    units_per_second: ClassVar[float] = 1.0

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 wall_clock: bool = False) -> None:
        self.rng = SeededRng(seed)
        self.seconds = self.default_seconds if seconds is None else seconds
        if self.seconds < 0:
            raise BotError("a bot's budget cannot be negative")
        self.wall_clock = wall_clock

    def allowance(self) -> Allowance:
        return Allowance(self.seconds, self.units_per_second, self.wall_clock)

    @abstractmethod
    def decide(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """Choose one of ``legal_actions`` (a sequence: the view's ``legal``) knowing only
        ``view``, the seat's typed view."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seconds={self.seconds})"
