"""A Cartographers seat's view, read back into bitboards and card data a bot can reason with.

Everything here comes from ``view(seat)``: the maps, the scoring cards, the season clock and
the cards revealed this season. The deck order is not in the view, so what a bot knows of the
future is the *set* of cards still unseen this season (:func:`unseen_cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from herotable.bots.base import BotError
from herotable.cartographers.actions import CartographersAction
from herotable.cartographers.cards import CardSet
from herotable.cartographers.config import GameConfig
from herotable.cartographers.decisions import Decision
from herotable.cartographers.outcomes import outcome
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.view import CartographersView
from herotable.core.errors import NotationError


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

    def unseen_cards(self) -> list[str]:
        """Explore and ruins cards not yet revealed this season (each season reshuffles them
        all), plus the season's ambush and hero while they are still in the deck. The ambush
        is a placeholder id: which one is unknown, so the first not yet in play stands in."""
        revealed = set(self.revealed)
        unseen = [c for c in (*self.cards.explore, *self.cards.ruins) if c not in revealed]
        if not revealed & set(self.cards.ambushes):
            waiting = [a for a in self.cards.ambushes if a not in self.ambushes_in_play]
            if waiting and self._season_has_ambush():
                unseen.append(waiting[0])
        return unseen

    def _season_has_ambush(self) -> bool:
        # Four ambushes for four seasons: one joins each season's deck.
        return len(self.ambushes_in_play) <= self.season_index


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
        ruins_pending=view.ruins_pending,
        sheets=list(view.sheets),
        decision=view.decision,
        banked=view.totals()[view.you],
    )
