"""What a Cartographers seat sees: the typed view every front end and bot reads.

Maps are public in Cartographers, so a view carries every map; what it never carries is the
order of any deck. The seat's legal actions come in compact form (:class:`LegalMoves`): the
cell sets a decision allows, with the terrains or hero turns that go with them, rather than
hundreds of action objects. Both classes are cheap to build (bitboards and references); their
JSON, with maps as text and placements grouped by shape, is built only when asked.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from herotable.cartographers import results
from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
    check_on_map,
    parse_action,
)
from herotable.cartographers.cards import (
    AmbushCard,
    CardSet,
    ExploreCard,
    HeroCard,
    RuinsCard,
)
from herotable.cartographers.config import GameConfig
from herotable.cartographers.decisions import Decision, SeasonScore
from herotable.cartographers.grid import (
    SIZE,
    bit,
    cell_name,
    cell_of,
    cells,
    mask_from_names,
)
from herotable.cartographers.outcomes import outcome
from herotable.cartographers.preview import ScorePreview, score_season
from herotable.cartographers.refusals import CartographersRefusal
from herotable.cartographers.sheet import MapSheet
from herotable.core.errors import HerotableError, IllegalAction, NotationError, terms
from herotable.core.game import Standing, field_bool, is_int, whole_number, winners_of
from herotable.core.refusals import CoreRefusal

# The action each kind of decision owes.
KIND_ACTIONS: dict[str, type] = {"draw": Draw, "hero": PlaceHero, "monster": DrawMonster,
                                 "destroy": Destroy}


@dataclass(frozen=True, slots=True)
class LegalMoves(Sequence[CartographersAction]):
    """One decision's legal actions as a sequence that builds an action only when indexed.

    ``masks`` are the cell sets the decision allows (one cell each for a hero or a destroy).
    Action ``i`` pairs mask ``i // k`` with the ``i % k``-th terrain (a draw) or quarter turn
    (a hero), ``k`` being how many there are; a monster or a destroy has one action per mask.
    """

    kind: str  # draw, hero, monster or destroy
    sheet: int  # whose map the decision is on
    card: str
    masks: tuple[int, ...]
    terrains: tuple[str, ...] = ()
    turns: tuple[int, ...] = ()

    @property
    def _per_mask(self) -> int:
        if self.kind == "draw":
            return len(self.terrains)
        if self.kind == "hero":
            return len(self.turns)
        return 1

    def __len__(self) -> int:
        return len(self.masks) * self._per_mask

    @overload
    def __getitem__(self, index: int) -> CartographersAction: ...

    @overload
    def __getitem__(self, index: slice) -> list[CartographersAction]: ...

    def __getitem__(self, index: int | slice) -> CartographersAction | list[CartographersAction]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not is_int(index):
            raise NotationError(f"a legal action's index is a whole number, not {index!r}")
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("legal action index out of range")
        per_mask = self._per_mask
        return self._action(self.masks[index // per_mask], index % per_mask)

    def __iter__(self) -> Iterator[CartographersAction]:
        # The actions in index order (each mask, then its terrains or turns), without
        # indexing's checks of each index: the bots list every action of every decision.
        choices = range(self._per_mask)
        for mask in self.masks:
            for choice in choices:
                yield self._action(mask, choice)

    def _action(self, mask: int, choice: int) -> CartographersAction:
        """The action of ``mask`` with its ``choice``-th terrain or quarter turn."""
        if self.kind == "draw":
            return Draw(self.terrains[choice], mask)
        if self.kind == "monster":
            return DrawMonster(mask)
        row, col = cell_of(mask)
        if self.kind == "destroy":
            return Destroy(row, col)
        return PlaceHero(row, col, self.turns[choice])

    def check(self, action: CartographersAction) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is one of these moves. A hero may
        take any quarter turn, as ``apply`` accepts turns that repeat a listed pattern; whether
        the game lets heroes turn at all is the config's to say."""
        check_on_map(action)
        if not isinstance(action, KIND_ACTIONS[self.kind]):
            raise IllegalAction(f"a {self.kind} action is owed now, not {action}",
                                CartographersRefusal.WRONG_ACTION,
                                {"owed": terms("action_kind", self.kind), "action": str(action)})
        if isinstance(action, Draw) and action.terrain not in self.terrains:
            raise IllegalAction(f"this draw may be {', '.join(self.terrains)}, not "
                                f"{action.terrain}", CartographersRefusal.DRAW_TERRAIN,
                                {"terrains": terms("terrain", *self.terrains),
                                 "terrain": terms("terrain", action.terrain)})
        mask = (action.cells if isinstance(action, (Draw, DrawMonster))
                else bit(action.row, action.col))
        if mask not in self.masks:
            raise IllegalAction(f"{action} is not a legal {self.kind} for {self.card} now "
                                "(filled cells, not the card's shape, or not allowed here)",
                                CartographersRefusal.PLACEMENT, {"action": str(action)})

    def to_json(self) -> dict[str, Any]:
        """Placements grouped by shape: each distinct cell pattern (``[row, col]`` offsets
        from its top-left corner) with the cells its corner may go on."""
        anchors: dict[tuple[tuple[int, int], ...], list[str]] = {}
        for mask in self.masks:
            pattern, corner = _pattern_at(mask)
            anchors.setdefault(pattern, []).append(corner)
        return {
            "kind": self.kind,
            "sheet": self.sheet,
            "card": self.card,
            "terrains": list(self.terrains),
            "turns": [90 * t for t in self.turns],
            "count": len(self),
            "shapes": [{"cells": [list(p) for p in pattern], "at": at}
                       for pattern, at in anchors.items()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LegalMoves:
        """Read :meth:`to_json` back; a shape that would leave the map, or a turn that is not
        a quarter turn, is a :class:`NotationError`."""
        masks = []
        for group in data["shapes"]:
            offsets = [(whole_number(dr, "offset"), whole_number(dc, "offset"))
                       for dr, dc in group["cells"]]
            for name in group["at"]:
                top, left = cell_of(mask_from_names([name]))
                if any(not (0 <= top + dr < SIZE and 0 <= left + dc < SIZE)
                       for dr, dc in offsets):
                    raise NotationError(f"a shape placed at {name} would leave the map")
                masks.append(sum(bit(top + dr, left + dc) for dr, dc in offsets))
        turns = [whole_number(t, "turn") for t in data["turns"]]
        if any(t not in (0, 90, 180, 270) for t in turns):
            raise NotationError(f"turns are 0, 90, 180 or 270 degrees, not {turns}")
        return cls(str(data["kind"]), whole_number(data["sheet"], "sheet"), str(data["card"]),
                   tuple(masks), tuple(str(t) for t in data["terrains"]),
                   tuple(t // 90 for t in turns))


@functools.cache
def _pattern_at(mask: int) -> tuple[tuple[tuple[int, int], ...], str]:
    """A placement as its cell pattern (``[row, col]`` offsets from its top-left corner) and
    that corner's name. Cached: the server sends the same placements in every update, and the
    placements of every shape are a few tens of thousands of masks in all."""
    placed = list(cells(mask))
    top = min(r for r, _ in placed)
    left = min(c for _, c in placed)
    return tuple(sorted((r - top, c - left) for r, c in placed)), cell_name(top, left)


@dataclass(frozen=True, slots=True)
class CartographersView:
    """What seat ``you`` (None: a spectator) may see now.

    ``sheets`` are copies, so a bot may reason on them freely. ``decision`` and ``legal`` are
    the seat's pending decision and its legal actions (None when it owes nothing).
    """

    you: int | None
    config: GameConfig
    scoring: tuple[str, ...]  # the cards under edicts A, B, C, D
    season_index: int
    season: str
    season_time: int
    season_threshold: int
    revealed: tuple[str, ...]  # this season's cards, in reveal order
    current: str | None
    ruins_pending: bool
    deck_size: int
    ambushes_in_play: tuple[str, ...]
    waiting_for: tuple[int, ...]
    sheets: tuple[MapSheet, ...]
    scores: tuple[tuple[SeasonScore, ...], ...]
    over: bool
    decision: Decision | None = None
    legal: LegalMoves | None = None
    # The game's ambush cards, sorted by id: which cards are in the game is public from the
    # set-up, their order is not. Empty in a view saved before the field existed.
    ambushes: tuple[str, ...] = ()
    # What happened lately, oldest first: the game's events (all public) since the previous
    # card was revealed, each with the ``step`` of the action it follows from and ``by``, the
    # seat that acted (None: the game itself). Words for a front end, not state: two views of
    # the same position are equal without it.
    recent: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    # Every seat's pending decision as (seat, kind, map), seats in order: what each player is
    # doing is public at a real table (the cards are face up, a monster is drawn openly).
    # Empty in a view saved before the field existed.
    owing: tuple[tuple[int, str, int], ...] = ()

    game = "cartographers"

    # What a front end needs beside the fields, all public: the game's printed cards (from
    # the config, never a deck's order) and what the scores so far add up to.

    @property
    def cards(self) -> CardSet:
        """Every card the game's boxes bring, by kind and id (the same set the game uses)."""
        return self.config.card_set()

    def card(self, card_id: str) -> ExploreCard | HeroCard | AmbushCard | RuinsCard:
        """An explore, hero, ruins or ambush card by id."""
        return self.cards.card(card_id)

    def terrain_options_for(self, decision: Decision) -> tuple[str, ...]:
        """The terrains a draw decision allows: the card's, or a fallback cell's."""
        return results.terrain_options(self.cards, self.config, decision)

    def totals(self) -> list[int]:
        return results.totals(self.scores)

    def standings(self) -> list[Standing]:
        """As the game ranks: highest total first, then fewer stars lost to monsters."""
        return results.standings(self.scores)

    def winners(self) -> list[int]:
        """The seats ranked first (several when the tie-break too is equal)."""
        return winners_of(self.standings())

    def solo_par(self) -> int:
        """The four scoring cards' solo values: what a solo total is measured against."""
        return results.solo_par(self.cards, self.scoring)

    def solo_rating(self) -> int:
        return results.solo_rating(self.cards, self.scoring, self.scores)

    def solo_title(self, language: str = "en") -> str | None:
        return results.title_name(self.solo_rating(), language)

    def preview(self, action: CartographersAction | str | None = None,
                season_index: int | None = None, sheet: int | None = None) -> ScorePreview:
        """What season ``season_index`` (default: the current one) would score if it ended
        now: on the map as it is (``action`` None), or as ``action``, one of the seat's legal
        actions now (an action or its notation), would leave it.

        The map is the one the decision is on (a neighbour's, for a monster); with no action,
        ``sheet`` picks any map (default: the decision's map, else the seat's own, else the
        first). The action is worked out on a copy with the game's own effects, never played,
        so a preview reveals nothing the view does not hold. A malformed action is a
        :class:`NotationError`; an illegal one, or a map or season that does not exist, an
        :class:`IllegalAction` or :class:`NotationError` saying which."""
        index = self._season_to_preview(season_index)
        if action is None:
            owner = self._sheet_to_preview(sheet)
            return score_season(self.cards, self.scoring, index, owner, self.sheets[owner])
        if isinstance(action, str):
            action = parse_action(action)
        decision = self._check_previewable(action)
        if sheet is not None and sheet != decision.sheet:
            raise IllegalAction(f"this decision is on map {decision.sheet}, not on map {sheet}",
                                CartographersRefusal.WRONG_MAP,
                                {"map": decision.sheet, "asked": sheet})
        after = outcome(self.cards, decision, self.sheets[decision.sheet], action)
        return score_season(self.cards, self.scoring, index, decision.sheet, after)

    def _season_to_preview(self, season_index: int | None) -> int:
        last = len(self.cards.seasons) - 1
        if season_index is None:
            return min(self.season_index, last)
        if not is_int(season_index) or not 0 <= season_index <= last:
            raise NotationError(f"a season index is 0-{last}, not {season_index!r}")
        return season_index

    def _sheet_to_preview(self, sheet: int | None) -> int:
        if sheet is None:
            if self.decision is not None:
                return self.decision.sheet
            return self.you if self.you is not None else 0
        if not is_int(sheet) or not 0 <= sheet < len(self.sheets):
            raise IllegalAction(f"there is no map {sheet!r}: maps are 0-{len(self.sheets) - 1}",
                                CartographersRefusal.NO_SUCH_MAP,
                                {"map": repr(sheet), "last": len(self.sheets) - 1})
        return sheet

    def _check_previewable(self, action: object) -> Decision:
        """The decision ``action`` answers, or :class:`IllegalAction` if it is not one of
        the seat's legal actions now."""
        if self.decision is None or self.legal is None:
            who = "a spectator" if self.you is None else self.config.player_name(self.you)
            raise IllegalAction(f"{who} owes no decision now: only the map as it is can be "
                                "previewed", CartographersRefusal.NOTHING_TO_PREVIEW)
        if not isinstance(action, (Draw, PlaceHero, DrawMonster, Destroy)):
            raise IllegalAction(f"a {type(action).__name__} is not a cartographers action",
                                CoreRefusal.WRONG_ACTION_TYPE, {"kind": type(action).__name__})
        self.legal.check(action)
        if isinstance(action, PlaceHero) and action.quarter_turns and not self.config.hero_turns:
            raise IllegalAction("in this game a hero's attack pattern is drawn as printed "
                                "(hero turning is off): use r0", CartographersRefusal.ROTATION)
        return self.decision

    def to_json(self) -> dict[str, Any]:
        standings = self.standings()
        return {
            "game": self.game,
            "you": self.you,
            "config": self.config.to_json(),
            "scoring": list(self.scoring),
            "season_index": self.season_index,
            "season": self.season,
            "season_time": self.season_time,
            "season_threshold": self.season_threshold,
            "revealed": list(self.revealed),
            "current": self.current,
            "ruins_pending": self.ruins_pending,
            "deck_size": self.deck_size,
            "ambushes_in_play": list(self.ambushes_in_play),
            "waiting_for": list(self.waiting_for),
            "sheets": [s.to_json() for s in self.sheets],
            "scores": [[s.to_json() for s in seasons] for seasons in self.scores],
            "over": self.over,
            "decision": self.decision.to_json() if self.decision else None,
            "legal": self.legal.to_json() if self.legal else None,
            "ambushes": list(self.ambushes),
            "recent": [dict(event) for event in self.recent],
            "owing": [{"seat": seat, "kind": kind, "sheet": sheet}
                      for seat, kind, sheet in self.owing],
            # What the scores add up to, as the game ranks and rates them, so that no front
            # end computes a rule.
            "standings": [s.to_json() for s in standings],
            "winners": winners_of(standings) if self.over else [],
            "running_totals": results.running_totals(self.scores),
            "solo": (results.solo_json(self.cards, self.scoring, self.scores)
                     if len(self.sheets) == 1 else None),
        }

    @classmethod
    def from_json(cls, data: Any) -> CartographersView:
        """A view read back from its JSON (for a bot or a client across a wire); anything
        malformed is a :class:`NotationError`."""
        if not isinstance(data, dict) or data.get("game") != cls.game:
            raise NotationError("not a Cartographers view")
        try:
            decision, legal = data.get("decision"), data.get("legal")
            return cls(
                you=None if data["you"] is None else whole_number(data["you"], "seat"),
                config=GameConfig.from_json(data["config"]),
                scoring=tuple(str(c) for c in data["scoring"]),
                season_index=whole_number(data["season_index"], "season index"),
                season=str(data["season"]),
                season_time=whole_number(data["season_time"], "season time"),
                season_threshold=whole_number(data["season_threshold"], "season threshold"),
                revealed=tuple(str(c) for c in data["revealed"]),
                current=None if data["current"] is None else str(data["current"]),
                ruins_pending=field_bool(data, "ruins_pending"),
                deck_size=whole_number(data["deck_size"], "deck size"),
                ambushes_in_play=tuple(str(c) for c in data["ambushes_in_play"]),
                waiting_for=tuple(whole_number(p, "seat") for p in data["waiting_for"]),
                sheets=tuple(MapSheet.from_json(s) for s in data["sheets"]),
                scores=tuple(tuple(SeasonScore.from_json(s) for s in seasons)
                             for seasons in data["scores"]),
                over=field_bool(data, "over"),
                decision=Decision.from_json(decision) if decision else None,
                legal=LegalMoves.from_json(legal) if legal else None,
                ambushes=tuple(str(c) for c in data.get("ambushes", ())),
                recent=tuple(dict(e) for e in data.get("recent", ())),
                owing=tuple((whole_number(o["seat"], "seat"), str(o["kind"]),
                             whole_number(o["sheet"], "sheet"))
                            for o in data.get("owing", ())),
            )
        except (HerotableError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise NotationError(f"malformed Cartographers view: {exc}") from exc

