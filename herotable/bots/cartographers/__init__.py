"""Cartographers bots: greedy (one-ply evaluation), strong (search over unseen cards) and
clairvoyant (strong's search on the true future: a measuring stick, never a player)."""
from herotable.bots.cartographers import (
    clairvoyant,  # noqa: F401  (registers the bot)
    greedy,  # noqa: F401  (registers the bot)
    strong,  # noqa: F401  (registers the bot)
)
