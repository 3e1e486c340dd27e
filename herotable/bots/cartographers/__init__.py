"""Cartographers bots: greedy (one-ply evaluation) and strong (search over unseen cards)."""
