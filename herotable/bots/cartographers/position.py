"""A Cartographers seat's view, read back into bitboards and card data a bot can reason with.

Everything here comes from ``view(seat)``: the maps, the scoring cards, the season clock and
the cards revealed this season. The deck order is not in the view, so what a bot knows of the
future is the *set* of cards still unseen this season (:func:`unseen_cards`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from herotable.bots.base import BotError
from herotable.cartographers.cards import CardSet
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import Decision
from herotable.cartographers.sheet import MapSheet


@lru_cache(maxsize=32)
def _cards_for(config_json: str) -> tuple[GameConfig, CardSet]:
    config = GameConfig.from_json(json.loads(config_json))
    return config, config.card_set()


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
    sheets: list[MapSheet]
    decision: Decision | None

    @property
    def solo(self) -> bool:
        return len(self.sheets) == 1

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


def read_view(view: dict[str, Any]) -> Position:
    """The bot's :class:`Position`; a view that is not a Cartographers seat's is refused."""
    if view.get("game") != "cartographers":
        raise BotError("this bot plays Cartographers; the view is of another game")
    seat = view.get("you")
    if not isinstance(seat, int):
        raise BotError("the view does not say which seat it belongs to")
    config, cards = _cards_for(json.dumps(view["config"], sort_keys=True))
    season_ids = [s.id for s in cards.seasons]
    decision = view.get("your_decision")
    return Position(
        seat=seat,
        config=config,
        cards=cards,
        scoring=tuple(view["scoring"]),
        season_index=season_ids.index(view["season"]),
        season_time=int(view["season_time"]),
        threshold=int(view["season_threshold"]),
        revealed=tuple(view["revealed"]),
        ambushes_in_play=tuple(view["ambushes_in_play"]),
        sheets=[MapSheet.from_json(s) for s in view["sheets"]],
        decision=Decision.from_json(decision) if decision else None,
    )
