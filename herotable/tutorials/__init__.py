"""Tutorials that teach by playing: for each game, a game the server sets up (fixed options
and seed) and the script of explanations its page shows as the game reaches them."""

from __future__ import annotations

from herotable.tutorials import cartographers, dominaria
from herotable.tutorials.script import Step, Tutorial, current_step, matches

TUTORIALS: dict[str, Tutorial] = {t.game: t for t in (cartographers.TUTORIAL,
                                                      dominaria.TUTORIAL)}

__all__ = ["TUTORIALS", "Step", "Tutorial", "current_step", "matches"]
