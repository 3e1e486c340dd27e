"""A Cartographers seat's view, read back into bitboards and card data a bot can reason with.

Everything here comes from ``view(seat)``: the maps, the scoring cards, the season clock,
the cards revealed this season and the game's ambush cards (a set: which four are in the game
is public, their order is not). The deck order is not in the view, so what a bot knows of the
future is the *set* of cards still unseen this season, and which ambushes may still come
(:meth:`Position.waiting_ambushes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from herotable.bots.base import BotError
from herotable.cartographers.actions import CartographersAction, Draw
from herotable.cartographers.cards import CardSet, all_ambushes
from herotable.cartographers.config import GameConfig
from herotable.cartographers.decisions import Decision
from herotable.cartographers.outcomes import outcome
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.view import CartographersView, LegalMoves
from herotable.core.errors import NotationError
from herotable.core.rng import SeededRng


@dataclass(slots=True)
class Position:
    """One seat's knowledge at a decision."""

    seat: int
    config: GameConfig
    cards: CardSet
    scoring: tuple[str, ...]  # the cards under edicts A, B, C, D
    season_index: int
    season_time: int
    threshold: int
    revealed: tuple[str, ...]  # this season's cards, in reveal order
    ambushes_in_play: tuple[str, ...]
    ambushes: tuple[str, ...]  # the game's ambush cards, as a set (sorted)
    ruins_pending: bool
    sheets: list[MapSheet]
    decision: Decision | None
    banked: int = 0  # the stars this seat's seasons already scored

    def stars_so_far(self, sheet: int) -> int:
        """Stars already scored on map ``sheet`` (0 unless it is this seat's own)."""
        return self.banked if sheet == self.seat else 0

    @property
    def solo(self) -> bool:
        return len(self.sheets) == 1

    def after(self, action: CartographersAction) -> MapSheet:
        """The map the pending decision is on, as ``action`` would leave it (a copy)."""
        if self.decision is None:
            raise BotError("the view holds no decision for this seat")
        return outcome(self.cards, self.decision, self.sheets[self.decision.sheet], action)

    def draws(self, legal: Sequence[CartographersAction]) -> list[tuple[int, str, bool]] | None:
        """A draw decision's ``legal`` actions as (cells, terrain, whether it is the coin
        shape), in their order, without building the actions when ``legal`` is the game's
        :class:`LegalMoves`; None for any other decision (or a list holding other actions)."""
        decision = self.decision
        if decision is None or decision.kind != "draw":
            return None
        coins = (frozenset() if decision.fallback
                 else self.cards.explore[decision.card].coin_placements)
        if isinstance(legal, LegalMoves):
            terrains = legal.terrains
            return [(mask, terrain, mask in coins) for mask in legal.masks
                    for terrain in terrains]
        draws = []
        for action in legal:
            if not isinstance(action, Draw):
                return None
            draws.append((action.cells, action.terrain, action.cells in coins))
        return draws

    def unseen_explore(self) -> list[str]:
        """Explore and ruins cards not yet revealed this season (each season reshuffles them
        all); the season's ambush, if still to come, is :meth:`waiting_ambushes`' business."""
        revealed = set(self.revealed)
        return [c for c in (*self.cards.explore, *self.cards.ruins) if c not in revealed]

    def waiting_ambushes(self) -> list[str]:
        """The game's ambushes not yet revealed: one of them is in this season's deck if
        :meth:`ambush_to_come`, the others join the seasons after, in an unknown order."""
        return [a for a in self.ambushes if a not in self.ambushes_in_play]

    def ambush_to_come(self) -> bool:
        """Whether this season's deck still hides an ambush: four ambushes for four seasons,
        one joins each season's deck, unless it is revealed already."""
        if set(self.revealed) & set(self.cards.ambushes):
            return False
        return len(self.ambushes_in_play) <= self.season_index and bool(
            self.waiting_ambushes())

    def sample_future(self, rng: SeededRng, seasons: int = 2) -> Future:
        """One guess at the cards to come over ``seasons`` seasons (this one and the next),
        as a player would reason: this season's unseen explore and ruins cards plus, if one
        is still to come, an ambush drawn from those waiting (never a card outside the game),
        shuffled; then, if the game has a next season within the horizon, its whole explore
        and ruins deck with the next of the waiting ambushes, shuffled. Hero cards are left
        out: the rollouts skip them."""
        waiting = self.waiting_ambushes()
        rng.shuffle(waiting)
        now = self.unseen_explore()
        if self.ambush_to_come():
            now.append(waiting.pop())
        rng.shuffle(now)
        if seasons < 2 or self.season_index + 1 >= len(self.cards.seasons):
            return Future(now, None)
        later = [*self.cards.explore, *self.cards.ruins]
        if waiting:
            later.append(waiting.pop())
        rng.shuffle(later)
        return Future(now, later)


@dataclass(frozen=True, slots=True)
class Future:
    """The cards to come, in order: the rest of this season (``now``), then the next
    season's whole deck (``later``; None past the horizon or after winter)."""

    now: list[str]
    later: list[str] | None


def game_ambushes(view: CartographersView) -> tuple[str, ...]:
    """The game's ambush cards as the view tells them; a view from before they were part of
    it falls back on the config's four, else on every card of the boxes they were dealt from
    (what a player who missed the set-up would know)."""
    if view.ambushes:
        return view.ambushes
    if view.config.ambushes:
        return tuple(sorted(view.config.ambushes))
    boxes = view.config.ambush_boxes
    return tuple(sorted(a.id for a in all_ambushes().values() if a.box in boxes))


def read_view(view: CartographersView | dict[str, Any]) -> Position:
    """The bot's :class:`Position` from a seat's view (or its JSON, for a bot across a wire);
    a view that is not a Cartographers seat's is refused."""
    if isinstance(view, dict):
        try:
            view = CartographersView.from_json(view)
        except NotationError as exc:
            raise BotError(f"this bot plays Cartographers; the view is unreadable: {exc}") from exc
    if not isinstance(view, CartographersView):
        raise BotError("this bot plays Cartographers; the view is of another game")
    if view.you is None:
        raise BotError("the view does not say which seat it belongs to")
    return Position(
        seat=view.you,
        config=view.config,
        cards=view.config.card_set(),
        scoring=view.scoring,
        season_index=view.season_index,
        season_time=view.season_time,
        threshold=view.season_threshold,
        revealed=view.revealed,
        ambushes_in_play=view.ambushes_in_play,
        ambushes=game_ambushes(view),
        ruins_pending=view.ruins_pending,
        sheets=list(view.sheets),
        decision=view.decision,
        banked=view.totals()[view.you],
    )
