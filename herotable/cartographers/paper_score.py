"""A map played on paper, scored by the engine: a side, the four edicts' cards, and the map
with its coins at the end of each season.

The real game scores each season on the map as it stands at that season's end, with the
coins gained so far, so a paper game is given as up to four snapshots, each the map at one
season's end; a season not given (a game still running, or a player with only the final
sheet) is scored on the last snapshot given. Each season is scored by
:func:`~herotable.cartographers.preview.score_season`, the function the game itself records
its scores with (and which calls the same scoring functions as ``herotable cartographers
score``), so a paper map scores exactly as the same map played here.

What a snapshot must respect, since no paper map can do otherwise:

- the side's mountains and chasm are printed: each is on the map, exactly there, and nothing
  is drawn on one (``side_mountains``);
- the side's ruins are printed too: a ruins cell is written as ruins, empty (``r``), drawn on
  (lower case) or destroyed (``+``), and no other cell is (``side_ruins``);
- a later season keeps every cell drawn before it, or crosses it out (``season_erased``), and
  keeps at least its coins, which are never lost (``coins_lost``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from herotable.cartographers.cards import Season, map_sides
from herotable.cartographers.config import ConfigError, GameConfig
from herotable.cartographers.grid import mask_names
from herotable.cartographers.preview import ScorePreview, score_season
from herotable.cartographers.refusals import CartographersRefusal
from herotable.cartographers.results import solo_json
from herotable.cartographers.sheet import COIN_TRACK, DRAWN_TERRAINS, MapSheet
from herotable.core.errors import HerotableError, NotationError


class PaperMapError(HerotableError):
    """A paper map that no game on its side could have drawn; each is raised with the code
    saying why (``side_mountains``, ``side_ruins``, ``season_erased``, ``coins_lost``)."""

    default_code = CartographersRefusal.SIDE_MOUNTAINS


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The map (in the map notation) and the coins on the coin track at one season's end."""

    map: str
    coins: int


@dataclass(frozen=True, slots=True)
class PaperScore:
    """Each season's score (both edicts with the cells that earned them, coins, monsters),
    the game's total and, solo, the par, rating and title."""

    side: str
    scoring: tuple[str, ...]
    seasons: tuple[ScorePreview, ...]
    solo: dict[str, Any] | None

    @property
    def total(self) -> int:
        return sum(s.total for s in self.seasons)

    def to_json(self) -> dict[str, Any]:
        seasons = []
        for season in self.seasons:
            data = season.to_json()
            del data["sheet"]  # always the one paper map
            seasons.append(data)
        return {"side": self.side, "cards": list(self.scoring), "seasons": seasons,
                "total": self.total, "solo": self.solo}


def score_paper(side: str, snapshots: Sequence[Snapshot], scoring: Sequence[str],
                solo: bool = False) -> PaperScore:
    """Score a paper game on map side ``side`` with the cards of edicts A-D (``scoring``):
    season ``i`` on ``snapshots[i]``, or on the last snapshot for a season past them.

    Raises :class:`ConfigError` for an unknown side or cards that are not one of each
    category, :class:`NotationError` for an unreadable map, :class:`PaperMapError` for a
    map its side or an earlier season rules out."""
    # GameConfig checks the side and the cards as for any game (an unknown side reaches it
    # and is refused there); the seasons are the side's own box's.
    sides = map_sides()
    config = GameConfig(players=1, side=side, scoring=tuple(scoring),
                        seasons=sides[side].box if side in sides else "heroes")
    cards = config.card_set()
    if not 1 <= len(snapshots) <= len(cards.seasons):
        raise ConfigError(f"give the map at the end of 1 to {len(cards.seasons)} seasons, "
                          f"not {len(snapshots)}")
    sheets = [read_snapshot(side, snapshot, index) for index, snapshot in enumerate(snapshots)]
    for index in range(1, len(sheets)):
        check_follows(sheets[index - 1], sheets[index], cards.seasons[index])
    scores = tuple(score_season(cards, config.scoring, index, 0,
                                sheets[min(index, len(sheets) - 1)])
                   for index in range(len(cards.seasons)))
    played = [[score.season_score() for score in scores]]
    return PaperScore(side, config.scoring, scores,
                      solo_json(cards, config.scoring, played) if solo else None)


def read_snapshot(side: str, snapshot: Snapshot, index: int) -> MapSheet:
    """The sheet of one snapshot, checked against the side's printed cells."""
    where = f"the map of season {index + 1}"
    try:
        sheet = MapSheet.from_text(snapshot.map)
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from exc
    if not 0 <= snapshot.coins <= COIN_TRACK:
        raise ConfigError(f"{where}: coins are 0-{COIN_TRACK}, not {snapshot.coins}")
    sheet.coins = snapshot.coins
    printed = map_sides()[side].new_sheet()
    wrong = (sheet.mountain ^ printed.mountain) | (sheet.wasteland ^ printed.wasteland)
    if wrong:
        raise PaperMapError(
            f"{where}: side {side}'s mountains and chasm are printed where they are and take "
            f"no drawing; these cells differ: {' '.join(mask_names(wrong))}",
            CartographersRefusal.SIDE_MOUNTAINS,
            {"side": side, "cells": " ".join(mask_names(wrong))})
    wrong = sheet.ruins ^ printed.ruins
    if wrong:
        raise PaperMapError(
            f"{where}: side {side}'s ruins are printed: write them as ruins (r, a lower-case "
            f"terrain or +) and no other cell; these cells differ: {' '.join(mask_names(wrong))}",
            CartographersRefusal.SIDE_RUINS,
            {"side": side, "cells": " ".join(mask_names(wrong))})
    return sheet


def check_follows(before: MapSheet, after: MapSheet, season: Season) -> None:
    """``after`` (the map at ``season``'s end) keeps what ``before`` had drawn, or crossed it
    out, and its coins."""
    erased = before.destroyed & ~after.destroyed
    for terrain in DRAWN_TERRAINS:
        erased |= before.layer(terrain) & ~(after.layer(terrain) | after.destroyed)
    if erased:
        raise PaperMapError(
            f"the map at {season.id}'s end has lost cells drawn before: "
            f"{' '.join(mask_names(erased))} (a cell drawn stays drawn, or is crossed out)",
            CartographersRefusal.SEASON_ERASED,
            {"season": season.names.to_json(), "cells": " ".join(mask_names(erased))})
    if after.coins < before.coins:
        raise PaperMapError(
            f"the coins at {season.id}'s end ({after.coins}) are fewer than the season before's "
            f"({before.coins}): coins are never lost",
            CartographersRefusal.COINS_LOST,
            {"season": season.names.to_json(), "coins": after.coins, "before": before.coins})
