"""Cartographers bots: greedy (one-ply evaluation) and strong (search over unseen cards)."""
from herotable.bots.cartographers import (
    greedy,  # noqa: F401  (registers the bot)
    strong,  # noqa: F401  (registers the bot)
)
