"""Cartographers' decisions as lists of candidates: each legal action now, with a row of
features that says what it draws and what it would do to the map's scores.

A learner that scores each candidate with one small function (and picks among them by
softmax or argmax) needs no output per action of the whole fixed encoding; the candidates of
a decision are a few dozen to a few hundred, the encoding 46,037 actions wide. A candidate is
named by its fixed-encoding index (docs/encoding.md), so data from both interfaces agree, and
the rows are in the order of those indices.

Every feature comes from the seat's view, as any front end sees it. The score columns are the
rules' own arithmetic on the map the candidate leaves, had nothing more been drawn: the stars
each edict's card would gain, the coins, the monster penalty; and their totals for the season
in play and for every season still to score. They are facts, not a bot's judgement; the
weighing is the learner's business. :data:`CANDIDATE_FEATURES` names them in order, each
scaled as its name says (``/10``: divided by 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from herotable.bots.cartographers.evaluate import after_counts, draw_counts
from herotable.bots.cartographers.position import Position, read_view
from herotable.cartographers import encoding
from herotable.cartographers.actions import (
    TERRAIN_WORDS,
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.cards import card_sets
from herotable.cartographers.config import EDICTS
from herotable.cartographers.grid import CELL_COUNT, EDGE, SIZE, bit, indices, neighbours
from herotable.cartographers.scoring import SCORERS, native
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.view import CartographersView

KINDS = encoding.DECISION_KINDS
CANDIDATE_FEATURES: tuple[str, ...] = (
    *(f"kind:{kind}" for kind in KINDS),
    "own_map",  # the decision is on the seat's own map (a monster is drawn on a neighbour's)
    "fallback",  # no offered shape fits: one cell instead
    *(f"terrain:{terrain}" for terrain in TERRAIN_WORDS),
    *(f"turns:{turns}" for turns in range(encoding.TURNS)),  # a hero's quarter turns
    "cells/5",
    "coin_shape",
    "row/10",  # the cells' mean row and column, 0 to 1
    "col/10",
    "edge_share",  # the share of the cells on the map's edge
    "touching_filled/10",  # filled cells next to the candidate's, outside them
    "touching_same/10",  # cells of the drawn terrain next to them
    *(f"edict_{letter}:stars_gained/10" for letter in EDICTS),
    *(f"edict_{letter}:seasons_left/2" for letter in EDICTS),  # this season included
    "coins_gained",
    "seasons_left/4",  # this season included
    "monster_penalty_change/5",  # the stars monsters' neighbours cost, after minus before
    "isolated_empty_change/5",  # empty cells no shape but a single cell can fill
    "guard_cells/5",  # a hero's attack cells left empty beside filled cells
    "stars_now/10",  # what this season's scoring would gain: its edicts, coins, monsters
    "stars_to_come/10",  # the same over every season still to score
    "season_time/threshold",
    "empty/121",  # the map's empty cells before the candidate
)
NUM_CANDIDATE_FEATURES = len(CANDIDATE_FEATURES)
_COLUMN = {name: i for i, name in enumerate(CANDIDATE_FEATURES)}
_TERRAIN_COLUMN = {terrain: _COLUMN[f"terrain:{terrain}"] for terrain in TERRAIN_WORDS}
# The terms counted on every candidate besides the edicts' cards, in this order.
_TERMS: tuple[native.Count, ...] = (native.MONSTER_PENALTY, native.ISOLATED_EMPTY)


def _max_candidates() -> int:
    """The most legal actions any decision of any box can have: a card's every placement in
    each of its terrains, an ambush's placements, a hero's cells and turns, or one cell of
    any terrain."""
    widest = max(CELL_COUNT * encoding.TURNS, CELL_COUNT * len(TERRAIN_WORDS))
    for card_set in card_sets().values():
        for explore in card_set.explore.values():
            widest = max(widest, len(explore.placements) * len(explore.terrains))
        for ambush in card_set.ambushes.values():
            widest = max(widest, len(ambush.shape.placements))
    return widest


MAX_CANDIDATES = _max_candidates()


@dataclass(frozen=True, slots=True)
class Candidates:
    """A decision's legal actions and their features, row by row."""

    actions: np.ndarray  # int64, (n,): each candidate's fixed-encoding index, ascending
    features: np.ndarray  # float32, (n, NUM_CANDIDATE_FEATURES)

    def __len__(self) -> int:
        return len(self.actions)


