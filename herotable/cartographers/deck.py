"""Dealing the cards: the scoring cards under edicts A-D, the ambush and hero decks, and each
season's explore deck.

One copy of the dealing, shared by the digital game (:class:`~herotable.cartographers.game.
CartographersGame`) and the paper table (:mod:`herotable.cartographers.paper_table`), so that both
deal exactly the same cards in the same order for the same set-up and seed: every draw from
the seeded generator happens here, in the order the game has always made them.
"""

from __future__ import annotations

from dataclasses import dataclass

from herotable.cartographers.cards import CardSet, all_ambushes
from herotable.cartographers.config import GameConfig
from herotable.core.rng import SeededRng


@dataclass
class Decks:
    """The face-down piles of a game being set up or played: ``deck`` is this season's
    explore deck, top first; ``ambush_deck`` and ``hero_deck`` give one card each season."""

    scoring: tuple[str, ...]
    deck: list[str]
    ambush_deck: list[str]
    hero_deck: list[str]


def deal_scoring(config: GameConfig, cards: CardSet, rng: SeededRng) -> tuple[str, ...]:
    """One random card of each category from the chosen boxes, then placed at random under
    edicts A-D."""
    by_category: dict[str, list[str]] = {}
    for card in cards.scoring.values():
        if card.box in config.scoring_boxes:
            by_category.setdefault(card.category, []).append(card.id)
    chosen = [rng.choice(by_category[cat]) for cat in sorted(by_category)]
    rng.shuffle(chosen)
    return tuple(chosen)


def deal_ambushes(config: GameConfig, rng: SeededRng) -> list[str]:
    """Four ambush cards from the chosen boxes (all of them when the boxes hold four)."""
    pool = [a.id for a in all_ambushes().values() if a.box in config.ambush_boxes]
    if len(pool) > 4:
        rng.shuffle(pool)
    return pool[:4]


def deal(config: GameConfig, cards: CardSet, rng: SeededRng) -> Decks:
    """The set-up: the edicts, the shuffled ambush and hero decks, and the first season's
    deck (a scenario's exactly as given; else the explore and ruins cards with the first
    ambush and hero, shuffled)."""
    scoring = config.scoring or deal_scoring(config, cards, rng)
    ambush_deck = list(config.ambushes) or deal_ambushes(config, rng)
    rng.shuffle(ambush_deck)
    hero_deck = list(cards.heroes)
    rng.shuffle(hero_deck)
    decks = Decks(scoring, [*cards.explore, *cards.ruins], ambush_deck, hero_deck)
    if config.deck:  # a scenario: this season's cards exactly, in this order
        scenario = set(config.deck)
        decks.ambush_deck = [a for a in decks.ambush_deck if a not in scenario]
        decks.hero_deck = [h for h in decks.hero_deck if h not in scenario]
        decks.deck = list(config.deck)
    else:
        add_season_cards(decks, rng)
    return decks


def add_season_cards(decks: Decks, rng: SeededRng) -> None:
    """Shuffle in the top ambush and hero card (unseen) with the explore deck."""
    if decks.ambush_deck:
        decks.deck.append(decks.ambush_deck.pop(0))
    if decks.hero_deck:
        decks.deck.append(decks.hero_deck.pop(0))
    rng.shuffle(decks.deck)


def time_spent(cards: CardSet, revealed: list[str]) -> int:
    """The season's time so far: the time of its revealed explore cards (ruins, heroes and
    ambushes take none)."""
    return sum(cards.explore[c].time for c in revealed if c in cards.explore)


def next_season(decks: Decks, revealed: list[str], cards: CardSet, rng: SeededRng) -> None:
    """The next season's deck: the season's revealed explore and ruins cards go back (its
    heroes and ambushes leave the game), then the season's new cards are shuffled in."""
    decks.deck += [c for c in revealed if c in cards.explore or c in cards.ruins]
    add_season_cards(decks, rng)
