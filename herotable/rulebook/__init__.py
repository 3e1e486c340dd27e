"""The rules reference of each game, in each language (``dominaria.py``: Heroes of Dominaria)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str                 # unique within the game, URL-safe: "card.lagoon", "symbol.mana", "turn"
    section: str            # a section id: "setup", "turn", "cards", "scoring", "solo", ...
    title: str              # in the language
    text: str               # in the language; paragraphs separated by a blank line
    terms: tuple[str, ...]  # other words that find it (names in the language, symbols like "W")
    see_also: tuple[str, ...]  # ids of related entries
