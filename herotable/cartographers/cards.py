"""Card and map data, loaded from the TOML files in ``data/`` and checked as they load.

The data files hold facts (shapes, times, names); these classes give them types. A broken
data file raises :class:`~herotable.core.errors.DataError` naming the card and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any

from herotable.cartographers.grid import bit
from herotable.cartographers.shapes import Shape, rotate_clockwise
from herotable.cartographers.sheet import EXPLORE_TERRAINS, MapSheet
from herotable.core.errors import DataError, HerotableError

LANGUAGES = ("en", "ru", "fr", "pl")
# What a player may draw when no offered shape fits: any terrain but mountain.
FALLBACK_TERRAINS = EXPLORE_TERRAINS
CATEGORIES = ("forest", "farm_water", "village", "general")
DIRECTIONS = ("clockwise", "counterclockwise")
CORNERS = ("top_left", "top_right", "bottom_right", "bottom_left")
EFFECTS = ("dragon", "zombie", "troll", "gorgon", "none")


@dataclass(frozen=True)
class Names:
    """A card's name in each language; English stands in where a translation is unknown.

    ``ours`` holds the languages whose name here is the project's own translation, because no
    edition or other source gives one (the data marks them ``ours = [...]`` next to ``names``).
    """

    en: str
    ru: str
    fr: str
    pl: str
    ours: frozenset[str] = frozenset()

    @classmethod
    def from_data(cls, data: dict[str, str], where: str,
                  ours: list[str] | tuple[str, ...] = ()) -> Names:
        if "en" not in data:
            raise DataError(f"{where}: names need at least 'en'")
        unknown = set(data) - set(LANGUAGES)
        if unknown:
            raise DataError(f"{where}: unknown name languages {sorted(unknown)}")
        unnamed = {str(language) for language in ours} - set(data)
        if unnamed or len(set(ours)) != len(ours):
            raise DataError(f"{where}: 'ours' must list, once each, languages named here; "
                            f"got {list(ours)}")
        en = data["en"]
        return cls(en=en, ru=data.get("ru", en), fr=data.get("fr", en), pl=data.get("pl", en),
                   ours=frozenset(ours))

    def get(self, language: str) -> str:
        return getattr(self, language if language in LANGUAGES else "en")

    def to_json(self) -> dict[str, str]:
        return {language: self.get(language) for language in LANGUAGES}


@dataclass(frozen=True)
class ShapeOption:
    shape: Shape
    coin: bool


@dataclass(frozen=True)
class ExploreCard:
    id: str
    time: int
    terrains: tuple[str, ...]
    shapes: tuple[ShapeOption, ...]
    names: Names
    kind: str = "explore"

    @cached_property
    def placements(self) -> tuple[int, ...]:
        """Every on-map mask of any of the card's shapes, in any orientation, once each."""
        return tuple(dict.fromkeys(m for o in self.shapes for m in o.shape.placements))

    @cached_property
    def coin_placements(self) -> frozenset[int]:
        """The placements of the card's coin shape (a shape's placements never coincide with
        another shape of the same card, so membership decides the coin). Kept on the card:
        every candidate draw a bot weighs asks, and a cache keyed by the card would hash the
        whole card each time, which costs more than the answer."""
        found: set[int] = set()
        for option in self.shapes:
            if option.coin:
                found |= option.shape.placement_set
        return frozenset(found)


@dataclass(frozen=True)
class HeroCard:
    id: str
    attack: tuple[tuple[int, int], ...]  # (dx, dy) offsets from the hero cell
    names: Names
    kind: str = "hero"
    time: int = 0

    def attack_mask(self, row: int, col: int, quarter_turns: int) -> int:
        """The on-map cells attacked from ``(row, col)`` with the pattern turned clockwise;
        offsets that fall off the map are simply not marked."""
        mask = 0
        for offset in self.attack:
            dx, dy = offset
            for _ in range(quarter_turns % 4):
                dx, dy = rotate_clockwise((dx, dy))
            r, c = row + dy, col + dx
            if 0 <= r < 11 and 0 <= c < 11:
                mask |= bit(r, c)
        return mask

    def distinct_turns(self) -> tuple[int, ...]:
        """Quarter turns that give different patterns (a plus looks the same all four ways)."""
        seen: dict[frozenset[tuple[int, int]], int] = {}
        pattern = frozenset(self.attack)
        for turns in range(4):
            seen.setdefault(pattern, turns)
            pattern = frozenset(rotate_clockwise(p) for p in pattern)
        return tuple(sorted(seen.values()))


@dataclass(frozen=True)
class AmbushCard:
    id: str
    shape: Shape
    direction: str
    corner: str
    effect: str
    names: Names
    box: str = "heroes"
    kind: str = "ambush"
    time: int = 0


