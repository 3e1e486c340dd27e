"""Every Cartographers card of every box as JSON: what a browser needs to draw and name the
cards, the seasons, the solo titles and the map sides.

The catalog depends on the data files only, never on a game, so a client may fetch it once
and cache it. Cells are ``[row, col]`` (row down, column right) in the printed orientation:
a shape's from its bounding box's top-left corner, a hero's attack from the hero's cell. The
game turns and mirrors explore and monster shapes freely; a hero's pattern turns only to the
quarter turns listed in ``turns`` (those that differ), and only if the game's ``hero_turns``
option is on.
"""

from __future__ import annotations

from typing import Any

from herotable.cartographers.cards import (
    BOXES,
    DECK_BOXES,
    LANGUAGES,
    AmbushCard,
    ExploreCard,
    HeroCard,
    Names,
    RuinsCard,
    ScoringCard,
    Season,
    card_sets,
    map_sides,
    titles,
)
from herotable.cartographers.shapes import Shape
from herotable.cartographers.sheet import COIN_TRACK, DRAWN_TERRAINS, TERRAIN_LETTERS

# The map notation's characters that are no drawn terrain (see MapSheet.to_text): the cell
# each stands for and whether it is ruins. A drawn terrain is its letter, in lower case when
# drawn on ruins.
PRINTED_CELLS = {".": ("empty", False), "r": ("empty", True), "^": ("mountain", False),
                 "#": ("wasteland", False), "*": ("destroyed", False), "+": ("destroyed", True)}


def map_letters_json() -> dict[str, dict[str, Any]]:
    """Each character of the map notation as the cell a map draws for it."""
    cells = dict(PRINTED_CELLS)
    for terrain, letter in TERRAIN_LETTERS.items():
        cells[letter] = (terrain, False)
        cells[letter.lower()] = (terrain, True)
    return {char: {"terrain": terrain, "ruins": ruins} for char, (terrain, ruins) in cells.items()}


def shape_cells(shape: Shape) -> list[list[int]]:
    """``[row, col]`` of each cell, in reading order."""
    return sorted([y, x] for x, y in shape.cells)


def names_json(names: Names) -> dict[str, Any]:
    """An entry's names, and the languages whose name is the project's own (``ours``: no
    edition or other source gives it), so a client may say so."""
    return {"names": names.to_json(), "ours": sorted(names.ours)}


def explore_json(card: ExploreCard, box: str) -> dict[str, Any]:
    return {"id": card.id, "kind": card.kind, "box": box, **names_json(card.names),
            "time": card.time, "terrains": list(card.terrains),
            "shapes": [{"cells": shape_cells(o.shape), "coin": o.coin} for o in card.shapes]}


def hero_json(card: HeroCard, box: str) -> dict[str, Any]:
    return {"id": card.id, "kind": card.kind, "box": box, **names_json(card.names),
            "attack": sorted([dy, dx] for dx, dy in card.attack),
            "turns": [90 * t for t in card.distinct_turns()]}


def ruins_json(card: RuinsCard, box: str) -> dict[str, Any]:
    return {"id": card.id, "kind": card.kind, "box": box, **names_json(card.names)}


def ambush_json(card: AmbushCard) -> dict[str, Any]:
    # direction: which neighbour draws the monster (and the solo walk's); corner: where the
    # solo walk starts.
    return {"id": card.id, "kind": card.kind, "box": card.box, **names_json(card.names),
            "cells": shape_cells(card.shape), "effect": card.effect,
            "direction": card.direction, "corner": card.corner}


def scoring_json(card: ScoringCard) -> dict[str, Any]:
    return {"id": card.id, "kind": "scoring", "box": card.box, **names_json(card.names),
            "category": card.category, "solo": card.solo, "text": card.text}


def season_json(season: Season) -> dict[str, Any]:
    return {"id": season.id, "kind": "season", **names_json(season.names),
            "time": season.time,
            "edicts": list(season.edicts)}


def titles_json() -> list[dict[str, Any]]:
    """Best first; a title covers ratings from ``min`` to ``max`` (None: no upper bound)."""
    found = []
    above: int | None = None
    for title in titles():
        found.append({"min": title.threshold, "max": None if above is None else above - 1,
                      **names_json(title.names)})
        above = title.threshold
    return found


def presets_json() -> dict[str, Any]:
    """What each preset deals from: the boxes its scoring and ambush cards come from, and the
    scoring cards it fixes (the first game's), for a client that lets players choose cards."""
    from herotable.cartographers.config import PRESETS, GameConfig

    found = {}
    for name in PRESETS:
        config = GameConfig.preset(name)
        found[name] = {"scoring": list(config.scoring),
                       "scoring_boxes": list(config.scoring_boxes),
                       "ambushes": list(config.ambushes),
                       "ambush_boxes": list(config.ambush_boxes),
                       "seasons": config.seasons, "explore": config.explore, "side": config.side}
    return found


def catalog_json() -> dict[str, Any]:
    """The catalog (see the module docstring): cards by kind, each a dict by id in the data
    files' order and each tagged with its ``kind``; seasons and edict names by box, since the
    boxes' seasons differ."""
    sets = card_sets()
    return {
        "languages": list(LANGUAGES),
        "boxes": list(BOXES),
        "terrains": list(DRAWN_TERRAINS),
        "coin_track": COIN_TRACK,
        "map_letters": map_letters_json(),
        "explore": {c.id: explore_json(c, box) for box in BOXES
                    for c in sets[box].explore.values()},
        "heroes": {c.id: hero_json(c, box) for box in BOXES for c in sets[box].heroes.values()},
        "ruins": {c.id: ruins_json(c, box) for box in BOXES for c in sets[box].ruins.values()},
        "ambushes": {c.id: ambush_json(c) for box in BOXES for c in sets[box].ambushes.values()},
        "scoring": {c.id: scoring_json(c) for box in BOXES for c in sets[box].scoring.values()},
        "seasons": {box: [season_json(s) for s in sets[box].seasons] for box in DECK_BOXES},
        "edicts": {box: {letter: names.to_json() for letter, names in sets[box].edicts.items()}
                   for box in DECK_BOXES},
        "titles": titles_json(),
        "presets": presets_json(),
        "map_sides": {side.id: {"id": side.id, "box": side.box, **names_json(side.names),
                                "grid": side.grid.split("\n")}
                      for side in map_sides().values()},
    }
