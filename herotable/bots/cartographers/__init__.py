"""Cartographers bots: greedy (one-ply evaluation), strong (search over unseen cards) and
clairvoyant and clairvoyant_narrow (strong's search on the true future, with more candidates
or with strong's own: measuring sticks, never players)."""
from herotable.bots.cartographers import (
    clairvoyant,  # noqa: F401  (registers the bot)
    greedy,  # noqa: F401  (registers the bot)
    strong,  # noqa: F401  (registers the bot)
)
