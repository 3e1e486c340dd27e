"""The shared deck of a table that plays on paper: the cards flipped one by one for players
who draw on printed maps, around a table or over a video call.

A paper table is a Cartographers set-up, a seed and how many cards were flipped: the same
set-up and seed deal exactly the deck the digital game deals (:mod:`herotable.cartographers.
deck`), so a flip shows the card the digital game would reveal next. Nobody's map is known
here, so no decision is waited for: a flip reveals the next card (and, after a ruins card,
the one after it at once, as the rulebooks say); a season ends when its time reaches its
threshold (or its deck runs out), and the next flip starts the next season with its
revealed explore and ruins cards shuffled back and its new ambush and hero shuffled in.

:meth:`PaperTable.state` is the public state: what has been flipped, never a card to come.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from herotable.cartographers.cards import AmbushCard, ExploreCard, RuinsCard
from herotable.cartographers.catalog import catalog_json
from herotable.cartographers.config import EDICTS, ConfigError, GameConfig
from herotable.cartographers.deck import deal, next_season, time_spent
from herotable.core.errors import IllegalAction
from herotable.core.refusals import CoreRefusal
from herotable.core.rng import SeededRng

# Which neighbour a player hands their map to for an ambush: players sit clockwise, so a
# clockwise pass goes to the left (the digital game's drawer_of: the next seat draws).
PASS_TO = {"clockwise": "left", "counterclockwise": "right"}
CARD_GROUPS = ("explore", "heroes", "ruins", "ambushes")


@cache
def _catalog_cards() -> dict[str, dict[str, Any]]:
    """Each card's catalog entry (its shapes, terrains, coins, time; an ambush's shape,
    direction and corner), by id."""
    catalog = catalog_json()
    return {card_id: entry for group in CARD_GROUPS for card_id, entry in catalog[group].items()}


class PaperTable:
    """The deck of one paper table. ``solo`` is the config's (one player): an ambush then
    follows the solo rule, as it does for every map when ``remote_ambush`` is set."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        if config.explicit_chance:
            raise ConfigError("a paper table deals its own cards: explicit chance is for a "
                              "program driving the engine")
        self.config = config
        self.seed = seed
        self.cards = config.card_set()
        self._rng = SeededRng(seed)
        self._decks = deal(config, self.cards, self._rng)
        self.season_index = 0
        self.revealed: list[str] = []  # this season's cards, in flip order
        self.last_flip: list[str] = []  # what the last flip revealed (a ruins card and the next)
        self.ruins = False  # the current explore card is drawn over ruins
        self.ruins_pending = False  # a ruins card waits for the next explore card
        self.season_over = False
        self.flips = 0
        self.ambushes_in_play: list[str] = []  # revealed ambushes: some act after each scoring

    @classmethod
    def after(cls, config: GameConfig, seed: int, flips: int) -> PaperTable:
        """The table after ``flips`` flips (a stored table is its set-up, seed and count)."""
        table = cls(config, seed)
        for _ in range(flips):
            table.flip()
        return table

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.season_over and self.season_index == len(self.cards.seasons) - 1

    @property
    def scoring(self) -> tuple[str, ...]:
        return self._decks.scoring

    @property
    def current(self) -> str | None:
        return self.revealed[-1] if self.revealed else None

    def season_time(self) -> int:
        return time_spent(self.cards, self.revealed)

    def season_threshold(self) -> int:
        return self.cards.seasons[self.season_index].time

    def self_placed(self) -> bool:
        """Whether ambushes follow the solo rule (solo, or the host's remote rule)."""
        return self.config.solo or self.config.remote_ambush

    # ------------------------------------------------------------------ flipping

    def flip(self) -> list[str]:
        """Reveal the next card (and the next again after a ruins card); at a season's end,
        start the next season first. Returns the cards revealed. The game being over is
        refused with :class:`IllegalAction` (``game_over``), changing nothing."""
        if self.over:
            raise IllegalAction("the table's last season is over: no card is left to flip",
                                CoreRefusal.GAME_OVER)
        if self.season_over:
            self.season_index += 1
            next_season(self._decks, self.revealed, self.cards, self._rng)
            self.revealed = []
            self.ruins = self.ruins_pending = self.season_over = False
        deck = self._decks.deck
        self.last_flip = []
        self.ruins = False
        while deck:
            card = self.cards.card(deck.pop(0))
            self.revealed.append(card.id)
            self.last_flip.append(card.id)
            if isinstance(card, RuinsCard):
                self.ruins_pending = True
                continue
            if isinstance(card, ExploreCard):
                self.ruins, self.ruins_pending = self.ruins_pending, False
            elif isinstance(card, AmbushCard):
                self.ambushes_in_play.append(card.id)
            break
        self.flips += 1
        if self.season_time() >= self.season_threshold() or not deck:
            self.season_over = True
        return list(self.last_flip)

    # ------------------------------------------------------------------ the public state

    def ambush(self) -> dict[str, Any] | None:
        """What the current card asks when it is an ambush: whom each player passes their
        map to, or the solo rule's corner and direction."""
        card_id = self.current
        if card_id is None or card_id not in self.cards.ambushes:
            return None
        card: AmbushCard = self.cards.ambushes[card_id]
        if self.self_placed():
            return {"card": card_id, "rule": "solo", "corner": card.corner,
                    "direction": card.direction}
        return {"card": card_id, "rule": "pass", "pass_to": PASS_TO[card.direction],
                "direction": card.direction}

    def state(self) -> dict[str, Any]:
        """The public state: the season and its time against the threshold, the seasons'
        track, the edicts (this season's two lit), the current card with its catalog entry,
        this season's revealed cards, an ambush's rule, the ambushes revealed so far (their
        effects after each scoring), and at a season's end the edicts to score now. Nothing
        of the cards to come."""
        season = self.cards.seasons[self.season_index]
        current = self.current
        config = replace(self.config, deck=()) if self.config.deck else self.config
        return {
            "flips": self.flips,
            "config": config.to_json(),
            "solo": self.config.solo,
            "remote_ambush": self.config.remote_ambush,
            "season": {"index": self.season_index, "id": season.id,
                       "time": self.season_time(), "threshold": season.time,
                       "edicts": list(season.edicts)},
            "seasons": [{"id": s.id, "threshold": s.time, "edicts": list(s.edicts)}
                        for s in self.cards.seasons],
            "edicts": [{"letter": letter, "card": card_id, "lit": letter in season.edicts}
                       for letter, card_id in zip(EDICTS, self.scoring, strict=True)],
            "current": None if current is None else _catalog_cards()[current],
            "last_flip": list(self.last_flip),
            "ruins": self.ruins,
            "ruins_pending": self.ruins_pending,
            "revealed": list(self.revealed),
            "ambush": self.ambush(),
            "ambushes_in_play": list(self.ambushes_in_play),
            "season_over": self.season_over,
            "score_now": list(season.edicts) if self.season_over else [],
            "over": self.over,
        }
