"""The Cartographers reference: the rules of Heroes, the base game and their variants, then
an entry per card of every box.

The rules are catalogue texts (``rulebook.cartographers.entry.<id>``); a card's entry is
composed from the card data (the public catalog: shapes, times, terrains, attack patterns,
directions, solo values) and short catalogue sentences, so it can never disagree with the
cards the engine plays. Shapes are drawn as lines of ``■`` (a cell) and ``□`` (a gap); a
hero's pattern as ``◉`` (the hero) and ``✕`` (an attacked cell).
"""

from __future__ import annotations

import functools
from typing import Any

from herotable.cartographers.catalog import catalog_json
from herotable.cartographers.config import MAX_PLAYERS
from herotable.messages import say
from herotable.rulebook import RuleEntry

PREFIX = "rulebook.cartographers"
SECTIONS = ("setup", "turn", "map", "explore", "heroes", "ambushes", "scoring", "solo",
            "variants")
# The rules entries, in reading order: (id, section, see_also). Each has its title, text and
# terms in the catalogues; a text's {placeholders} are filled from the card data.
RULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("goal", "setup", ("setup", "game_end")),
    ("setup", "setup", ("sides", "edicts", "first_game")),
    ("sides", "setup", ("terrains", "ruins")),
    ("edicts", "setup", ("season_end", "scoring")),
    ("first_game", "setup", ("edicts",)),
    ("turn", "turn", ("drawing", "time")),
    ("drawing", "turn", ("filled", "coins")),
    ("time", "turn", ("season_end",)),
    ("season_end", "turn", ("scoring", "monsters")),
    ("terrains", "map", ("filled",)),
    ("filled", "map", ("destroyed",)),
    ("coins", "map", ("scoring",)),
    ("ruins", "map", ("card.temple_ruins", "card.outpost_ruins")),
    ("destroyed", "map", ("heroes", "monster_penalty")),
    ("explore", "explore", ("drawing", "time")),
    ("heroes", "heroes", ("destroyed", "hero_turns")),
    ("ambushes", "ambushes", ("monsters", "monster_penalty", "solo_ambush")),
    ("monsters", "ambushes", ("card.dragon_inferno", "card.zombie_plague",
                              "card.giant_troll_ravage", "card.gorgon_gaze")),
    ("scoring", "scoring", ("edicts", "coins", "monster_penalty")),
    ("monster_penalty", "scoring", ("ambushes", "heroes")),
    ("game_end", "scoring", ("monster_penalty",)),
    ("solo", "solo", ("solo_ambush", "solo_score")),
    ("solo_ambush", "solo", ("ambushes", "remote_ambush")),
    ("solo_score", "solo", ("solo",)),
    ("base_game", "variants", ("ruins", "combined")),
    ("combined", "variants", ("base_game", "heroes")),
    ("remote_ambush", "variants", ("solo_ambush",)),
    ("hero_turns", "variants", ("heroes",)),
    ("players", "variants", ("solo", "ambushes")),
)
# Where each kind of card is listed, after the rules of that section.
CARD_GROUPS = (("explore", "explore"), ("ruins", "explore"), ("heroes", "heroes"),
               ("ambushes", "ambushes"), ("scoring", "scoring"))
CATEGORY_ORDER = ("forest", "farm_water", "village", "general")
ART_CELL, ART_GAP, ART_HERO, ART_ATTACK = "■", "□", "◉", "✕"


def sections(language: str) -> list[tuple[str, str]]:
    return [(key, say(language, f"{PREFIX}.section.{key}")) for key in SECTIONS]


def entries(language: str) -> list[RuleEntry]:
    found = [_rule(key, section, see_also, language) for key, section, see_also in RULES]
    cards = _catalog()
    for group, section in CARD_GROUPS:
        listed = cards[group].values()
        if group == "scoring":
            listed = sorted(listed, key=lambda c: (_box_order(c["box"]),
                                                   CATEGORY_ORDER.index(c["category"])))
        else:
            listed = sorted(listed, key=lambda c: _box_order(c["box"]))
        found += [_card_entry(group, card, section, language) for card in listed]
    # Sections in their reading order, each entry keeping its place within its section.
    return sorted(found, key=lambda e: SECTIONS.index(e.section))


@functools.cache
def _catalog() -> dict[str, Any]:
    return catalog_json()


def _box_order(box: str) -> int:
    return ("heroes", "base", "promo").index(box)


def _rule(key: str, section: str, see_also: tuple[str, ...], language: str) -> RuleEntry:
    at = f"{PREFIX}.entry.{key}"
    terms = tuple(t.strip() for t in say(language, f"{at}.terms").split(",") if t.strip())
    return RuleEntry(id=key, section=section, title=say(language, f"{at}.title"),
                     text=say(language, f"{at}.text", **_rule_params(key, language)),
                     terms=terms, see_also=see_also)


