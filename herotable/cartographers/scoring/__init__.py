"""Scoring cards: ``score_card(card_id, sheet)`` for any card of any box, and the monster
penalty. Importing the card modules registers their cards in :data:`SCORERS`."""

from herotable.cartographers.scoring import base, heroes  # noqa: F401  (registers the cards)
from herotable.cartographers.scoring.common import (
    SCORERS,
    ScoreResult,
    monster_penalty,
    score_card,
)

__all__ = ["SCORERS", "ScoreResult", "monster_penalty", "score_card"]
