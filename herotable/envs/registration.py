"""Gymnasium's registry entries for herotable's environments."""

from __future__ import annotations

import gymnasium

SOLO_ID = "herotable/CartographersSolo-v0"


def register_envs() -> None:
    """Register the environments with Gymnasium (again is harmless)."""
    if SOLO_ID not in gymnasium.registry:
        gymnasium.register(id=SOLO_ID,
                           entry_point="herotable.envs.cartographers_solo:CartographersSoloEnv")