def candidates(view: CartographersView) -> Candidates:
    """The candidates of the decision the view's seat owes (none when it owes nothing)."""
    actions = np.array(encoding.legal_indices(view.legal), dtype=np.int64)
    table = np.zeros((len(actions), NUM_CANDIDATE_FEATURES), dtype=np.float32)
    position = read_view(view)
    decision = position.decision
    if not len(actions) or decision is None:
        return Candidates(actions, table)
    legal = [encoding.decode(int(index)) for index in actions]
    sheet = position.sheets[decision.sheet]
    table[:, _COLUMN[f"kind:{decision.kind}"]] = 1
    table[:, _COLUMN["own_map"]] = decision.sheet == position.seat
    table[:, _COLUMN["fallback"]] = decision.fallback
    table[:, _COLUMN["season_time/threshold"]] = position.season_time / max(1,
                                                                            position.threshold)
    table[:, _COLUMN["empty/121"]] = sheet.empty.bit_count() / CELL_COUNT
    _describe_cells(table, sheet, legal)
    _describe_scores(table, position, sheet, legal)
    return Candidates(actions, table)


def _cells(action: CartographersAction) -> int:
    if isinstance(action, (Draw, DrawMonster)):
        return action.cells
    assert isinstance(action, (PlaceHero, Destroy))
    return bit(action.row, action.col)


@cache
def _geometry(cells: int) -> tuple[float, float, float, float]:
    """Size/5, mean row/10, mean column/10 and the share on the edge of a cell set (the same
    few thousand sets come back all game long)."""
    where = [divmod(cell, SIZE) for cell in indices(cells)]
    size = len(where)
    return (size / 5, sum(row for row, _ in where) / size / (SIZE - 1),
            sum(col for _, col in where) / size / (SIZE - 1), (cells & EDGE).bit_count() / size)


def _describe_cells(table: np.ndarray, sheet: MapSheet,
                    legal: Sequence[CartographersAction]) -> None:
    """What each candidate draws and where: terrain, turns, size, place, neighbours."""
    filled = sheet.filled
    for row, action in enumerate(legal):
        cells = _cells(action)
        around = neighbours(cells) & ~cells
        features = table[row]
        (features[_COLUMN["cells/5"]], features[_COLUMN["row/10"]],
         features[_COLUMN["col/10"]], features[_COLUMN["edge_share"]]) = _geometry(cells)
        features[_COLUMN["touching_filled/10"]] = (around & filled).bit_count() / 10
        if isinstance(action, Draw):
            features[_TERRAIN_COLUMN[action.terrain]] = 1
            same = getattr(sheet, action.terrain)
            features[_COLUMN["touching_same/10"]] = (around & same).bit_count() / 10
        elif isinstance(action, DrawMonster):
            features[_TERRAIN_COLUMN["monster"]] = 1
        elif isinstance(action, PlaceHero):
            features[_COLUMN[f"turns:{action.quarter_turns}"]] = 1


def _describe_scores(table: np.ndarray, position: Position, sheet: MapSheet,
                     legal: Sequence[CartographersAction]) -> None:
    """The score columns: each term on the map each candidate leaves, minus its count now,
    and their sums over this season's edicts and over every season still to score."""
    scorers = [SCORERS[card_id] for card_id in position.scoring]
    counted = [*scorers, *_TERMS]
    coins_now, counts_now = after_counts([sheet], counted)
    draws = position.draws(legal)
    if draws is not None:
        coins_after, counts_after = draw_counts(sheet, draws, counted)
        for row, (_, _, coin) in enumerate(draws):
            table[row, _COLUMN["coin_shape"]] = coin
    else:
        afters = [position.after(action) for action in legal]
        coins_after, counts_after = after_counts(afters, counted)
        for row, (action, after) in enumerate(zip(legal, afters, strict=True)):
            if isinstance(action, PlaceHero):
                guard = after.attack & after.empty & neighbours(after.filled)
                table[row, _COLUMN["guard_cells/5"]] = guard.bit_count() / 5
    change = (np.array(counts_after, dtype=np.float32)
              - np.array(counts_now, dtype=np.float32))  # (terms, candidates)
    coins = np.array(coins_after, dtype=np.float32) - coins_now[0]
    monsters, holes = change[len(scorers)], change[len(scorers) + 1]
    seasons = position.cards.seasons
    remaining = seasons[position.season_index:]
    now = seasons[position.season_index].edicts if remaining else ()
    stars_now = coins - monsters
    stars_to_come = len(remaining) * (coins - monsters)
    for letter, gained in zip(EDICTS, change[:len(scorers)], strict=True):
        left = sum(letter in season.edicts for season in remaining)
        table[:, _COLUMN[f"edict_{letter}:stars_gained/10"]] = gained / 10
        table[:, _COLUMN[f"edict_{letter}:seasons_left/2"]] = left / 2
        stars_to_come = stars_to_come + left * gained
        if letter in now:
            stars_now = stars_now + gained
    table[:, _COLUMN["coins_gained"]] = coins
    table[:, _COLUMN["seasons_left/4"]] = len(remaining) / 4
    table[:, _COLUMN["monster_penalty_change/5"]] = monsters / 5
    table[:, _COLUMN["isolated_empty_change/5"]] = holes / 5
    table[:, _COLUMN["stars_now/10"]] = stars_now / 10
    table[:, _COLUMN["stars_to_come/10"]] = stars_to_come / 10
