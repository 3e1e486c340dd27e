"""What the scores and a decision add up to, computed the same way for the game and for a
view of it: totals, standings, the solo rating and title, a draw's terrains."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from herotable.cartographers.cards import FALLBACK_TERRAINS, CardSet
from herotable.cartographers.config import GameConfig
from herotable.cartographers.decisions import Decision, SeasonScore
from herotable.cartographers.solo import title_for
from herotable.core.game import Standing, rank_standings

Scores = Sequence[Sequence[SeasonScore]]


def totals(scores: Scores) -> list[int]:
    """Each player's stars over the seasons scored so far."""
    return [sum(s.total for s in seasons) for seasons in scores]


def running_totals(scores: Scores) -> list[list[int]]:
    """Each player's stars after each season scored so far (the last is :func:`totals`)."""
    return [list(accumulate(s.total for s in seasons)) for seasons in scores]


def monster_losses(scores: Scores) -> list[int]:
    """Each player's stars lost to monsters so far (a positive number)."""
    return [sum(s.monsters for s in seasons) for seasons in scores]


def standings(scores: Scores) -> list[Standing]:
    """Highest total first; a tie goes to fewer stars lost to monsters, then is shared."""
    return rank_standings(totals(scores), monster_losses(scores), lower_tiebreak_wins=True)


def solo_par(cards: CardSet, scoring: Sequence[str]) -> int:
    """The four scoring cards' solo values: what a solo total is measured against."""
    return sum(cards.scoring[c].solo for c in scoring)


def solo_rating(cards: CardSet, scoring: Sequence[str], scores: Scores) -> int:
    """A solo game's total stars minus the scoring cards' solo values."""
    return totals(scores)[0] - solo_par(cards, scoring)


def solo_json(cards: CardSet, scoring: Sequence[str], scores: Scores) -> dict[str, Any]:
    """A solo game's result as a front end shows it: the par, the rating and the title it
    earns (its names by language; None when it earns none)."""
    rating = solo_rating(cards, scoring, scores)
    return {"par": solo_par(cards, scoring), "rating": rating, "title": title_names(rating)}


def title_names(rating: int) -> dict[str, str] | None:
    """The names by language of the solo title ``rating`` earns; None when it earns none."""
    title = title_for(rating)
    return title.names.to_json() if title else None


def title_name(rating: int, language: str = "en") -> str | None:
    """The solo title ``rating`` earns, in ``language``; None when it earns none."""
    title = title_for(rating)
    return title.names.get(language) if title else None


def terrain_options(cards: CardSet, config: GameConfig, decision: Decision) -> tuple[str, ...]:
    """The terrains a draw decision allows: the card's, or a fallback cell's."""
    card = cards.explore[decision.card]
    if not decision.fallback or (config.fallback_from_card and not decision.ruins):
        return card.terrains
    return FALLBACK_TERRAINS