def _rule_params(key: str, language: str) -> dict[str, object]:
    """What the rule ``key``'s text names from the data, in ``language``."""
    cards = _catalog()
    colon = say(language, "punct.colon")  # French sets it apart with a space
    if key == "sides":
        return {"sides": "\n".join(side["names"][language] for side in cards["map_sides"].values())}
    if key == "first_game":
        letters = cards["edicts"]["heroes"]
        chosen = cards["presets"]["first_game"]["scoring"]
        return {"cards": "\n".join(f"{letters[letter][language]}{colon} "
                                   f"{cards['scoring'][card]['names'][language]}"
                                   for letter, card in zip("ABCD", chosen, strict=True))}
    if key == "time":
        letters = cards["edicts"]["heroes"]
        return {"seasons": "\n".join(
            f"{s['names'][language]}{colon} {s['time']} "
            f"({', '.join(letters[e][language] for e in s['edicts'])})"
            for s in cards["seasons"]["heroes"])}
    if key == "terrains":
        return {"terrains": ", ".join(say(language, f"terrain.{t}")
                                      for t in cards["terrains"] if t != "hero")}
    if key == "coins":
        return {"track": cards["coin_track"]}
    if key == "solo_score":
        lowest = cards["titles"][-1]["min"]
        return {"titles": "\n".join(f"{_range(t['min'], t['max'])}{colon} {t['names'][language]}"
                                    for t in cards["titles"]),
                "lowest": _number(lowest)}
    if key == "players":
        return {"max": MAX_PLAYERS}
    return {}


def _number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _range(low: int, high: int | None) -> str:
    return f"{_number(low)}+" if high is None else f"{_number(low)} … {_number(high)}"


def _card_entry(group: str, card: dict[str, Any], section: str, language: str) -> RuleEntry:
    names = card["names"]
    name = names[language]
    terms = tuple(dict.fromkeys((name, names["en"])))
    text = {"explore": _explore_text, "ruins": _ruins_text, "heroes": _hero_text,
            "ambushes": _ambush_text, "scoring": _scoring_text}[group](card, language)
    return RuleEntry(id=f"card.{card['id']}", section=section, title=name, text=text,
                     terms=terms, see_also=_card_see_also(group, card))


def _card_see_also(group: str, card: dict[str, Any]) -> tuple[str, ...]:
    if group == "explore":
        return ("drawing", "coins") if card["time"] else ("terrains", "monster_penalty")
    if group == "ambushes":
        return ("ambushes", "monsters", "solo_ambush") if card["effect"] != "none" else (
            "ambushes", "solo_ambush")
    return {"ruins": ("ruins",), "heroes": ("heroes", "hero_turns"),
            "scoring": ("edicts", "scoring")}[group]


def _box(card: dict[str, Any], language: str) -> str:
    return say(language, f"setup.box.{card['box']}")


def _art(cells: list[list[int]], marks: dict[tuple[int, int], str] | None = None) -> str:
    """Cells ``[row, col]`` as lines of ■ and □; ``marks`` draws other signs on some cells."""
    marks = marks or {}
    taken = {(row, col): ART_CELL for row, col in cells} | marks
    rows = [r for r, _ in taken]
    cols = [c for _, c in taken]
    return "\n".join("".join(taken.get((row, col), ART_GAP)
                             for col in range(min(cols), max(cols) + 1))
                     for row in range(min(rows), max(rows) + 1))


def _touching_at_corners_only(cells: list[list[int]]) -> bool:
    """Whether the shape falls apart along its sides (cells joined only at a corner)."""
    left = {(r, c) for r, c in cells}
    reached = [left.pop()]
    while reached:
        r, c = reached.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in left:
                left.remove(near)
                reached.append(near)
    return bool(left)


def _explore_text(card: dict[str, Any], language: str) -> str:
    terrains = ", ".join(say(language, f"terrain.{t}") for t in card["terrains"])
    paragraphs = [say(language, f"{PREFIX}.card.explore", box=_box(card, language),
                      time=card["time"], terrains=terrains)]
    for n, shape in enumerate(card["shapes"], start=1):
        line = say(language, f"{PREFIX}.card.{'shape_coin' if shape['coin'] else 'shape'}",
                   n=n, count=len(shape["cells"]))
        if _touching_at_corners_only(shape["cells"]):
            line += " " + say(language, f"{PREFIX}.card.corners")
        paragraphs.append(f"{line}\n{_art(shape['cells'])}")
    if len(card["terrains"]) > 2:
        paragraphs.append(say(language, f"{PREFIX}.card.any_terrain"))
    return "\n\n".join(paragraphs)


def _ruins_text(card: dict[str, Any], language: str) -> str:
    return say(language, f"{PREFIX}.card.ruins", box=_box(card, language))


def _hero_text(card: dict[str, Any], language: str) -> str:
    attack = {(row, col): ART_ATTACK for row, col in card["attack"]}
    art = _art([], {(0, 0): ART_HERO, **attack})
    return "\n\n".join((
        say(language, f"{PREFIX}.card.hero", box=_box(card, language), count=len(attack)),
        art, say(language, f"{PREFIX}.card.hero_after")))


def _ambush_text(card: dict[str, Any], language: str) -> str:
    paragraphs = [
        say(language, f"{PREFIX}.card.ambush", box=_box(card, language),
            count=len(card["cells"])) + "\n" + _art(card["cells"]),
        say(language, f"{PREFIX}.direction.{card['direction']}"),
        say(language, f"{PREFIX}.card.solo_corner",
            corner=say(language, f"{PREFIX}.corner.{card['corner']}")),
        say(language, f"{PREFIX}.effect.{card['effect']}"),
    ]
    return "\n\n".join(paragraphs)


def _scoring_text(card: dict[str, Any], language: str) -> str:
    return "\n\n".join((
        say(language, f"{PREFIX}.card.scoring", box=_box(card, language),
            category=say(language, f"category.{card['category']}")),
        say(language, f"scoring.{card['id']}.text"),
        say(language, f"{PREFIX}.card.solo_value", solo=card["solo"])))
