"""Game-agnostic pieces shared by every rules engine: errors, RNG, actions, logs, saves, the
option schema."""

from herotable.core.errors import (
    HerotableError,
    IllegalAction,
    NotationError,
    SaveFileError,
)
from herotable.core.rng import SeededRng

__all__ = [
    "HerotableError",
    "IllegalAction",
    "NotationError",
    "SaveFileError",
    "SeededRng",
]
