"""The rules reference of each game, in each language: entries in reading order, grouped in
sections, that a person searches or opens at a card's name.

A game's reference is the module of this package named for the game (``cartographers.py``,
``dominaria.py``), defining ``entries(language)`` and ``sections(language)``. The texts are
message-catalogue keys (``rulebook.<game>.*``, herotable/messages); card names come from the
games' data. Nothing here does I/O beyond reading the catalogues.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import unicodedata
from dataclasses import asdict, dataclass
from types import ModuleType
from typing import Any

from herotable.core.options import GameOptionError


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str                 # unique within the game, URL-safe: "card.lagoon", "turn"
    section: str            # a section id: "setup", "turn", "scoring", "solo"...
    title: str              # in the language
    text: str               # in the language; paragraphs separated by a blank line
    terms: tuple[str, ...]  # other words that find it (names in the language, symbols)
    see_also: tuple[str, ...]  # ids of related entries

    def to_json(self) -> dict[str, Any]:
        found = asdict(self)
        found["terms"], found["see_also"] = list(self.terms), list(self.see_also)
        return found


def games() -> list[str]:
    """The games with a rules reference: this package's modules."""
    return sorted(module.name for module in pkgutil.iter_modules(__path__))


def _module(game: str) -> ModuleType:
    if game not in games():
        raise GameOptionError(f"no rules reference for game {game!r}; known: {', '.join(games())}")
    return importlib.import_module(f"{__name__}.{game}")


def entries(game: str, language: str) -> list[RuleEntry]:
    """Every entry of ``game``'s reference in ``language`` (English where a catalogue lacks
    it), in reading order."""
    return list(_entries(game, language))


@functools.cache
def _entries(game: str, language: str) -> tuple[RuleEntry, ...]:
    return tuple(_module(game).entries(language))


def sections(game: str, language: str) -> list[tuple[str, str]]:
    """``(id, title)`` of each section of ``game``'s reference, in reading order."""
    found: list[tuple[str, str]] = _module(game).sections(language)
    return found


def fold(text: str) -> str:
    """``text`` for comparing: case and accents dropped (``Pâturage`` -> ``paturage``,
    ``Ёж`` -> ``еж``); letters with no decomposition (``ł``) stay as they are."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def find(game: str, language: str, query: str) -> list[RuleEntry]:
    """The entries a query finds, case- and accent-insensitively: first those whose id,
    title or one of whose terms is the query, then those whose title or terms hold every
    word of it, then those whose text does. An empty query finds nothing."""
    wanted = fold(query).strip()
    words = wanted.split()
    if not words:
        return []
    exact, named, told = [], [], []
    for entry, (names, text) in zip(_entries(game, language), _folded(game, language),
                                    strict=True):
        if wanted in names:
            exact.append(entry)
        elif all(any(word in name for name in names) for word in words):
            named.append(entry)
        elif all(word in text for word in words):
            told.append(entry)
    return exact + named + told


@functools.cache
def _folded(game: str, language: str) -> list[tuple[tuple[str, ...], str]]:
    """Each entry's id, title and terms, and its title, terms and text, folded once."""
    found = []
    for entry in _entries(game, language):
        names = (fold(entry.id), fold(entry.title), *(fold(term) for term in entry.terms))
        found.append((names, " ".join((*names[1:], fold(entry.text)))))
    return found


def reference_json(game: str, language: str) -> dict[str, Any]:
    """The whole reference as ``GET /api/rules/{game}/{language}`` answers it."""
    return {"game": game, "language": language,
            "sections": [{"id": key, "title": title} for key, title in sections(game, language)],
            "entries": [entry.to_json() for entry in entries(game, language)]}
