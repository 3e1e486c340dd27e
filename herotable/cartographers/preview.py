"""What a season's scoring gives one map: both edicts' stars with the cells that earned them,
the coins and the monster penalty.

The game records its season scores with :func:`score_season`, and a view's preview ("if the
season ended now") calls the same function on a copy of a map, so the two always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from herotable.cartographers.cards import CardSet
from herotable.cartographers.config import EDICTS
from herotable.cartographers.decisions import SeasonScore
from herotable.cartographers.grid import mask_names
from herotable.cartographers.scoring import monster_penalty, score_card
from herotable.cartographers.sheet import MapSheet


@dataclass(frozen=True, slots=True)
class EdictScore:
    """One edict's stars on one map, and the cells that earned them (a bitboard)."""

    letter: str
    card: str
    stars: int
    cells: int

    def to_json(self) -> dict[str, Any]:
        return {"letter": self.letter, "card": self.card, "stars": self.stars,
                "cells": mask_names(self.cells)}


@dataclass(frozen=True, slots=True)
class ScorePreview:
    """A season's score on map ``sheet``; ``monster_cells`` are the empty cells next to
    monsters that cost the penalty."""

    season: str
    sheet: int
    edicts: tuple[EdictScore, ...]
    coins: int
    monsters: int  # stars lost, as a positive number
    monster_cells: int

    @property
    def edict_stars(self) -> int:
        return sum(e.stars for e in self.edicts)

    @property
    def total(self) -> int:
        return self.edict_stars + self.coins - self.monsters

    def season_score(self) -> SeasonScore:
        """The record the game keeps of this score (stars without their cells)."""
        return SeasonScore(self.season, tuple((e.letter, e.card, e.stars) for e in self.edicts),
                           self.coins, self.monsters)

    def to_json(self) -> dict[str, Any]:
        return {
            "season": self.season,
            "sheet": self.sheet,
            "edicts": [e.to_json() for e in self.edicts],
            "edict_stars": self.edict_stars,
            "coins": self.coins,
            "monsters": self.monsters,
            "monster_cells": mask_names(self.monster_cells),
            "total": self.total,
        }


def score_season(cards: CardSet, scoring: Sequence[str], season_index: int, sheet_index: int,
                 sheet: MapSheet) -> ScorePreview:
    """What season ``season_index`` scores on ``sheet`` (map ``sheet_index``) as it is now;
    ``scoring`` holds the cards under edicts A-D."""
    season = cards.seasons[season_index]
    edicts = []
    for letter in season.edicts:
        card_id = scoring[EDICTS.index(letter)]
        result = score_card(card_id, sheet)
        edicts.append(EdictScore(letter, card_id, result.stars, result.cells))
    penalty = monster_penalty(sheet)
    return ScorePreview(season.id, sheet_index, tuple(edicts), sheet.coins, penalty.stars,
                        penalty.cells)
