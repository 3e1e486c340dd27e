"""The baseline: a uniformly random legal action, from the bot's own seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from herotable.bots.base import Bot, BotError
from herotable.bots.registry import register


@register
class RandomBot(Bot):
    name = "random"
    game = "*"

    def decide(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        return self.rng.choice(legal_actions)