@dataclass(frozen=True)
class RuinsCard:
    """A base-game card with no shape: the next explore card must be drawn over ruins."""

    id: str
    names: Names
    kind: str = "ruins"
    time: int = 0


@dataclass(frozen=True)
class ScoringCard:
    id: str
    category: str
    solo: int
    names: Names
    text: str
    box: str = "heroes"


@dataclass(frozen=True)
class Season:
    id: str
    time: int
    edicts: tuple[str, str]
    names: Names


@dataclass(frozen=True)
class MapSide:
    id: str
    names: Names
    grid: str
    box: str

    def new_sheet(self) -> MapSheet:
        return MapSheet.from_text(self.grid)


@dataclass(frozen=True)
class Title:
    threshold: int
    names: Names


@dataclass(frozen=True)
class CardSet:
    """Everything one box brings (seasons, decks, scoring cards, presets), or the cards one
    game uses when boxes are combined (see :func:`combined_set`)."""

    id: str
    edicts: dict[str, Names]
    seasons: tuple[Season, ...]
    explore: dict[str, ExploreCard]
    heroes: dict[str, HeroCard]
    ambushes: dict[str, AmbushCard]
    scoring: dict[str, ScoringCard]
    presets: dict[str, tuple[str, ...]]
    ruins: dict[str, RuinsCard] = field(default_factory=dict)

    def card(self, card_id: str) -> ExploreCard | HeroCard | AmbushCard | RuinsCard:
        """An explore, hero, ruins or ambush card by id (KeyError for another id)."""
        for group in (self.explore, self.heroes, self.ruins):
            if card_id in group:
                return group[card_id]
        return self.ambushes[card_id]


def _read_toml(name: str) -> dict[str, Any]:
    text = resources.files("herotable.cartographers").joinpath(f"data/{name}").read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"data/{name}: {exc}") from exc


def _require(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in entry:
        raise DataError(f"{where}: missing field {key!r}")
    value = entry[key]
    if not isinstance(value, kind):
        raise DataError(f"{where}: field {key!r} should be {kind.__name__}, got {value!r}")
    return value


def _names(entry: dict[str, Any], where: str) -> Names:
    """An entry's ``names`` with its ``ours`` marks."""
    ours = _require(entry, "ours", list, where) if "ours" in entry else []
    return Names.from_data(_require(entry, "names", dict, where), where, ours)


def _one_of(value: str, allowed: tuple[str, ...] | frozenset[str], where: str) -> str:
    if value not in allowed:
        raise DataError(f"{where}: {value!r} is not one of {sorted(allowed)}")
    return value


def _parse_attack(art: str, where: str) -> tuple[tuple[int, int], ...]:
    rows = art.split("/")
    hero = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "H"]
    if len(hero) != 1 or any(ch not in "Hx./" for ch in art):
        raise DataError(f"{where}: attack art needs exactly one 'H' and only 'x', '.', '/'")
    hx, hy = hero[0]
    return tuple(
        (x - hx, y - hy) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "x"
    )


def _unique(items: list[Any], where: str) -> dict[str, Any]:
    by_id: dict[str, Any] = {}
    for item in items:
        if item.id in by_id:
            raise DataError(f"{where}: duplicate id {item.id!r}")
        by_id[item.id] = item
    return by_id


def _load_set(file_name: str) -> CardSet:
    data = _read_toml(file_name)
    where = f"data/{file_name}"
    box = _require(data, "set", str, where)
    seasons = tuple(
        Season(
            id=_require(s, "id", str, where),
            time=_require(s, "time", int, f"{where} season {s.get('id')}"),
            edicts=tuple(_require(s, "edicts", list, where)),  # type: ignore[arg-type]
            names=_names(s, where),
        )
        for s in data.get("season", [])
    )
    explore = []
    for e in data.get("explore", []):
        at = f"{where} explore {e.get('id')}"
        terrains = tuple(
            _one_of(t, EXPLORE_TERRAINS, at) for t in _require(e, "terrains", list, at)
        )
        shapes = tuple(
            ShapeOption(Shape.from_art(_require(o, "art", str, at)), bool(o.get("coin", False)))
            for o in _require(e, "shapes", list, at)
        )
        if not terrains or not shapes:
            raise DataError(f"{at}: needs at least one terrain and one shape")
        explore.append(ExploreCard(
            id=_require(e, "id", str, at),
            time=_require(e, "time", int, at),
            terrains=terrains,
            shapes=shapes,
            names=_names(e, at),
        ))
    heroes = []
    for h in data.get("hero", []):
        at = f"{where} hero {h.get('id')}"
        heroes.append(HeroCard(
            id=_require(h, "id", str, at),
            attack=_parse_attack(_require(h, "attack", str, at), at),
            names=_names(h, at),
        ))
    ambushes = []
    for a in data.get("ambush", []):
        at = f"{where} ambush {a.get('id')}"
        ambushes.append(AmbushCard(
            id=_require(a, "id", str, at),
            shape=Shape.from_art(_require(a, "shape", str, at)),
            direction=_one_of(_require(a, "direction", str, at), DIRECTIONS, at),
            corner=_one_of(_require(a, "corner", str, at), CORNERS, at),
            effect=_one_of(a.get("effect", "none"), EFFECTS, at),
            names=_names(a, at),
            box=box,
        ))
    scoring = []
    for s in data.get("scoring", []):
        at = f"{where} scoring {s.get('id')}"
        scoring.append(ScoringCard(
            id=_require(s, "id", str, at),
            category=_one_of(_require(s, "category", str, at), CATEGORIES, at),
            solo=_require(s, "solo", int, at),
            names=_names(s, at),
            text=_require(s, "text", str, at),
            box=box,
        ))
    ruins = [
        RuinsCard(
            id=_require(r, "id", str, f"{where} ruins"),
            names=_names(r, f"{where} ruins {r.get('id')}"),
        )
        for r in data.get("ruins", [])
    ]
    card_set = CardSet(
        id=box,
        edicts={_require(e, "id", str, where): _names(e, where) for e in data.get("edict", [])},
        seasons=seasons,
        explore=_unique(explore, where),
        heroes=_unique(heroes, where),
        ambushes=_unique(ambushes, where),
        scoring=_unique(scoring, where),
        presets={k: tuple(v) for k, v in data.get("presets", {}).items()},
        ruins=_unique(ruins, where),
    )
    for season in seasons:
        for letter in season.edicts:
            if letter not in card_set.edicts:
                raise DataError(f"{where}: season {season.id!r} names unknown edict {letter!r}")
    for preset, ids in card_set.presets.items():
        for card_id in ids:
            if card_id not in card_set.scoring:
                raise DataError(f"{where}: preset {preset!r} names unknown card {card_id!r}")
    return card_set


BOXES = ("heroes", "base", "promo")  # promo: the ambush promo pack, ambushes only
DECK_BOXES = ("heroes", "base")  # boxes with seasons and an explore deck


@cache
def card_sets() -> dict[str, CardSet]:
    """Every box's cards, by box id; ids are unique across boxes."""
    sets = {box: _load_set(f"{box}.toml") for box in BOXES}
    owner: dict[str, str] = {}
    for box, card_set in sets.items():
        for group in (card_set.explore, card_set.heroes, card_set.ambushes, card_set.scoring,
                      card_set.ruins):
            for card_id in group:
                if card_id in owner:
                    raise DataError(f"data/{box}.toml: card id {card_id!r} is also in "
                                    f"data/{owner[card_id]}.toml")
                owner[card_id] = box
    return sets


def heroes_set() -> CardSet:
    return card_sets()["heroes"]


def base_set() -> CardSet:
    return card_sets()["base"]


def all_ambushes() -> dict[str, AmbushCard]:
    """Every ambush card of every box, by id."""
    return {k: v for card_set in card_sets().values() for k, v in card_set.ambushes.items()}


def all_scoring_cards() -> dict[str, ScoringCard]:
    """Every scoring card of every box, by id."""
    return {k: v for card_set in card_sets().values() for k, v in card_set.scoring.items()}


@cache
def combined_set(seasons: str, explore: str, ruins: bool, heroes: bool) -> CardSet:
    """The cards one game uses: one box's seasons, one box's explore deck (never mixed), the
    base game's ruins cards if asked, the hero cards if asked, and every ambush and scoring
    card (the config picks which of those are dealt)."""
    sets = card_sets()
    return CardSet(
        id=f"{seasons}/{explore}",
        edicts=sets[seasons].edicts,
        seasons=sets[seasons].seasons,
        explore=sets[explore].explore,
        heroes=dict(sets["heroes"].heroes) if heroes else {},
        ambushes=all_ambushes(),
        scoring=all_scoring_cards(),
        presets={},
        ruins=dict(sets["base"].ruins) if ruins else {},
    )


@cache
def map_sides() -> dict[str, MapSide]:
    data = _read_toml("maps.toml")
    sides = {}
    for s in data["side"]:
        at = f"data/maps.toml side {s.get('id')}"
        side = MapSide(
            id=_require(s, "id", str, at),
            names=_names(s, at),
            grid=_require(s, "grid", str, at).strip("\n"),
            box=_one_of(_require(s, "set", str, at), DECK_BOXES, at),
        )
        try:
            side.new_sheet()
        except HerotableError as exc:
            raise DataError(f"{at}: {exc}") from exc
        sides[side.id] = side
    return sides


@cache
def titles() -> tuple[Title, ...]:
    data = _read_toml("titles.toml")
    found = [
        Title(_require(t, "threshold", int, "data/titles.toml"),
              _names(t, "data/titles.toml"))
        for t in data["title"]
    ]
    return tuple(sorted(found, key=lambda t: -t.threshold))
